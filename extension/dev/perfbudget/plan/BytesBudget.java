package dev.perfbudget.plan;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.budget.BudgetEntry;
import dev.perfbudget.budget.BudgetFile;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Optional limits on what the candidate allocates: on the ratio of bytes per operation,
 * candidate / baseline, and on the candidate's bytes per operation. The judge holds a
 * measurement to them.
 *
 * @param maxRatio the highest bytes/op ratio that passes; 0 when unset
 * @param ratioSource where {@code maxRatio} came from
 * @param maxPerOp the highest candidate bytes/op that passes; 0 when unset
 * @param perOpSource where {@code maxPerOp} came from
 */
@API(status = INTERNAL)
public record BytesBudget(double maxRatio, String ratioSource, double maxPerOp, String perOpSource) {

  public static final BytesBudget NONE = new BytesBudget(0, "none", 0, "none");

  /** The annotation's limits where set (more specific), else the budget entry's. */
  public static BytesBudget of(PerfBudget annotation, Optional<BudgetEntry> entry, BudgetFile file) {
    double entryRatio = entry.map(BudgetEntry::maxBytesRatio).orElse(0.0);
    double entryPerOp = entry.map(BudgetEntry::maxBytesPerOp).orElse(0.0);
    String inFile = " in " + file.path();
    return new BytesBudget(
        annotation.maxBytesRatio() > 0 ? annotation.maxBytesRatio() : entryRatio,
        annotation.maxBytesRatio() > 0 ? "maxBytesRatio on @PerfBudget" : entryRatio > 0 ? "maxBytesRatio" + inFile : "none",
        annotation.maxBytesPerOp() > 0 ? annotation.maxBytesPerOp() : entryPerOp,
        annotation.maxBytesPerOp() > 0 ? "maxBytesPerOp on @PerfBudget" : entryPerOp > 0 ? "maxBytesPerOp" + inFile : "none");
  }

  boolean isSet() {
    return maxRatio > 0 || maxPerOp > 0;
  }
}
