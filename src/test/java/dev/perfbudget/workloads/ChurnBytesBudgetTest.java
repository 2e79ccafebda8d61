package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.perfbudget.PerfBudget;
import dev.perfbudget.testkit.PerfTestKit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** Limits on bytes per operation, from @PerfBudget or the budget file. */
class ChurnBytesBudgetTest {

  @TempDir Path dir;
  private PerfTestKit kit;

  @BeforeEach
  void kit() {
    kit = new PerfTestKit(dir).with("perfbudget.time.max", "1s");
  }

  @Test
  void aBytesRatioOverTheAnnotationsLimitFailsWhileTheTimeRatioPasses() {
    kit.run(TestCase.class, "twiceTheBytesAgainst1_5")
        .testEvents()
        .assertThatEvents()
        .haveExactly(1, event(test("twiceTheBytesAgainst1_5"), finishedWithFailure(
            instanceOf(AssertionFailedError.class),
            message(m -> m.startsWith("@PerfBudget test " + TestCase.class.getName()
                    + "#twiceTheBytesAgainst1_5 allocates over its bytes budget:")
                && m.contains("bytes/op ratio new byte[2n + 16] / new byte[n]: ")
                && m.contains("over the limit 1.50 (maxBytesRatio on @PerfBudget)")
                && !m.contains("is over its budget")))));
    JsonObject result = kit.result(TestCase.class, "twiceTheBytesAgainst1_5");
    assertThat(result.get("verdict").getAsString()).isEqualTo("FAIL");
    assertThat(result.get("bytesRatio").getAsDouble()).isCloseTo(2.0, within(0.05));
    assertThat(result.get("maxBytesRatio").getAsDouble()).isEqualTo(1.5);
  }

  @Test
  void anAbsoluteBytesPerOpLimitPassesAboveAndFailsBelowTheRealSize() {
    kit.run(TestCase.class, "kilobyteUnder2000").testEvents()
        .assertThatEvents().haveExactly(1, event(test("kilobyteUnder2000"), finishedSuccessfully()));
    kit.run(TestCase.class, "kilobyteOver500").testEvents()
        .assertThatEvents()
        .haveExactly(1, event(test("kilobyteOver500"), finishedWithFailure(
            message(m -> m.contains("bytes/op of same: 1016, over the limit 500 (maxBytesPerOp on @PerfBudget)")))));
  }

  @Test
  void theBudgetFileCarriesBytesLimitsAndOldEntriesStillRead() throws IOException {
    String bytesKey = TestCase.class.getName() + "#twiceTheBytesFromTheFile";
    String oldKey = TestCase.class.getName() + "#oldEntry";
    writeBudgets(
        "{ \"schemaVersion\": 1, \"budgets\": {\n"
            + "  \"" + bytesKey + "\": { \"ratio\": 1.0, \"kind\": \"churn\", \"maxBytesRatio\": 1.5 },\n"
            + "  \"" + oldKey + "\": { \"ratio\": 1.0, \"kind\": \"churn\", \"recordedAt\": \"2026-01-01T00:00:00Z\" }\n"
            + "} }\n");
    kit.run(TestCase.class, "twiceTheBytesFromTheFile").testEvents()
        .assertThatEvents()
        .haveExactly(1, event(test("twiceTheBytesFromTheFile"), finishedWithFailure(
            message(m -> m.contains("over the limit 1.50 (maxBytesRatio in " + kit.budgetsFile() + ")")))));
    kit.run(TestCase.class, "oldEntry").testEvents()
        .assertThatEvents().haveExactly(1, event(test("oldEntry"), finishedSuccessfully()));
    assertThat(kit.result(TestCase.class, "oldEntry").get("maxBytesRatio").isJsonNull()).isTrue();
  }

  @Test
  void recordingARatioAgainKeepsTheHandSetBytesLimits() throws IOException {
    String key = TestCase.class.getName() + "#oldEntry";
    writeBudgets(
        "{ \"schemaVersion\": 1, \"budgets\": {\n"
            + "  \"" + key + "\": { \"ratio\": 7.0, \"maxBytesRatio\": 1.25, \"maxBytesPerOp\": 4096 }\n"
            + "} }\n");
    kit.with("perfbudget.mode", "record").run(TestCase.class, "oldEntry").testEvents()
        .assertStatistics(stats -> stats.succeeded(1));
    JsonObject entry = JsonParser.parseString(PerfTestKit.read(kit.budgetsFile())).getAsJsonObject()
        .getAsJsonObject("budgets").getAsJsonObject(key);
    assertThat(entry.get("ratio").getAsDouble()).isLessThan(7.0);
    assertThat(entry.get("maxBytesRatio").getAsDouble()).isEqualTo(1.25);
    assertThat(entry.get("maxBytesPerOp").getAsDouble()).isEqualTo(4096);
  }

  @Test
  void badBytesLimitsAreConfigurationErrors() throws IOException {
    kit.run(TestCase.class, "negativeBytesRatio").testEvents()
        .assertThatEvents()
        .haveExactly(1, event(test("negativeBytesRatio"), finishedWithFailure(
            instanceOf(ExtensionConfigurationException.class),
            message(m -> m.contains("must be declared with a positive `maxBytesRatio`, or 0 to use the budget file, but it is -1.0.")))));
    writeBudgets(
        "{ \"schemaVersion\": 1, \"budgets\": {\n"
            + "  \"" + TestCase.class.getName() + "#oldEntry\": { \"ratio\": 1.0, \"maxBytesPerOp\": \"lots\" }\n"
            + "} }\n");
    kit.run(TestCase.class, "oldEntry").testEvents()
        .assertThatEvents()
        .haveExactly(1, event(test("oldEntry"), finishedWithFailure(
            instanceOf(ExtensionConfigurationException.class),
            message(m -> m.contains(".maxBytesPerOp: expected a positive number, or no `maxBytesPerOp`")))));
  }

  private void writeBudgets(String json) throws IOException {
    Files.createDirectories(kit.budgetsFile().getParent());
    Files.writeString(kit.budgetsFile(), json);
  }

  static class TestCase {

    private static final Allocator NEW = size -> new byte[size];

    @PerfBudget(maxRatio = 100, maxBytesRatio = 1.5)
    void twiceTheBytesAgainst1_5(ChurnWorkload churn) {
      churn.baseline("new byte[n]", NEW).candidate("new byte[2n + 16]", size -> new byte[2 * size + 16]);
    }

    @PerfBudget
    void twiceTheBytesFromTheFile(ChurnWorkload churn) {
      churn.baseline("new byte[n]", NEW).candidate("new byte[2n + 16]", size -> new byte[2 * size + 16]);
    }

    @PerfBudget(maxRatio = 100, maxBytesPerOp = 2000)
    void kilobyteUnder2000(ChurnWorkload churn) {
      churn.sizes(1000, 1000).baseline("new byte[]", NEW).candidate("same", NEW);
    }

    @PerfBudget(maxRatio = 100, maxBytesPerOp = 500)
    void kilobyteOver500(ChurnWorkload churn) {
      churn.sizes(1000, 1000).baseline("new byte[]", NEW).candidate("same", NEW);
    }

    @PerfBudget
    void oldEntry(ChurnWorkload churn) {
      churn.baseline("new byte[]", NEW).candidate("same", NEW);
    }

    @PerfBudget(maxRatio = 2, maxBytesRatio = -1)
    void negativeBytesRatio(ChurnWorkload churn) {
      churn.baseline("new byte[]", NEW).candidate("same", NEW);
    }
  }
}
