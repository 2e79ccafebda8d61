package dev.perfbudget.report;

import dev.perfbudget.engine.Measurement;
import dev.perfbudget.environment.Environment;
import dev.perfbudget.judge.Outcome;
import dev.perfbudget.units.Format;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The result as JUnit report entries ({@code perfbudget.verdict}, {@code perfbudget.ratio},
 * ...), which IDEs show beside the test and Surefire writes into its XML reports.
 */
final class ReportEntries implements Reporter {

  private final Consumer<Map<String, String>> publish;

  public ReportEntries(Consumer<Map<String, String>> publish) {
    this.publish = publish;
  }

  @Override
  public void report(Outcome outcome, Environment environment) {
    publish.accept(of(outcome));
  }

  static Map<String, String> of(Outcome outcome) {
    Map<String, String> entry = new LinkedHashMap<>();
    entry.put("perfbudget.verdict", outcome.verdict().name());
    Measurement m = outcome.measurement();
    if (m != null) {
      entry.put("perfbudget.ratio", Format.ratio(m.ratio()));
      entry.put("perfbudget.ratioLow", Format.ratio(m.interval().low()));
      entry.put("perfbudget.ratioHigh", Format.ratio(m.interval().high()));
      entry.put("perfbudget.baseline", m.baseline().name() + " " + Format.nanos(m.baseline().nsPerOp()) + "/op");
      entry.put("perfbudget.candidate", m.candidate().name() + " " + Format.nanos(m.candidate().nsPerOp()) + "/op");
      entry.put("perfbudget.pairs", Integer.toString(m.pairs()));
    }
    if (outcome.limit().isSet()) {
      entry.put("perfbudget.limit", Format.ratio(outcome.limit().value()));
    }
    return entry;
  }
}
