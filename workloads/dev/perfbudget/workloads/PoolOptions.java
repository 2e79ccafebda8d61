package dev.perfbudget.workloads;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pool kind's configuration parameters.
 *
 * @param timeout how long a dispatch, or the start of a child JVM, may take before the test
 *     fails ({@code perfbudget.pool.timeout}, default 60s): a lost task or a hung worker then
 *     fails the test instead of hanging the build
 * @param bufferDir where this JVM's private folder for the shared buffer's file and the pool's
 *     socket goes ({@code perfbudget.pool.dir})
 */
record PoolOptions(Duration timeout, Path bufferDir) {

  static final String TIMEOUT = "perfbudget.pool.timeout";
  static final String DIR = "perfbudget.pool.dir";

  private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m)");

  static PoolOptions defaults() {
    return new PoolOptions(Duration.ofSeconds(60), defaultDir());
  }

  static PoolOptions from(Function<String, Optional<String>> configuration) {
    PoolOptions defaults = defaults();
    Duration timeout = configuration.apply(TIMEOUT).map(String::trim).filter(s -> !s.isEmpty())
        .map(PoolOptions::duration).orElse(defaults.timeout());
    Path dir = configuration.apply(DIR).map(String::trim).filter(s -> !s.isEmpty())
        .map(Path::of).orElse(defaults.bufferDir());
    return new PoolOptions(timeout, dir);
  }

  private static Duration duration(String text) {
    Matcher matcher = DURATION.matcher(text.toLowerCase(Locale.ROOT));
    if (!matcher.matches() || Long.parseLong(matcher.group(1)) == 0) {
      throw new dev.perfbudget.WorkloadDeclarationException(
          "configuration parameter `" + TIMEOUT + "` has the value [" + text
              + "]; expected a duration above zero such as 500ms, 30s or 2m");
    }
    long amount = Long.parseLong(matcher.group(1));
    return switch (matcher.group(2)) {
      case "ms" -> Duration.ofMillis(amount);
      case "s" -> Duration.ofSeconds(amount);
      default -> Duration.ofMinutes(amount);
    };
  }

  /** {@code /dev/shm} where it is a writable folder: memory, never disk. */
  private static Path defaultDir() {
    Path shm = Path.of("/dev/shm");
    return Files.isDirectory(shm) && Files.isWritable(shm)
        ? shm
        : Path.of(System.getProperty("java.io.tmpdir"));
  }
}
