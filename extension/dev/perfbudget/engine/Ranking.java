package dev.perfbudget.engine;

import java.util.Arrays;

/**
 * A look's ratios in order and each one's rank, from one sort: the order statistics bound the
 * median and the ranks measure serial correlation. One sort of keys that hold a value's leading
 * 32 bits (its order, to a millionth) and its index gives both; a sort of the values plus a
 * binary search per value cost three times as much, which the simulation of the error rates,
 * with millions of looks, feels.
 *
 * @param sorted the values in ascending order, exactly
 * @param ranks each value's rank (0 for the smallest), in the values' own order; values equal to
 *     a millionth share the mean of their ranks
 */
record Ranking(double[] sorted, double[] ranks) {

  static Ranking of(double[] values, int count) {
    long[] keys = new long[count];
    for (int i = 0; i < count; i++) {
      long bits = Double.doubleToLongBits(values[i]);
      long ordered = bits ^ ((bits >> 63) & Long.MAX_VALUE);
      keys[i] = (ordered & 0xFFFF_FFFF_0000_0000L) | i;
    }
    Arrays.sort(keys);
    double[] sorted = new double[count];
    double[] ranks = new double[count];
    int start = 0;
    for (int k = 0; k <= count; k++) {
      if (k == count || (keys[k] >>> 32) != (keys[start] >>> 32)) {
        double rank = (start + k - 1) / 2.0;
        for (int j = start; j < k; j++) {
          ranks[(int) keys[j]] = rank;
        }
        start = k;
      }
      if (k < count) {
        sorted[k] = values[(int) keys[k]];
      }
    }
    // Values that agree to a millionth came out in index order: put them in exact order. Few
    // values ever do, so this pass costs little more than reading the array.
    for (int i = 1; i < count; i++) {
      double value = sorted[i];
      int j = i - 1;
      while (j >= 0 && sorted[j] > value) {
        sorted[j + 1] = sorted[j];
        j--;
      }
      sorted[j + 1] = value;
    }
    return new Ranking(sorted, ranks);
  }
}
