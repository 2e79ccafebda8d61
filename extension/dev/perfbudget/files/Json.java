package dev.perfbudget.files;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonPrimitive;
import org.apiguardian.api.API;

/**
 * How perfbudget writes JSON: pretty-printed, no HTML escaping, numbers rounded for diffs, and
 * absent values written as null so every field of the format is always there.
 */
@API(status = INTERNAL)
public final class Json {

  private static final Gson PRETTY =
      new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().serializeNulls().create();

  private Json() {}

  public static String pretty(JsonElement element) {
    return PRETTY.toJson(element) + System.lineSeparator();
  }

  /** {@code value} rounded to {@code decimals} places; NaN and infinities become null. */
  public static JsonElement number(double value, int decimals) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return JsonNull.INSTANCE;
    }
    return new JsonPrimitive(round(value, decimals));
  }

  public static double round(double value, int decimals) {
    double scale = Math.pow(10, decimals);
    return Math.round(value * scale) / scale;
  }
}
