package dev.perfbudget.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import dev.perfbudget.environment.Environment;
import dev.perfbudget.files.Json;
import dev.perfbudget.judge.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;

/**
 * {@code report-jmh.json}: the results in JMH's JSON result format (what {@code -rf json}
 * writes), so that tools made for JMH's results read perfbudget's: github-action-benchmark with
 * {@code tool: 'jmh'}, JMH visualizers.
 *
 * <p>Each test becomes up to three entries named {@code <class>.<method>}, as JMH names a
 * benchmark, told apart by the params {@code arm} and {@code name} (as JMH tells {@code @Param}
 * values apart): one per arm, scored in ns/op with the loop included as JMH scores, its p50, p95
 * and slowest sample as percentiles, its allocation and GC as JMH's GC profiler names them; and
 * one for the ratio candidate / baseline, with its 95% confidence interval and the per-pair
 * ratios as raw data. Every entry has every field JMH 1.37 writes; what perfbudget does not
 * measure is {@code "NaN"}, as JMH writes it. A test without a measurement (skipped, or
 * invalid before it measured) has no number to carry and is left out.
 *
 * <p>Written beside report.json from its content, on every result and by {@code ReportCommand}.
 */
final class JmhExport implements Reporter {

  static final String FILE = "report-jmh.json";

  /** The percentiles JMH writes, in its order and spelling. */
  private static final double[] PERCENTILES = {0.0, 50.0, 90.0, 95.0, 99.0, 99.9, 99.99, 99.999, 99.9999, 100.0};

  private static final JsonPrimitive NAN = new JsonPrimitive("NaN");

  private final Path reportDir;
  private final Duration lockTimeout;

  JmhExport(Path reportDir, Duration lockTimeout) {
    this.reportDir = reportDir;
    this.lockTimeout = lockTimeout;
  }

  @Override
  public void report(Outcome outcome, Environment environment) throws IOException {
    ReportFile.writeBeside(reportDir, lockTimeout, FILE, JmhExport::of);
  }

  static String of(JsonObject report) {
    JsonObject environment = environment(report);
    JsonArray entries = new JsonArray();
    for (JsonElement element : results(report)) {
      JsonObject result = element.getAsJsonObject();
      String benchmark = ReportText.string(result, "test").replace('#', '.');
      for (String which : new String[] {"baseline", "candidate"}) {
        ReportText.object(result, which)
            .filter(arm -> !Double.isNaN(ReportText.number(arm, "nsPerOp")))
            .ifPresent(arm -> entries.add(armEntry(benchmark, which, arm, result, environment)));
      }
      if (!Double.isNaN(ReportText.number(result, "ratio"))) {
        entries.add(ratioEntry(benchmark, result, environment));
      }
    }
    return Json.pretty(entries);
  }

  private static JsonObject armEntry(String benchmark, String which, JsonObject arm, JsonObject result, JsonObject environment) {
    double score = ReportText.number(arm, "nsPerOp");
    double[] percentiles = new double[PERCENTILES.length];
    Arrays.fill(percentiles, Double.NaN);
    percentiles[1] = ReportText.number(arm, "p50NsPerOp");
    percentiles[3] = ReportText.number(arm, "p95NsPerOp");
    percentiles[9] = ReportText.number(arm, "maxNsPerOp");
    JsonObject primary = metric(score, Double.NaN, Double.NaN, percentiles, "ns/op", new JsonArray());
    JsonObject secondary = new JsonObject();
    secondary.add("netNsPerOp", single(ReportText.number(arm, "netNsPerOp"), "ns/op"));
    secondary.add("gc.alloc.rate.norm", single(ReportText.number(arm, "bytesPerOp"), "B/op"));
    secondary.add("gc.count", single(ReportText.number(arm, "gcCount"), "counts"));
    secondary.add("gc.time", single(ReportText.number(arm, "gcMs"), "ms"));
    return entry(benchmark, which, ReportText.string(arm, "name"), (long) ReportText.number(arm, "samples"),
        result, environment, primary, secondary);
  }

  private static JsonObject ratioEntry(String benchmark, JsonObject result, JsonObject environment) {
    double ratio = ReportText.number(result, "ratio");
    double[] pairs = ReportText.numbers(result, "pairRatios");
    double[] percentiles = new double[PERCENTILES.length];
    for (int i = 0; i < PERCENTILES.length; i++) {
      percentiles[i] = percentile(pairs, PERCENTILES[i]);
    }
    JsonArray fork = new JsonArray();
    Arrays.stream(pairs).forEach(fork::add);
    JsonArray raw = new JsonArray();
    raw.add(fork);
    JsonObject primary = metric(ratio, ReportText.number(result, "ratioLow"), ReportText.number(result, "ratioHigh"),
        percentiles, "ratio", raw);
    String name = armName(result, "candidate") + " / " + armName(result, "baseline");
    return entry(benchmark, "ratio", name, (long) ReportText.number(result, "pairs"), result, environment, primary,
        new JsonObject());
  }

