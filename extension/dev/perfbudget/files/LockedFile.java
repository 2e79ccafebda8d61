package dev.perfbudget.files;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apiguardian.api.API;

/**
 * Read-modify-write and appends of a file that several test JVMs may update at once (Surefire
 * forks, JVMs with different temp folders, other users sharing the folder), so that no update
 * is lost and no reader ever sees half a file.
 *
 * <p>Writers lock {@code .<name>.lock} beside the file, in the folder the file really is in
 * (its real path, so two spellings of one file share one lock), opened without following a
 * link: a link planted there is an error, never a way to make this process create or truncate a
 * file elsewhere. The wait for the lock is bounded ({@code perfbudget.lock.timeout}, default
 * {@link #DEFAULT_WAIT}); past it the write fails with a message naming the lock file and what
 * it says about its holder. The holder deletes the lock file when done, so none is left beside
 * a user's file; a lock file left by a killed JVM is not locked any more (the kernel releases a
 * dead process's locks) and the next writer takes it over.
 *
 * <p>IMPLEMENTATION NOTES. Deleting a lock file that others may be waiting on is safe only if a
 * waiter knows, once it has the lock, that it locked the file the path names, not one deleted
 * meanwhile. Comparing the path's identity (device and inode) before and after is not enough:
 * file systems such as ext4 give a freed inode number to the next file at once, so the path can
 * read the same before and after while the waiter holds a third, deleted file (a torn line in a
 * history of 600 appends). So the holder marks its lock file {@link #RELEASED} once it has
 * deleted it, before it lets go of the lock, and a waiter that finds that mark through its own
 * descriptor starts over. Java cannot read a descriptor's identity, but it can read its content.
 * The identity checks stay, for lock files deleted by hand, and for a holder killed between
 * deleting its file and marking it, where they are the only guard. Where the file system has no
 * identity (Windows), the lock file is kept. Within one JVM a monitor serializes writers,
 * because file locks belong to the whole process, and the lock file is never opened twice: on
 * POSIX, closing any descriptor of a file drops the process's lock on it.
 */
@API(status = INTERNAL)
public final class LockedFile {

  /** How long a writer waits for the lock unless {@code perfbudget.lock.timeout} says otherwise. */
  public static final Duration DEFAULT_WAIT = Duration.ofSeconds(30);

  /** What a holder writes into the lock file it deleted, for whoever still holds it open. */
  private static final String RELEASED = "released: its holder deleted it; open the path again\n";

  private static final Object IN_THIS_JVM = new Object();
  private static final long POLL_MILLIS = 20;

  private LockedFile() {}

  /**
   * Replaces the file's content by {@code change(current)}, where current is empty when the
   * file does not exist yet, waiting at most {@code wait} for the lock.
   */
  public static void update(Path file, Duration wait, UnaryOperator<Optional<String>> change) throws IOException {
    Path target = realTarget(file);
    locked(
        target,
        wait,
        () -> {
          Optional<String> current =
              Files.exists(target)
                  ? Optional.of(Files.readString(target, StandardCharsets.UTF_8))
                  : Optional.empty();
          Optional<String> next = change.apply(current);
          if (next.isPresent()) {
            AtomicWrite.replace(target, next.get());
          }
        });
  }

  public static void update(Path file, UnaryOperator<Optional<String>> change) throws IOException {
    update(file, DEFAULT_WAIT, change);
  }

