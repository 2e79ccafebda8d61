package dev.perfbudget.judge;

import dev.perfbudget.engine.Measurement;
import dev.perfbudget.engine.Measurement.ArmResult;
import dev.perfbudget.plan.BytesBudget;
import dev.perfbudget.units.Format;
import java.util.ArrayList;
import java.util.List;

/**
 * Holds a measurement to its bytes budget. Allocation counts do not drift with the machine as
 * times do, so they are checked on the measured figures directly, without an interval or a
 * confirmation.
 */
final class BytesCheck {

  private BytesCheck() {}

  /**
   * What is over the limits, one line each; empty when within them. A limit that cannot be
   * checked, because the workload does not count bytes, is reported as over.
   */
  static List<String> overruns(BytesBudget budget, Measurement m) {
    List<String> overruns = new ArrayList<>();
    ArmResult candidate = m.candidate();
    ArmResult baseline = m.baseline();
    if (budget.maxRatio() > 0) {
      double ratio = m.bytesRatio();
      if (Double.isNaN(ratio)) {
        overruns.add(
            String.format(
                "bytes/op ratio: not counted by this workload, so %s (%s) cannot be checked",
                Format.ratio(budget.maxRatio()), budget.ratioSource()));
      } else if (ratio > budget.maxRatio()) {
        overruns.add(
            String.format(
                "bytes/op ratio %s / %s: %s (%.0f / %.0f bytes/op), over the limit %s (%s)",
                candidate.name(), baseline.name(), Format.ratio(ratio), candidate.bytesPerOp(),
                baseline.bytesPerOp(), Format.ratio(budget.maxRatio()), budget.ratioSource()));
      }
    }
    if (budget.maxPerOp() > 0) {
      if (Double.isNaN(candidate.bytesPerOp())) {
        overruns.add(
            String.format(
                "bytes/op: not counted by this workload, so %.0f (%s) cannot be checked",
                budget.maxPerOp(), budget.perOpSource()));
      } else if (candidate.bytesPerOp() > budget.maxPerOp()) {
        overruns.add(
            String.format(
                "bytes/op of %s: %.0f, over the limit %.0f (%s)",
                candidate.name(), candidate.bytesPerOp(), budget.maxPerOp(), budget.perOpSource()));
      }
    }
    return overruns;
  }
}
