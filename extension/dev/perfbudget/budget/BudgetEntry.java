package dev.perfbudget.budget;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.perfbudget.files.Json;
import java.util.Optional;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * One recorded budget: the ratio measured for a test, and when, where and on which commit.
 *
 * @param ratio the median ratio candidate / baseline that was recorded
 * @param maxBytesRatio a limit on the bytes/op ratio, set by hand and kept when the ratio is
 *     recorded again; 0 when absent (files written before it existed have none)
 * @param maxBytesPerOp a limit on the candidate's bytes/op, like {@code maxBytesRatio}
 */
@API(status = INTERNAL)
public record BudgetEntry(
    double ratio,
    String kind,
    String baseline,
    String candidate,
    String recordedAt,
    String commit,
    String jvm,
    String cpu,
    double maxBytesRatio,
    double maxBytesPerOp) {

  /**
   * The range of ratios an entry may hold. A cached lookup against a recomputation is
   * legitimately 1e-5; beyond 1e-9 and 1e9 a ratio is a measuring error (an arm that measured
   * nothing), and times a tolerance it would make a limit of 0 or infinity.
   */
  public static final double LOWEST_RATIO = 1e-9;

  public static final double HIGHEST_RATIO = 1e9;

  /** Whether {@code ratio} may be recorded. */
  public static boolean holds(double ratio) {
    return ratio >= LOWEST_RATIO && ratio <= HIGHEST_RATIO;
  }

  JsonObject toJson() {
    JsonObject json = new JsonObject();
    // Significant digits, not decimals: 4.2e-5 rounded to 4 decimals would be written as 0.
    json.addProperty("ratio", Json.significant(ratio, 4));
    json.addProperty("kind", kind);
    json.addProperty("baseline", baseline);
    json.addProperty("candidate", candidate);
    json.addProperty("recordedAt", recordedAt);
    json.addProperty("commit", commit);
    json.addProperty("jvm", jvm);
    json.addProperty("cpu", cpu);
    if (maxBytesRatio > 0) {
      json.addProperty("maxBytesRatio", maxBytesRatio);
    }
    if (maxBytesPerOp > 0) {
      json.addProperty("maxBytesPerOp", maxBytesPerOp);
    }
    return json;
  }

  /** Reads an entry; {@code malformed} turns a problem (a JSON path suffix) into an exception. */
  static BudgetEntry fromJson(JsonObject json, Function<String, RuntimeException> malformed) {
    JsonElement ratio = json.get("ratio");
    if (ratio == null
        || !ratio.isJsonPrimitive()
        || !ratio.getAsJsonPrimitive().isNumber()
        || !(ratio.getAsDouble() > 0)
        || Double.isInfinite(ratio.getAsDouble())) {
      throw malformed.apply(".ratio: expected a positive number");
    }
    if (!holds(ratio.getAsDouble())) {
      throw malformed.apply(".ratio: " + ratio.getAsDouble() + " is outside what a budget may hold (" + LOWEST_RATIO
          + " to " + HIGHEST_RATIO + "); record it again");
    }
    return new BudgetEntry(
        ratio.getAsDouble(),
        text(json, "kind"),
        text(json, "baseline"),
        text(json, "candidate"),
        text(json, "recordedAt"),
        text(json, "commit"),
        text(json, "jvm"),
        text(json, "cpu"),
        optionalLimit(json, "maxBytesRatio", malformed),
        optionalLimit(json, "maxBytesPerOp", malformed));
  }

  /** This newly recorded entry with the hand-set limits of the entry it replaces, if any. */
  public BudgetEntry keepingLimitsOf(Optional<BudgetEntry> previous) {
    return previous
        .map(p -> new BudgetEntry(ratio, kind, baseline, candidate, recordedAt, commit, jvm, cpu, p.maxBytesRatio, p.maxBytesPerOp))
        .orElse(this);
  }

  private static double optionalLimit(JsonObject json, String field, Function<String, RuntimeException> malformed) {
    JsonElement value = json.get(field);
    if (value == null) {
      return 0;
    }
    if (!value.isJsonPrimitive()
        || !value.getAsJsonPrimitive().isNumber()
        || !(value.getAsDouble() > 0)
        || Double.isInfinite(value.getAsDouble())) {
      throw malformed.apply("." + field + ": expected a positive number, or no `" + field + "`");
    }
    return value.getAsDouble();
  }

  private static String text(JsonObject json, String field) {
    JsonElement value = json.get(field);
    return value != null && value.isJsonPrimitive() ? value.getAsString() : "";
  }
}
