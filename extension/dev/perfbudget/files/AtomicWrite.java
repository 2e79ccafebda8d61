package dev.perfbudget.files;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Replaces a user's file in one step, so that a reader sees the old content or the new one and
 * never half a file, and the file stays as readable as it was.
 *
 * <p>The new content goes to a temp file beside the target, created afresh (never through a
 * link; a link in the target's place is replaced, not followed), written and {@code fsync}ed, given the target's mode (and group, where allowed), and
 * renamed over the target; the folder is then synced so the rename itself survives a crash. A
 * new file gets the mode the umask gives any new file. The temp file is deleted on every
 * failure; one that a killed JVM left is removed by the next write of the same target (see
 * {@code TempFiles}).
 */
@API(status = INTERNAL)
public final class AtomicWrite {

  private static final Set<OpenOption> NEW_FILE =
      Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
  /** Until the target's own mode is set, no one else may read what is being written. */
  private static final FileAttribute<?> OWNER_ONLY = PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

  private AtomicWrite() {}

  /** Replaces {@code target}'s content with {@code content} (UTF-8). */
  public static void replace(Path target, String content) throws IOException {
    Path file = LockedFile.realTarget(target);
    TempFiles.removeLeftoversOf(file);
    PosixFileAttributes existing = posixAttributes(file);
    Path temp = TempFiles.newTempOf(file);
    try {
      try (FileChannel channel =
          existing != null ? FileChannel.open(temp, NEW_FILE, OWNER_ONLY) : FileChannel.open(temp, NEW_FILE)) {
        ByteBuffer bytes = ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
          channel.write(bytes);
        }
        channel.force(true);
      }
      if (existing != null) {
        keepOwnership(temp, existing);
      }
      try {
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
      }
      syncFolder(file.getParent());
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /**
   * The target's POSIX attributes; null when it does not exist, is a link (replaced like a new
   * file, so nothing is copied from whatever it points to), or the file system has none.
   */
  private static PosixFileAttributes posixAttributes(Path file) throws IOException {
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
        || !Files.getFileStore(file.getParent()).supportsFileAttributeView(PosixFileAttributeView.class)) {
      return null;
    }
    return Files.readAttributes(file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
  }

  /** The target's mode always; its group and owner where this user may set them (root, a member). */
  private static void keepOwnership(Path temp, PosixFileAttributes target) throws IOException {
    Files.setPosixFilePermissions(temp, target.permissions());
    PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
    try {
      if (!view.readAttributes().group().equals(target.group())) {
        view.setGroup(target.group());
      }
      if (!view.readAttributes().owner().equals(target.owner())) {
        view.setOwner(target.owner());
      }
    } catch (IOException e) {
      // not allowed for this user: the file becomes this user's, with the target's mode
    }
  }

  /** Makes the rename durable; where a folder cannot be opened (Windows) the rename is still atomic. */
  private static void syncFolder(Path dir) {
    try (FileChannel folder = FileChannel.open(dir, StandardOpenOption.READ)) {
      folder.force(true);
    } catch (IOException | RuntimeException e) {
      // best effort
    }
  }
}
