package dev.perfbudget.report;

/**
 * Text from reports and history files made safe for Markdown (report.md, the CI job summary,
 * the history page): GitHub renders raw HTML in Markdown, so an arm named {@code <img src=x
 * onerror=...>} would otherwise be markup on every page that shows the report.
 */
final class Markdown {

  private Markdown() {}

  /**
   * Inline text: {@code <}, {@code >}, {@code &} and backticks as character references (which
   * Markdown shows as the characters), a table's column separator escaped, no line breaks.
   */
  static String text(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '`' -> out.append("&#96;");
        case '|' -> out.append("\\|");
        case '\r', '\n' -> out.append(' ');
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * A code span that shows {@code text} as it is: inside one, Markdown renders no HTML, and the
   * fence is longer than any run of backticks in the text, so none can close it early. For a
   * table cell, the column separator is escaped (tables honour that even inside code).
   */
  static String code(String text, boolean inTable) {
    String flat = text.replace('\r', ' ').replace('\n', ' ');
    if (inTable) {
      flat = flat.replace("|", "\\|");
    }
    int longest = 0;
    int run = 0;
    for (int i = 0; i < flat.length(); i++) {
      run = flat.charAt(i) == '`' ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    String fence = "`".repeat(longest + 1);
    // A span that starts or ends with a backtick needs a space inside its fence.
    String pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
    return fence + pad + flat + pad + fence;
  }

  /** Text inside an image's or link's brackets. */
  static String label(String text) {
    return text(text).replace("[", "\\[").replace("]", "\\]");
  }

  /** A link target that spaces, parentheses or angle brackets in a file name cannot break. */
  static String destination(String path) {
    return path.replace("%", "%25").replace(" ", "%20").replace("(", "%28").replace(")", "%29")
        .replace("<", "%3C").replace(">", "%3E");
  }
}
