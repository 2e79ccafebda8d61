package dev.perfbudget.judge;

import dev.perfbudget.AbsoluteLimit;
import dev.perfbudget.engine.Measurement.ArmResult;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.units.Format;
import java.util.List;

/** The multi-line messages of failing perf tests: what was measured, against what, what next. */
final class FailureMessage {

  private FailureMessage() {}

  static String regressed(Outcome outcome, String recordCommand) {
    Measurement m = outcome.measurement();
    StringBuilder message = new StringBuilder();
    message
        .append(String.format("@PerfBudget test %s is over its budget.%n", outcome.test()))
        .append(String.format("Expecting ratio %s / %s:%n", m.candidate().name(), m.baseline().name()))
        .append(
            String.format(
                "  %s (95%% interval %s to %s, median of %d pairs)%n",
                Format.ratio(m.ratio()),
                Format.ratio(m.interval().low()),
                Format.ratio(m.interval().high()),
                m.pairs()))
        .append(String.format("to be at most the limit:%n"))
        .append(String.format("  %s (%s)%n", Format.ratio(outcome.limit().value()), outcome.limit().source()))
        .append(arm("baseline ", m.baseline()))
        .append(arm("candidate", m.candidate()));
    if (m.loopNsPerOp() > 0) {
      message.append(
          String.format(
              "  (ns/op include the measuring loop, %s/op; net of it: %s and %s)%n",
              Format.nanos(m.loopNsPerOp()), Format.nanos(m.baseline().netNsPerOp()), Format.nanos(m.candidate().netNsPerOp())));
    }
    if (!Double.isNaN(outcome.unconfirmedRatio())) {
      message.append(
          String.format(
              "A first, independent measurement gave %s, so this is not a one-off.%n",
              Format.ratio(outcome.unconfirmedRatio())));
    }
    if (outcome.verdict() == Verdict.NOISY) {
      message.append(
          String.format(
              "The 99%% interval that decides still spans the limit after %s: the machine is noisy, and the median is past the limit.%n",
              Format.millis(m.elapsedNanos())));
    }
    message.append(String.format("What to do: find what made %s slower; ", m.candidate().name()));
    if (outcome.limit().fromAnnotation()) {
      // Recording changes nothing here: the annotation's limit wins over the budget file.
      message.append(
          String.format(
              "if the new cost is intended, raise `maxRatio` on @PerfBudget above %s, or remove `maxRatio` "
                  + "and record a budget in the budget file:%n  %s",
              Format.ratio(m.interval().high()), recordCommand));
    } else {
      message.append(
          String.format(
              "if the new cost is intended, record the new ratio and commit the budget file:%n  %s%n"
                  + "or raise `tolerance` on @PerfBudget.",
              recordCommand));
    }
    return message.toString();
  }

  static String invalid(Outcome outcome, List<String> problems, boolean recording) {
    Measurement m = outcome.measurement();
    StringBuilder message =
        new StringBuilder(String.format("@PerfBudget test %s measured nothing that can be trusted (INVALID):%n", outcome.test()));
    problems.forEach(problem -> message.append("  - ").append(problem).append(String.format(".%n")));
    if (m != null) {
      message
          .append(String.format("Measured ratio %s / %s: %s (%d pairs, not judged)%n",
              m.candidate().name(), m.baseline().name(), Format.ratio(m.ratio()), m.pairs()))
          .append(arm("baseline ", m.baseline()))
          .append(arm("candidate", m.candidate()));
    }
    message.append(recording ? "Nothing was recorded in the budget file." : "The test fails until the measurement can be trusted.");
    return message.toString();
  }

  static String overBytes(Outcome outcome, List<String> overruns) {
    Measurement m = outcome.measurement();
    StringBuilder message =
        new StringBuilder(String.format("@PerfBudget test %s allocates over its bytes budget:%n", outcome.test()));
    overruns.forEach(overrun -> message.append("  ").append(overrun).append(String.format("%n")));
    message
        .append(arm("baseline ", m.baseline()))
        .append(arm("candidate", m.candidate()))
        .append(
            String.format(
                "What to do: find what %s allocates more of; if that is intended, raise the limit on "
                    + "@PerfBudget or in the budget file.",
                m.candidate().name()));
    return message.toString();
  }

  /** One line for a kind's figure over its absolute limit. */
  static String overAbsoluteLimit(AbsoluteLimit limit) {
    return String.format(
        "%s costs %s (%s), over the absolute limit %s (%s)",
        limit.figure(), micros(limit.nanos()), limit.how(), micros(limit.maxNanos()), limit.source());
  }

  static String overAbsoluteLimits(Outcome outcome, List<String> overruns) {
    StringBuilder message =
        new StringBuilder(String.format("@PerfBudget test %s is over an absolute limit of its workload:%n", outcome.test()));
    overruns.forEach(overrun -> message.append("  ").append(overrun).append(String.format("%n")));
    return message
        .append("What to do: find what made it slower; if the new cost is intended, raise the limit named above.")
        .toString();
  }

  private static String micros(double nanos) {
    return String.format("%.1f us", nanos / 1000);
  }

  private static String arm(String role, ArmResult arm) {
    String bytes = Double.isNaN(arm.bytesPerOp()) ? "" : String.format(", %.0f bytes/op", arm.bytesPerOp());
    return String.format(
        "  %s %-12s %s/op%s%n", role, arm.name() + ":", Format.nanos(arm.nsPerOp()), bytes);
  }
}
