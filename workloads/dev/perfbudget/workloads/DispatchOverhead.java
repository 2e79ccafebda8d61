package dev.perfbudget.workloads;

import java.util.Arrays;

/**
 * The warm dispatch overhead of a pool: the median time of a dispatch with no elements, which
 * is what handing out the slices and collecting them costs, with no work to hide it.
 */
final class DispatchOverhead {

  private static final long WARM_NANOS = 50_000_000;
  private static final long MEASURE_NANOS = 150_000_000;
  private static final int MIN_SAMPLES = 21;
  private static final int MAX_SAMPLES = 301;

  private DispatchOverhead() {}

  /** Median nanoseconds of a dispatch of {@code job} with 0 elements, after a short warm-up. */
  static double medianNanos(RunningPool pool, Job job) {
    Job empty = job.withElements(0);
    long warmEnd = System.nanoTime() + WARM_NANOS;
    for (int i = 0; i < 500 && System.nanoTime() < warmEnd; i++) {
      pool.dispatch(empty);
    }
    long[] samples = new long[MAX_SAMPLES];
    int count = 0;
    long end = System.nanoTime() + MEASURE_NANOS;
    while (count < MAX_SAMPLES && (count < MIN_SAMPLES || System.nanoTime() < end)) {
      long start = System.nanoTime();
      pool.dispatch(empty);
      samples[count++] = System.nanoTime() - start;
    }
    long[] used = Arrays.copyOf(samples, count);
    Arrays.sort(used);
    return used[count / 2];
  }
}
