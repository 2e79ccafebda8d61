package dev.perfbudget;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfbudget.testkit.PerfTestKit;
import dev.perfbudget.workloads.OpWorkload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Every declaration and configuration error fails the test with its exact message, before
 * anything is measured or written.
 */
class ConfigurationErrorsTest {

  private static final String FIXTURE = ErrorsTestCase.class.getName();

  @Test
  void missingBaseline() {
    assertConfigurationError(
        "noBaseline",
        "@PerfBudget method [" + FIXTURE + "#noBaseline] declares a workload that cannot be measured (kind `op`): "
            + "no baseline is declared; call op.baseline(\"name\", () -> ...) in the method body");
  }

  @Test
  void missingCandidate() {
    assertConfigurationError(
        "noCandidate",
        "@PerfBudget method [" + FIXTURE + "#noCandidate] declares a workload that cannot be measured (kind `op`): "
            + "no candidate is declared; call op.candidate(\"name\", () -> ...) in the method body");
  }

  @Test
  void secondBaseline() {
    assertConfigurationError(
        "twoBaselines",
        "@PerfBudget method [" + FIXTURE + "#twoBaselines] declares a workload that cannot be measured (kind `op`): "
            + "baseline is declared twice (\"a\" and \"b\"); declare one baseline");
  }

  @Test
  void negativeMaxRatio() {
    assertConfigurationError(
        "negativeMaxRatio",
        "@PerfBudget on method [" + FIXTURE + "#negativeMaxRatio] must be declared with a positive "
            + "`maxRatio`, or 0 to use the budget file, but it is -2.0.");
  }

  @Test
  void nanMaxRatio() {
    assertConfigurationError(
        "nanMaxRatio",
        "@PerfBudget on method [" + FIXTURE + "#nanMaxRatio] must be declared with a positive "
            + "`maxRatio`, or 0 to use the budget file, but it is NaN.");
  }

  @Test
  void toleranceBelowOne() {
    assertConfigurationError(
        "smallTolerance",
        "@PerfBudget on method [" + FIXTURE + "#smallTolerance] must be declared with a `tolerance` "
            + "of at least 1 (10 means an order of magnitude), or 0 to use perfbudget.tolerance, but it is 0.5.");
  }

  @Test
  void unknownMode() {
    kit.with("perfbudget.mode", "enforcing");
    assertConfigurationError(
        "fine",
        "Configuration parameter `perfbudget.mode` has the value [enforcing], which perfbudget "
            + "cannot use: expected one of enforce, report, record, off.");
  }

  @Test
  void toleranceParameterBelowOne() {
    kit.with("perfbudget.tolerance", "0.1");
    assertConfigurationError(
        "fine",
        "Configuration parameter `perfbudget.tolerance` has the value [0.1], which perfbudget "
            + "cannot use: expected a finite factor of at least 1, such as 10.");
  }

  @Test
  void reportPropertiesGivenAsFlags() {
    kit.with("perfbudget.report.properties", "-Duser.timezone=UTC");
    assertConfigurationError(
        "fine",
        "Configuration parameter `perfbudget.report.properties` has the value [-Duser.timezone=UTC], which "
            + "perfbudget cannot use: expected property names separated by commas, such as "
            + "user.timezone,file.encoding (no -D, no values).");
  }

  @Test
  void badLockTimeout() {
    kit.with("perfbudget.lock.timeout", "forever");
    assertConfigurationError(
        "fine",
        "Configuration parameter `perfbudget.lock.timeout` has the value [forever], which "
            + "perfbudget cannot use: expected a duration such as 500ms, 5s or 20us.");
  }

  @Test
  void badDuration() {
    kit.with("perfbudget.time.max", "five seconds");
    assertConfigurationError(
        "fine",
        "Configuration parameter `perfbudget.time.max` has the value [five seconds], which "
            + "perfbudget cannot use: expected a duration such as 500ms, 5s or 20us.");
  }

  @Test
  void pairsMinBelowTheFewestADecisionCanRestOn() {
    kit.with("perfbudget.pairs.min", "5");
    assertConfigurationError(
        "fine",
        "Configuration parameter `perfbudget.pairs.min` has the value [5], which perfbudget "
            + "cannot use: expected a whole number from 8 to 10000; fewer than 8 pairs cannot decide "
            + "a verdict at 99% confidence.");
  }

  @Test
  void aKindOfYourOwnThatAsksForTooFewPairsRunsNothing() {
    FivePairs.calls.set(0);
    assertConfigurationError(
        "tooFewPairs",
        "@PerfBudget method [" + FIXTURE + "#tooFewPairs] declares a workload that cannot be measured "
            + "(kind `fivePairs`): it samples one operation at a time and asks for 5 pairs, but a "
            + "verdict at 99% confidence needs at least 8; ask for 8 or more.");
    assertThat(FivePairs.calls).as("no arm ran").hasValue(0);
  }

