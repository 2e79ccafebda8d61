package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * The per-pair ratios of one measurement, and intervals for their median that hold at every
 * look, however often sampling looks and whenever it stops: a confidence sequence. The sampler
 * and the simulation of its error rates ({@code bench/DecisionSimulation}) both decide with it.
 *
 * <p>THE RULE. At each look ({@code Looks}) the pair ratios bound their median by exact order
 * statistics ({@code OrderStatistics}) at that look's share of the error, with what earlier
 * looks could not spend carried to it ({@code ErrorSpending}); the interval is
 * widened around the median for serial correlation ({@code SerialCorrelation}) and for the
 * clock's resolution ({@code Resolution}), and intersected with the earlier looks' intervals
 * (unless that leaves out the median now: the ratios moved, and the newest interval stands).
 * Sampling stops {@link Side#BELOW_LIMIT} when the {@value #DECISION_CONFIDENCE} interval is
 * wholly below the limit, {@link Side#ABOVE_LIMIT} when wholly above it. The interval reported
 * is the {@value #REPORTED_CONFIDENCE} one of the same construction, narrower than the
 * decision's.
 *
 * <p>THE GUARANTEE. If the pair ratios are independent and their median is the true ratio,
 * every {@value #DECISION_CONFIDENCE} interval of a measurement holds the true ratio, at all
 * looks at once, with probability at least {@value #DECISION_CONFIDENCE}, whatever their
 * distribution: a true ratio at the limit stops on one side of it in at most 0.5% of
 * measurements per side. The widening for serial correlation and resolution only adds width, so
 * it keeps that; it is what holds the error rates when pairs are not independent, which the
 * simulation measures (docs/statistics.md).
 *
 * <p>Why single pairs and not medians of blocks of pairs: on a loaded machine a fifth of the
 * pairs had one sample two to ten times slow (another process took the core); blocks of two
 * turned a third of the units into outliers, which a 99% sign test only trims past some 45
 * units, and the A/A verdicts of the {@code Verdicts} benchmark took a median of 70 pairs. Pairs
 * themselves trim two outliers per side at the first look (16 pairs), and correlated pairs are
 * the widening's job.
 */
@API(status = INTERNAL)
public final class ConfidenceSequence {

  public static final double DECISION_CONFIDENCE = 0.99;
  public static final double REPORTED_CONFIDENCE = 0.95;

  /**
   * The one-sided confidence at which a measurement that confirms a failure finds the ratio above
   * the limit. A failure is decided by the first measurement, at {@value #DECISION_CONFIDENCE}:
   * that alone holds a true ratio at the limit to at most 0.5% of failures, whatever the
   * confirmation does. The confirmation guards against what a confidence level cannot: a
   * disturbance of the machine that lasted through the first measurement. Above the limit at 95%
   * in a measurement of its own says that the first one's reading was not such a disturbance's,
   * and it takes fewer pairs than 99.5% does, where pairs spread (a pool's dispatches on a busy
   * machine took 63 to 99 pairs to confirm a 10x at a limit of 5). Below the limit it still takes
   * {@value #DECISION_CONFIDENCE}, so a confirmation passes a true regression no more often than
   * a first measurement does.
   */
  public static final double CONFIRMING_CONFIDENCE = 0.95;

  /**
   * The fewest pairs any decision can rest on: with fewer, all pairs on one side of their median
   * is more likely than the first look's share of the error ({@code Looks#leastPairs}).
   */
  public static final int LEAST_PAIRS = Looks.leastPairs(DECISION_CONFIDENCE);

  /** Which side of the limit the decision interval is on. */
  public enum Side {
    /** Wholly below the limit: the ratio is within it. */
    BELOW_LIMIT,
    /** Wholly above the limit: the ratio is past it. */
    ABOVE_LIMIT,
    /** The interval holds the limit, or there is no limit. */
    UNDECIDED
  }

  /**
   * What one look found.
   *
   * @param pairs the pairs measured so far
   * @param ratio the median of their ratios
   * @param decision the {@value #DECISION_CONFIDENCE} interval, which decides
   * @param reported the {@value #REPORTED_CONFIDENCE} interval, which the report shows
   * @param side where the decision interval lies against the limit
   */
  public record Look(int pairs, double ratio, Interval decision, Interval reported, Side side) {}

  private final Looks looks;
  /** Each end's error of the decision interval, and of the reported one. */
  private final ErrorSpending decisionError = new ErrorSpending((1 - DECISION_CONFIDENCE) / 2);
  private final ErrorSpending reportedError = new ErrorSpending((1 - REPORTED_CONFIDENCE) / 2);
  /**
   * The error that a confirmation's lower bound may spend, over all looks, to find the ratio
   * above the limit; none for any other measurement, which finds it there by its decision
   * interval.
   */
  private final ErrorSpending aboveError;
  private double[] logRatios = new double[64];
  private int pairs;
  private int looksTaken;
  private int nextLookPairs;
  private Interval decisionSoFar = Interval.EVERYTHING;
  private double aboveSoFar = 0;
  private Interval reportedSoFar = Interval.EVERYTHING;

  /**
   * A sequence whose first look comes after {@code firstLookPairs} pairs, at least {@link
   * #LEAST_PAIRS}.
   */
  public ConfidenceSequence(int firstLookPairs) {
    this(firstLookPairs, 0);
  }

  /**
   * A sequence for a measurement that confirms a failure: it finds the ratio above the limit at
   * {@value #CONFIRMING_CONFIDENCE} one-sided, below it at {@value #DECISION_CONFIDENCE} as any
   * measurement does.
   */
  public static ConfidenceSequence confirming(int firstLookPairs) {
    return new ConfidenceSequence(firstLookPairs, 1 - CONFIRMING_CONFIDENCE);
  }

  private ConfidenceSequence(int firstLookPairs, double aboveError) {
    if (firstLookPairs < LEAST_PAIRS) {
      throw new IllegalArgumentException(
          "a decision at 99% confidence needs at least " + LEAST_PAIRS
              + " pairs before the first look, but got " + firstLookPairs);
    }
    this.looks = new Looks(firstLookPairs);
    this.aboveError = new ErrorSpending(aboveError);
    this.nextLookPairs = looks.pairs(1);
  }

  /** Adds the next pair's ratio, candidate over baseline. */
  public void add(double ratio) {
    if (pairs == logRatios.length) {
      logRatios = Arrays.copyOf(logRatios, pairs * 2);
    }
    logRatios[pairs++] = Math.log(ratio);
  }

  public int pairs() {
    return pairs;
  }

  /** The ratios added so far, in order. */
  public double[] ratios() {
    double[] ratios = new double[pairs];
    for (int i = 0; i < pairs; i++) {
      ratios[i] = Math.exp(logRatios[i]);
    }
    return ratios;
  }

  /** Whether the pairs measured reach the next look of the schedule. */
  public boolean lookDue() {
    return pairs >= nextLookPairs;
  }

  /**
   * Looks at ratios drawn from a continuous distribution, with no clock step to allow for (as
   * in a simulation): no allowance for a clock's step.
   */
  public Look look(double limit) {
    return look(limit, Resolution.NONE);
  }

  /**
   * Looks at the ratios so far against {@code limit} (0 for none), allowing for the arms' clock
   * steps. A look before it is due, as when time runs out, spends what the next look could of the
   * error on the pairs there are.
   */
  Look look(double limit, Resolution resolution) {
    looksTaken++;
    nextLookPairs = looks.pairs(looksTaken + 1);
    Ranking ranking = Ranking.of(logRatios, pairs);
    double[] sorted = ranking.sorted();
    double widening = SerialCorrelation.widening(ranking.ranks());
    double ratio = Math.exp(median(sorted));
    decisionSoFar =
        decisionSoFar.intersect(bounds(sorted, widening, decisionError.outside(looksTaken, pairs), resolution), ratio);
    reportedSoFar =
        reportedSoFar.intersect(bounds(sorted, widening, reportedError.outside(looksTaken, pairs), resolution), ratio);
    // Kept as the intervals are: the highest lower bound so far, unless the ratios moved away
    // below it since (see Interval#intersect).
    double aboveNow = bounds(sorted, widening, aboveError.outside(looksTaken, pairs), resolution).low();
    aboveSoFar = aboveSoFar <= decisionSoFar.high() ? Math.max(aboveSoFar, aboveNow) : aboveNow;
    Side side =
        limit > 0 && decisionSoFar.below(limit)
            ? Side.BELOW_LIMIT
            : limit > 0 && (decisionSoFar.above(limit) || aboveSoFar > limit) ? Side.ABOVE_LIMIT : Side.UNDECIDED;
    return new Look(pairs, ratio, decisionSoFar, reportedSoFar, side);
  }

  /** One look's interval, from the log ratios sorted, leaving {@code outside} of them out per end. */
  private static Interval bounds(double[] sorted, double widening, int outside, Resolution resolution) {
    int n = sorted.length;
    if (outside < 0) {
      return Interval.EVERYTHING;
    }
    double centre = median(sorted);
    double low = centre - widening * (centre - sorted[outside]) + resolution.logLow();
    double high = centre + widening * (sorted[n - 1 - outside] - centre) + resolution.logHigh();
    return new Interval(Math.exp(low), Math.exp(high));
  }

  private static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
