package dev.perfbudget;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfbudget.testkit.PerfTestKit;
import dev.perfbudget.workloads.OpWorkload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;
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

  @TempDir Path dir;

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
  void badDuration() {
    kit.with("perfbudget.time.max", "five seconds");
    assertConfigurationError(
        "fine",
        "Configuration parameter `perfbudget.time.max` has the value [five seconds], which "
            + "perfbudget cannot use: expected a duration such as 500ms, 5s or 20us.");
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

  private final PerfTestKit kit;

  ConfigurationErrorsTest(@TempDir Path tempDir) {
    this.kit = new PerfTestKit(tempDir);
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

  static class ErrorsTestCase {
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