  /**
   * Appends {@code text} (whole lines ending in a newline) to the file in one write, so that
   * lines of several JVMs never interleave, and syncs it. When the file's last line was cut
   * short (a JVM killed mid-write), the text starts on a line of its own rather than extending
   * it.
   */
  public static void appendLines(Path file, Duration wait, String text) throws IOException {
    Path target = realTarget(file);
    locked(
        target,
        wait,
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
            out.force(true);
          }
        });
  }

  public static void appendLines(Path file, String text) throws IOException {
    appendLines(file, DEFAULT_WAIT, text);
  }

  /** The lock file that guards {@code file}: beside it, named after it. */
  public static Path lockFileOf(Path file) throws IOException {
    Path target = realTarget(file);
    return target.resolveSibling("." + target.getFileName() + ".lock");
  }

  /**
   * Where {@code file} really is: its name in its folder's real path (created if missing), so
   * that every spelling of one file shares one lock. A link in the file's own place is not
   * resolved: an atomic write replaces the link itself, never the file it points to.
   */
  static Path realTarget(Path file) throws IOException {
    Path absolute = file.toAbsolutePath().normalize();
    Files.createDirectories(absolute.getParent());
    return absolute.getParent().toRealPath().resolve(absolute.getFileName());
  }

  private interface Action {
    void run() throws IOException;
  }

  private static void locked(Path target, Duration wait, Action action) throws IOException {
    Path lockFile = target.resolveSibling("." + target.getFileName() + ".lock");
    synchronized (IN_THIS_JVM) {
      Held held = acquire(lockFile, target, System.nanoTime() + wait.toNanos(), wait);
      try {
        action.run();
      } finally {
        held.release();
      }
    }
  }

  /** A lock taken, and the identity of the file it is on (null where there is none). */
  private record Held(Path lockFile, FileChannel channel, Object identity) {
    void release() throws IOException {
      try {
        // Delete and mark first, while still holding it: a waiter that then gets the lock on
        // the deleted file reads the mark and starts over.
        if (identity != null) {
          if (identity.equals(LockedFile.identity(lockFile))) {
            Files.deleteIfExists(lockFile);
          }
          write(channel, RELEASED); // off the path now, deleted by this holder or by hand
        }
      } finally {
        channel.close();
      }
    }
  }

  private static Held acquire(Path lockFile, Path target, long deadline, Duration wait) throws IOException {
    while (true) {
      Object before = identity(lockFile);
      FileChannel channel;
      try {
        channel = FileChannel.open(
            lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
      } catch (AccessDeniedException e) {
        // Another user's lock file that this user cannot open: wait, then say whose it is.
        pauseOrFail(lockFile, target, deadline, wait, "this user cannot open it (" + e.getReason() + ")");
        continue;
      } catch (IOException e) {
        if (Files.isSymbolicLink(lockFile)) {
          throw new IOException(
              "The lock file " + lockFile + " guarding " + target + " is a symbolic link; perfbudget never follows "
                  + "one there. Delete it (someone may have planted it to make this process write elsewhere).", e);
        }
        throw e;
      }
      try {
        Object opened = identity(lockFile);
        if (opened == null || !opened.equals(before)) {
          // Created, replaced or deleted just now: open it again, to know which file this is. A
          // lock taken on a file its holder deleted meanwhile is a lock no one else sees, and
          // two writers then appended at once (a torn line in a history of 600 appends).
          channel.close();
          continue;
        }
        FileLock lock = channel.tryLock();
        while (lock == null) {
          pauseOrFail(lockFile, target, deadline, wait, null);
          lock = channel.tryLock();
        }
        if (!opened.equals(identity(lockFile)) || released(channel)) {
          channel.close();
          continue; // its holder deleted it meanwhile: the lock is on a file no one else will see
        }
        describeHolder(channel);
        return new Held(lockFile, channel, opened == NO_IDENTITY ? null : opened);
      } catch (IOException | RuntimeException e) {
        channel.close();
        throw e;
      }
    }
  }

  private static void pauseOrFail(Path lockFile, Path target, long deadline, Duration wait, String problem) throws IOException {
    if (System.nanoTime() - deadline > 0) {
      throw new IOException(timedOut(lockFile, target, wait, problem));
    }
    try {
      Thread.sleep(POLL_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for the lock " + lockFile + " on " + target, e);
    }
  }

  /** Written into the lock file by its holder, for the message of whoever waits. */
  private static void describeHolder(FileChannel channel) throws IOException {
    ProcessHandle self = ProcessHandle.current();
    String text = "pid " + self.pid() + ", started " + self.info().startInstant().map(Instant::toString).orElse("at an unknown time")
        + ", user " + self.info().user().orElse("unknown") + ", holding it since " + Instant.now() + "\n";
    write(channel, text);
  }

  private static void write(FileChannel channel, String text) throws IOException {
    channel.truncate(0);
    ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
    while (bytes.hasRemaining()) {
      channel.write(bytes, bytes.position());
    }
  }

  /** Whether the lock file open on {@code channel} was deleted and marked by its holder. */
  static boolean released(FileChannel channel) throws IOException {
    byte[] mark = RELEASED.getBytes(StandardCharsets.UTF_8);
    ByteBuffer start = ByteBuffer.allocate(mark.length);
    while (start.hasRemaining()) {
      if (channel.read(start, start.position()) < 0) {
        return false; // shorter than the mark
      }
    }
    return Arrays.equals(start.array(), mark);
  }

  private static String timedOut(Path lockFile, Path target, Duration wait, String problem) {
    String holder;
    try {
      String owner = Files.getOwner(lockFile, LinkOption.NOFOLLOW_LINKS).getName();
      String says = problem != null ? "" : "; it says its holder is " + holderOf(lockFile);
      holder = "it belongs to user " + owner + (problem != null ? " and " + problem : "") + says;
    } catch (IOException | UnsupportedOperationException e) {
      holder = problem != null ? problem : "its holder is unknown";
    }
    return String.format(
        "Waited %s for the lock on %s and gave up: the lock file %s is held by another process (%s).%n"
            + "If that process is stuck, stop it; if it is gone and the lock file stays, delete the lock file. "
            + "perfbudget.lock.timeout sets how long to wait.",
        describe(wait), target, lockFile, holder);
  }

  /**
   * What the holder wrote; read through a fresh descriptor, which is safe here: this process
   * does not hold the lock it is waiting for.
   */
  private static String holderOf(Path lockFile) {
    try {
      String text = Files.readString(lockFile, StandardCharsets.UTF_8).strip();
      return text.isEmpty() ? "not written yet" : text;
    } catch (IOException e) {
      return "unreadable (" + e.getMessage() + ")";
    }
  }

  private static String describe(Duration wait) {
    return wait.toMillis() % 1000 == 0 ? wait.toSeconds() + " s" : wait.toMillis() + " ms";
  }

  /**
   * The file's device and inode, without following a link; null when it is absent, {@link
   * #NO_IDENTITY} when the file system gives none.
   */
  private static Object identity(Path file) throws IOException {
    try {
      return Objects.requireNonNullElse(
          Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey(), NO_IDENTITY);
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  private static final Object NO_IDENTITY = new Object();
}
