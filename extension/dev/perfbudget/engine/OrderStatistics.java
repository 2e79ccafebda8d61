package dev.perfbudget.engine;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Exact confidence bounds for a median from order statistics: the sign test, inverted.
 *
 * <p>Of {@code n} independent values from a continuous distribution, each falls below the median
 * with probability 1/2, so the number below it is Binomial(n, 1/2) whatever the distribution.
 * The median then lies at or above the {@code (c + 1)}-th smallest value except with probability
 * P(Binomial(n, 1/2) &lt;= c), and likewise at the other end; no assumption on the shape, no
 * approximation, at any {@code n}.
 */
final class OrderStatistics {

  private static final double LN_2 = Math.log(2);
  /** Bounds already computed: the looks of every measurement come at the same counts and levels. */
  private static final Map<Level, Integer> KNOWN = new ConcurrentHashMap<>();
  private static final int MAX_KNOWN = 10_000;

  private record Level(int n, double alpha) {}

  private OrderStatistics() {}

  /**
   * The most values that may lie outside the interval at each end, so that the median is
   * outside it with probability at most {@code alpha} per end: the largest {@code c} with
   * P(Binomial(n, 1/2) &lt;= c) &lt;= alpha, or -1 when even c = 0 is too likely (2^-n &gt;
   * alpha): then {@code n} values cannot bound the median at that level.
   */
  static int outside(int n, double alpha) {
    if (n < 1 || !(alpha > 0)) {
      return -1;
    }
    Integer known = KNOWN.get(new Level(n, alpha));
    if (known != null) {
      return known;
    }
    int c = computeOutside(n, alpha);
    if (KNOWN.size() < MAX_KNOWN) {
      KNOWN.put(new Level(n, alpha), c);
    }
    return c;
  }

  private static int computeOutside(int n, double alpha) {
    // P(X = k) for k = 0, 1, ... by the ratio of successive terms, in logs: 2^-n underflows a
    // double past n = 1074, while the sum near the bound stays far above underflow.
    double logTerm = -n * LN_2;
    double below = 0;
    int c = -1;
    for (int k = 0; k <= n / 2; k++) {
      below += Math.exp(logTerm);
      if (below > alpha) {
        return c;
      }
      c = k;
      logTerm += Math.log(n - k) - Math.log(k + 1);
    }
    return c;
  }

  /** P(Binomial(n, 1/2) &lt;= c): the chance that {@code c} or fewer of n values fall below. */
  static double atMost(int n, int c) {
    double logTerm = -n * LN_2;
    double below = 0;
    for (int k = 0; k <= Math.min(c, n); k++) {
      below += Math.exp(logTerm);
      logTerm += Math.log(n - k) - Math.log(k + 1);
    }
    return below;
  }
}
