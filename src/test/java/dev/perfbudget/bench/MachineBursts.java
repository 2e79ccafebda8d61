package dev.perfbudget.bench;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * How a library op's cost moves within each second on this machine: one thread times an op of
 * {@link LibraryPanel} in chunks of about 0.5 ms (perfbudget's sample) for a number of seconds,
 * after 3 s of warm-up, and prints each second's fastest tenth, median, mean and slowest tenth of
 * the chunks, and how many chunks cost more than 1.25 times the run's fastest tenth.
 *
 * <p>Where the machine slows memory-walking code for stretches of a few seconds, and in scattered
 * chunks between them, a mean over seconds (JMH's average time, over each 1 s iteration) takes in
 * whatever share of them it spans, while a median of 0.5 ms samples (perfbudget's) reads the
 * speed of most of its samples: a perfbudget measurement, a few hundred ms long, lies inside such
 * a stretch or outside it. The mean's excess over the median printed here is how far the two
 * kinds of figure drift apart over that time, and the share of slow chunks how much of it the
 * machine spent slow.
 *
 * <p>{@code mvn -q test-compile exec:exec -Dbench=MachineBursts -Dbench.args="stringFormat 30"}
 * (op, seconds; add {@code quiet} to print the summary line only). Results:
 * docs/jmh-agreement.md, "The machine's slow stretches, timed".
 */
public final class MachineBursts {

  private static final long CHUNK_NANOS = 500_000;
  private static final double SLOW = 1.25;

  private static volatile Object sink;

  private MachineBursts() {}

  public static void main(String[] args) {
    String name = args.length > 0 ? args[0] : "stringFormat";
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
    boolean quiet = args.length > 2 && args[2].equals("quiet");
    Supplier<Object> op = op(new LibraryPanel(), name);
    int batch = batchOfHalfAMillisecond(op);
    double[][] chunks = new double[seconds][];
    for (int second = 0; second < seconds; second++) {
      chunks[second] = oneSecond(op, batch);
    }
    double[] every = Arrays.stream(chunks).flatMapToDouble(Arrays::stream).toArray();
    double fastestTenth = percentile(every, 0.10);
    long slow = 0;
    for (int second = 0; second < seconds; second++) {
      double[] c = chunks[second];
      long slowHere = Arrays.stream(c).filter(v -> v > SLOW * fastestTenth).count();
      slow += slowHere;
      if (!quiet) {
        System.out.printf(Locale.ROOT, "%3d  p10 %s  median %s  mean %s  p90 %s  slow chunks %3.0f%%%n", second,
            Agreement.ns(percentile(c, 0.10)), Agreement.ns(percentile(c, 0.50)), Agreement.ns(mean(c)),
            Agreement.ns(percentile(c, 0.90)), 100.0 * slowHere / c.length);
      }
    }
    double median = percentile(every, 0.50);
    double mean = mean(every);
    System.out.printf(Locale.ROOT,
        "%s over %d s in 0.5 ms chunks: median %s ns/op, mean %s (%+.1f%%); %.0f%% of chunks over %.2f times the fastest tenth (%s); load average %s%n",
        name, seconds, Agreement.ns(median), Agreement.ns(mean), 100 * (mean / median - 1), 100.0 * slow / every.length, SLOW,
        Agreement.ns(fastestTenth), Agreement.loadAverage());
  }

  private static Supplier<Object> op(LibraryPanel panel, String name) {
    switch (name) {
      case "stringFormat":
        return panel::stringFormat;
      case "listContains":
        return panel::listContains;
      case "stringMatches":
        return panel::stringMatches;
      case "treeMapGet":
        return panel::treeMapGet;
      case "sortList":
        return panel::sortList;
      default:
        throw new IllegalArgumentException(
            "no op named " + name + "; MachineBursts times stringFormat, listContains, stringMatches, treeMapGet or sortList");
    }
  }

  /** Warms the op up for 3 s and returns how many calls take about half a millisecond. */
  private static int batchOfHalfAMillisecond(Supplier<Object> op) {
    long start = System.nanoTime();
    long calls = 0;
    while (System.nanoTime() - start < 3_000_000_000L) {
      sink = op.get();
      calls++;
    }
    return (int) Math.max(1, CHUNK_NANOS * calls / (System.nanoTime() - start));
  }

  private static double[] oneSecond(Supplier<Object> op, int batch) {
    double[] costs = new double[4_000];
    int n = 0;
    long end = System.nanoTime() + 1_000_000_000L;
    while (n < costs.length && System.nanoTime() < end) {
      long start = System.nanoTime();
      for (int i = 0; i < batch; i++) {
        sink = op.get();
      }
      costs[n++] = (double) (System.nanoTime() - start) / batch;
    }
    return Arrays.copyOf(costs, n);
  }

  private static double percentile(double[] values, double p) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[(int) Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  }

  private static double mean(double[] values) {
    return Arrays.stream(values).average().orElse(Double.NaN);
  }
}
