package dev.perfbudget;

import dev.perfbudget.Measurement.ArmResult;

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
    if (!Double.isNaN(outcome.unconfirmedRatio())) {
      message.append(
          String.format(
              "A first, independent measurement gave %s, so this is not a one-off.%n",
              Format.ratio(outcome.unconfirmedRatio())));
    }
    if (outcome.verdict() == Verdict.NOISY) {
      message.append(
          String.format(
              "The interval still spans the limit after %s: the machine is noisy, and the median is past the limit.%n",
              Format.millis(m.elapsedNanos())));
    }
    message
        .append(String.format("What to do: find what made %s slower; ", m.candidate().name()))
        .append(
            String.format(
                "if the new cost is intended, raise the limit (maxRatio on @PerfBudget), or record "
                    + "the new ratio and commit the budget file:%n  %s",
                recordCommand));
    return message.toString();
  }

  static String overBytes(Outcome outcome, java.util.List<String> overruns) {
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

  static String missingBudget(String test, String key, BudgetFile file, String recordCommand) {
    return String.format(
        "@PerfBudget test %s has no budget: neither `maxRatio` on @PerfBudget nor an entry "
            + "\"%s\" in %s.%n"
            + "Under CI (CI=true) a missing budget fails the test, so that a gate is never silently off.%n"
            + "What to do: record it on your machine and commit the budget file:%n  %s%n"
            + "or set `maxRatio` on @PerfBudget.",
        test, key, file.path(), recordCommand);
  }

  private static String arm(String role, ArmResult arm) {
    String bytes = Double.isNaN(arm.bytesPerOp()) ? "" : String.format(", %.0f bytes/op", arm.bytesPerOp());
    return String.format(
        "  %s %-12s %s/op%s%n", role, arm.name() + ":", Format.nanos(arm.nsPerOp()), bytes);
  }
}
