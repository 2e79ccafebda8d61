package dev.perfbudget;

/**
 * The highest ratio that passes, and where it came from, in words for messages.
 *
 * @param value the limit; 0 when there is none
 * @param source where it came from, such as {@code maxRatio on @PerfBudget}
 */
record Limit(double value, String source) {

  static final Limit NONE = new Limit(0, "none");

  static Limit maxRatio(double value) {
    return new Limit(value, "maxRatio on @PerfBudget");
  }

  static Limit recorded(BudgetEntry entry, double tolerance, String toleranceSource, BudgetFile file) {
    return new Limit(
        entry.ratio() * tolerance,
        String.format(
            "recorded ratio %s x tolerance %s (%s) in %s",
            Format.ratio(entry.ratio()), Format.factor(tolerance), toleranceSource, file.path()));
  }

  boolean isSet() {
    return value > 0;
  }
}
