package dev.perfbudget.bench;

import java.util.Arrays;
import java.util.Locale;

/**
 * How steady this machine's speed is from one second to the next: one thread times a fixed
 * arithmetic loop (an LCG step, no memory, no allocation, nothing left for the JIT to change once
 * it is compiled) in batches of 100,000 steps, 4 ms apart, and prints the median ns per step of
 * each second, with their spread. On a machine whose speed moves, a benchmark's absolute numbers
 * move with it, and so do ratios of arms measured seconds or minutes apart (as JMH's forks are);
 * ratios of arms measured in pairs a millisecond apart (as perfbudget's are) mostly do not.
 *
 * <p>{@code mvn -q test-compile exec:exec -Dbench=MachineNoise -Dbench.args="30"} (seconds).
 */
public final class MachineNoise {

  private static long sink;

  private MachineNoise() {}

  public static void main(String[] args) {
    int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
    long x = 1;
    for (int i = 0; i < 2_000_000; i++) {
      x = step(x);
    }
    long steps = 100_000;
    double[] perSecond = new double[seconds];
    for (int second = 0; second < seconds; second++) {
      long end = System.nanoTime() + 1_000_000_000L;
      double[] batches = new double[256];
      int n = 0;
      while (System.nanoTime() < end && n < batches.length) {
        long start = System.nanoTime();
        for (long i = 0; i < steps; i++) {
          x = step(x);
        }
        batches[n++] = (double) (System.nanoTime() - start) / steps;
        long pause = System.nanoTime() + 4_000_000;
        while (System.nanoTime() < pause) {
          Thread.onSpinWait();
        }
      }
      perSecond[second] = median(Arrays.copyOf(batches, n));
    }
    sink = x;
    StringBuilder line = new StringBuilder();
    for (double value : perSecond) {
      line.append(String.format(Locale.ROOT, "%.3f ", value));
    }
    double[] sorted = perSecond.clone();
    Arrays.sort(sorted);
    System.out.printf(Locale.ROOT, "ns per step, second by second: %s%n", line.toString().trim());
    System.out.printf(Locale.ROOT, "fastest %.3f, median %.3f, slowest %.3f: the slowest second %.2fx the fastest (load average %s)%n",
        sorted[0], median(sorted), sorted[sorted.length - 1], sorted[sorted.length - 1] / sorted[0], Agreement.loadAverage());
  }

  private static long step(long x) {
    return x * 6364136223846793005L + 1442695040888963407L;
  }

  private static double median(double[] values) {
    return Agreement.median(values);
  }
}
