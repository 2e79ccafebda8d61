package dev.perfbudget;

import static dev.perfbudget.ConfigurationErrorsTest.failure;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.perfbudget.testkit.PerfTestKit;
import dev.perfbudget.testkit.Work;
import dev.perfbudget.workloads.OpWorkload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What each {@code perfbudget.mode}, and a missing budget, do. */
class ModesTest {

  private static final String FIXTURE = ModesTestCase.class.getName();

  private PerfTestKit kit;

  // Not constructor injection of @TempDir: JUnit before 5.8 only injects fields and methods.
  @BeforeEach
  void createKit(@TempDir Path dir) {
    kit = new PerfTestKit(dir).with("perfbudget.ci", "false");
  }

  @Test
  void reportModeMeasuresButNeverFails() {
    kit.with("perfbudget.mode", "report");
    kit.run(ModesTestCase.class, "tenTimesOverThree").testEvents().assertStatistics(s -> s.succeeded(1));
    JsonObject result = kit.result(ModesTestCase.class, "tenTimesOverThree");
    assertThat(result.get("verdict").getAsString()).isEqualTo("FAIL");
    assertThat(result.get("fails").getAsBoolean()).isFalse();
    assertThat(result.get("note").getAsString()).isEqualTo("over budget; report mode does not fail");
  }

  @Test
  void offModeSkipsWithAReasonPrintsALineAndLeavesNoStaleResult() {
    kit.with("perfbudget.mode", "report");
    kit.run(ModesTestCase.class, "tenTimesOverThree").testEvents().assertStatistics(s -> s.succeeded(1));
    assertThat(kit.result(ModesTestCase.class, "tenTimesOverThree").get("verdict").getAsString()).isEqualTo("FAIL");

    kit.with("perfbudget.mode", "off");
    int printedBefore = kit.console().length();
    EngineExecutionResults results = kit.run(ModesTestCase.class, "tenTimesOverThree");
    results.testEvents().assertStatistics(s -> s.skipped(1).started(0));
    assertThat(results.testEvents().skipped().list().get(0).getPayload(String.class))
        .hasValue("perf tests are off: perfbudget.mode=off");
    assertThat(kit.console().substring(printedBefore))
        .isEqualTo("[perfbudget] SKIPPED  " + FIXTURE + "#tenTimesOverThree  perf tests are off: perfbudget.mode=off"
            + System.lineSeparator());
    // The last run's FAIL is replaced: the report shows this run.
    JsonObject result = kit.result(ModesTestCase.class, "tenTimesOverThree");
    assertThat(result.get("verdict").getAsString()).isEqualTo("SKIPPED");
    assertThat(result.get("note").getAsString()).isEqualTo("perf tests are off: perfbudget.mode=off");
    assertThat(PerfTestKit.read(kit.reportDir().resolve("report.html"))).contains("SKIPPED").doesNotContain(">FAIL<");
  }

  @Test
  void aTinyRatioIsRecordedWithItsDigitsAndTheFileStaysReadable() {
    kit.with("perfbudget.mode", "record");
    kit.run(ModesTestCase.class, "cacheHitAgainstRecomputation").testEvents().assertStatistics(s -> s.succeeded(1));
    double recorded = budgets().getAsJsonObject(FIXTURE + "#cacheHitAgainstRecomputation").get("ratio").getAsDouble();
    assertThat(recorded).isBetween(1e-7, 1e-3);

    // Another test, and the same one, read the same file in enforce mode.
    kit.with("perfbudget.mode", "enforce");
    kit.run(ModesTestCase.class, "twiceUnderFive").testEvents().assertStatistics(s -> s.succeeded(1));
    kit.run(ModesTestCase.class, "cacheHitAgainstRecomputation").testEvents().assertStatistics(s -> s.succeeded(1));
    assertThat(kit.result(ModesTestCase.class, "cacheHitAgainstRecomputation").get("limit").getAsDouble())
        .isCloseTo(recorded * 10, org.assertj.core.data.Percentage.withPercentage(0.1));
  }

