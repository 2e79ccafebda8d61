package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/** A confidence interval [low, high] around an estimate. */
@API(status = INTERNAL)
public record Interval(double low, double high) {

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
}
