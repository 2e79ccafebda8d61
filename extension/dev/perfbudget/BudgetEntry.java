package dev.perfbudget;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.function.Function;

/**
 * One recorded budget: the ratio measured for a test, and when, where and on which commit.
 *
 * @param ratio the median ratio candidate / baseline that was recorded
 */
record BudgetEntry(
    double ratio,
    String kind,
    String baseline,
    String candidate,
    String recordedAt,
    String commit,
    String jvm,
    String cpu) {

  JsonObject toJson() {
    JsonObject json = new JsonObject();
    json.addProperty("ratio", Json.round(ratio, 4));
    json.addProperty("kind", kind);
    json.addProperty("baseline", baseline);
    json.addProperty("candidate", candidate);
    json.addProperty("recordedAt", recordedAt);
    json.addProperty("commit", commit);
    json.addProperty("jvm", jvm);
    json.addProperty("cpu", cpu);
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
    return new BudgetEntry(
        ratio.getAsDouble(),
        text(json, "kind"),
        text(json, "baseline"),
        text(json, "candidate"),
        text(json, "recordedAt"),
        text(json, "commit"),
        text(json, "jvm"),
        text(json, "cpu"));
  }

  private static String text(JsonObject json, String field) {
    JsonElement value = json.get(field);
    return value != null && value.isJsonPrimitive() ? value.getAsString() : "";
  }
}
