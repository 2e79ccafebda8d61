package dev.perfbudget.bench;

import com.google.gson.JsonObject;
import dev.perfbudget.PerfBudget;
import dev.perfbudget.testkit.PerfTestKit;
import dev.perfbudget.workloads.OpWorkload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * perfbudget's ns/op against JMH's, on the {@link Panel}: each workload by JMH (one fork, 5
 * warm-up iterations of 0.5 s, 10 measured of 0.5 s) and at once by perfbudget's engine (a
 * {@code @PerfBudget} A/A test in record mode, run through the JUnit Platform), in one run; then
 * the ratio between pairs of panel workloads by both tools, perfbudget's measured in-run. JMH's
 * score is the mean of its iterations; the median iteration is shown beside it and compared,
 * because perfbudget reports medians and a noisy machine pulls means up.
 *
 * <p>{@code mvn -q test-compile exec:exec -Dbench=JmhAgreement} ({@code -Dbench.args=--quick}
 * checks the wiring in seconds; its numbers mean nothing)
 */
public final class JmhAgreement {

  /** Pairs whose ratio both tools measure: baseline, candidate. */
  private static final List<String[]> PAIRS =
      List.of(
          new String[] {"collection", "string"},
          new String[] {"string", "arrayLoop"},
          new String[] {"arrayLoop", "memoryPass"});

  private JmhAgreement() {}

  public static void main(String[] args) throws Exception {
    // --quick: a smoke run of a few seconds, to check the wiring; its numbers mean nothing.
    boolean quick = Arrays.asList(args).contains("--quick");
    Path dir = Files.createTempDirectory("perfbudget-jmh");
    PerfTestKit kit =
        new PerfTestKit(dir)
            .with("perfbudget.mode", "record")
            .with("perfbudget.time.max", quick ? "500ms" : "5s")
            .with("perfbudget.warmup.max", quick ? "200ms" : "2s")
            .with("perfbudget.ci", "false");
    // Each workload by JMH and then at once by perfbudget, so both see the machine alike.
    Map<String, double[]> jmhScores = new LinkedHashMap<>();
    Map<String, Double> jmh = new LinkedHashMap<>();
    Map<String, double[]> perfbudget = new LinkedHashMap<>();
    for (String workload : Panel.WORKLOADS.keySet()) {
      jmhScores.put(workload, runJmh(workload, quick));
      jmh.put(workload, jmhScores.get(workload)[1]);
      JsonObject result = measure(kit, workload, workload);
      perfbudget.put(
          workload,
          new double[] {nsPerOp(result, "baseline", "nsPerOp"), nsPerOp(result, "baseline", "rawNsPerOp"), nsPerOp(result, "candidate", "nsPerOp")});
    }

    System.out.printf(Locale.ROOT, "%n| workload | JMH score (mean) | JMH median iteration | perfbudget ns/op | perfbudget / JMH median | perfbudget with its loop | with loop / JMH median | candidate arm (same op) |%n");
    System.out.printf(Locale.ROOT, "|---|---:|---:|---:|---:|---:|---:|---:|%n");
    List<Double> deviations = new ArrayList<>();
    for (var entry : perfbudget.entrySet()) {
      double reference = jmh.get(entry.getKey());
      double ours = entry.getValue()[0];
      deviations.add(Math.abs(ours / reference - 1));
      double raw = entry.getValue()[1];
      System.out.printf(
          Locale.ROOT, "| %s | %s | %s | %s | %.3f | %s | %.3f | %s |%n", entry.getKey(), ns(jmhScores.get(entry.getKey())[0]),
          ns(reference), ns(ours), ours / reference,
          ns(raw), raw / reference, ns(entry.getValue()[2]));
    }
    double[] sorted = deviations.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    double median = sorted.length % 2 == 1 ? sorted[sorted.length / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    System.out.printf(
        Locale.ROOT, "%nMedian |perfbudget / JMH median - 1| over the panel: %.1f%% (target: within 15%%); worst %.1f%%.%n",
        100 * median, 100 * sorted[sorted.length - 1]);

    System.out.printf(Locale.ROOT, "%n| candidate / baseline | JMH ratio | perfbudget in-run ratio [95%% CI] | perfbudget / JMH |%n");
    System.out.printf(Locale.ROOT, "|---|---:|---:|---:|%n");
    for (String[] pair : PAIRS) {
      JsonObject result = measure(kit, pair[0], pair[1]);
      double reference = jmh.get(pair[1]) / jmh.get(pair[0]);
      double ours = result.get("ratio").getAsDouble();
      System.out.printf(
          Locale.ROOT, "| %s / %s | %.3f | %.3f [%.3f, %.3f] | %.3f |%n", pair[1], pair[0], reference, ours,
          result.get("ratioLow").getAsDouble(), result.get("ratioHigh").getAsDouble(), ours / reference);
    }
    System.out.println("\nTarget: workload-to-workload ratios within 10% of JMH's.");
    System.exit(0);
  }

  /** JMH's score (the mean of its iterations) and the median of its iterations, in ns/op. */
  private static double[] runJmh(String workload, boolean quick) throws Exception {
    java.util.Collection<RunResult> results =
        new Runner(
                new OptionsBuilder()
                    .include(PanelBenchmarks.class.getName() + "\\." + workload + "$")
                    .forks(1)
                    .warmupIterations(quick ? 1 : 5)
                    .warmupTime(TimeValue.milliseconds(quick ? 100 : 500))
                    .measurementIterations(quick ? 1 : 10)
                    .measurementTime(TimeValue.milliseconds(quick ? 100 : 500))
                    .mode(Mode.AverageTime)
                    .timeUnit(TimeUnit.NANOSECONDS)
                    .jvmArgs("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch")
                    .build())
            .run();
    RunResult result = results.iterator().next();
    double[] iterations =
        result.getBenchmarkResults().stream()
            .flatMap(benchmark -> benchmark.getIterationResults().stream())
            .mapToDouble(iteration -> iteration.getPrimaryResult().getScore())
            .toArray();
    return new double[] {result.getPrimaryResult().getScore(), QualityTable.quantile(iterations, 0.5)};
  }

  private static JsonObject measure(PerfTestKit kit, String baseline, String candidate) {
    PanelFixture.baseline = baseline;
    PanelFixture.candidate = candidate;
    var results = kit.run(PanelFixture.class, "measure");
    if (results.testEvents().succeeded().count() != 1) {
      throw new IllegalStateException("the perf test for " + baseline + " / " + candidate + " did not pass: "
          + Arrays.toString(results.testEvents().failed().list().toArray()));
    }
    return kit.result(PanelFixture.class, "measure");
  }

  private static double nsPerOp(JsonObject result, String arm, String field) {
    return result.getAsJsonObject(arm).get(field).getAsDouble();
  }

  private static String ns(double value) {
    return value >= 100 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.2f", value);
  }

  /**
   * The perf test that measures two panel workloads on one Panel, as JMH's benchmarks share one
   * state object: an A/A test of the memory pass then walks one 64 MB array, as JMH does, not two.
   */
  public static class PanelFixture {
    static volatile String baseline;
    static volatile String candidate;

    @PerfBudget
    void measure(OpWorkload op) {
      Panel panel = new Panel();
      op.baseline(baseline, Panel.WORKLOADS.get(baseline).apply(panel))
          .candidate(candidate, Panel.WORKLOADS.get(candidate).apply(panel));
    }
  }
}
