package dev.perfbudget.plan;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.units.Format;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/** Checks the attributes of a {@link PerfBudget} annotation; a wrong one names itself and the fix. */
final class AnnotationCheck {

  private AnnotationCheck() {}

  static void check(PerfBudget annotation, String test) {
    double maxRatio = annotation.maxRatio();
    if (!(maxRatio >= 0) || Double.isInfinite(maxRatio)) {
      throw new ExtensionConfigurationException(
          String.format(
              "@PerfBudget on method [%s] must be declared with a positive `maxRatio`, or 0 to use "
                  + "the budget file, but it is %s.",
              test, maxRatio));
    }
    double tolerance = annotation.tolerance();
    if (tolerance != 0 && (!(tolerance >= 1) || Double.isInfinite(tolerance))) {
      throw new ExtensionConfigurationException(
          String.format(
              "@PerfBudget on method [%s] must be declared with a `tolerance` of at least 1 (10 "
                  + "means an order of magnitude), or 0 to use perfbudget.tolerance, but it is %s.",
              test, tolerance));
    }
    if (maxRatio > 0 && tolerance != 0) {
      throw new ExtensionConfigurationException(
          String.format(
              "@PerfBudget on method [%s] declares both `maxRatio` (%s) and `tolerance` (%s), but a "
                  + "tolerance applies only to a ratio recorded in the budget file, and `maxRatio` replaces "
                  + "that: remove `tolerance`, or remove `maxRatio` to use the recorded ratio.",
              test, Format.factor(maxRatio), Format.factor(tolerance)));
    }
    checkBytesLimit(test, "maxBytesRatio", annotation.maxBytesRatio());
    checkBytesLimit(test, "maxBytesPerOp", annotation.maxBytesPerOp());
    if (!annotation.key().isEmpty() && annotation.key().isBlank()) {
      throw new ExtensionConfigurationException(
          String.format(
              "@PerfBudget on method [%s] must be declared with a `key` that is not blank, or "
                  + "none to use the default key %s.",
              test, test));
    }
  }

  private static void checkBytesLimit(String test, String attribute, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new ExtensionConfigurationException(
          String.format(
              "@PerfBudget on method [%s] must be declared with a positive `%s`, or 0 to use "
                  + "the budget file, but it is %s.",
              test, attribute, value));
    }
  }
}
