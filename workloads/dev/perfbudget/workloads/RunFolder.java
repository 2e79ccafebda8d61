package dev.perfbudget.workloads;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * This JVM's private folder inside a shared one ({@code /dev/shm}, {@code java.io.tmpdir}): where
 * pool buffers, the pool's socket, child logs and cold-start output live, so that nothing of a
 * run sits under a predictable name where another local user could read it, replace it or plant
 * a link.
 *
 * <p>The folder is {@code perfbudget-<pid>-<start>-<random>} (start time and random part in
 * base 36, to keep the pool's socket path short), mode 0700, and holds a lock file
 * that this JVM keeps locked while the folder exists. Users lease it and close their lease; the
 * last one to close deletes the folder, and a shutdown hook deletes what is left at exit. A JVM
 * killed with {@code kill -9} leaves its folder behind: the next run that leases a folder in the
 * same place removes it, once it has proved the owner dead (see {@link #processGone}).
 */
final class RunFolder {

  /** Held locked by the owning JVM for the folder's whole life. */
  static final String OWNER_LOCK = ".owner.lock";

  /** {@code perfbudget-<pid>-<start, base 36>-<random, base 36>}: short, for the pool's socket path. */
  private static final Pattern NAME = Pattern.compile("perfbudget-(\\d+)-([0-9a-z]+)-[0-9a-z]+");
  /**
   * A folder without its lock file is either being created this instant or was left by a JVM
   * killed in between; after this long it is the latter.
   */
  private static final Duration CREATION_GRACE = Duration.ofMinutes(1);
  private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");
  private static final SecureRandom RANDOM = new SecureRandom();

  private static final Map<Path, RunFolder> OPEN = new HashMap<>();
  private static final Set<Path> SWEPT = new HashSet<>();
  private static boolean hooked;

  private final Path parent;
  private final Path path;
  private final FileChannel lockChannel;
  private int leases;

  private RunFolder(Path parent, Path path, FileChannel lockChannel) {
    this.parent = parent;
    this.path = path;
    this.lockChannel = lockChannel;
  }

  /** A lease on this JVM's folder inside {@code dir}; close it when done. */
  interface Lease extends AutoCloseable {
    /** The folder's real path. */
    Path path();

    @Override
    void close();
  }

  /**
   * Leases this JVM's folder in {@code dir}, creating {@code dir} and the folder as needed; the
   * first lease in a place removes what killed runs left there.
   *
   * @param setting what names {@code dir}, for the message when it cannot be used
   */
  static Lease lease(Path dir, String setting) {
    synchronized (OPEN) {
      try {
        Files.createDirectories(dir);
        Path parent = dir.toRealPath();
        RunFolder folder = OPEN.get(parent);
        if (folder == null) {
          folder = create(parent);
          if (SWEPT.add(parent)) {
            sweep(parent, folder.path);
          }
          OPEN.put(parent, folder);
          if (!hooked) {
            Runtime.getRuntime().addShutdownHook(new Thread(RunFolder::deleteAll, "perfbudget run folder clean-up"));
            hooked = true;
          }
        }
        folder.leases++;
        RunFolder leased = folder;
        return new Lease() {
          private boolean closed;

          @Override
          public Path path() {
            return leased.path;
          }

          @Override
          public void close() {
            synchronized (OPEN) {
              if (!closed) {
                closed = true;
                leased.release();
              }
            }
          }
        };
      } catch (IOException e) {
        throw new UncheckedIOException(
            "cannot create a private folder for perfbudget's files in " + dir + " (" + e.getMessage()
                + "); make it writable, or set " + setting + " to a folder that is", e);
      }
    }
  }

  private static RunFolder create(Path parent) throws IOException {
    long pid = ProcessHandle.current().pid();
    long start = startMillis(ProcessHandle.current());
    while (true) {
      StringBuilder random = new StringBuilder();
      for (int i = 0; i < 8; i++) {
        random.append(Character.forDigit(RANDOM.nextInt(36), 36));
      }
      Path path = parent.resolve("perfbudget-" + pid + "-" + Long.toString(start, 36) + "-" + random);
      try {
        createPrivateDirectory(path);
      } catch (FileAlreadyExistsException e) {
        continue; // a name someone else chose or planted: pick another
      }
      FileChannel channel =
          FileChannel.open(path.resolve(OWNER_LOCK), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
      try {
        channel.lock();
      } catch (IOException | RuntimeException e) {
        channel.close();
        deleteTree(path);
        throw e;
      }
      return new RunFolder(parent, path, channel);
    }
  }

  /** A directory only its owner can enter, also where the umask would allow more. */
  static void createPrivateDirectory(Path path) throws IOException {
    if (Files.getFileStore(path.getParent()).supportsFileAttributeView(PosixFileAttributeView.class)) {
      FileAttribute<Set<PosixFilePermission>> ownerOnly = PosixFilePermissions.asFileAttribute(OWNER_ONLY);
      Files.createDirectory(path, ownerOnly);
      // The umask can only take bits away; set them again anyway, in case an ACL added some.
      Files.setPosixFilePermissions(path, OWNER_ONLY);
    } else {
      Files.createDirectory(path); // Windows: the user's temp folder is private already
    }
  }

  private void release() {
    if (--leases > 0) {
      return;
    }
    OPEN.remove(parent);
    delete();
  }

  private void delete() {
    try {
      deleteTree(path, OWNER_LOCK);
      lockChannel.close();
      Files.deleteIfExists(path.resolve(OWNER_LOCK));
      Files.deleteIfExists(path);
    } catch (IOException e) {
      System.err.println("[perfbudget] WARNING: could not delete the private folder " + path + ": " + e);
    }
  }

  private static void deleteAll() {
    synchronized (OPEN) {
      OPEN.values().forEach(RunFolder::delete);
      OPEN.clear();
    }
  }

  /** Removes the folders of runs that are provably dead; what cannot be proved dead stays. */
  static void sweep(Path parent, Path own) {
    UserPrincipal me;
    try {
      me = Files.getOwner(own, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException | UnsupportedOperationException e) {
      return;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent, "perfbudget-*")) {
      for (Path entry : entries) {
        Matcher name = NAME.matcher(entry.getFileName().toString());
        if (!name.matches() || entry.equals(own)) {
          continue;
        }
        try {
          BasicFileAttributes attributes = Files.readAttributes(entry, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
          if (attributes.isDirectory() && me.equals(Files.getOwner(entry, LinkOption.NOFOLLOW_LINKS))) {
            removeIfDead(entry, Long.parseLong(name.group(1)), Long.parseLong(name.group(2), 36), attributes);
          }
        } catch (IOException | RuntimeException e) {
          // gone already, or not ours to judge: leave it
        }
      }
    } catch (IOException e) {
      // an unreadable folder: nothing to clean there
    }
  }

  private static void removeIfDead(Path folder, long pid, long start, BasicFileAttributes attributes) throws IOException {
    if (!processGone(pid, start)) {
      return;
    }
    Path lockFile = folder.resolve(OWNER_LOCK);
    if (!Files.exists(lockFile, LinkOption.NOFOLLOW_LINKS)) {
      if (attributes.lastModifiedTime().toInstant().plus(CREATION_GRACE).isBefore(Instant.now())) {
        deleteTree(folder);
      }
      return;
    }
    try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException e) {
        return; // this JVM's own
      }
      if (lock == null) {
        return; // its owner holds it: alive, whatever its pid says (another PID namespace)
      }
      deleteTree(folder, OWNER_LOCK);
    }
    Files.deleteIfExists(lockFile);
    Files.deleteIfExists(folder);
  }

  /**
   * Whether the process that named a folder is gone: no process has its pid, or the one that
   * has it started at another time (the pid was reused). This alone is no proof across PID
   * namespaces (containers sharing /tmp), so the lock the owner holds is the second: the kernel
   * releases it only when its holder dies.
   */
  static boolean processGone(long pid, long start) {
    Optional<ProcessHandle> process = ProcessHandle.of(pid);
    if (process.isEmpty() || !process.get().isAlive()) {
      return true;
    }
    long actual = startMillis(process.get());
    return actual != 0 && start != 0 && actual != start;
  }

  private static long startMillis(ProcessHandle process) {
    return process.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
  }

  static void deleteTree(Path root, String... keep) throws IOException {
    Set<String> kept = Set.of(keep);
    try {
      // walkFileTree does not follow links: a planted link is deleted, never what it points to.
      Files.walkFileTree(root, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
          if (!(file.getParent().equals(root) && kept.contains(file.getFileName().toString()))) {
            Files.deleteIfExists(file);
          }
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
          if (!dir.equals(root) || kept.isEmpty()) {
            Files.deleteIfExists(dir);
          }
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (NoSuchFileException e) {
      // deleted by someone else meanwhile
    }
  }
}
