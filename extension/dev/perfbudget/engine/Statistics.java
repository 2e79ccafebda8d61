package dev.perfbudget.engine;

import java.util.Arrays;

/** Medians and quantiles, on plain arrays so they cost little per look. */
final class Statistics {

  private Statistics() {}

  static double median(double[] values) {
    return medianInPlace(values.clone());
  }

  /** The median of the values, which are left reordered. */
  private static double medianInPlace(double[] values) {
    int mid = values.length / 2;
    double upper = select(values, mid);
    if (values.length % 2 == 1) {
      return upper;
    }
    // After select(mid), every value left of mid is <= upper: the lower middle is their maximum.
    double lower = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < mid; i++) {
      lower = Math.max(lower, values[i]);
    }
    return (lower + upper) / 2;
  }

  static double min(double[] values) {
    return Arrays.stream(values).min().orElse(Double.NaN);
  }

  static double max(double[] values) {
    return Arrays.stream(values).max().orElse(Double.NaN);
  }

  /** The value at rank {@code q} (0..1) of the sorted values, by linear interpolation. */
  static double quantile(double[] values, double q) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return quantileOfSorted(sorted, q);
  }

  private static double quantileOfSorted(double[] sorted, double q) {
    double position = q * (sorted.length - 1);
    int below = (int) Math.floor(position);
    int above = Math.min(below + 1, sorted.length - 1);
    return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
  }

  /** Hoare's quickselect: puts the k-th smallest value at index k and returns it. */
  private static double select(double[] a, int k) {
    int left = 0;
    int right = a.length - 1;
    while (left < right) {
      double pivot = a[(left + right) >>> 1];
      int i = left;
      int j = right;
      while (i <= j) {
        while (a[i] < pivot) {
          i++;
        }
        while (a[j] > pivot) {
          j--;
        }
        if (i <= j) {
          double t = a[i];
          a[i] = a[j];
          a[j] = t;
          i++;
          j--;
        }
      }
      if (k <= j) {
        right = j;
      } else if (k >= i) {
        left = i;
      } else {
        break;
      }
    }
    return a[k];
  }
}
