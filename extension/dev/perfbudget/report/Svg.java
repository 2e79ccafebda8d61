package dev.perfbudget.report;

import java.util.Locale;

/**
 * Writes SVG markup for the report's charts: drawing as text keeps the reports self-contained
 * (no script, no library, nothing fetched) and readable in any browser or Markdown viewer.
 */
final class Svg {

  static final String INK = "#222222";
  static final String GRID = "#cccccc";
  static final String LIMIT = "#d62728";
  static final String BAR = "#4e79a7";
  static final String INTERVAL = "#f28e2b";

  private final StringBuilder out = new StringBuilder();
  private final int width;
  private final int height;

  /**
   * @param standalone whether this is a file of its own (an {@code .svg} referenced from
   *     Markdown), which needs the namespace and a background of its own for dark themes
   */
  Svg(String cssClass, int width, int height, String title, boolean standalone) {
    this.width = width;
    this.height = height;
    out.append("<svg");
    if (standalone) {
      out.append(" xmlns=\"http://www.w3.org/2000/svg\"");
    }
    out.append(" class=\"").append(cssClass).append('"')
        .append(" width=\"").append(width).append("\" height=\"").append(height).append('"')
        .append(" viewBox=\"0 0 ").append(width).append(' ').append(height).append('"')
        .append(" role=\"img\" font-family=\"sans-serif\" font-size=\"11\">\n");
    out.append("<title>").append(escape(title)).append("</title>\n");
    if (standalone) {
      rect(0, 0, width, height, "#ffffff", "background");
    }
  }

  int width() {
    return width;
  }

  int height() {
    return height;
  }

  Svg line(double x1, double y1, double x2, double y2, String stroke, double strokeWidth, String dash, String cssClass) {
    out.append(String.format(
        Locale.ROOT,
        "<line class=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"%.1f\"%s/>\n",
        cssClass, x1, y1, x2, y2, stroke, strokeWidth, dash.isEmpty() ? "" : " stroke-dasharray=\"" + dash + "\""));
    return this;
  }

  Svg rect(double x, double y, double w, double h, String fill, String cssClass) {
    out.append(String.format(
        Locale.ROOT,
        "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
        cssClass, x, y, Math.max(w, 0), Math.max(h, 0), fill));
    return this;
  }

  Svg circle(double x, double y, double r, String fill, String cssClass, String tooltip) {
    out.append(String.format(
        Locale.ROOT, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\">", cssClass, x, y, r, fill));
    if (!tooltip.isEmpty()) {
      out.append("<title>").append(escape(tooltip)).append("</title>");
    }
    out.append("</circle>\n");
    return this;
  }

  Svg polyline(double[] xs, double[] ys, String stroke, String dash, String cssClass) {
    StringBuilder points = new StringBuilder();
    for (int i = 0; i < xs.length; i++) {
      points.append(String.format(Locale.ROOT, "%s%.1f,%.1f", i == 0 ? "" : " ", xs[i], ys[i]));
    }
    out.append(String.format(
        "<polyline class=\"%s\" points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s/>\n",
        cssClass, points, stroke, dash.isEmpty() ? "" : " stroke-dasharray=\"" + dash + "\""));
    return this;
  }

  /** Text anchored at start, middle or end. */
  Svg text(double x, double y, String anchor, String fill, String text) {
    out.append(String.format(
        Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" fill=\"%s\">%s</text>\n", x, y, anchor, fill, escape(text)));
    return this;
  }

  String end() {
    return out.append("</svg>\n").toString();
  }

  /** Escapes text for XML and HTML alike. */
  static String escape(String text) {
    StringBuilder escaped = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '<' -> escaped.append("&lt;");
        case '>' -> escaped.append("&gt;");
        case '&' -> escaped.append("&amp;");
        case '"' -> escaped.append("&quot;");
        case '\'' -> escaped.append("&#39;");
        default -> escaped.append(c);
      }
    }
    return escaped.toString();
  }
}
