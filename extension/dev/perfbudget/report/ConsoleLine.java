package dev.perfbudget.report;

import dev.perfbudget.engine.Measurement;
import dev.perfbudget.environment.Environment;
import dev.perfbudget.judge.Outcome;
import dev.perfbudget.units.Format;

/** The one line a perf test prints: verdict, ratio with interval, limit, both arms, time. */
final class ConsoleLine implements Reporter {

  @Override
  public void report(Outcome outcome, Environment environment) {
    System.out.println(of(outcome));
  }

  public static String of(Outcome outcome) {
    StringBuilder line = new StringBuilder("[perfbudget] ");
    line.append(String.format("%-8s %s", outcome.verdict(), outcome.test()));
    Measurement m = outcome.measurement();
    if (m == null) {
      return line.append("  ").append(outcome.note()).toString();
    }
    line.append("  ratio ")
        .append(Format.ratio(m.ratio()))
        .append(" [")
        .append(Format.ratio(m.interval().low()))
        .append(", ")
        .append(Format.ratio(m.interval().high()))
        .append("]");
    line.append(outcome.limit().isSet() ? "  limit " + Format.ratio(outcome.limit().value()) : "  no limit");
    line.append("  ")
        .append(m.baseline().name())
        .append(' ')
        .append(Format.nanos(m.baseline().nsPerOp()))
        .append("/op, ")
        .append(m.candidate().name())
        .append(' ')
        .append(Format.nanos(m.candidate().nsPerOp()))
        .append("/op")
        .append(loop(m))
        .append("  ")
        .append(m.pairs())
        .append(" pairs  ")
        .append(Format.millis(m.elapsedNanos()));
    if (!outcome.note().isEmpty()) {
      line.append("  (").append(outcome.note()).append(')');
    }
    return line.toString();
  }

  /** The measuring loop's cost, where it is a tenth or more of the baseline's ns/op. */
  private static String loop(Measurement m) {
    return m.loopNsPerOp() > 0 && m.loopNsPerOp() >= 0.1 * m.baseline().nsPerOp()
        ? " (loop " + Format.nanos(m.loopNsPerOp()) + ")"
        : "";
  }
}
