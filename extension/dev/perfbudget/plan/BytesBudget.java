package dev.perfbudget.plan;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.budget.BudgetEntry;
import dev.perfbudget.budget.BudgetFile;
import dev.perfbudget.engine.Measurement.ArmResult;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.units.Format;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Optional limits on what the candidate allocates: on the ratio of bytes per operation,
 * candidate / baseline, and on the candidate's bytes per operation. Allocation counts do not
 * drift with the machine as times do, so these are checked on the measured figures directly,
 * without an interval or a confirmation.
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

  /** The candidate's bytes per op over the baseline's; NaN when either arm does not count bytes. */
  public static double ratio(Measurement m) {
    return m.candidate().bytesPerOp() / m.baseline().bytesPerOp();
  }

  /**
   * What is over the limits, one line each; empty when within them. A limit that cannot be
   * checked, because the workload does not count bytes, is reported as over.
   */
  public List<String> overruns(Measurement m) {
    List<String> overruns = new ArrayList<>();
    ArmResult candidate = m.candidate();
    ArmResult baseline = m.baseline();
    if (maxRatio > 0) {
      double ratio = ratio(m);
      if (Double.isNaN(ratio)) {
        overruns.add(String.format("bytes/op ratio: not counted by this workload, so %s (%s) cannot be checked", Format.ratio(maxRatio), ratioSource));
      } else if (ratio > maxRatio) {
        overruns.add(
            String.format(
                "bytes/op ratio %s / %s: %s (%.0f / %.0f bytes/op), over the limit %s (%s)",
                candidate.name(), baseline.name(), Format.ratio(ratio), candidate.bytesPerOp(),
                baseline.bytesPerOp(), Format.ratio(maxRatio), ratioSource));
      }
    }
    if (maxPerOp > 0) {
      if (Double.isNaN(candidate.bytesPerOp())) {
        overruns.add(String.format("bytes/op: not counted by this workload, so %.0f (%s) cannot be checked", maxPerOp, perOpSource));
      } else if (candidate.bytesPerOp() > maxPerOp) {
        overruns.add(
            String.format(
                "bytes/op of %s: %.0f, over the limit %.0f (%s)",
                candidate.name(), candidate.bytesPerOp(), maxPerOp, perOpSource));
      }
    }
    return overruns;
  }
}
