package dev.perfbudget.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Two reports side by side, as {@code ReportCommand compare BASE HEAD} prints them for a pull
 * request comment or a CI job summary: each test's ratio in both, the change, the verdict, and
 * the tests that appeared or disappeared, by name.
 *
 * <p>A change is in bold when the two 95% intervals do not overlap. That is no verdict: each
 * interval covers the noise within its own run, and two runs (on shared CI machines, perhaps two
 * different ones) also differ by several percent between them. The verdict column says what
 * gates.
 */
final class ReportComparison {

  private ReportComparison() {}

  static String of(JsonObject base, JsonObject head) {
    Map<String, JsonObject> before = byTest(base);
    Map<String, JsonObject> after = byTest(head);
    TreeSet<String> all = new TreeSet<>(before.keySet());
    all.addAll(after.keySet());
    List<String> appeared = new ArrayList<>();
    List<String> disappeared = new ArrayList<>();

    StringBuilder md = new StringBuilder("## perfbudget: this change against the base\n\n");
    md.append("| Test | Base ratio [95% CI] | Ratio [95% CI] | Change | Verdict |\n");
    md.append("|---|---:|---:|---:|---|\n");
    for (String test : all) {
      JsonObject was = before.get(test);
      JsonObject now = after.get(test);
      if (was == null) {
        appeared.add(test);
      } else if (now == null) {
        disappeared.add(test);
      }
      JsonObject any = now != null ? now : was;
      md.append("| ").append(Markdown.code(ReportText.test(any), true)).append(" | ")
          .append(was == null ? "not run" : Markdown.text(ReportText.ratio(was))).append(" | ")
          .append(now == null ? "not run" : Markdown.text(ReportText.ratio(now))).append(" | ")
          .append(change(was, now)).append(" | ")
          .append(verdict(was, now)).append(" |\n");
    }
    md.append('\n').append(count(all.size() - appeared.size() - disappeared.size(), "test")).append(" in both");
    md.append(appeared.isEmpty() ? "" : "; appeared: " + names(appeared));
    md.append(disappeared.isEmpty() ? "" : "; disappeared: " + names(disappeared));
    md.append(".\nRatio: candidate / baseline, the median of interleaved pairs. A change in bold: the two intervals do "
        + "not overlap. Ratios also drift by several percent between runs and machines; the verdict is what gates.\n");
    return md.toString();
  }

  /** {@code +12%}, {@code -3.4%}; bold when the intervals do not overlap; empty without both. */
  private static String change(JsonObject was, JsonObject now) {
    if (was == null || now == null) {
      return "";
    }
    double before = ReportText.number(was, "ratio");
    double after = ReportText.number(now, "ratio");
    if (Double.isNaN(before) || Double.isNaN(after) || before == 0) {
      return "n/a";
    }
    double percent = (after / before - 1) * 100;
    String text = String.format(Locale.ROOT, Math.abs(percent) >= 10 ? "%+.0f%%" : "%+.1f%%", percent);
    boolean apart = ReportText.number(now, "ratioLow") > ReportText.number(was, "ratioHigh")
        || ReportText.number(now, "ratioHigh") < ReportText.number(was, "ratioLow");
    return apart ? "**" + text + "**" : text;
  }

  /** The verdict now, and what it was when it changed: {@code PASS → **FAIL**}. */
  private static String verdict(JsonObject was, JsonObject now) {
    if (now == null) {
      return "was " + Markdown.text(ReportText.string(was, "verdict"));
    }
    String after = Markdown.text(ReportText.string(now, "verdict"));
    String shown = after.equals("FAIL") || after.equals("NOISY") ? "**" + after + "**" : after;
    String before = was == null ? "" : Markdown.text(ReportText.string(was, "verdict"));
    return was == null || before.equals(after) ? shown : before + " → " + shown;
  }

  private static Map<String, JsonObject> byTest(JsonObject report) {
    Map<String, JsonObject> results = new TreeMap<>();
    for (JsonElement element : JmhExport.results(report)) {
      if (element.isJsonObject()) {
        results.put(ReportText.string(element.getAsJsonObject(), "test"), element.getAsJsonObject());
      }
    }
    return results;
  }

  private static String names(List<String> tests) {
    StringBuilder text = new StringBuilder();
    for (String test : tests) {
      text.append(text.length() == 0 ? "" : ", ").append(Markdown.code(test, false));
    }
    return text.toString();
  }

  private static String count(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
