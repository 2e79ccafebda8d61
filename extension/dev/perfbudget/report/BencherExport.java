package dev.perfbudget.report;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.perfbudget.environment.Environment;
import dev.perfbudget.files.Json;
import dev.perfbudget.judge.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * {@code report-bmf.json}: the results in Bencher Metric Format, for {@code bencher run
 * --adapter json --file report-bmf.json}.
 *
 * <p>Each test is a benchmark named as in report.json ({@code <class FQN>#<method>}) with the
 * measure {@code ratio} (candidate / baseline, its 95% confidence interval as lower and upper
 * value), and {@code bytes-ratio} where the arms count allocation. Each arm is a benchmark of
 * its own, {@code <test> baseline <name>} and {@code <test> candidate <name>}, with Bencher's
 * built-in {@code latency} measure in ns/op, loop included (as the JMH export scores it), and
 * {@code bytes-per-op} where the arm counts allocation. A test without a measurement has no
 * number to carry and is left out.
 *
 * <p>Written beside report.json from its content, on every result and by {@code ReportCommand}.
 */
final class BencherExport implements Reporter {

  static final String FILE = "report-bmf.json";

  private final Path reportDir;
  private final Duration lockTimeout;

  BencherExport(Path reportDir, Duration lockTimeout) {
    this.reportDir = reportDir;
    this.lockTimeout = lockTimeout;
  }

  @Override
  public void report(Outcome outcome, Environment environment) throws IOException {
    ReportFile.writeBeside(reportDir, lockTimeout, FILE, BencherExport::of);
  }

  static String of(JsonObject report) {
    JsonObject bmf = new JsonObject();
    for (JsonElement element : JmhExport.results(report)) {
      JsonObject result = element.getAsJsonObject();
      String test = ReportText.string(result, "test");
      JsonObject measures = new JsonObject();
      addMeasure(measures, "ratio", ReportText.number(result, "ratio"),
          ReportText.number(result, "ratioLow"), ReportText.number(result, "ratioHigh"));
      addMeasure(measures, "bytes-ratio", ReportText.number(result, "bytesRatio"), Double.NaN, Double.NaN);
      addBenchmark(bmf, test, measures);
      for (String which : new String[] {"baseline", "candidate"}) {
        ReportText.object(result, which).ifPresent(arm -> {
          JsonObject armMeasures = new JsonObject();
          addMeasure(armMeasures, "latency", ReportText.number(arm, "nsPerOp"), Double.NaN, Double.NaN);
          addMeasure(armMeasures, "bytes-per-op", ReportText.number(arm, "bytesPerOp"), Double.NaN, Double.NaN);
          addBenchmark(bmf, test + " " + which + " " + ReportText.string(arm, "name"), armMeasures);
        });
      }
    }
    return Json.pretty(bmf);
  }

  private static void addBenchmark(JsonObject bmf, String name, JsonObject measures) {
    if (measures.size() > 0) {
      bmf.add(name, measures);
    }
  }

  /** A measure with a value; its bounds only where they are known. */
  private static void addMeasure(JsonObject measures, String slug, double value, double low, double high) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return;
    }
    JsonObject metric = new JsonObject();
    metric.addProperty("value", value);
    if (!Double.isNaN(low) && !Double.isNaN(high)) {
      metric.addProperty("lower_value", low);
      metric.addProperty("upper_value", high);
    }
    measures.add(slug, metric);
  }
}
