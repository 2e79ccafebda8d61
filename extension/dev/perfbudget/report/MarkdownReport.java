package dev.perfbudget.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.perfbudget.judge.Verdict;

/**
 * {@code report.md}: one table row per perf test of a report.json, for a pull request, a CI
 * job summary ({@code GITHUB_STEP_SUMMARY}) or a terminal. Every text from the report goes
 * through {@link Markdown}, so no arm name or note becomes markup.
 */
final class MarkdownReport {

  private MarkdownReport() {}

  static String of(JsonObject report) {
    JsonArray results = report.has("results") && report.get("results").isJsonArray()
        ? report.getAsJsonArray("results")
        : new JsonArray();
    StringBuilder md = new StringBuilder();
    md.append("## perfbudget report\n\n");
    md.append(Markdown.text(ReportText.summary(results)))
        .append(". Ratio: candidate / baseline, the median of interleaved pairs, with its 95% confidence interval.\n\n");
    md.append("| Test | Verdict | Ratio [95% CI] | Limit | Baseline | Candidate | Pairs |\n");
    md.append("|---|---|---:|---:|---|---|---:|\n");
    StringBuilder notes = new StringBuilder();
    for (JsonElement element : results) {
      JsonObject result = element.getAsJsonObject();
      String verdict = ReportText.string(result, "verdict");
      boolean alarming = verdict.equals(Verdict.FAIL.name()) || verdict.equals(Verdict.NOISY.name())
          || verdict.equals(Verdict.INVALID.name());
      md.append("| ").append(Markdown.code(ReportText.test(result), true)).append(" | ")
          .append(alarming ? "**" + Markdown.text(verdict) + "**" : Markdown.text(verdict)).append(" | ")
          .append(Markdown.text(ReportText.ratio(result))).append(" | ")
          .append(Markdown.text(ReportText.limit(result))).append(" | ")
          .append(Markdown.text(ReportText.arm(result, "baseline"))).append(" | ")
          .append(Markdown.text(ReportText.arm(result, "candidate"))).append(" | ")
          .append(Double.isNaN(ReportText.number(result, "ratio")) ? "" : Markdown.text(ReportText.string(result, "pairs")))
          .append(" |\n");
      String note = ReportText.string(result, "note");
      if (!note.isBlank()) {
        notes.append("- ").append(Markdown.code(ReportText.test(result), false)).append(": ").append(Markdown.text(note)).append('\n');
      }
    }
    if (notes.length() > 0) {
      md.append("\nNotes:\n\n").append(notes);
    }
    md.append('\n').append(environments(report));
    return md.toString();
  }

  /** One environment, or for a merged report the environment of each report merged. */
  private static String environments(JsonObject report) {
    JsonElement sources = report.get("sources");
    if (sources != null && sources.isJsonArray() && sources.getAsJsonArray().size() > 1) {
      StringBuilder text = new StringBuilder("Merged from ").append(sources.getAsJsonArray().size()).append(" reports:\n\n");
      for (JsonElement element : sources.getAsJsonArray()) {
        JsonObject source = element.getAsJsonObject();
        text.append("- ").append(Markdown.code(ReportText.string(source, "file"), false)).append(" (")
            .append(Markdown.text(ReportText.tests(source))).append("): ")
            .append(ReportText.object(source, "environment").map(e -> Markdown.text(ReportText.environment(e))).orElse("environment unknown"))
            .append('\n');
      }
      return text.toString();
    }
    return ReportText.object(report, "environment")
        .map(e -> "Environment: " + Markdown.text(ReportText.environment(e)) + "\n")
        .orElse("");
  }
}
