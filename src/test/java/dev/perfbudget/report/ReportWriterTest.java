package dev.perfbudget.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.plan.Settings;
import dev.perfbudget.testkit.PerfTestKit;
import dev.perfbudget.workloads.OpWorkload;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** What perf tests write as they run: report.md and report.html beside report.json, and history. */
class ReportWriterTest {

  @TempDir Path dir;

  @Test
  void eachResultUpdatesTheMarkdownAndHtmlReportsAndAppendsToTheHistory() throws Exception {
    Path history = dir.resolve("history").resolve("perf-history.jsonl");
    PerfTestKit kit = quick(new PerfTestKit(dir)).with(Settings.HISTORY_FILE, history.toString());

    kit.run(WritingTestCase.class).testEvents().assertStatistics(stats -> stats.succeeded(2));
    kit.run(WritingTestCase.class, "sameWork").testEvents().assertStatistics(stats -> stats.succeeded(1));

    String md = Files.readString(kit.reportDir().resolve("report.md"));
    assertThat(md).contains("2 perf tests: 2 PASS.")
        .contains("| `ReportWriterTest$WritingTestCase#sameWork` | PASS | ")
        .contains("| `ReportWriterTest$WritingTestCase#twiceTheWork` | PASS | ")
        .contains("| 1000 | sum: ").contains("ns/op, ").contains("B/op |");
    String html = Files.readString(kit.reportDir().resolve("report.html"));
    assertThat(html.split("<svg class=\"ratio-chart\"", -1)).hasSize(3);
    assertThat(html.split("<svg class=\"pairs-chart\"", -1)).hasSize(3);
    List<String> lines = Files.readAllLines(history);
    assertThat(lines).hasSize(3);
    assertThat(lines.get(2)).contains("\"test\":\"" + WritingTestCase.class.getName() + "#sameWork\"", "\"verdict\":\"PASS\"", "\"fingerprint\":\"");
  }

  @Test
  void anUnwritableReportFolderGetsOneWarningAndTheVerdictsStand() throws Exception {
    Path notAFolder = dir.resolve("a-file");
    Files.writeString(notAFolder, "");
    Path reportDir = notAFolder.resolve("report");
    PerfTestKit kit = quick(new PerfTestKit(dir)).with(Settings.REPORT_DIR, reportDir.toString());
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream stderr = System.err;
    EngineExecutionResults results;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      results = kit.run(WritingTestCase.class);
      kit.run(FailingTestCase.class).testEvents().assertStatistics(stats -> stats.failed(1));
    } finally {
      System.setErr(stderr);
    }

    results.testEvents().assertStatistics(stats -> stats.succeeded(2));
    List<String> warnings = err.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains("WARNING")).toList();
    assertThat(warnings).containsExactly(
        "[perfbudget] WARNING: could not write the report in " + reportDir.toAbsolutePath()
            + " (java.nio.file.FileSystemException: " + reportDir.toAbsolutePath() + ": Not a directory); the verdicts stand. Set "
            + "perfbudget.report.dir to a writable folder. Later failures to write there are not repeated.");
  }

  @Test
  void aWrongSummarySettingNamesItsKey() {
    PerfTestKit kit = quick(new PerfTestKit(dir)).with(Settings.REPORT_SUMMARY, "maybe");

    kit.run(WritingTestCase.class, "sameWork").testEvents().assertThatEvents().haveExactly(1,
        org.junit.platform.testkit.engine.EventConditions.finishedWithFailure(
            org.junit.platform.testkit.engine.TestExecutionResultConditions.message(
                "Configuration parameter `perfbudget.report.summary` has the value [maybe], which perfbudget cannot use: expected true or false.")));
  }

  static PerfTestKit quick(PerfTestKit kit) {
    return kit.with(Settings.TIME_MAX, "1s").with(Settings.WARMUP_MAX, "300ms");
  }

  static long sum(int[] values) {
    long total = 0;
    for (int value : values) {
      total += value * 31L;
    }
    return total;
  }

  static class WritingTestCase {
    private final int[] numbers = new int[64];

    @PerfBudget(maxRatio = 1000)
    void sameWork(OpWorkload op) {
      op.baseline("sum", () -> sum(numbers)).candidate("sum again", () -> sum(numbers));
    }

    @PerfBudget(maxRatio = 1000)
    void twiceTheWork(OpWorkload op) {
      op.baseline("sum", () -> sum(numbers)).candidate("sum twice", () -> sum(numbers) + sum(numbers));
    }
  }

  static class FailingTestCase {
    private final int[] numbers = new int[64];

    @PerfBudget(maxRatio = 1.5)
    void fortyTimesTheWork(OpWorkload op) {
      op.baseline("sum", () -> sum(numbers)).candidate("sum 40 times", () -> {
        long total = 0;
        for (int i = 0; i < 40; i++) {
          total += sum(numbers);
        }
        return total;
      });
    }
  }
}
