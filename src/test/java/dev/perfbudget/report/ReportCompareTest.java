package dev.perfbudget.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.perfbudget.files.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ReportCommand compare BASE HEAD}, as a pull request's CI job runs it. */
class ReportCompareTest {

  @TempDir Path dir;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void printsEachTestsRatioOnBothSidesItsChangeAndVerdictAndNamesTestsThatCameAndWent() throws Exception {
    Path base = write("base", report(
        result("com.example.CodecPerfTest#encode", "PASS", 2.0, 1.9, 2.1),
        result("com.example.CodecPerfTest#decode", "PASS", 1.5, 1.4, 1.6),
        result("com.example.MapPerfTest#lookup", "PASS", 10.0, 9.5, 10.5),
        result("com.example.OldPerfTest#removed", "PASS", 1.0, 0.9, 1.1)));
    Path head = write("head", report(
        result("com.example.CodecPerfTest#encode", "FAIL", 30.0, 28.0, 33.0),
        result("com.example.CodecPerfTest#decode", "PASS", 1.52, 1.45, 1.58),
        result("com.example.MapPerfTest#lookup", "NOISY", 5.0, 4.0, 6.0),
        result("com.example.NewPerfTest#added", "RECORDED", 3.0, 2.9, 3.1),
        skipped("com.example.SlowPerfTest#skipped")));

    int status = ReportCommand.run(new String[] {"compare", base.toString(), head.toString()}, print(out), print(err));

    assertThat(status).as(err.toString()).isZero();
    assertThat(out.toString()).isEqualTo("""
        ## perfbudget: this change against the base

        | Test | Base ratio [95% CI] | Ratio [95% CI] | Change | Verdict |
        |---|---:|---:|---:|---|
        | `CodecPerfTest#decode` | 1.50 [1.40, 1.60] | 1.52 [1.45, 1.58] | +1.3% | PASS |
        | `CodecPerfTest#encode` | 2.00 [1.90, 2.10] | 30.0 [28.0, 33.0] | **+1400%** | PASS → **FAIL** |
        | `MapPerfTest#lookup` | 10.0 [9.50, 10.5] | 5.00 [4.00, 6.00] | **-50%** | PASS → **NOISY** |
        | `NewPerfTest#added` | not run | 3.00 [2.90, 3.10] |  | RECORDED |
        | `OldPerfTest#removed` | 1.00 [0.900, 1.10] | not run |  | was PASS |
        | `SlowPerfTest#skipped` | not run | n/a |  | SKIPPED |

        3 tests in both; appeared: `com.example.NewPerfTest#added`, `com.example.SlowPerfTest#skipped`; \
        disappeared: `com.example.OldPerfTest#removed`.
        Ratio: candidate / baseline, the median of interleaved pairs. A change in bold: the two intervals do \
        not overlap. Ratios also drift by several percent between runs and machines; the verdict is what gates.
        """);
  }

  @Test
  void writesTheTableToAFileForAStepSummaryOrAComment() throws Exception {
    Path base = write("base", report(result("a.A#a", "PASS", 1.0, 0.9, 1.1)));
    Path head = write("head", report(result("a.A#a", "PASS", 1.05, 0.95, 1.15)));
    Path table = dir.resolve("comparison.md");

    int status = ReportCommand.run(new String[] {"compare", "--out", table.toString(), base.toString(), head.toString()}, print(out), print(err));

    assertThat(status).as(err.toString()).isZero();
    assertThat(out.toString()).isEqualTo("[perfbudget] wrote " + table + System.lineSeparator());
    assertThat(Files.readString(table)).contains("| `A#a` | 1.00 [0.900, 1.10] | 1.05 [0.950, 1.15] | +5.0% | PASS |\n")
        .contains("1 test in both.\n");
  }

  @Test
  void aMissingOrWrongReportFailsNamingTheFile() throws Exception {
    Path head = write("head", report(result("a.A#a", "PASS", 1.0, 0.9, 1.1)));
    Path notAReport = dir.resolve("budgets.json");
    Files.writeString(notAReport, "{\"budgets\": {}}");

    assertThat(ReportCommand.run(new String[] {"compare", dir.resolve("missing.json").toString(), head.toString()}, print(out), print(err)))
        .isEqualTo(1);
    assertThat(ReportCommand.run(new String[] {"compare", notAReport.toString(), head.toString()}, print(out), print(err)))
        .isEqualTo(1);
    assertThat(ReportCommand.run(new String[] {"compare", head.toString()}, print(out), print(err))).isEqualTo(2);
    assertThat(err.toString())
        .contains("[perfbudget] compare failed: there is no file " + dir.resolve("missing.json"))
        .contains(notAReport + " is not a perfbudget report.json: it has no `results` array")
        .contains("compare needs two report.json files: the base's, then this change's");
  }

  private static JsonObject result(String test, String verdict, double ratio, double low, double high) {
    JsonObject result = new JsonObject();
    result.addProperty("test", test);
    result.addProperty("verdict", verdict);
    result.addProperty("ratio", ratio);
    result.addProperty("ratioLow", low);
    result.addProperty("ratioHigh", high);
    return result;
  }

  private static JsonObject skipped(String test) {
    JsonObject result = new JsonObject();
    result.addProperty("test", test);
    result.addProperty("verdict", "SKIPPED");
    result.add("ratio", null);
    return result;
  }

  private static JsonObject report(JsonObject... results) {
    JsonObject report = new JsonObject();
    report.addProperty("schemaVersion", ReportFile.SCHEMA_VERSION);
    JsonArray array = new JsonArray();
    for (JsonObject result : results) {
      array.add(result);
    }
    report.add("results", array);
    return report;
  }

  private Path write(String name, JsonObject report) throws Exception {
    Path file = dir.resolve(name).resolve("report.json");
    Files.createDirectories(file.getParent());
    Files.writeString(file, Json.pretty(report));
    return file;
  }

  private static PrintStream print(ByteArrayOutputStream stream) {
    return new PrintStream(stream, true, StandardCharsets.UTF_8);
  }
}
