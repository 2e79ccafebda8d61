package dev.perfbudget.testkit;

import dev.perfbudget.budget.BudgetEntry;
import dev.perfbudget.budget.BudgetFile;
import dev.perfbudget.environment.Environment;
import dev.perfbudget.judge.Outcome;
import dev.perfbudget.judge.Verdict;
import dev.perfbudget.plan.BytesBudget;
import dev.perfbudget.plan.Limit;
import dev.perfbudget.report.ReportFile;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/** A second JVM's writes, for the tests that check nothing is lost when JVMs write at once. */
public final class ConcurrentWriter {

  private ConcurrentWriter() {}

  /** Arguments: {@code budget|report}, the file or report folder, a key prefix, a count. */
  public static void main(String[] args) throws Exception {
    Path path = Path.of(args[1]);
    int count = Integer.parseInt(args[3]);
    for (int i = 0; i < count; i++) {
      String key = args[2] + "#" + i;
      if (args[0].equals("budget")) {
        new BudgetFile(path).record(key, new BudgetEntry(1 + i, "op", "a", "b", "t", "c", "j", "p", 0, 0));
      } else {
        Outcome outcome =
            new Outcome(key, key, "op", Verdict.SKIPPED, false, Limit.NONE, null, Double.NaN, Map.of(), "", Instant.now(), BytesBudget.NONE);
        new ReportFile(path).report(outcome, Environment.current());
      }
    }
  }
}
