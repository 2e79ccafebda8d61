package dev.perfbudget.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.perfbudget.judge.Verdict;
import dev.perfbudget.units.Format;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A report.json result in the words people read, shared by report.md, report.html and the
 * history page, so that all three say the same thing the same way.
 *
 * <p>It reads the JSON rather than {@link Outcome}s because the merge command and the history
 * page only have the JSON; missing or null fields read as "not measured".
 */
final class ReportText {

  private ReportText() {}

  /** {@code SimpleClass#method}: the package adds length, not information, in a table. */
  static String test(JsonObject result) {
    String test = string(result, "test");
    int hash = test.indexOf('#');
    int dot = test.lastIndexOf('.', hash < 0 ? test.length() : hash);
    return test.substring(dot + 1);
  }

  /** {@code 1.02 [0.98, 1.05]}, or {@code n/a} when the test was not measured. */
  static String ratio(JsonObject result) {
    double ratio = number(result, "ratio");
    if (Double.isNaN(ratio)) {
      return "n/a";
    }
    return Format.ratio(ratio)
        + " [" + Format.ratio(number(result, "ratioLow")) + ", " + Format.ratio(number(result, "ratioHigh")) + "]";
  }

  static String limit(JsonObject result) {
    double limit = number(result, "limit");
    return Double.isNaN(limit) ? "none" : Format.ratio(limit);
  }

  /** {@code StringBuilder: 51.2 ns/op, 96 B/op}; bytes only when the arm counts them. */
  static String arm(JsonObject result, String which) {
    Optional<JsonObject> arm = object(result, which);
    if (arm.isEmpty()) {
      return "";
    }
    StringBuilder text = new StringBuilder(string(arm.get(), "name")).append(": ");
    double nanos = number(arm.get(), "nsPerOp");
    text.append(Double.isNaN(nanos) ? "n/a" : Format.nanos(nanos) + "/op");
    double bytes = number(arm.get(), "bytesPerOp");
    if (!Double.isNaN(bytes)) {
      text.append(", ").append(bytes(bytes)).append("/op");
    }
    return text.toString();
  }

  /** 96 B, 1.50 KiB, 12.0 MiB, 1.00 GiB. */
  static String bytes(double bytes) {
    if (bytes >= 1024 * 1024 * 1024) {
      return Format.ratio(bytes / (1024 * 1024 * 1024)) + " GiB";
    }
    if (bytes >= 1024 * 1024) {
      return Format.ratio(bytes / (1024 * 1024)) + " MiB";
    }
    if (bytes >= 1024) {
      return Format.ratio(bytes / 1024) + " KiB";
    }
    return String.format(Locale.ROOT, "%.0f B", bytes);
  }

  /** {@code 3 perf tests: 2 PASS, 1 FAIL}. */
  static String summary(JsonArray results) {
    Map<String, Integer> counts = new TreeMap<>();
    for (JsonElement element : results) {
      counts.merge(string(element.getAsJsonObject(), "verdict"), 1, Integer::sum);
    }
    StringBuilder text = new StringBuilder();
    text.append(results.size()).append(results.size() == 1 ? " perf test" : " perf tests");
    String separator = ": ";
    for (Verdict verdict : Verdict.values()) {
      Integer count = counts.remove(verdict.name());
      if (count != null) {
        text.append(separator).append(count).append(' ').append(verdict.name());
        separator = ", ";
      }
    }
    for (Map.Entry<String, Integer> other : counts.entrySet()) {
      text.append(separator).append(other.getValue()).append(' ').append(other.getKey());
      separator = ", ";
    }
    return text.toString();
  }

  /** Where it ran, in one sentence: the figures to compare before comparing two reports. */
  static String environment(JsonObject environment) {
    StringBuilder text = new StringBuilder();
    text.append(string(environment, "cpu"));
    double cores = number(environment, "cores");
    if (!Double.isNaN(cores)) {
      text.append(String.format(Locale.ROOT, ", %.0f cores", cores));
    }
    text.append(", ").append(string(environment, "os"));
    text.append("; ").append(string(environment, "jvm"));
    text.append("; GC ").append(string(environment, "gc"));
    double heap = number(environment, "maxHeapBytes");
    if (!Double.isNaN(heap)) {
      text.append("; max heap ").append(bytes(heap));
    }
    String flags = string(environment, "jvmFlags");
    text.append("; JVM flags ").append(flags.isBlank() ? "none" : flags);
    if (environment.has("commit")) { // a history line keeps its commit beside the environment
      String commit = string(environment, "commit");
      text.append("; commit ").append(commit.isEmpty() ? "unknown" : shortCommit(commit));
    }
    JsonElement ci = environment.get("ci");
    text.append(ci != null && ci.isJsonPrimitive() && ci.getAsBoolean() ? "; under CI" : "; not under CI");
    String time = string(environment, "time");
    if (!time.isEmpty()) {
      text.append("; ").append(time);
    }
    return text.toString();
  }

  /** How many tests a merged report's source had: {@code 1 test}, {@code 3 tests}. */
  static String tests(JsonObject source) {
    double tests = number(source, "tests");
    return String.format(Locale.ROOT, "%.0f %s", tests, tests == 1 ? "test" : "tests");
  }

  static String shortCommit(String commit) {
    return commit.length() > 10 ? commit.substring(0, 10) : commit;
  }

  /** The number at {@code key}, or NaN when it is missing, null or not a number. */
  static double number(JsonObject json, String key) {
    JsonElement value = json.get(key);
    if (value == null || !value.isJsonPrimitive() || !value.getAsJsonPrimitive().isNumber()) {
      return Double.NaN;
    }
    return value.getAsDouble();
  }

  /** The text at {@code key}, or empty when it is missing or null. */
  static String string(JsonObject json, String key) {
    JsonElement value = json.get(key);
    return value == null || !value.isJsonPrimitive() ? "" : value.getAsString();
  }

  /** The instant at {@code key}, or {@link Instant#MIN} when it is missing or not ISO-8601. */
  static Instant instant(JsonObject json, String key) {
    try {
      return Instant.parse(string(json, key));
    } catch (DateTimeParseException e) {
      return Instant.MIN;
    }
  }

  static Optional<JsonObject> object(JsonObject json, String key) {
    JsonElement value = json.get(key);
    return value != null && value.isJsonObject() ? Optional.of(value.getAsJsonObject()) : Optional.empty();
  }

  static double[] numbers(JsonObject json, String key) {
    JsonElement value = json.get(key);
    if (value == null || !value.isJsonArray()) {
      return new double[0];
    }
    return value.getAsJsonArray().asList().stream()
        .filter(e -> e.isJsonPrimitive() && e.getAsJsonPrimitive().isNumber())
        .mapToDouble(JsonElement::getAsDouble)
        .toArray();
  }
}