  @Test
  void aBadEntryFailsOnlyItsOwnTestNamingItsKey() throws IOException {
    Files.createDirectories(kit.budgetsFile().getParent());
    Files.writeString(kit.budgetsFile(), "{\"schemaVersion\": 1, \"budgets\": {"
        + "\"broken\": {\"ratio\": 0.0}, \"absurd\": {\"ratio\": 1e308}, \"fine\": {\"ratio\": 2.0}}}");
    kit.run(ModesTestCase.class, "fromAFineEntry").testEvents().assertStatistics(s -> s.succeeded(1));
    assertThat(failure(kit.run(ModesTestCase.class, "fromABrokenEntry")))
        .hasMessage(String.format("The budget file " + kit.budgetsFile() + " is malformed: $.budgets[\"broken\"].ratio: "
            + "expected a positive number.%nFix it by hand, or delete it and record every budget again with "
            + "-Dperfbudget.mode=record."));
    assertThat(failure(kit.run(ModesTestCase.class, "fromAnAbsurdEntry")))
        .hasMessageStartingWith("The budget file " + kit.budgetsFile() + " is malformed: $.budgets[\"absurd\"].ratio: "
            + "1.0E308 is outside what a budget may hold (1.0E-9 to 1.0E9); record it again.");
  }

  private JsonObject budgets() {
    return JsonParser.parseString(PerfTestKit.read(kit.budgetsFile())).getAsJsonObject().getAsJsonObject("budgets");
  }

  @Test
  void recordModeWritesTheRatioThatTheNextEnforceRunUses() {
    kit.with("perfbudget.mode", "record");
    kit.run(ModesTestCase.class, "recordedAtTwice").testEvents().assertStatistics(s -> s.succeeded(1));
    assertThat(kit.result(ModesTestCase.class, "recordedAtTwice").get("verdict").getAsString()).isEqualTo("RECORDED");
    JsonObject entry =
        JsonParser.parseString(PerfTestKit.read(kit.budgetsFile()))
            .getAsJsonObject().getAsJsonObject("budgets").getAsJsonObject("shared-key");
    double recorded = entry.get("ratio").getAsDouble();
    assertThat(recorded).isBetween(1.5, 2.6);
    assertThat(entry.get("kind").getAsString()).isEqualTo("op");
    assertThat(entry.get("candidate").getAsString()).isEqualTo("32 steps");
    assertThat(entry.get("jvm").getAsString()).isNotEmpty();

    kit.with("perfbudget.mode", "enforce");
    kit.run(ModesTestCase.class, "recordedAtTwice").testEvents().assertStatistics(s -> s.succeeded(1));
    JsonObject enforced = kit.result(ModesTestCase.class, "recordedAtTwice");
    assertThat(enforced.get("limit").getAsDouble()).isCloseTo(recorded * 10, org.assertj.core.data.Offset.offset(0.01));
    assertThat(enforced.get("limitSource").getAsString())
        .startsWith("recorded ratio ")
        .contains("x tolerance 10 (the default) in " + kit.budgetsFile());

    // Forty times the baseline's work is more than ten times the recorded ratio of two.
    Throwable error = failure(kit.run(ModesTestCase.class, "regressedOnTheSameKey"));
    assertThat(error).hasMessageContaining("is over its budget").hasMessageContaining("recorded ratio")
        .hasMessageEndingWith("if the new cost is intended, record the new ratio and commit the budget file:\n  mvn test "
            + "-Dtest='" + FIXTURE + "#regressedOnTheSameKey' -Dperfbudget.mode=record\nor raise `tolerance` on @PerfBudget.");
  }

  @Test
  void toleranceOnTheAnnotationWins() {
    kit.with("perfbudget.mode", "record");
    kit.run(ModesTestCase.class, "recordedAtTwice").testEvents().assertStatistics(s -> s.succeeded(1));
    kit.with("perfbudget.mode", "enforce").with("perfbudget.tolerance", "50");
    kit.run(ModesTestCase.class, "tightTolerance").testEvents().assertStatistics(s -> s.succeeded(1));
    assertThat(kit.result(ModesTestCase.class, "tightTolerance").get("limitSource").getAsString())
        .contains("x tolerance 3 (tolerance on @PerfBudget)");
  }

