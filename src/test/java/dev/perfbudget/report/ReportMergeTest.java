package dev.perfbudget.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.perfbudget.files.Json;
import dev.perfbudget.judge.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The merge and render commands, as a CI job that collects its shards' reports runs them. */
class ReportMergeTest {

  private static final Instant LATER = ReportSamples.T0.plusSeconds(60);

  @TempDir Path dir;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void mergesShardsIntoOneReportKeepingTheNewerResultOfATestInBoth() throws Exception {
    Path shard1 = shard("shard-1",
        ReportSamples.report(ReportSamples.environment("AMD EPYC 7B13", "abc", ReportSamples.T0),
            ReportSamples.measured("com.example.A#a", Verdict.PASS, 1.1, 2, false, ReportSamples.T0),
            ReportSamples.measured("com.example.B#b", Verdict.FAIL, 3.0, 2, false, ReportSamples.T0)));
    Path shard2 = shard("shard-2",
        ReportSamples.report(ReportSamples.environment("Intel Xeon 8375C", "abc", LATER),
            ReportSamples.measured("com.example.B#b", Verdict.PASS, 1.5, 2, false, LATER),
            ReportSamples.measured("com.example.C#c", Verdict.PASS, 0.9, 2, true, LATER)));
    Path merged = dir.resolve("merged");

    int status = run("merge", "--out", merged.toString(), shard1.toString(), shard2.toString());

    assertThat(status).as(err.toString()).isZero();
    assertThat(out.toString()).contains("merged 2 reports into " + merged.resolve("report.json") + ", report.md and report.html: 3 perf tests: 3 PASS");
    assertThat(err.toString()).contains("com.example.B#b is in both " + shard1 + " and " + shard2 + "; kept the newer result, from " + shard2);
    JsonObject report = JsonParser.parseString(Files.readString(merged.resolve("report.json"))).getAsJsonObject();
    assertThat(report.get("schemaVersion").getAsInt()).isEqualTo(ReportFile.SCHEMA_VERSION);
    assertThat(tests(report.getAsJsonArray("results"))).containsExactly("com.example.A#a", "com.example.B#b", "com.example.C#c");
    assertThat(report.getAsJsonArray("results").get(1).getAsJsonObject().get("verdict").getAsString()).isEqualTo("PASS");
    assertThat(report.getAsJsonObject("environment").get("cpu").getAsString()).as("the newest environment").isEqualTo("Intel Xeon 8375C");
    JsonArray sources = report.getAsJsonArray("sources");
    assertThat(sources).hasSize(2);
    assertThat(sources.get(0).getAsJsonObject().get("file").getAsString()).isEqualTo(shard1.toString());
    assertThat(sources.get(0).getAsJsonObject().get("tests").getAsInt()).isEqualTo(2);
    assertThat(sources.get(0).getAsJsonObject().getAsJsonObject("environment").get("cpu").getAsString()).isEqualTo("AMD EPYC 7B13");

    String md = Files.readString(merged.resolve("report.md"));
    assertThat(md).contains("3 perf tests: 3 PASS.")
        .contains("| `A#a` | PASS |").contains("| `B#b` | PASS | 1.50 [").contains("| `C#c` | PASS |")
        .contains("Merged from 2 reports:\n\n- `" + shard1 + "` (2 tests): AMD EPYC 7B13, 2 cores")
        .contains("\n- `" + shard2 + "` (2 tests): Intel Xeon 8375C, 2 cores");
    String html = Files.readString(merged.resolve("report.html"));
    assertThat(html.split("<svg class=\"ratio-chart\"", -1)).hasSize(4);
  }

  @Test
  void aMergedReportMergesAgainKeepingEveryShardsEnvironment() throws Exception {
    Path first = dir.resolve("first");
    run("merge", "--out", first.toString(),
        shard("s1", ReportSamples.report(ReportSamples.environment("cpu 1", "", ReportSamples.T0),
            ReportSamples.measured("com.example.A#a", Verdict.PASS, 1.1, 2, false, ReportSamples.T0))).toString(),
        shard("s2", ReportSamples.report(ReportSamples.environment("cpu 2", "", ReportSamples.T0),
            ReportSamples.measured("com.example.B#b", Verdict.PASS, 1.1, 2, false, ReportSamples.T0))).toString());
    Path third = shard("s3", ReportSamples.report(ReportSamples.environment("cpu 3", "", LATER),
        ReportSamples.measured("com.example.C#c", Verdict.PASS, 1.1, 2, false, LATER)));
    Path all = dir.resolve("all");

    assertThat(run("merge", "--out", all.toString(), first.resolve("report.json").toString(), third.toString())).as(err.toString()).isZero();

    JsonObject report = JsonParser.parseString(Files.readString(all.resolve("report.json"))).getAsJsonObject();
    assertThat(report.getAsJsonArray("sources")).hasSize(3);
    assertThat(report.getAsJsonArray("results")).hasSize(3);
  }

  @Test
  void anInputThatIsNotAReportFailsTheMergeNamingIt() throws Exception {
    Path good = shard("good", ReportSamples.mixedReport());
    Path broken = dir.resolve("broken.json");
    Files.writeString(broken, "{\"results\": [");
    Path other = dir.resolve("other.json");
    Files.writeString(other, "{\"budgets\": {}}");

    assertThat(run("merge", "--out", dir.resolve("m1").toString(), good.toString(), broken.toString())).isEqualTo(1);
    assertThat(err.toString()).contains("[perfbudget] merge failed: " + broken + " is not valid JSON");
    assertThat(run("merge", "--out", dir.resolve("m2").toString(), other.toString())).isEqualTo(1);
    assertThat(err.toString()).contains(other + " is not a perfbudget report.json: it has no `results` array");
    assertThat(run("merge", "--out", dir.resolve("m3").toString(), dir.resolve("missing.json").toString())).isEqualTo(1);
    assertThat(err.toString()).contains("merge failed: there is no file " + dir.resolve("missing.json"));
    assertThat(dir.resolve("m1")).doesNotExist();
  }

  @Test
  void aWrongCommandLineShowsTheUsage() {
    assertThat(run()).isEqualTo(2);
    assertThat(run("merge", "a.json")).isEqualTo(2);
    assertThat(run("publish")).isEqualTo(2);
    assertThat(err.toString()).contains("unknown command `publish`").contains("usage: ReportCommand merge --out DIR REPORT.json...");
  }

  @Test
  void renderRewritesTheMarkdownAndHtmlFromReportJson() throws Exception {
    Path report = shard("rendered", ReportSamples.mixedReport()).getParent();

    assertThat(run("render", report.toString())).as(err.toString()).isZero();

    assertThat(Files.readString(report.resolve("report.md"))).isEqualTo(MarkdownReport.of(ReportSamples.mixedReport()));
    assertThat(Files.readString(report.resolve("report.html"))).isEqualTo(HtmlReport.of(ReportSamples.mixedReport()));
  }

  private Path shard(String name, JsonObject report) throws Exception {
    Path file = dir.resolve(name).resolve("report.json");
    Files.createDirectories(file.getParent());
    Files.writeString(file, Json.pretty(report));
    return file;
  }

  private static List<String> tests(JsonArray results) {
    List<String> tests = new ArrayList<>();
    for (JsonElement result : results) {
      tests.add(result.getAsJsonObject().get("test").getAsString());
    }
    return tests;
  }

  private int run(String... args) {
    return ReportCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
  }
}
