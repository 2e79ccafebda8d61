package dev.perfbudget.report;

import static dev.perfbudget.report.Svg.escape;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code report.html}: one self-contained page (inline CSS and SVG, no script, nothing fetched)
 * with an overview table and, per perf test, its ratio against its limit and the spread of its
 * per-pair ratios. It opens from a CI artifact or a mail attachment as it is.
 */
final class HtmlReport {

  private static final String STYLE =
      """
      body { font-family: sans-serif; margin: 2em; color: #222; max-width: 75em; }
      table { border-collapse: collapse; margin: 1em 0; }
      th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: left; }
      td.test, h2 { overflow-wrap: anywhere; }
      td.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
      section { border-top: 1px solid #ccc; margin-top: 1.5em; }
      .verdict { white-space: nowrap; font-weight: bold; padding: 0 0.4em; border-radius: 3px; color: #fff; }
      .PASS { background: #59a14f; } .FAIL { background: #d62728; } .NOISY { background: #f28e2b; }
      .RECORDED { background: #4e79a7; } .SKIPPED { background: #999; } .INVALID { background: #7b2d8b; }
      .environment, .note, figcaption { color: #555; font-size: 0.9em; }
      figure { margin: 0.8em 0; }
      """;

  private HtmlReport() {}

  static String of(JsonObject report) {
    JsonArray results = report.has("results") && report.get("results").isJsonArray()
        ? report.getAsJsonArray("results")
        : new JsonArray();
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<title>perfbudget report</title>\n<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n");
    html.append("<h1>perfbudget report</h1>\n");
    html.append("<p class=\"summary\">").append(escape(ReportText.summary(results)))
        .append(". Ratio: candidate / baseline, the median of interleaved pairs, with its 95% confidence interval.</p>\n");
    environments(report, html);
    overview(results, html);
    sweeps(results, html);
    int index = 0;
    for (JsonElement element : results) {
      section(element.getAsJsonObject(), ++index, html);
    }
    html.append("</body>\n</html>\n");
    return html.toString();
  }

  private static void environments(JsonObject report, StringBuilder html) {
    JsonElement sources = report.get("sources");
    if (sources != null && sources.isJsonArray() && sources.getAsJsonArray().size() > 1) {
      html.append("<p class=\"environment\">Merged from ").append(sources.getAsJsonArray().size()).append(" reports:</p>\n<ul class=\"environment\">\n");
      for (JsonElement element : sources.getAsJsonArray()) {
        JsonObject source = element.getAsJsonObject();
        html.append("<li><code>").append(escape(ReportText.string(source, "file"))).append("</code> (")
            .append(escape(ReportText.tests(source))).append("): ")
            .append(escape(ReportText.object(source, "environment").map(ReportText::environment).orElse("environment unknown")))
            .append("</li>\n");
      }
      html.append("</ul>\n");
      return;
    }
    ReportText.object(report, "environment").ifPresent(environment ->
        html.append("<p class=\"environment\">Environment: ").append(escape(ReportText.environment(environment))).append("</p>\n"));
  }

  private static void overview(JsonArray results, StringBuilder html) {
    html.append("<table class=\"overview\">\n<tr><th>Test</th><th>Verdict</th><th>Ratio [95% CI]</th><th>Limit</th>")
        .append("<th>Baseline</th><th>Candidate</th><th>Pairs</th></tr>\n");
    int index = 0;
    for (JsonElement element : results) {
      JsonObject result = element.getAsJsonObject();
      String verdict = ReportText.string(result, "verdict");
      html.append("<tr><td class=\"test\"><a href=\"#test-").append(++index).append("\">").append(escape(ReportText.test(result))).append("</a></td>")
          .append("<td><span class=\"verdict ").append(escape(verdict)).append("\">").append(escape(verdict)).append("</span></td>")
          .append("<td class=\"number\">").append(escape(ReportText.ratio(result))).append("</td>")
          .append("<td class=\"number\">").append(escape(ReportText.limit(result))).append("</td>")
          .append("<td>").append(escape(ReportText.arm(result, "baseline"))).append("</td>")
          .append("<td>").append(escape(ReportText.arm(result, "candidate"))).append("</td>")
          .append("<td class=\"number\">")
          .append(Double.isNaN(ReportText.number(result, "ratio")) ? "" : escape(ReportText.string(result, "pairs")))
          .append("</td></tr>\n");
    }
    html.append("</table>\n");
  }

