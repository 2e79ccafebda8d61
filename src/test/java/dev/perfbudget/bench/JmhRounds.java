package dev.perfbudget.bench;

import dev.perfbudget.bench.Agreement.Pair;
import dev.perfbudget.bench.Agreement.Reading;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * JMH's forks of the panel's pairs in one run, taken a round at a time: a round is one fork of
 * each arm of a pair, the two in a random order, so that a slow stretch of the machine falls on
 * both arms alike, as perfbudget's pairs do. The rounds of a pair can be taken apart in time,
 * each just before perfbudget measures the same pair, and make one reading together.
 */
final class JmhRounds {

  /** The name under which {@link #readings()} keeps each arm's median iteration. */
  static final String MEDIAN_ITERATION = "JMH median iteration";

  private final boolean quick;
  private final SplittableRandom order = new SplittableRandom(42);
  private final Map<String, Pair> pairs = new LinkedHashMap<>();
  private final Map<String, List<double[]>> baselineForks = new LinkedHashMap<>();
  private final Map<String, List<double[]>> candidateForks = new LinkedHashMap<>();

  JmhRounds(List<Pair> pairs, boolean quick) {
    this.quick = quick;
    for (Pair pair : pairs) {
      this.pairs.put(pair.test(), pair);
      baselineForks.put(pair.test(), new ArrayList<>());
      candidateForks.put(pair.test(), new ArrayList<>());
    }
  }

  /** Takes one round of the pair of test {@code test}: a fork of each arm. */
  void round(String test) throws Exception {
    Pair pair = pairs.get(test);
    boolean baselineFirst = order.nextBoolean();
    for (boolean baseline : baselineFirst ? new boolean[] {true, false} : new boolean[] {false, true}) {
      (baseline ? baselineForks : candidateForks).get(test).add(fork(baseline ? pair.baseline() : pair.candidate()));
    }
  }

  /**
   * JMH's score of each arm (the mean of its forks' iterations, what JMH reports for several
   * forks) under "JMH", and its median iteration under {@link #MEDIAN_ITERATION}: on a machine
   * that other builds load now and then, a mean is pulled up by the iterations they hit, a
   * median less. Prints each pair's forks and their ratios round by round.
   */
  Map<String, Map<String, Reading>> readings() {
    Map<String, Reading> score = new LinkedHashMap<>();
    Map<String, Reading> median = new LinkedHashMap<>();
    for (Pair pair : pairs.values()) {
      List<double[]> baseline = baselineForks.get(pair.test());
      List<double[]> candidate = candidateForks.get(pair.test());
      double b = mean(all(baseline));
      double c = mean(all(candidate));
      score.put(pair.test(), new Reading(b, c, c / b));
      double bm = Agreement.median(all(baseline));
      double cm = Agreement.median(all(candidate));
      median.put(pair.test(), new Reading(bm, cm, cm / bm));
      List<String> roundRatios = new ArrayList<>();
      for (int round = 0; round < baseline.size(); round++) {
        roundRatios.add(String.format(Locale.ROOT, "%.3f", mean(candidate.get(round)) / mean(baseline.get(round))));
      }
      System.out.printf(Locale.ROOT, "JMH %s: %s %s and %s %s ns/op, ratio %.3f; fork by fork: %s%n", pair.test(), pair.baseline(),
          forks(baseline), pair.candidate(), forks(candidate), c / b, String.join(", ", roundRatios));
    }
    return Map.of("JMH", score, MEDIAN_ITERATION, median);
  }

  /** One JMH fork of one benchmark: its measured iterations' scores, ns/op. */
  private double[] fork(String method) throws Exception {
    String include = LibraryBenchmarks.class.getName().replace(".", "\\.") + "\\." + method + "$";
    RunResult result =
        new Runner(
                new OptionsBuilder()
                    .include(include)
                    .forks(1)
                    .warmupIterations(quick ? 1 : 3)
                    .warmupTime(TimeValue.milliseconds(quick ? 100 : 1000))
                    .measurementIterations(quick ? 1 : 5)
                    .measurementTime(TimeValue.milliseconds(quick ? 100 : 1000))
                    .mode(Mode.AverageTime)
                    .timeUnit(TimeUnit.NANOSECONDS)
                    .jvmArgs(Agreement.JVM.toArray(String[]::new))
                    .build())
            .run()
            .iterator()
            .next();
    return result.getBenchmarkResults().stream()
        .flatMap(fork -> fork.getIterationResults().stream())
        .mapToDouble(iteration -> iteration.getPrimaryResult().getScore())
        .toArray();
  }

  private static double[] all(List<double[]> forks) {
    return forks.stream().flatMapToDouble(Arrays::stream).toArray();
  }

  private static double mean(double[] values) {
    return Arrays.stream(values).average().orElse(Double.NaN);
  }

  private static String forks(List<double[]> forks) {
    return forks.stream().map(fork -> Agreement.ns(mean(fork))).collect(Collectors.joining("/"));
  }
}
