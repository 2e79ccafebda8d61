package dev.perfbudget.engine;

/**
 * When a measurement looks at its interval, and what share of its error each look may spend.
 *
 * <p>Every look is one more chance to stop on a fluke; the shares add up to at most the whole
 * error over any number of looks, so stopping at the first clear look keeps the error level
 * stated (a union bound over the looks). The first look spends {@value #FIRST_SHARE} of it: it
 * has to, because u units can put the median outside their range no less often than 2^-u per
 * end, and 8 units at 80% of the 0.5% per end of a 99% interval (0.4% &gt;= 2^-8 = 0.39%) is
 * the least that decides. Look k &gt;= 2 spends (1 - {@value #FIRST_SHARE}) / ((k - 1) k), which
 * sums to the rest (1/(1*2) + 1/(2*3) + ... = 1). Looks come after every quarter more units,
 * so a decision comes at most a quarter later than the data would allow, and a long
 * measurement looks only a few dozen times.
 */
final class Looks {

  static final double FIRST_SHARE = 0.8;
  private static final double GROWTH = 1.25;

  private final int firstUnits;

  Looks(int firstUnits) {
    if (firstUnits < 1) {
      throw new IllegalArgumentException("the first look needs at least 1 unit, but got " + firstUnits);
    }
    this.firstUnits = firstUnits;
  }

  /** How many units look {@code k} (1, 2, ...) is due at. */
  int units(int k) {
    int units = firstUnits;
    for (int look = 1; look < k; look++) {
      units = Math.max(units + 1, (int) Math.ceil(units * GROWTH));
    }
    return units;
  }

  /** The share of the error level look {@code k} (1, 2, ...) may spend. */
  static double share(int k) {
    return k == 1 ? FIRST_SHARE : (1 - FIRST_SHARE) / ((k - 1.0) * k);
  }

  /**
   * The fewest units that can decide at the first look at {@code confidence}: the least u with
   * 2^-u &lt;= the first look's share of one end's error.
   */
  static int leastUnits(double confidence) {
    double alpha = FIRST_SHARE * (1 - confidence) / 2;
    int units = 1;
    while (OrderStatistics.outside(units, alpha) < 0) {
      units++;
    }
    return units;
  }
}
