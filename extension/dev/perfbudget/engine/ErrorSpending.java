package dev.perfbudget.engine;

/**
 * One end's error of a confidence sequence, spent look by look, with what a look could not use
 * carried to the next.
 *
 * <p>Look k may spend its share ({@code Looks}) of the error, but an order statistic can only
 * spend a whole binomial tail: at 16 pairs and 0.4% the interval leaves 2 pairs out, which
 * spends 0.21%, because leaving 3 out would spend 1.06%. The rest is carried: look k may spend
 * what the shares of looks 1 to k add up to, less what looks 1 to k - 1 spent. The looks come at
 * counts fixed in advance, so what each spends is fixed in advance too, and the misses over all
 * looks still add up to at most the error (the union bound is over what is spent). At the
 * looks a pool's dispatches under GC pressure decide at (40 to 124 pairs), the carried error
 * leaves one or two more pairs out at each end, the interval of z = 3.5 to 4.1 standard errors
 * instead of 4.1 to 4.4.
 */
final class ErrorSpending {

  private final double error;
  private double allowed;
  private double spent;

  /** @param error the error of one end over all looks, such as 0.005 for a 99% interval */
  ErrorSpending(double error) {
    this.error = error;
  }

  /**
   * Look {@code look}'s bound: how many of {@code pairs} values may lie outside the interval at
   * this end (-1: too few to bound it), with what is spent recorded.
   */
  int outside(int look, int pairs) {
    allowed += Looks.share(look) * error;
    int outside = OrderStatistics.outside(pairs, allowed - spent);
    if (outside >= 0) {
      spent += OrderStatistics.atMost(pairs, outside);
    }
    return outside;
  }

  /** The error spent so far. */
  double spent() {
    return spent;
  }
}
