package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/** A confidence interval [low, high] around an estimate; either end may be infinite. */
@API(status = INTERNAL)
public record Interval(double low, double high) {

  /** No bound at all: what too few pairs give. */
  static final Interval EVERYTHING = new Interval(0, Double.POSITIVE_INFINITY);

  boolean below(double limit) {
    return high < limit;
  }

  boolean above(double limit) {
    return low > limit;
  }

  /** high / low: 1.10 means the interval spans about ±5% of the estimate. */
  double spread() {
    return high / low;
  }

  /**
   * The part both intervals hold, where it holds the ratios' median now, {@code estimate}. Two
   * confidence intervals that hold at once can only be disjoint, or leave out the median of the
   * pairs since, when the ratios moved between them (drift); then the newer one, {@code other},
   * stands. A reported ratio outside its own interval read 2.44 [2.57, 2.71] before this rule:
   * a recording whose ratio settled lower after its first looks.
   */
  Interval intersect(Interval other, double estimate) {
    double low = Math.max(this.low, other.low);
    double high = Math.min(this.high, other.high);
    return low <= estimate && estimate <= high ? new Interval(low, high) : other;
  }
}