  @Test
  void maxRatioWithTolerance() {
    assertConfigurationError(
        "maxRatioAndTolerance",
        "@PerfBudget on method [" + FIXTURE + "#maxRatioAndTolerance] declares both `maxRatio` (5) and `tolerance` "
            + "(3), but a tolerance applies only to a ratio recorded in the budget file, and `maxRatio` replaces "
            + "that: remove `tolerance`, or remove `maxRatio` to use the recorded ratio.");
  }

  @Test
  void sampleTargetOfMinutes() {
    kit.with("perfbudget.sample.target", "10m");
    assertConfigurationError(
        "fine",
        "Configuration parameter `perfbudget.sample.target` has the value [10m], which perfbudget cannot use: "
            + "expected a duration from 10us to 100ms.");
  }

  @Test
  void timingKnobsOutsideTheirRanges() {
    for (String[] knob : new String[][] {
        {"perfbudget.time.max", "20ms", "expected a duration from 100ms to 60m"},
        {"perfbudget.warmup.max", "2000m", "expected a duration from 10ms to 10m"},
        {"perfbudget.op.timeout", "5ms", "expected a duration from 100ms to 60m"},
        {"perfbudget.pairs.min", "1000000", "expected a whole number from 8 to 10000; fewer than 8 pairs cannot decide a verdict at 99% confidence"}}) {
      PerfTestKit own = new PerfTestKit(dir.resolve(knob[0])).with(knob[0], knob[1]);
      assertThat(failure(own.run(ErrorsTestCase.class, "fine")))
          .isInstanceOf(ExtensionConfigurationException.class)
          .hasMessage("Configuration parameter `%s` has the value [%s], which perfbudget cannot use: %s.", knob[0], knob[1], knob[2]);
    }
  }

  @Test
  void nullOpNamesTheArm() {
    assertConfigurationError(
        "nullOp",
        "@PerfBudget method [" + FIXTURE + "#nullOp] declares a workload that cannot be measured (kind `op`): "
            + "the candidate \"encode\" is declared with a null op; pass the op to measure, such as () -> codec.encode(doc)");
  }

  @Test
  void workloadTypeThatCannotBeCreated() {
    assertConfigurationError(
        "uncreatableWorkload",
        "@PerfBudget method [" + FIXTURE + "#uncreatableWorkload] declares a parameter of type ["
            + NoDefaultConstructor.class.getName() + "], which perfbudget cannot create: a workload "
            + "type must be a public, concrete class with a public no-argument constructor.");
  }

  @Test
  void noWorkloadParameter() {
    assertConfigurationError(
        "noWorkload",
        "@PerfBudget method [" + FIXTURE + "#noWorkload] must declare exactly one workload parameter "
            + "(such as `OpWorkload op`), but it declares 0.");
  }

  @Test
  void malformedBudgetFileNamesFileLineAndColumn() throws IOException {
    Files.createDirectories(kit.budgetsFile().getParent());
    Files.writeString(kit.budgetsFile(), "{\n  \"schemaVersion\": 1,\n  \"budgets\": {\n    \"a\": { \"ratio\": 1.2, }\n  }\n}\n");
    Throwable error = failure(kit.run(ErrorsTestCase.class, "fromBudgetFile"));
    assertThat(error)
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageStartingWith("The budget file " + kit.budgetsFile() + " is malformed: ")
        .hasMessageContaining("line 4 column")
        .hasMessageEndingWith(
            "Fix it by hand, or delete it and record every budget again with -Dperfbudget.mode=record.");
    assertThat(kit.reportDir()).doesNotExist();
  }

  @Test
  void budgetEntryWithoutRatio() throws IOException {
    Files.createDirectories(kit.budgetsFile().getParent());
    Files.writeString(
        kit.budgetsFile(), "{\"schemaVersion\": 1, \"budgets\": {\"x\": {\"ratio\": \"fast\"}}}");
    assertThat(failure(kit.run(ErrorsTestCase.class, "fromBudgetFile")))
        .hasMessageStartingWith(
            "The budget file " + kit.budgetsFile() + " is malformed: $.budgets[\"x\"].ratio: expected a positive number.");
  }

