package dev.perfbudget.plan;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.engine.ConfidenceSequence;
import dev.perfbudget.engine.SamplingSettings;
import dev.perfbudget.environment.Environment;
import dev.perfbudget.files.LockedFile;
import dev.perfbudget.units.DurationParser;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The {@code perfbudget.*} configuration parameters, read once per test and checked before
 * anything is measured, grouped by the stage that uses them. Every key and default here is
 * documented in README.md.
 *
 * @param toleranceSource where {@code tolerance} came from, in words for messages
 */
@API(status = INTERNAL)
public record Settings(
    Mode mode,
    Path budgetsFile,
    double tolerance,
    String toleranceSource,
    boolean underCi,
    ReportSettings reports,
    SamplingSettings sampling,
    Duration lockTimeout,
    Fork fork) {

  public static final String MODE = "perfbudget.mode";
  public static final String BUDGETS_FILE = "perfbudget.budgets.file";
  public static final String REPORT_DIR = "perfbudget.report.dir";
  public static final String TOLERANCE = "perfbudget.tolerance";
  public static final String TIME_MAX = "perfbudget.time.max";
  public static final String WARMUP_MAX = "perfbudget.warmup.max";
  public static final String SAMPLE_TARGET = "perfbudget.sample.target";
  /**
   * Half a millisecond: still some 15,000 times the timer's cost, and a collector's pause or
   * another process's time slice stops half as many samples as at 1 ms. Under GC pressure, 1 ms
   * samples took twice as long to a verdict (the churn kind's A/A at 1.5: a median of 2.9 s
   * against 1.3 s, ten verdicts each; the op kind's 10x at 5: 2.3 s against 1.3 s).
   */
  static final Duration DEFAULT_SAMPLE_TARGET = Duration.ofNanos(500_000);
  public static final String PAIRS_MIN = "perfbudget.pairs.min";
  public static final String SEED = "perfbudget.seed";
  public static final String CI = "perfbudget.ci";
  public static final String HISTORY_FILE = "perfbudget.history.file";
  public static final String REPORT_SUMMARY = "perfbudget.report.summary";
  public static final String OP_TIMEOUT = "perfbudget.op.timeout";
  public static final String FORK = "perfbudget.fork";
  public static final String FORK_JVM_ARGS = "perfbudget.fork.jvmArgs";
  public static final String FORK_TIMEOUT = "perfbudget.fork.timeout";
  public static final String LOCK_TIMEOUT = "perfbudget.lock.timeout";
  public static final String REPORT_PROPERTIES = "perfbudget.report.properties";

  /**
   * Every key of perfbudget and of the kinds it ships: what a fresh JVM is given of the test
   * JVM's configuration (with every {@code perfbudget.*} and {@code junit.*} system property).
   */
  public static final List<String> KEYS =
      List.of(
          MODE, BUDGETS_FILE, REPORT_DIR, TOLERANCE, TIME_MAX, WARMUP_MAX, SAMPLE_TARGET, PAIRS_MIN, SEED, CI,
          HISTORY_FILE, REPORT_SUMMARY, OP_TIMEOUT, LOCK_TIMEOUT, REPORT_PROPERTIES, FORK, FORK_JVM_ARGS, FORK_TIMEOUT,
          "perfbudget.pool.dir", "perfbudget.pool.timeout", "perfbudget.coldstart.runs");

  public static final double DEFAULT_TOLERANCE = 10;

  /**
   * Reads and checks every parameter from {@code configuration} (JUnit's configuration
   * parameters); a wrong value names its key and says what was expected.
   */
  public static Settings from(Function<String, Optional<String>> configuration) {
    Reader reader = new Reader(configuration);
    Duration lockTimeout = reader.read(LOCK_TIMEOUT, within("100ms", "60m"), LockedFile.DEFAULT_WAIT);
    return new Settings(
        reader.read(MODE, Mode::parse, Mode.ENFORCE),
        reader.read(BUDGETS_FILE, Path::of, Path.of("budgets", "perf-budgets.json")),
        reader.read(TOLERANCE, Settings::parseTolerance, DEFAULT_TOLERANCE),
        configuration.apply(TOLERANCE).isPresent() ? TOLERANCE : "the default",
        reader.read(CI, Settings::parseBoolean, Environment.underCi(System.getenv())),
        new ReportSettings(
            reader.read(REPORT_DIR, Path::of, Path.of("target", "perfbudget")),
            Optional.ofNullable(reader.read(HISTORY_FILE, Path::of, null)),
            reader.read(REPORT_SUMMARY, Settings::parseBoolean, true),
            reader.read(REPORT_PROPERTIES, Settings::parseNames, Set.of()),
            lockTimeout),
        new SamplingSettings(
            reader.read(TIME_MAX, within("100ms", "60m"), Duration.ofSeconds(5)),
            reader.read(WARMUP_MAX, within("10ms", "10m"), Duration.ofSeconds(10)),
            reader.read(SAMPLE_TARGET, within("10us", "100ms"), DEFAULT_SAMPLE_TARGET),
            reader.read(PAIRS_MIN, Settings::parseMinPairs, SamplingSettings.DEFAULT_MIN_PAIRS),
            reader.read(SEED, Long::parseLong, System.nanoTime()),
            reader.read(OP_TIMEOUT, within("100ms", "60m"), SamplingSettings.DEFAULT_OP_TIMEOUT)),
        lockTimeout,
        new Fork(
            reader.read(FORK, Fork.When::parse, Fork.When.CONFIRM),
            Optional.ofNullable(reader.read(FORK_JVM_ARGS, Fork::parseJvmArgs, null)),
            Optional.ofNullable(reader.read(FORK_TIMEOUT, within("1s", "600m"), null))));
  }

  /** {@code a.b, c.d}: the names of system properties, as {@code -D} sets them. */
  private static Set<String> parseNames(String value) {
    Set<String> names = new LinkedHashSet<>();
    for (String name : value.split(",")) {
      String trimmed = name.trim();
      if (trimmed.isEmpty() || trimmed.startsWith("-D") || trimmed.contains("=") || trimmed.chars().anyMatch(Character::isWhitespace)) {
        throw new IllegalArgumentException(
            "expected property names separated by commas, such as user.timezone,file.encoding (no -D, no values)");
      }
      names.add(trimmed);
    }
    return Set.copyOf(names);
  }

  private static double parseTolerance(String value) {
    double tolerance = Double.parseDouble(value);
    if (!(tolerance >= 1) || Double.isInfinite(tolerance)) {
      throw new IllegalArgumentException("expected a finite factor of at least 1, such as 10");
    }
    return tolerance;
  }

  private static boolean parseBoolean(String value) {
    if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException("expected true or false");
    }
    return Boolean.parseBoolean(value);
  }

  private static int parseMinPairs(String value) {
    int pairs = Integer.parseInt(value.trim());
    if (pairs < ConfidenceSequence.LEAST_PAIRS || pairs > 10_000) {
      throw new IllegalArgumentException(
          "expected a whole number from " + ConfidenceSequence.LEAST_PAIRS
              + " to 10000; fewer than " + ConfidenceSequence.LEAST_PAIRS
              + " pairs cannot decide a verdict at 99% confidence");
    }
    return pairs;
  }

  /**
   * A parser of durations from {@code min} to {@code max}: a timing knob far outside its range
   * (a sample target of minutes, a time cap of nanoseconds) would make the measurement fail
   * later and blame the op.
   */
  private static Function<String, Duration> within(String min, String max) {
    Duration low = DurationParser.parse(min);
    Duration high = DurationParser.parse(max);
    return text -> {
      Duration duration = DurationParser.parse(text);
      if (duration.compareTo(low) < 0 || duration.compareTo(high) > 0) {
        throw new IllegalArgumentException("expected a duration from " + min + " to " + max);
      }
      return duration;
    };
  }

  private record Reader(Function<String, Optional<String>> configuration) {
    <T> T read(String key, Function<String, T> parser, T defaultValue) {
      Optional<String> raw = configuration.apply(key);
      if (raw.isEmpty() || raw.get().isBlank()) {
        return defaultValue;
      }
      try {
        return parser.apply(raw.get().trim());
      } catch (RuntimeException e) {
        String expected = e instanceof NumberFormatException ? "expected a number" : e.getMessage();
        throw new ExtensionConfigurationException(
            String.format(
                "Configuration parameter `%s` has the value [%s], which perfbudget cannot use: %s.",
                key, raw.get(), expected));
      }
    }
  }
}
