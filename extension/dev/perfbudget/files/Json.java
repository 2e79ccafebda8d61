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

  /**
   * {@code value} rounded to {@code decimals} places, or to 4 significant digits where that keeps
   * more (a ratio of 4.2e-5 is not 0); NaN and infinities become null.
   */
  public static JsonElement number(double value, int decimals) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return JsonNull.INSTANCE;
    }
    boolean small = value != 0 && Math.abs(value) < Math.pow(10, 2 - decimals);
    return new JsonPrimitive(small ? significant(value, 4) : round(value, decimals));
  }

  /** {@code value} rounded to {@code digits} significant digits: 4.2137e-5 to 4 digits is 4.214e-5. */
  public static double significant(double value, int digits) {
    if (value == 0 || Double.isNaN(value) || Double.isInfinite(value)) {
      return value;
    }
    return new java.math.BigDecimal(value).round(new java.math.MathContext(digits)).doubleValue();
  }

  public static double round(double value, int decimals) {
    double scale = Math.pow(10, decimals);
    return Math.round(value * scale) / scale;
  }
}
