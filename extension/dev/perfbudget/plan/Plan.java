package dev.perfbudget.plan;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.budget.BudgetEntry;
import dev.perfbudget.budget.BudgetFile;
import java.util.Optional;
import org.apiguardian.api.API;
import org.opentest4j.AssertionFailedError;

/**
 * What a perf test is held to, decided before anything is measured: its budget key, the ratio
 * limit and where it came from, the bytes budget, and the settings of the run.
 *
 * <p>Only this test's entry of the budget file is read: a malformed entry of another test fails
 * that test alone.
 *
 * @param test {@code <class FQN>#<method>}, and for one invocation of a parameter sweep its
 *     arguments in brackets: {@code <class FQN>#<method>[1024]}
 * @param key the budget-file key: the annotation's {@code key}, else {@code <class FQN>#<method>},
 *     with the invocation's arguments in brackets for a parameter sweep
 * @param recordCommand the command that records this test's budget, for messages
 */
@API(status = INTERNAL)
public record Plan(
    String test, String key, Limit limit, BytesBudget bytes, BudgetFile budgets, Settings settings, String recordCommand) {

  /**
   * Checks the annotation, reads the budget file and decides the limits. A wrong annotation or
   * configuration, or a malformed budget file, fails here, before anything runs.
   *
   * @param method {@code <class FQN>#<method>}
   * @param invocation empty, or for one invocation of a parameter sweep its arguments in
   *     brackets, such as {@code [1024]}
   * @throws AssertionFailedError under CI in enforce mode, when the test has no budget at all
   */
  public static Plan of(PerfBudget annotation, String method, String invocation, Settings settings, String recordCommand) {
    String test = method + invocation;
    AnnotationCheck.check(annotation, test);
    String key = (annotation.key().isEmpty() ? method : annotation.key()) + invocation;
    BudgetFile budgets = new BudgetFile(settings.budgetsFile(), settings.lockTimeout());
    Optional<BudgetEntry> entry = budgets.find(key); // a malformed file is reported now, not after measuring
    Limit limit = Limit.NONE;
    if (annotation.maxRatio() > 0) {
      limit = Limit.maxRatio(annotation.maxRatio());
    } else if (entry.isPresent()) {
      boolean own = annotation.tolerance() > 0;
      limit =
          Limit.recorded(
              entry.get(),
              own ? annotation.tolerance() : settings.tolerance(),
              own ? "tolerance on @PerfBudget" : settings.toleranceSource(),
              budgets);
    } else if (settings.mode() == Mode.ENFORCE && settings.underCi()) {
      throw new AssertionFailedError(missingBudget(test, key, budgets, recordCommand));
    }
    BytesBudget bytes = BytesBudget.of(annotation, entry, budgets);
    return new Plan(test, key, limit, bytes, budgets, settings, recordCommand);
  }

  /** Whether this run measures to record a ratio rather than to check one. */
  public boolean records() {
    return settings.mode() == Mode.RECORD || (!limit.isSet() && settings.mode() == Mode.ENFORCE);
  }

  private static String missingBudget(String test, String key, BudgetFile file, String recordCommand) {
    return String.format(
        "@PerfBudget test %s has no budget: neither `maxRatio` on @PerfBudget nor an entry "
            + "\"%s\" in %s.%n"
            + "Under CI (CI=true) a missing budget fails the test, so that a gate is never silently off.%n"
            + "What to do: record it on your machine and commit the budget file:%n  %s%n"
            + "or set `maxRatio` on @PerfBudget.",
        test, key, file.path(), recordCommand);
  }
}
