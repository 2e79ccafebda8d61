package dev.perfbudget.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** These tests seal report.md's structure: a table that CI summaries and scripts read. */
class MarkdownReportTest {

  private final String md = MarkdownReport.of(ReportSamples.mixedReport());
  private final List<String> lines = Arrays.asList(md.split("\n"));

  @Test
  void hasASummaryAndOneRowPerTestInTheReportsOrder() {
    assertThat(lines.get(0)).isEqualTo("## perfbudget report");
    assertThat(md).contains("4 perf tests: 1 PASS, 1 FAIL, 1 SKIPPED, 1 RECORDED.");
    int header = lines.indexOf("| Test | Verdict | Ratio [95% CI] | Limit | Baseline | Candidate | Pairs |");
    assertThat(header).isPositive();
    assertThat(lines.get(header + 1)).isEqualTo("|---|---|---:|---:|---|---|---:|");
    List<String> rows = lines.subList(header + 2, header + 6);
    assertThat(rows).allSatisfy(row -> assertThat(row.split("(?<!\\\\)\\|", -1)).hasSize(9));
    assertThat(rows.get(0)).startsWith("| `CodecPerfTest#encodeStaysWithin25x` | PASS | 4.20 [");
    assertThat(rows.get(1)).startsWith("| `CodecPerfTest#decodeRegressed` | **FAIL** | 3.10 [");
    assertThat(rows.get(2)).startsWith("| `MapPerfTest#firstRecord` | RECORDED | 0.800 [").contains("| none |");
    assertThat(rows.get(3)).isEqualTo("| `MapPerfTest#needsFourCores` | SKIPPED | n/a | none |  |  |  |");
    assertThat(lines.get(header + 6)).isEmpty();
  }

  @Test
  void showsBothArmsNanosAndBytesOnlyWhereCounted() {
    String pass = row("encodeStaysWithin25x");
    assertThat(pass).contains("| baseline arm: 50.0 ns/op, 96 B/op | candidate arm: 210 ns/op, 2.25 KiB/op | 40 |");
    String fail = row("decodeRegressed");
    assertThat(fail).contains("| 1.50 | baseline arm: 50.0 ns/op | candidate arm: 155 ns/op | 40 |").doesNotContain("B/op");
  }

  @Test
  void listsNotesAndTheEnvironmentBelowTheTable() {
    assertThat(md).contains("Notes:\n\n- `MapPerfTest#firstRecord`: recorded ratio 0.800 in budgets/perf-budgets.json; commit it\n"
        + "- `MapPerfTest#needsFourCores`: aborted: needs 4 cores\n");
    assertThat(lines.get(lines.size() - 1))
        .startsWith("Environment: AMD EPYC 7B13, 2 cores, Linux 6.1 amd64; Eclipse Adoptium OpenJDK 64-Bit Server VM 17.0.15+6; "
            + "GC G1 Young Generation, G1 Old Generation; max heap 1.00 GiB")
        .contains("; JVM flags -Xms1g -Xmx1g; commit 0123456789; not under CI; 2026-11-02T10:00:00Z");
  }

  @Test
  void keepsTheTableIntactWhateverANoteSays() {
    JsonObject report = ReportSamples.mixedReport();
    report.getAsJsonArray("results").get(0).getAsJsonObject().addProperty("note", "a | b\nc");
    String text = MarkdownReport.of(report);
    assertThat(text).contains("`CodecPerfTest#encodeStaysWithin25x`: a \\| b c");
  }

  /**
   * report.md is also the CI job summary, which GitHub renders with HTML: an arm name, a note or
   * a test name cannot become markup or break out of its code span.
   */
  @Test
  void escapesHtmlAndBackticksFromTheReport() {
    JsonObject report = ReportSamples.mixedReport();
    JsonObject first = report.getAsJsonArray("results").get(0).getAsJsonObject();
    first.getAsJsonObject("candidate").addProperty("name", "<img src=x onerror=alert(1)> & `rm -rf`");
    first.addProperty("note", "see <script>alert(2)</script>");
    first.addProperty("test", "com.example.Odd`Name#test");
    String text = MarkdownReport.of(report);
    assertThat(text)
        .contains("&lt;img src=x onerror=alert(1)&gt; &amp; &#96;rm -rf&#96;")
        .contains("see &lt;script&gt;alert(2)&lt;/script&gt;")
        .contains("| ``Odd`Name#test`` |")
        .doesNotContain("<img").doesNotContain("<script");
  }

  private String row(String method) {
    return lines.stream().filter(l -> l.startsWith("| `") && l.contains(method)).findFirst().orElseThrow();
  }
}
