package dev.perfbudget.engine;

import java.util.Arrays;

/**
 * The finest difference each arm's clock can show, as a share of the arm's cost: no interval is
 * narrower than what the clock can resolve.
 *
 * <p>A clock that ticks in steps coarser than the spread of the samples makes them equal, and
 * equal ratios give an order-statistic interval of width zero, which would decide anything. The
 * step is read from the samples themselves: the smallest difference between two of an arm's
 * sample times. With {@code System.nanoTime} and millisecond samples that is a few nanoseconds
 * in a million and changes nothing; an arm whose samples are all equal shows no step at all,
 * so its clock may be as coarse as the sample itself, and its ratio is bounded by nothing.
 *
 * @param baseline the baseline's step over its median sample, net of the empty loop
 * @param candidate the candidate's step over its median sample, net of the empty loop
 */
record Resolution(double baseline, double candidate) {

  /** Ratios drawn from a continuous distribution, as in a simulation. */
  static final Resolution NONE = new Resolution(0, 0);

  /**
   * The relative step of an arm's clock: the smallest positive difference between two of its
   * sample times over the median sample, scaled by {@code rawOverNet} (how much larger the
   * sample's cost is with the empty loop in it than without); 1 or more when no step shows.
   */
  static double relativeStep(long[] sampleNanos, int count, double rawOverNet) {
    if (count < 2) {
      return Double.POSITIVE_INFINITY;
    }
    long[] sorted = Arrays.copyOf(sampleNanos, count);
    Arrays.sort(sorted);
    long step = Long.MAX_VALUE;
    for (int i = 1; i < count; i++) {
      long difference = sorted[i] - sorted[i - 1];
      if (difference > 0) {
        step = Math.min(step, difference);
      }
    }
    double median = sorted[count / 2];
    if (step == Long.MAX_VALUE) {
      step = Math.max(1, (long) median);
    }
    return median <= 0 ? Double.POSITIVE_INFINITY : step / median * Math.max(1, rawOverNet);
  }

  /** How far down the clock's step can move a ratio, in logs: -infinity for no bound. */
  double logLow() {
    return Math.log(Math.max(0, 1 - candidate)) - Math.log1p(baseline);
  }

  /** How far up the clock's step can move a ratio, in logs: +infinity for no bound. */
  double logHigh() {
    return Math.log1p(candidate) - Math.log(Math.max(0, 1 - baseline));
  }
}
