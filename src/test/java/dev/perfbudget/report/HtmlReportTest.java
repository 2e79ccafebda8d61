package dev.perfbudget.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import com.google.gson.JsonObject;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** report.html's structure; HtmlReportBrowserTest checks that a browser draws it. */
class HtmlReportTest {

  private final String html = HtmlReport.of(ReportSamples.mixedReport());

  @Test
  void isOneSelfContainedPage() {
    assertThat(html).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
    assertThat(html).doesNotContain("<script", "<link", "src=", "http:", "https:", "@import", "url(");
  }

  @Test
  void chartsEveryMeasuredTestAgainstItsLimitAndItsPerPairRatios() {
    assertThat(count("<section class=\"result\"")).isEqualTo(4);
    assertThat(count("<svg class=\"ratio-chart\"")).isEqualTo(3); // the skipped test has no ratio
    assertThat(count("<svg class=\"pairs-chart\"")).isEqualTo(3);
    assertThat(count("<line class=\"limit\""))
        .as("the ratio charts of PASS and FAIL, and FAIL's pairs chart (PASS's limit is far off it)")
        .isEqualTo(3);
    assertThat(html).contains("Not measured, so there is nothing to chart.");
  }

  @Test
  void histogramBarsCountEveryPair() {
    String decode = html.substring(html.indexOf("per-pair ratios of com.example.CodecPerfTest#decodeRegressed"));
    decode = decode.substring(0, decode.indexOf("</svg>"));
    Matcher bar = Pattern.compile("<rect class=\"bar\" x=\"[^\"]+\" y=\"[^\"]+\" width=\"[^\"]+\" height=\"([^\"]+)\"").matcher(decode);
    double total = 0;
    double tallest = 0;
    while (bar.find()) {
      double height = Double.parseDouble(bar.group(1));
      total += height;
      tallest = Math.max(tallest, height);
    }
    int most = Integer.parseInt(between(decode, "text-anchor=\"end\" fill=\"#222222\">", "</text>"));
    // Bar heights are proportional to counts, the tallest being `most` pairs: together, 40 pairs.
    assertThat(total / tallest * most).isCloseTo(40, offset(0.5));
  }

  @Test
  void escapesWhatTestsAndNotesSay() {
    JsonObject report = ReportSamples.mixedReport();
    report.getAsJsonArray("results").get(0).getAsJsonObject().addProperty("note", "<b>& \"x\"</b>");
    assertThat(HtmlReport.of(report)).contains("&lt;b&gt;&amp; &quot;x&quot;&lt;/b&gt;").doesNotContain("<b>&");
  }

  private int count(String text) {
    return html.split(Pattern.quote(text), -1).length - 1;
  }

  private static String between(String text, String from, String to) {
    int start = text.indexOf(from) + from.length();
    return text.substring(start, text.indexOf(to, start));
  }
}
