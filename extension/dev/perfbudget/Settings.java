package dev.perfbudget;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The {@code perfbudget.*} configuration parameters, read once per test and checked before
 * anything is measured. Every key and default here is documented in README.md.
 */
record Settings(
    Mode mode,
    Path budgetsFile,
    Path reportDir,
    double tolerance,
    Duration timeMax,
    Duration warmupMax,
    Duration sampleTarget,
    int minPairs,
    long seed,
    boolean underCi,
    Optional<Path> historyFile,
    boolean stepSummary,
    Duration opTimeout) {

  static final String MODE = "perfbudget.mode";
  static final String BUDGETS_FILE = "perfbudget.budgets.file";
  static final String REPORT_DIR = "perfbudget.report.dir";
  static final String TOLERANCE = "perfbudget.tolerance";
  static final String TIME_MAX = "perfbudget.time.max";
  static final String WARMUP_MAX = "perfbudget.warmup.max";
  static final String SAMPLE_TARGET = "perfbudget.sample.target";
  static final String PAIRS_MIN = "perfbudget.pairs.min";
  static final String SEED = "perfbudget.seed";
  static final String CI = "perfbudget.ci";
  static final String HISTORY_FILE = "perfbudget.history.file";
  static final String REPORT_SUMMARY = "perfbudget.report.summary";
  static final String OP_TIMEOUT = "perfbudget.op.timeout";

  /** Far above any sane batch (batches are sized to about a millisecond), far below CI limits. */
  static final Duration DEFAULT_OP_TIMEOUT = Duration.ofSeconds(60);

  static final double DEFAULT_TOLERANCE = 10;

  /** Reads and checks every parameter; a wrong value names its key and says what was expected. */
  static Settings from(ExtensionContext context) {
    Reader reader = new Reader(context);
    return new Settings(
        reader.read(MODE, Mode::parse, Mode.ENFORCE),
        reader.read(BUDGETS_FILE, Path::of, Path.of("budgets", "perf-budgets.json")),
        reader.read(REPORT_DIR, Path::of, Path.of("target", "perfbudget")),
        reader.read(TOLERANCE, Settings::parseTolerance, DEFAULT_TOLERANCE),
        reader.read(TIME_MAX, DurationParser::parse, Duration.ofSeconds(5)),
        reader.read(WARMUP_MAX, DurationParser::parse, Duration.ofSeconds(2)),
        reader.read(SAMPLE_TARGET, DurationParser::parse, Duration.ofMillis(1)),
        reader.read(PAIRS_MIN, Settings::parseMinPairs, 12),
        reader.read(SEED, Long::parseLong, System.nanoTime()),
        reader.read(CI, Settings::parseBoolean, Environment.underCi(System.getenv())),
        Optional.ofNullable(reader.read(HISTORY_FILE, Path::of, null)),
        reader.read(REPORT_SUMMARY, Settings::parseBoolean, true),
        reader.read(OP_TIMEOUT, DurationParser::parse, DEFAULT_OP_TIMEOUT));
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

  private record Reader(ExtensionContext context) {
    <T> T read(String key, Function<String, T> parser, T defaultValue) {
      Optional<String> raw = context.getConfigurationParameter(key);
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
