package dev.perfbudget.units;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Locale;
import org.apiguardian.api.API;

/** Number formats shared by the console line and the failure message. */
@API(status = INTERNAL)
public final class Format {

  private Format() {}

  /** A ratio with three significant digits: 0.987, 1.02, 12.4, 153; 4.21e-05 below 0.001. */
  public static String ratio(double value) {
    if (Double.isNaN(value)) {
      return "n/a";
    }
    double magnitude = Math.abs(value);
    if (magnitude > 0 && magnitude < 0.001) {
      return String.format(Locale.ROOT, "%.2e", value); // a cached lookup against a recomputation: never "0.000"
    }
    String pattern = magnitude >= 100 ? "%.0f" : magnitude >= 10 ? "%.1f" : magnitude >= 1 ? "%.2f" : "%.3f";
    return String.format(Locale.ROOT, pattern, value);
  }

  /** A factor as the user wrote it: 10, 2.5. */
  public static String factor(double value) {
    return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  /** A cost per operation with its unit: 0.42 ns, 51.2 ns, 3.41 us, 12.0 ms. */
  public static String nanos(double nanos) {
    if (nanos >= 1e6) {
      return ratio(nanos / 1e6) + " ms";
    }
    if (nanos >= 1e3) {
      return ratio(nanos / 1e3) + " us";
    }
    return ratio(nanos) + " ns";
  }

  public static String millis(long nanos) {
    return nanos >= 1_000_000_000L
        ? String.format(Locale.ROOT, "%.1f s", nanos / 1e9)
        : (nanos / 1_000_000) + " ms";
  }
}
