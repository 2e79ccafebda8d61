package dev.perfbudget.engine;

/**
 * How much wider than an interval for independent pairs an interval has to be when consecutive
 * pairs move together.
 *
 * <p>A slow stretch of a shared machine, a JIT or GC episode that spans several pairs, lifts or
 * lowers several consecutive pair ratios alike. Pairs that are correlated with their neighbours
 * carry less information than their count says: the variance of a mean of a series whose lag-1
 * autocorrelation is rho is (1 + rho) / (1 - rho) times that of independent values (an AR(1)
 * series). The interval is widened around its centre by the square root of that factor, with
 * rho an upper bound of the ratios' lag-1 autocorrelation: the estimate on their ranks (so that
 * outliers weigh no more than any value), plus its small-sample bias (1 + 4 rho) / n (Kendall,
 * 1954), plus three standard errors, 3 / sqrt(n). A short measurement cannot tell independent
 * pairs from correlated ones, so the bound keeps it wide: for 16 independent pairs it is about
 * 0.75, a widening of 2.6; for 1,000, about 0.1, a widening of 1.1. Capped at 0.9 (a widening of
 * 4.4). With two standard errors instead of three, 0.3% and 0.6% of simulated measurements
 * whose ratios are AR(1) with rho = 0.6 decided with the true ratio on the limit (two cells of
 * 2,000): within the 1% allowed, but with little room for the simulation's own sampling error.
 */
final class SerialCorrelation {

  static final double MAX_RHO = 0.9;

  private SerialCorrelation() {}

  /** The factor by which an interval is widened around its centre, from the values' ranks in order. */
  static double widening(double[] ranks) {
    double rho = upperBound(ranks);
    return Math.sqrt((1 + rho) / (1 - rho));
  }

  /** An upper bound of the lag-1 autocorrelation of the ranks, in [0, {@value #MAX_RHO}]. */
  static double upperBound(double[] ranks) {
    int n = ranks.length;
    if (n < 2) {
      return MAX_RHO;
    }
    double estimate = lag1(ranks);
    double bound = estimate + (1 + 4 * Math.max(estimate, 0)) / n + 3 / Math.sqrt(n);
    return Math.min(Math.max(bound, 0), MAX_RHO);
  }

  /** The lag-1 autocorrelation of the ranks; 0 when all are equal. */
  static double lag1(double[] ranks) {
    int n = ranks.length;
    double mean = 0;
    for (double rank : ranks) {
      mean += rank;
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