  /**
   * One chart per parameter sweep, a method with two or more measured invocations ({@code
   * Class#method[arguments]}), in the order of report.json.
   */
  private static void sweeps(JsonArray results, StringBuilder html) {
    Map<String, List<Charts.SweepPoint>> sweeps = new LinkedHashMap<>();
    for (JsonElement element : results) {
      JsonObject result = element.getAsJsonObject();
      String test = ReportText.test(result);
      int open = test.indexOf('[');
      double ratio = ReportText.number(result, "ratio");
      if (open < 0 || !test.endsWith("]") || Double.isNaN(ratio)) {
        continue;
      }
      double limit = ReportText.number(result, "limit");
      sweeps.computeIfAbsent(test.substring(0, open), k -> new ArrayList<>()).add(new Charts.SweepPoint(
          test.substring(open + 1, test.length() - 1), ratio, ReportText.number(result, "ratioLow"),
          ReportText.number(result, "ratioHigh"), Double.isNaN(limit) ? 0 : limit, ReportText.string(result, "verdict")));
    }
    sweeps.forEach((method, points) -> {
      if (points.size() >= 2) {
        html.append("<section class=\"sweep\">\n<h2>").append(escape(method)).append(" (sweep)</h2>\n<figure>\n")
            .append(Charts.sweep(points, method + ": ratio against the parameter"))
            .append("<figcaption>Each invocation's ratio (dot, colored by verdict) and 95% interval (bar) against its ")
            .append("parameter; the red dashes are the limits.</figcaption>\n</figure>\n</section>\n");
      }
    });
  }

  private static void section(JsonObject result, int index, StringBuilder html) {
    String test = ReportText.string(result, "test");
    String verdict = ReportText.string(result, "verdict");
    html.append("<section class=\"result\" id=\"test-").append(index).append("\">\n");
    html.append("<h2>").append(escape(ReportText.test(result))).append(" <span class=\"verdict ")
        .append(escape(verdict)).append("\">").append(escape(verdict)).append("</span></h2>\n");
    double ratio = ReportText.number(result, "ratio");
    html.append("<p><code>").append(escape(test)).append("</code>, ").append(escape(ReportText.string(result, "kind")))
        .append(" workload.");
    if (!Double.isNaN(ratio)) {
      html.append(" Ratio ").append(escape(ReportText.ratio(result))).append(", limit ").append(escape(ReportText.limit(result)));
      String source = ReportText.string(result, "limitSource");
      if (!source.isEmpty() && !source.equals("none")) {
        html.append(" (").append(escape(source)).append(')');
      }
      html.append(".<br>").append(escape(ReportText.arm(result, "baseline"))).append("; ")
          .append(escape(ReportText.arm(result, "candidate")));
    }
    html.append("</p>\n");
    String note = ReportText.string(result, "note");
    if (!note.isBlank()) {
      html.append("<p class=\"note\">").append(escape(note)).append("</p>\n");
    }
    double low = ReportText.number(result, "ratioLow");
    double high = ReportText.number(result, "ratioHigh");
    double limit = ReportText.number(result, "limit");
    if (Double.isNaN(ratio)) {
      html.append("<p class=\"note\">Not measured, so there is nothing to chart.</p>\n</section>\n");
      return;
    }
    html.append("<figure>\n")
        .append(Charts.ratioAgainstLimit(ratio, low, high, Double.isNaN(limit) ? 0 : limit, "ratio of " + test + " against its limit"))
        .append("<figcaption>The ratio (dot) and its 95% interval (bar) against the limit (red); the dashed line is 1, the same cost.</figcaption>\n</figure>\n");
    double[] pairs = ReportText.numbers(result, "pairRatios");
    if (pairs.length > 0) {
      html.append("<figure>\n")
          .append(Charts.pairRatios(pairs, ratio, low, high, Double.isNaN(limit) ? 0 : limit, "per-pair ratios of " + test))
          .append("<figcaption>How the ").append(pairs.length)
          .append(" per-pair ratios spread: the median is the verdict's ratio, the shaded band its interval.</figcaption>\n</figure>\n");
    }
    html.append("</section>\n");
  }
}