  @Test
  void anOpThatThrowsFailsWithItAsTheCauseAndRecordsNothing() {
    kit.with("perfbudget.mode", "record");
    Throwable error = failure(kit.run(ErrorsTestCase.class, "throwingOp"));
    assertThat(error)
        .hasMessageStartingWith("@PerfBudget test " + FIXTURE + "#throwingOp: an arm threw while being measured")
        .hasRootCauseInstanceOf(IllegalStateException.class)
        .hasRootCauseMessage("the codec is broken");
    assertThat(kit.budgetsFile()).doesNotExist();
  }

  private PerfTestKit kit;
  private Path dir;

  // Not constructor injection of @TempDir: JUnit before 5.8 only injects fields and methods,
  // and this suite runs on the oldest JUnit we support (docs/compatibility.md).
  @BeforeEach
  void createKit(@TempDir Path tempDir) {
    dir = tempDir;
    kit = new PerfTestKit(tempDir);
  }

  private void assertConfigurationError(String method, String message) {
    Throwable error = failure(kit.run(ErrorsTestCase.class, method));
    assertThat(error).isInstanceOf(ExtensionConfigurationException.class).hasMessage(message);
    assertThat(kit.reportDir()).as("nothing is written").doesNotExist();
    assertThat(kit.budgetsFile()).as("nothing is written").doesNotExist();
  }

  static Throwable failure(EngineExecutionResults results) {
    results.testEvents().assertStatistics(s -> s.failed(1));
    return results.testEvents().failed().list().get(0)
        .getPayload(TestExecutionResult.class)
        .flatMap(TestExecutionResult::getThrowable)
        .orElseThrow();
  }

  /** A workload the extension cannot create: it has no no-argument constructor. */
  public static final class NoDefaultConstructor implements Workload {
    public NoDefaultConstructor(String unused) {}

    @Override
    public String kind() {
      return "none";
    }

    @Override
    public Arms prepare(WorkloadContext context) {
      throw new UnsupportedOperationException();
    }
  }

  /** A kind of the user's own that samples one operation at a time, five pairs of them. */
  public static final class FivePairs implements Workload {
    static final java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public String kind() {
      return "fivePairs";
    }

    @Override
    public Arms prepare(WorkloadContext context) {
      Arm arm =
          new Arm() {
            @Override
            public String name() {
              return "spawn";
            }

            @Override
            public Sample run(long operations) {
              calls.incrementAndGet();
              return Sample.timed(operations, 50_000_000 * operations);
            }
          };
      return new Arms(arm, arm, null, java.util.Map.of(), Sampling.oneOperationPerSample(0, 5));
    }
  }

  static class ErrorsTestCase {
    @PerfBudget(maxRatio = 2)
    void tooFewPairs(FivePairs workload) {}

    @PerfBudget(maxRatio = 2)
    void noBaseline(OpWorkload op) {
      op.candidate("c", () -> 1);
    }

    @PerfBudget(maxRatio = 2)
    void noCandidate(OpWorkload op) {
      op.baseline("b", () -> 1);
    }

    @PerfBudget(maxRatio = 2)
    void twoBaselines(OpWorkload op) {
      op.baseline("a", () -> 1).baseline("b", () -> 2);
    }

    @PerfBudget(maxRatio = -2)
    void negativeMaxRatio(OpWorkload op) {
      op.baseline("a", () -> 1).candidate("b", () -> 2);
    }

    @PerfBudget(maxRatio = Double.NaN)
    void nanMaxRatio(OpWorkload op) {
      op.baseline("a", () -> 1).candidate("b", () -> 2);
    }

    @PerfBudget(tolerance = 0.5)
    void smallTolerance(OpWorkload op) {
      op.baseline("a", () -> 1).candidate("b", () -> 2);
    }

    @PerfBudget(maxRatio = 2)
    void fine(OpWorkload op) {
      op.baseline("a", () -> 1).candidate("b", () -> 2);
    }

    @PerfBudget(maxRatio = 5, tolerance = 3)
    void maxRatioAndTolerance(OpWorkload op) {
      op.baseline("a", () -> 1).candidate("b", () -> 2);
    }

    @PerfBudget(maxRatio = 2)
    void nullOp(OpWorkload op) {
      op.baseline("copy", () -> 1).candidate("encode", (Supplier<?>) null);
    }

    @PerfBudget(maxRatio = 2)
    void uncreatableWorkload(NoDefaultConstructor workload) {}

    @PerfBudget(maxRatio = 2)
    void noWorkload() {}

    @PerfBudget(key = "x")
    void fromBudgetFile(OpWorkload op) {
      op.baseline("a", () -> 1).candidate("b", () -> 2);
    }

    @PerfBudget
    void throwingOp(OpWorkload op) {
      op.baseline("copy", () -> 1)
          .candidate("encode", (Supplier<?>) () -> {
            throw new IllegalStateException("the codec is broken");
          });
    }
  }
}
