package dev.perfbudget.files;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The temp files that atomic writes put beside a user's file, named after the process that
 * writes them ({@code .perf-budgets.json.<pid>-<start>-<random>.tmp}), so that a writer can
 * tell those a killed JVM left behind from those a live one is writing, and remove the former.
 *
 * <p>Proof of death: no process has the pid, or the one that has it started at another time
 * (the pid was reused). A process that cannot be looked up, or whose start time is unknown,
 * counts as alive: its files stay.
 */
final class TempFiles {

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Pattern NAME = Pattern.compile("\\.(.+)\\.(\\d+)-(\\d+)-[0-9a-z]+\\.tmp");

  private TempFiles() {}

  /** A new, unused name for a temp file of {@code target}, in its folder. */
  static Path newTempOf(Path target) {
    ProcessHandle self = ProcessHandle.current();
    return target.resolveSibling(
        "." + target.getFileName() + "." + self.pid() + "-" + startMillis(self) + "-"
            + Long.toString(RANDOM.nextLong() >>> 1, 36) + ".tmp");
  }

  /** Deletes the temp files of {@code target} that a dead process left; returns how many. */
  static int removeLeftoversOf(Path target) {
    int removed = 0;
    Path dir = target.getParent();
    String name = target.getFileName().toString();
    try (DirectoryStream<Path> temps = Files.newDirectoryStream(dir, "." + name + ".*.tmp")) {
      for (Path temp : temps) {
        Matcher matcher = NAME.matcher(temp.getFileName().toString());
        if (matcher.matches()
            && matcher.group(1).equals(name)
            && processGone(Long.parseLong(matcher.group(2)), Long.parseLong(matcher.group(3)))) {
          // A link is deleted as a link: deleteIfExists never follows it.
          if (Files.deleteIfExists(temp)) {
            removed++;
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      // leftovers are harmless; the write itself goes on
    }
    return removed;
  }

  static boolean processGone(long pid, long startMillis) {
    Optional<ProcessHandle> process = ProcessHandle.of(pid);
    if (process.isEmpty() || !process.get().isAlive()) {
      return true;
    }
    long actual = startMillis(process.get());
    return actual != 0 && startMillis != 0 && actual != startMillis;
  }

  static long startMillis(ProcessHandle process) {
    return process.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
  }
}
