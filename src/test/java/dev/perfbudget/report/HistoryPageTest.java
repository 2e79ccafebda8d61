package dev.perfbudget.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfbudget.environment.Environment;
import dev.perfbudget.judge.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class HistoryPageTest {

  private static final String CODEC = "com.example.CodecPerfTest#encode";
  private static final String MAP = "com.example.MapPerfTest#put";

  @TempDir Path dir;
  private Path historyFile;
  private Path page;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  /** 30 runs of one test (the runner changed machines at run 20, run 27 was skipped), 3 of another. */
  @BeforeEach
  void history() throws Exception {
    historyFile = dir.resolve("perf-history.jsonl");
    page = dir.resolve("docs").resolve("perf-history.md");
    History history = new History(historyFile);
    for (int run = 0; run < 30; run++) {
      Instant time = ReportSamples.T0.plusSeconds(3600L * run);
      Environment where = ReportSamples.environment(run < 20 ? "AMD EPYC 7B13" : "Intel Xeon 8375C", "c0ffee" + run, time);
      history.report(
          run == 27 ? ReportSamples.skipped(CODEC, time) : ReportSamples.measured(CODEC, Verdict.PASS, 1 + run / 100.0, 2, false, time),
          where);
      if (run % 10 == 0) {
        history.report(ReportSamples.measured(MAP, Verdict.FAIL, 3.5, 2, false, time), where);
      }
      if (run == 3) {
        Files.writeString(historyFile, "{\"test\": \n", StandardOpenOption.APPEND);
      }
    }
    Files.createDirectories(page.resolveSibling("perf-history"));
    Files.writeString(page.resolveSibling("perf-history").resolve("architecture.svg"), "<svg>the user's own</svg>");
  }

  @Test
  void rendersTheLast25PointsPerTestNewestFirstWithATrendChartEach() throws Exception {
    int status = run("history", "--out", page.toString(), historyFile.toString());

    assertThat(status).as(err.toString()).isZero();
    assertThat(out.toString()).contains("wrote " + page + " and 2 trend charts from 33 points");
    String md = Files.readString(page);
    assertThat(md).startsWith("# Performance history\n\nRendered from `perf-history.jsonl`: 33 points of 2 perf tests.");
    List<String> lines = Arrays.asList(md.split("\n"));
    int codec = lines.indexOf("## `CodecPerfTest#encode`");
    int map = lines.indexOf("## `MapPerfTest#put`");
    assertThat(codec).isPositive().isLessThan(map);
    assertThat(lines.get(codec + 2)).isEqualTo("`" + CODEC + "`, op workload, 30 points in all.");
    assertThat(lines.get(codec + 4)).isEqualTo("![ratio of CodecPerfTest#encode over its last 25 runs](perf-history/CodecPerfTest-encode.svg)");
    List<String> rows = lines.subList(codec + 8, codec + 8 + 25);
    assertThat(rows).allSatisfy(row -> assertThat(row).startsWith("| 2026-11-"));
    assertThat(rows.get(0)).startsWith("| 2026-11-03 15:00 | `c0ffee29` | PASS | 1.29 [");
    assertThat(rows.get(2)).isEqualTo("| 2026-11-03 13:00 | `c0ffee27` | SKIPPED | n/a | none | `" + fingerprint("Intel Xeon 8375C") + "` |");
    assertThat(rows.get(24)).startsWith("| 2026-11-02 15:00 | `c0ffee5` | PASS | 1.05 [");
    assertThat(lines.get(codec + 8 + 25)).isEmpty();
    assertThat(md).contains("\n## Environments\n\n")
        .contains("\n- `" + fingerprint("AMD EPYC 7B13") + "`: AMD EPYC 7B13, 2 cores, Linux 6.1 amd64; Eclipse Adoptium")
        .contains("\n- `" + fingerprint("Intel Xeon 8375C") + "`: Intel Xeon 8375C, 2 cores,")
        .doesNotContain("commit unknown");
  }

  @Test
  void eachTrendChartIsAnSvgFileWithItsPointsLimitAndEnvironmentChange() throws Exception {
    run("history", "--out", page.toString(), historyFile.toString());

    Path charts = page.resolveSibling("perf-history");
    assertThat(names(charts)).containsExactly(".perfbudget-charts", "CodecPerfTest-encode.svg", "MapPerfTest-put.svg", "architecture.svg");
    Document svg = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(charts.resolve("CodecPerfTest-encode.svg").toFile());
    Element root = svg.getDocumentElement();
    assertThat(root.getTagName()).isEqualTo("svg");
    assertThat(root.getAttribute("xmlns")).isEqualTo("http://www.w3.org/2000/svg");
    assertThat(withClass(svg, "circle", "point")).as("25 runs, one of them skipped").isEqualTo(24);
    assertThat(withClass(svg, "line", "interval")).isEqualTo(24);
    assertThat(withClass(svg, "line", "environment-change")).isEqualTo(1);
    assertThat(withClass(svg, "polyline", "limit")).isEqualTo(1);
  }

  /**
   * The page replaces and deletes only charts it wrote itself (its manifest lists them): a chart
   * of a test gone from the history goes, the user's own images in the folder stay, and a chart
   * whose name a user's file already has gets another name instead of overwriting it.
   */
  @Test
  void deletesOnlyChartsItWroteItself() throws Exception {
    Path charts = page.resolveSibling("perf-history");
    Files.writeString(charts.resolve("CodecPerfTest-encode.svg"), "<svg>also the user's own</svg>");
    run("history", "--out", page.toString(), historyFile.toString());
    assertThat(names(charts)).containsExactly(
        ".perfbudget-charts", "CodecPerfTest-encode-2.svg", "CodecPerfTest-encode.svg", "MapPerfTest-put.svg", "architecture.svg");
    assertThat(Files.readString(page)).contains("](perf-history/CodecPerfTest-encode-2.svg)");

    Path codecOnly = dir.resolve("codec-only.jsonl");
    Files.write(codecOnly, Files.readAllLines(historyFile).stream().filter(line -> !line.contains(MAP)).toList());
    run("history", "--out", page.toString(), codecOnly.toString());

    assertThat(names(charts)).as("MapPerfTest is gone from the history")
        .containsExactly(".perfbudget-charts", "CodecPerfTest-encode-2.svg", "CodecPerfTest-encode.svg", "architecture.svg");
    assertThat(charts.resolve("CodecPerfTest-encode.svg")).hasContent("<svg>also the user's own</svg>");
    assertThat(charts.resolve("architecture.svg")).hasContent("<svg>the user's own</svg>");
    assertThat(charts.resolve(".perfbudget-charts")).hasContent("CodecPerfTest-encode-2.svg");
  }

  @Test
  void aCorruptLineIsNamedAndTheRestRendered() throws Exception {
    run("history", "--out", page.toString(), historyFile.toString());

    assertThat(err.toString()).contains(historyFile + " line 6 skipped, not valid JSON");
    assertThat(Files.readString(page)).contains("33 points of 2 perf tests");
  }

  private static List<String> names(Path dir) throws IOException {
    try (var files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }

  private int run(String... args) {
    return ReportCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private static String fingerprint(String cpu) {
    return History.fingerprint(ReportJson.environment(ReportSamples.environment(cpu, "", ReportSamples.T0)));
  }

  private static int withClass(Document svg, String tag, String cssClass) {
    NodeList nodes = svg.getElementsByTagName(tag);
    int count = 0;
    for (int i = 0; i < nodes.getLength(); i++) {
      count += ((Element) nodes.item(i)).getAttribute("class").equals(cssClass) ? 1 : 0;
    }
    return count;
  }
}