  private static JsonObject entry(String benchmark, String arm, String name, long iterations, JsonObject result,
      JsonObject environment, JsonObject primary, JsonObject secondary) {
    String jvm = ReportText.string(environment, "jvm");
    String vmVersion = jvm.substring(jvm.lastIndexOf(' ') + 1);
    Optional<JsonObject> warmUp = ReportText.object(result, "warmUp");
    double threads = ReportText.object(result, "workload").map(w -> ReportText.number(w, "threads")).orElse(Double.NaN);
    JsonObject entry = new JsonObject();
    entry.addProperty("jmhVersion", "perfbudget");
    entry.addProperty("benchmark", benchmark);
    entry.addProperty("mode", "avgt");
    entry.addProperty("threads", Double.isNaN(threads) ? 1 : (long) threads);
    // 0: measured in the test's own JVM, as JMH runs with -f 0.
    entry.addProperty("forks", 0);
    entry.addProperty("jvm", jvm);
    JsonArray jvmArgs = new JsonArray();
    Arrays.stream(ReportText.string(environment, "jvmFlags").split(" ")).filter(a -> !a.isBlank()).forEach(jvmArgs::add);
    entry.add("jvmArgs", jvmArgs);
    entry.addProperty("jdkVersion", vmVersion.split("[+-]", 2)[0]);
    entry.addProperty("vmName", jvm.substring(0, Math.max(0, jvm.lastIndexOf(' '))));
    entry.addProperty("vmVersion", vmVersion);
    entry.addProperty("warmupIterations", warmUp.map(w -> (long) ReportText.number(w, "rounds")).orElse(0L));
    entry.addProperty("warmupTime", warmUp.map(w -> ReportText.string(w, "ms") + " ms").orElse("0 ms"));
    entry.addProperty("warmupBatchSize", 1);
    entry.addProperty("measurementIterations", iterations);
    entry.addProperty("measurementTime", ReportText.string(result, "elapsedMs") + " ms");
    entry.addProperty("measurementBatchSize", 1);
    JsonObject params = new JsonObject();
    params.addProperty("arm", arm);
    params.addProperty("name", name);
    entry.add("params", params);
    entry.add("primaryMetric", primary);
    entry.add("secondaryMetrics", secondary);
    return entry;
  }

  private static JsonObject metric(double score, double low, double high, double[] percentiles, String unit, JsonArray raw) {
    JsonObject metric = new JsonObject();
    metric.add("score", number(score));
    // JMH's error is the half-width of a symmetric interval; the ratio's interval need not be
    // symmetric, so scoreConfidence carries its bounds exactly.
    metric.add("scoreError", Double.isNaN(low) || Double.isNaN(high) ? NAN : number((high - low) / 2));
    JsonArray confidence = new JsonArray();
    confidence.add(number(low));
    confidence.add(number(high));
    metric.add("scoreConfidence", confidence);
    JsonObject byPercentile = new JsonObject();
    for (int i = 0; i < PERCENTILES.length; i++) {
      byPercentile.add(String.valueOf(PERCENTILES[i]), number(percentiles[i]));
    }
    metric.add("scorePercentiles", byPercentile);
    metric.addProperty("scoreUnit", unit);
    metric.add("rawData", raw);
    return metric;
  }

  /** A secondary metric that is one figure, not a distribution. */
  private static JsonObject single(double score, String unit) {
    double[] percentiles = new double[PERCENTILES.length];
    Arrays.fill(percentiles, Double.NaN);
    return metric(score, Double.NaN, Double.NaN, percentiles, unit, new JsonArray());
  }

  /** The percentile as JMH computes it (commons-math's default): interpolated at p (n + 1). */
  static double percentile(double[] values, double p) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    double position = p / 100 * (sorted.length + 1);
    if (position < 1) {
      return sorted[0];
    }
    if (position >= sorted.length) {
      return sorted[sorted.length - 1];
    }
    int below = (int) Math.floor(position);
    double fraction = position - below;
    return sorted[below - 1] + fraction * (sorted[below] - sorted[below - 1]);
  }

  private static JsonElement number(double value) {
    return Double.isNaN(value) || Double.isInfinite(value) ? NAN : new JsonPrimitive(value);
  }

  private static String armName(JsonObject result, String which) {
    return ReportText.object(result, which).map(arm -> ReportText.string(arm, "name")).orElse(which);
  }

  /** Where the report was measured (a merged report: the newest of the reports merged). */
  static JsonObject environment(JsonObject report) {
    return ReportText.object(report, "environment").orElse(new JsonObject());
  }

  static JsonArray results(JsonObject report) {
    JsonElement results = report.get("results");
    return results != null && results.isJsonArray() ? results.getAsJsonArray() : new JsonArray();
  }
}
