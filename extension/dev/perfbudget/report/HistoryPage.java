package dev.perfbudget.report;

import com.google.gson.JsonObject;
import dev.perfbudget.files.AtomicWrite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The performance-history page: per test, a trend chart and a table of its last runs, newest
 * first, rendered from the history file as Markdown for a docs folder.
 *
 * <p>The charts are SVG files in a folder named after the page ({@code perf-history.md} gets
 * {@code perf-history/}), referenced as images: Markdown renderers strip inline SVG, but all of
 * them show an SVG image. The folder's {@link ChartManifest} lists the charts the page wrote:
 * only those are ever replaced or deleted, so an image of the user's in the same folder stays.
 * Every text taken from the history goes through {@link Markdown}.
 */
final class HistoryPage {

  static final int POINTS = 25;

  private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

  private HistoryPage() {}

  /** Writes {@code page} and its charts folder; returns the chart files written. */
  static List<Path> write(List<JsonObject> entries, String sourceName, Path page) throws IOException {
    String name = page.getFileName().toString().replaceFirst("\\.[^.]*$", "");
    Path chartsDir = page.toAbsolutePath().resolveSibling(name);
    Files.createDirectories(chartsDir);
    ChartManifest manifest = ChartManifest.in(chartsDir);
    Map<String, List<JsonObject>> byTest = new TreeMap<>();
    for (JsonObject entry : entries) {
      byTest.computeIfAbsent(ReportText.string(entry, "test"), t -> new ArrayList<>()).add(entry);
    }
    StringBuilder md = new StringBuilder("# Performance history\n\n");
    md.append(String.format(
        "Rendered from %s: %d points of %d perf tests. Per test, the last %d points, newest first. "
            + "Ratio: candidate / baseline, the median of interleaved pairs, with its 95%% confidence interval. "
            + "Points from different environments (a dotted line in the chart) are measured on different "
            + "machines or JVMs and are not one series.\n",
        Markdown.code(sourceName, false), entries.size(), byTest.size(), POINTS));
    Map<String, String> environments = new LinkedHashMap<>();
    Set<String> slugs = new HashSet<>();
    List<Path> charts = new ArrayList<>();
    for (Map.Entry<String, List<JsonObject>> test : byTest.entrySet()) {
      List<JsonObject> points = new ArrayList<>(test.getValue());
      points.sort(Comparator.comparing(History::time)); // stable: file order breaks ties
      List<JsonObject> last = points.subList(Math.max(0, points.size() - POINTS), points.size());
      String display = ReportText.test(last.get(0));
      String slug = slug(display, slugs, manifest);
      Path chart = chartsDir.resolve(slug + ".svg");
      AtomicWrite.replace(chart, Charts.trend(chartPoints(last), "ratio of " + test.getKey() + " over its last runs"));
      charts.add(chart);
      md.append("\n## ").append(Markdown.code(display, false)).append("\n\n");
      md.append(Markdown.code(test.getKey(), false)).append(", ").append(Markdown.text(ReportText.string(last.get(last.size() - 1), "kind")))
          .append(" workload, ").append(points.size()).append(points.size() == 1 ? " point" : " points").append(" in all.\n\n");
      md.append("![ratio of ").append(Markdown.label(display)).append(" over its last ").append(last.size()).append(" runs](")
          .append(Markdown.destination(name + "/" + slug + ".svg")).append(")\n\n");
      md.append("| Time (UTC) | Commit | Verdict | Ratio [95% CI] | Limit | Environment |\n");
      md.append("|---|---|---|---:|---:|---|\n");
      for (int i = last.size() - 1; i >= 0; i--) {
        JsonObject entry = last.get(i);
        JsonObject environment = ReportText.object(entry, "environment").orElseGet(JsonObject::new);
        String fingerprint = ReportText.string(environment, "fingerprint");
        environments.putIfAbsent(fingerprint, ReportText.environment(environment));
        String commit = ReportText.string(entry, "commit");
        md.append("| ").append(MINUTE.format(History.time(entry)))
            .append(" | ").append(commit.isEmpty() ? "" : Markdown.code(ReportText.shortCommit(commit), true))
            .append(" | ").append(Markdown.text(ReportText.string(entry, "verdict")))
            .append(" | ").append(Markdown.text(ReportText.ratio(entry)))
            .append(" | ").append(Markdown.text(ReportText.limit(entry)))
            .append(" | ").append(Markdown.code(fingerprint, true)).append(" |\n");
      }
    }
    if (!environments.isEmpty()) {
      md.append("\n## Environments\n\n");
      environments.forEach((fingerprint, sentence) ->
          md.append("- ").append(Markdown.code(fingerprint, false)).append(": ").append(Markdown.text(sentence)).append('\n'));
    }
    AtomicWrite.replace(page.toAbsolutePath(), md.toString());
    manifest.replaceWith(charts);
    return charts;
  }

  private static List<Charts.Point> chartPoints(List<JsonObject> entries) {
    List<Charts.Point> points = new ArrayList<>();
    for (JsonObject entry : entries) {
      double ratio = ReportText.number(entry, "ratio");
      if (Double.isNaN(ratio)) {
        continue; // a skipped test: in the table, not on the chart
      }
      String commit = ReportText.string(entry, "commit");
      points.add(new Charts.Point(
          ratio,
          ReportText.number(entry, "ratioLow"),
          ReportText.number(entry, "ratioHigh"),
          ReportText.number(entry, "limit"),
          ReportText.string(entry, "verdict"),
          MINUTE.format(History.time(entry)) + (commit.isEmpty() ? "" : " " + commit.substring(0, Math.min(7, commit.length()))),
          ReportText.object(entry, "environment").map(e -> ReportText.string(e, "fingerprint")).orElse("")));
    }
    return points;
  }

  /**
   * A file name from {@code Class#method}, unique within this page, and never that of a file in
   * the folder that this page did not write.
   */
  private static String slug(String display, Set<String> taken, ChartManifest manifest) {
    String base = display.replaceAll("[^A-Za-z0-9_.-]+", "-").replaceFirst("^\\.+", "-");
    String slug = base;
    for (int n = 2; !manifest.mayWrite(slug + ".svg") || !taken.add(slug); n++) {
      slug = base + "-" + n;
    }
    return slug;
  }
}
