package dev.perfbudget;

import static dev.perfbudget.ConfigurationErrorsTest.failure;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.perfbudget.testkit.PerfTestKit;
import dev.perfbudget.testkit.Work;
import dev.perfbudget.workloads.OpWorkload;
import java.nio.file.Path;
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
  void offModeSkipsWithAReason() {
    kit.with("perfbudget.mode", "off");
    var results = kit.run(ModesTestCase.class, "tenTimesOverThree");
    results.testEvents().assertStatistics(s -> s.skipped(1).started(0));
    assertThat(results.testEvents().skipped().list().get(0).getPayload(String.class))
        .hasValue("perf tests are off: perfbudget.mode=off");
    assertThat(kit.reportDir()).doesNotExist();
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
    assertThat(error).hasMessageContaining("is over its budget").hasMessageContaining("recorded ratio");
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
    assertThat(result.get("note").getAsString()).startsWith("recorded ratio ").endsWith("; commit it");
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
    void noBudgetYet(OpWorkload op) {
      op.baseline("16 steps", () -> work.steps(16)).candidate("16 steps again", () -> work.steps(16));
    }
  }
}
