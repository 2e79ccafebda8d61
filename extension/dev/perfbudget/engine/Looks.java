package dev.perfbudget.engine;

/**
 * When a measurement looks at its interval, and what share of its error each look may spend.
 *
 * <p>Every look is one more chance to stop on a fluke; the shares add up to at most the whole
 * error over any number of looks, so stopping at the first clear look keeps the error level
 * stated (a union bound over the looks). The first look spends {@value #FIRST_SHARE} of it, so
 * that a clear case is decided there: n pairs put their median outside their range no less
 * often than 2^-n per end, and at 80% of the 0.5% per end of a 99% interval (0.4%) 8 pairs are
 * the fewest that can decide at all, while the default 16 can leave the two most extreme pairs
 * at each end out (P(at most 2 of 16 below the median) = 0.21%), so that a pair or two that
 * another process slowed down cannot hold a clear verdict up. Look k &gt;= 2 spends (1 - {@value
 * #FIRST_SHARE}) / ((k - 1) k), which sums to the rest (1/(1*2) + 1/(2*3) + ... = 1). Looks come
 * after every quarter more pairs, so a decision comes at most a quarter later than the data
 * would allow, and a long measurement looks only a few dozen times.
 */
final class Looks {

  static final double FIRST_SHARE = 0.8;
  private static final double GROWTH = 1.25;

  private final int firstPairs;

  Looks(int firstPairs) {
    if (firstPairs < 1) {
      throw new IllegalArgumentException("the first look needs at least 1 pair, but got " + firstPairs);
    }
    this.firstPairs = firstPairs;
  }

  /** How many pairs look {@code k} (1, 2, ...) is due at. */
  int pairs(int k) {
    int pairs = firstPairs;
    for (int look = 1; look < k; look++) {
      pairs = Math.max(pairs + 1, (int) Math.ceil(pairs * GROWTH));
    }
    return pairs;
  }

  /** The share of the error level look {@code k} (1, 2, ...) may spend. */
  static double share(int k) {
    return k == 1 ? FIRST_SHARE : (1 - FIRST_SHARE) / ((k - 1.0) * k);
  }

  /**
   * The fewest pairs that can decide at the first look at {@code confidence}: the least n with
   * 2^-n &lt;= the first look's share of one end's error.
   */
  static int leastPairs(double confidence) {
    double alpha = FIRST_SHARE * (1 - confidence) / 2;
    int pairs = 1;
    while (OrderStatistics.outside(pairs, alpha) < 0) {
      pairs++;
    }
    return pairs;
  }
}
