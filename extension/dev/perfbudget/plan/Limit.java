package dev.perfbudget.plan;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.budget.BudgetEntry;
import dev.perfbudget.budget.BudgetFile;
import dev.perfbudget.units.Format;
import org.apiguardian.api.API;

/**
 * The highest ratio that passes, and where it came from, in words for messages.
 *
 * @param value the limit; 0 when there is none
 * @param source where it came from, such as {@code maxRatio on @PerfBudget}
 * @param recordedRatio the ratio recorded in the budget file that the limit was made from, or 0
 *     when the limit did not come from one
 */
@API(status = INTERNAL)
public record Limit(double value, String source, double recordedRatio) {

  public static final Limit NONE = new Limit(0, "none");

  /** A limit that did not come from a recorded ratio. */
  public Limit(double value, String source) {
    this(value, source, 0);
  }

  public static Limit maxRatio(double value) {
    return new Limit(value, "maxRatio on @PerfBudget");
  }

  public static Limit recorded(BudgetEntry entry, double tolerance, String toleranceSource, BudgetFile file) {
    return new Limit(
        entry.ratio() * tolerance,
        String.format(
            "recorded ratio %s x tolerance %s (%s) in %s",
            Format.ratio(entry.ratio()), Format.factor(tolerance), toleranceSource, file.path()),
        entry.ratio());
  }

  /** Whether the limit is {@code maxRatio} on the annotation, which no recorded budget changes. */
  public boolean fromAnnotation() {
    return source.equals(maxRatio(1).source());
  }

  public boolean isSet() {
    return value > 0;
  }
}
