package dev.perfbudget.plan;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.engine.SamplingSettings;
import dev.perfbudget.environment.Environment;
import dev.perfbudget.units.DurationParser;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
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
    Fork fork) {

  public static final String MODE = "perfbudget.mode";
  public static final String BUDGETS_FILE = "perfbudget.budgets.file";
  public static final String REPORT_DIR = "perfbudget.report.dir";
  public static final String TOLERANCE = "perfbudget.tolerance";
  public static final String TIME_MAX = "perfbudget.time.max";
  public static final String WARMUP_MAX = "perfbudget.warmup.max";
  public static final String SAMPLE_TARGET = "perfbudget.sample.target";
  public static final String PAIRS_MIN = "perfbudget.pairs.min";
  public static final String SEED = "perfbudget.seed";
  public static final String CI = "perfbudget.ci";
  public static final String HISTORY_FILE = "perfbudget.history.file";
  public static final String REPORT_SUMMARY = "perfbudget.report.summary";
  public static final String OP_TIMEOUT = "perfbudget.op.timeout";
  public static final String FORK = "perfbudget.fork";
  public static final String FORK_JVM_ARGS = "perfbudget.fork.jvmArgs";
  public static final String FORK_TIMEOUT = "perfbudget.fork.timeout";

  /**
   * Every key of perfbudget and of the kinds it ships: what a fresh JVM is given of the test
   * JVM's configuration (with every {@code perfbudget.*} and {@code junit.*} system property).
   */
  public static final List<String> KEYS =
      List.of(
          MODE, BUDGETS_FILE, REPORT_DIR, TOLERANCE, TIME_MAX, WARMUP_MAX, SAMPLE_TARGET, PAIRS_MIN, SEED, CI,
          HISTORY_FILE, REPORT_SUMMARY, OP_TIMEOUT, FORK, FORK_JVM_ARGS, FORK_TIMEOUT,
          "perfbudget.pool.dir", "perfbudget.pool.timeout", "perfbudget.coldstart.runs");
  public static final double DEFAULT_TOLERANCE = 10;

  /**
   * Reads and checks every parameter from {@code configuration} (JUnit's configuration
   * parameters); a wrong value names its key and says what was expected.
   */
  public static Settings from(Function<String, Optional<String>> configuration) {
    Reader reader = new Reader(configuration);
    return new Settings(
        reader.read(MODE, Mode::parse, Mode.ENFORCE),
        reader.read(BUDGETS_FILE, Path::of, Path.of("budgets", "perf-budgets.json")),
        reader.read(TOLERANCE, Settings::parseTolerance, DEFAULT_TOLERANCE),
        configuration.apply(TOLERANCE).isPresent() ? TOLERANCE : "the default",
        reader.read(CI, Settings::parseBoolean, Environment.underCi(System.getenv())),
        new ReportSettings(
            reader.read(REPORT_DIR, Path::of, Path.of("target", "perfbudget")),
            Optional.ofNullable(reader.read(HISTORY_FILE, Path::of, null)),
            reader.read(REPORT_SUMMARY, Settings::parseBoolean, true)),
        new SamplingSettings(
            reader.read(TIME_MAX, DurationParser::parse, Duration.ofSeconds(5)),
            reader.read(WARMUP_MAX, DurationParser::parse, Duration.ofSeconds(10)),
            reader.read(SAMPLE_TARGET, DurationParser::parse, Duration.ofMillis(1)),
            reader.read(PAIRS_MIN, Settings::parseMinPairs, 12),
            reader.read(SEED, Long::parseLong, System.nanoTime()),
            reader.read(OP_TIMEOUT, DurationParser::parse, SamplingSettings.DEFAULT_OP_TIMEOUT)),
        new Fork(
            reader.read(FORK, Fork.When::parse, Fork.When.CONFIRM),
            Optional.ofNullable(reader.read(FORK_JVM_ARGS, Fork::parseJvmArgs, null)),
            Optional.ofNullable(reader.read(FORK_TIMEOUT, DurationParser::parse, null))));
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
    if (pairs < 5) {
      throw new IllegalArgumentException("expected a whole number of at least 5");
    }
    return pairs;
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
