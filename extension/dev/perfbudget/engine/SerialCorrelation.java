package dev.perfbudget.engine;

import java.util.Arrays;

/**
 * How much wider than an interval for independent units an interval has to be when consecutive
 * units move together.
 *
 * <p>A slow stretch of a shared machine, a JIT or GC episode that spans several pairs, lifts or
 * lowers several consecutive pair ratios alike. Units that are correlated with their neighbours
 * carry less information than their count says: the variance of a mean of a series whose lag-1
 * autocorrelation is rho is (1 + rho) / (1 - rho) times that of independent values (an AR(1)
 * series). The interval is widened around its centre by the square root of that factor, with
 * rho an upper bound of the units' lag-1 autocorrelation: the estimate on their ranks (so that
 * outliers weigh no more than any value), plus its small-sample bias (1 + 4 rho) / n (Kendall,
 * 1954), plus two standard errors, 2 / sqrt(n). A short measurement cannot tell independent
 * units from correlated ones, so the bound keeps it wide: for 8 independent units it is about
 * 0.71, a widening of 2.4; for 1,000 about 0.06, a widening of 1.07. Capped at 0.9 (a widening
 * of 4.4).
 */
final class SerialCorrelation {

  static final double MAX_RHO = 0.9;

  private SerialCorrelation() {}

  /** The factor by which an interval on these units, in order, is widened around its centre. */
  static double widening(double[] units, double[] sortedUnits) {
    double rho = upperBound(units, sortedUnits);
    return Math.sqrt((1 + rho) / (1 - rho));
  }

  /** An upper bound of the lag-1 autocorrelation of the units, in [0, {@value #MAX_RHO}]. */
  static double upperBound(double[] units, double[] sortedUnits) {
    int n = units.length;
    if (n < 2) {
      return MAX_RHO;
    }
    double estimate = lag1OfRanks(units, sortedUnits);
    double bound = estimate + (1 + 4 * Math.max(estimate, 0)) / n + 2 / Math.sqrt(n);
    return Math.min(Math.max(bound, 0), MAX_RHO);
  }

  /** The lag-1 autocorrelation of the units' ranks; 0 when all ranks are equal. */
  static double lag1OfRanks(double[] units, double[] sortedUnits) {
    int n = units.length;
    double[] ranks = new double[n];
    double mean = 0;
    for (int i = 0; i < n; i++) {
      // Equal values get one rank, which is all a lag-1 correlation needs of ties.
      ranks[i] = Arrays.binarySearch(sortedUnits, units[i]);
      mean += ranks[i];
    }
    mean /= n;
    double lagged = 0;
    double squares = 0;
    for (int i = 0; i < n; i++) {
      double deviation = ranks[i] - mean;
      squares += deviation * deviation;
      if (i > 0) {
        lagged += deviation * (ranks[i - 1] - mean);
      }
    }
    return squares == 0 ? 0 : lagged / squares;
  }
}
