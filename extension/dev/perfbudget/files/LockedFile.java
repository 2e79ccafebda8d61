package dev.perfbudget.files;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apiguardian.api.API;

/**
 * Read-modify-write of a file that several test JVMs may update at once (Surefire forks), so
 * that no update is lost and no reader ever sees half a file.
 *
 * <p>Writers take an exclusive lock on a file in the temp directory named after the target
 * (a lock beside the target would litter the user's {@code budgets/} folder), read the current
 * content, write the new content to a temp file beside the target, and move it over the target
 * atomically. One JVM's own threads are serialized by a monitor, because file locks are held
 * per JVM.
 */
@API(status = INTERNAL)
public final class LockedFile {

  private static final Object IN_THIS_JVM = new Object();

  private LockedFile() {}

  /**
   * Replaces the file's content by {@code change(current)}, where current is empty when the
   * file does not exist yet.
   */
  public static void update(Path file, UnaryOperator<Optional<String>> change) throws IOException {
    Path target = file.toAbsolutePath().normalize();
    locked(
        target,
        () -> {
          Optional<String> current =
              Files.exists(target)
                  ? Optional.of(Files.readString(target, StandardCharsets.UTF_8))
                  : Optional.empty();
          Optional<String> next = change.apply(current);
          if (next.isPresent()) {
          writeAtomically(target, next.get());
          }
        });
  }

  /**
   * Appends {@code text} (whole lines ending in a newline) to the file in one write, so that
   * lines of several JVMs never interleave. When the file's last line was cut short (a JVM
   * killed mid-write), the text starts on a line of its own rather than extending it.
   */
  public static void appendLines(Path file, String text) throws IOException {
    Path target = file.toAbsolutePath().normalize();
    locked(
        target,
        () -> {
          try (FileChannel out =
              FileChannel.open(target, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = out.size();
            boolean cutShort = false;
            if (size > 0) {
              ByteBuffer last = ByteBuffer.allocate(1);
              out.read(last, size - 1);
              cutShort = last.get(0) != '\n';
            }
            ByteBuffer bytes = ByteBuffer.wrap(((cutShort ? "\n" : "") + text).getBytes(StandardCharsets.UTF_8));
            long position = size;
            while (bytes.hasRemaining()) {
              position += out.write(bytes, position);
            }
          }
        });
  }

  private interface Action {
    void run() throws IOException;
  }

  private static void locked(Path target, Action action) throws IOException {
    Files.createDirectories(target.getParent());
    Path lockFile =
        Path.of(System.getProperty("java.io.tmpdir"), "perfbudget-" + Integer.toHexString(target.toString().hashCode()) + ".lock");
    synchronized (IN_THIS_JVM) {
      try (FileChannel channel =
          FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
        // Held until the channel closes; closing the channel releases it.
        FileLock lock = channel.lock();
        assert lock.isValid();
        action.run();
      }
    }
  }

  public static void writeAtomically(Path target, String content) throws IOException {
    Path temp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp");
    try {
      Files.writeString(temp, content, StandardCharsets.UTF_8);
      try {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }
}