  @Test
  void missingBudgetOutsideCiIsRecordedWithANotice() {
    kit.run(ModesTestCase.class, "noBudgetYet").testEvents().assertStatistics(s -> s.succeeded(1));
    JsonObject result = kit.result(ModesTestCase.class, "noBudgetYet");
    assertThat(result.get("verdict").getAsString()).isEqualTo("RECORDED");
    // Other notes may follow the notice (a warm-up that met its cap while the JIT compiled
    // earlier tests' code, say); the notice comes first.
    assertThat(result.get("note").getAsString()).matches("recorded ratio \\S+ in \\S+perf-budgets\\.json; commit it(; .*)?");
    assertThat(PerfTestKit.read(kit.budgetsFile())).contains("\"" + FIXTURE + "#noBudgetYet\"");
  }

  @Test
  void missingBudgetUnderCiFailsAndNamesTheCommand() {
    kit.with("perfbudget.ci", "true");
    Throwable error = failure(kit.run(ModesTestCase.class, "noBudgetYet"));
    assertThat(error)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("@PerfBudget test " + FIXTURE + "#noBudgetYet has no budget")
        .hasMessageContaining("mvn test -Dtest='" + FIXTURE + "#noBudgetYet' -Dperfbudget.mode=record");
    assertThat(kit.reportDir()).as("nothing was measured").doesNotExist();
    assertThat(kit.budgetsFile()).doesNotExist();
  }

  static class ModesTestCase {
    private final Work work = new Work();

    @PerfBudget(maxRatio = 3)
    void tenTimesOverThree(OpWorkload op) {
      op.baseline("32 steps", () -> work.steps(32)).candidate("320 steps", () -> work.steps(320));
    }

    @PerfBudget(key = "shared-key")
    void recordedAtTwice(OpWorkload op) {
      op.baseline("16 steps", () -> work.steps(16)).candidate("32 steps", () -> work.steps(32));
    }

    @PerfBudget(key = "shared-key")
    void regressedOnTheSameKey(OpWorkload op) {
      op.baseline("16 steps", () -> work.steps(16)).candidate("640 steps", () -> work.steps(640));
    }

    @PerfBudget(key = "shared-key", tolerance = 3)
    void tightTolerance(OpWorkload op) {
      op.baseline("16 steps", () -> work.steps(16)).candidate("32 steps", () -> work.steps(32));
    }

    @PerfBudget
    void cacheHitAgainstRecomputation(OpWorkload op) {
      // 400,000 steps against 16: a ratio of about 4e-5, which 4 decimals would round to 0. Not 4
      // steps against 100,000: 4 steps cost too little above the measuring loop on a loaded machine,
      // and a result may then say the work was removed (INVALID).
      op.baseline("recompute", () -> work.steps(400_000)).candidate("cached", () -> work.steps(16));
    }

    @PerfBudget(maxRatio = 5)
    void twiceUnderFive(OpWorkload op) {
      op.baseline("16 steps", () -> work.steps(16)).candidate("32 steps", () -> work.steps(32));
    }

    @PerfBudget(key = "fine")
    void fromAFineEntry(OpWorkload op) {
      op.baseline("16 steps", () -> work.steps(16)).candidate("32 steps", () -> work.steps(32));
    }

    @PerfBudget(key = "broken")
    void fromABrokenEntry(OpWorkload op) {
      op.baseline("16 steps", () -> work.steps(16)).candidate("32 steps", () -> work.steps(32));
    }

    @PerfBudget(key = "absurd")
    void fromAnAbsurdEntry(OpWorkload op) {
      op.baseline("16 steps", () -> work.steps(16)).candidate("32 steps", () -> work.steps(32));
    }

    @PerfBudget
    void noBudgetYet(OpWorkload op) {
      op.baseline("16 steps", () -> work.steps(16)).candidate("16 steps again", () -> work.steps(16));
    }
  }
}
