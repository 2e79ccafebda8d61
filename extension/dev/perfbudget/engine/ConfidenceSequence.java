package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * The per-pair ratios of one measurement, and intervals for their median that hold at every
 * look, however often sampling looks and whenever it stops: a confidence sequence. The sampler
 * and the simulation of its error rates ({@code bench/DecisionSimulation}) both decide with it.
 *
 * <p>THE RULE. Consecutive pairs form blocks of {@value #PAIRS_PER_UNIT}; each block's unit is
 * the median of its ratios (for two, their geometric mean): a slow stretch of the machine that
 * spans a few pairs then moves fewer units. At each look ({@link Looks}) the units bound the
 * median ratio by exact order statistics ({@link OrderStatistics}) at that look's share of the
 * error; the interval is widened around the units' median for serial correlation ({@link
 * SerialCorrelation}) and for the clock's resolution ({@link Resolution}), made to hold the
 * reported ratio (the median of all pair ratios), and intersected with the earlier looks'
 * intervals. Sampling stops {@link Side#BELOW_LIMIT} when the {@value #DECISION_CONFIDENCE}
 * interval is wholly below the limit, {@link Side#ABOVE_LIMIT} when wholly above it. The
 * interval reported is the {@value #REPORTED_CONFIDENCE} one of the same construction, narrower
 * than the decision's.
 *
 * <p>THE GUARANTEE. If the units are independent and their median is the true ratio, every
 * {@value #DECISION_CONFIDENCE} interval of a measurement holds the true ratio, at all looks at
 * once, with probability at least {@value #DECISION_CONFIDENCE}, whatever the distribution of
 * the ratios: a true ratio at the limit stops on one side of it in at most 0.5% of measurements
 * per side. The widening for serial correlation and resolution only adds width, so it keeps
 * that; it is what holds the error rates when units are not independent, which the simulation
 * measures (docs/statistics.md).
 */
@API(status = INTERNAL)
public final class ConfidenceSequence {

  public static final double DECISION_CONFIDENCE = 0.99;
  public static final double REPORTED_CONFIDENCE = 0.95;
  static final int PAIRS_PER_UNIT = 2;

  /**
   * The fewest pairs any decision can rest on: {@value #PAIRS_PER_UNIT} per unit, and the
   * fewest units whose range bounds a median at {@value #DECISION_CONFIDENCE} on the first look.
   */
  public static final int LEAST_PAIRS = PAIRS_PER_UNIT * Looks.leastUnits(DECISION_CONFIDENCE);

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
  private double[] logRatios = new double[64];
  private int pairs;
  private int looksTaken;
  private int nextLookUnits;
  private Interval decisionSoFar = Interval.EVERYTHING;
  private Interval reportedSoFar = Interval.EVERYTHING;

  /**
   * A sequence whose first look comes after {@code firstLookPairs} pairs, at least {@link
   * #LEAST_PAIRS}.
   */
  public ConfidenceSequence(int firstLookPairs) {
    if (firstLookPairs < LEAST_PAIRS) {
      throw new IllegalArgumentException(
          "a decision at 99% confidence needs at least " + LEAST_PAIRS
              + " pairs before the first look, but got " + firstLookPairs);
    }
    this.looks = new Looks(firstLookPairs / PAIRS_PER_UNIT);
    this.nextLookUnits = looks.units(1);
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
    return pairs / PAIRS_PER_UNIT >= nextLookUnits;
  }

  /**
   * Looks at ratios drawn from a continuous distribution, with no clock step to allow for (as
   * in a simulation): {@link #look(double, Resolution)} with {@link Resolution#NONE}.
   */
  public Look look(double limit) {
    return look(limit, Resolution.NONE);
  }

  /**
   * Looks at the ratios so far against {@code limit} (0 for none), allowing for the arms' clock
   * steps. A look before it is due, as when time runs out, spends the next look's share of the
   * error on the units there are.
   */
  Look look(double limit, Resolution resolution) {
    looksTaken++;
    nextLookUnits = looks.units(looksTaken + 1);
    double share = Looks.share(looksTaken);

    double logRatio = Statistics.median(Arrays.copyOf(logRatios, pairs));

    double[] units = new double[pairs / PAIRS_PER_UNIT];
    for (int i = 0; i < units.length; i++) {
      units[i] = (logRatios[2 * i] + logRatios[2 * i + 1]) / 2;
    }
    double[] sortedUnits = units.clone();
    Arrays.sort(sortedUnits);
    double widening = SerialCorrelation.widening(units);

    decisionSoFar = decisionSoFar.intersect(
        bounds(sortedUnits, widening, share * (1 - DECISION_CONFIDENCE) / 2, logRatio, resolution));
    reportedSoFar = reportedSoFar.intersect(
        bounds(sortedUnits, widening, share * (1 - REPORTED_CONFIDENCE) / 2, logRatio, resolution));
    Side side =
        limit > 0 && decisionSoFar.below(limit)
            ? Side.BELOW_LIMIT
            : limit > 0 && decisionSoFar.above(limit) ? Side.ABOVE_LIMIT : Side.UNDECIDED;
    return new Look(pairs, Math.exp(logRatio), decisionSoFar, reportedSoFar, side);
  }

  /** One look's interval, from units sorted in logs, at {@code alpha} per end. */
  private static Interval bounds(
      double[] sortedUnits, double widening, double alpha, double logRatio, Resolution resolution) {
    int n = sortedUnits.length;
    int outside = OrderStatistics.outside(n, alpha);
    if (outside < 0) {
      return Interval.EVERYTHING;
    }
    double centre = median(sortedUnits);
    double low = centre - widening * (centre - sortedUnits[outside]);
    double high = centre + widening * (sortedUnits[n - 1 - outside] - centre);
    low = Math.min(low, logRatio) + resolution.logLow();
    high = Math.max(high, logRatio) + resolution.logHigh();
    return new Interval(Math.exp(low), Math.exp(high));
  }

  private static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
