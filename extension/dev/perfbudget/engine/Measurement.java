package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * What one measurement of a baseline and a candidate found.
 *
 * @param ratio the median of the per-pair ratios candidate / baseline
 * @param interval the 95% interval of that median from the confidence sequence whose 99% interval
 *     decided ({@link ConfidenceSequence})
 * @param ratioOfMedians the candidate's median ns/op over the baseline's
 * @param pairs how many pairs were measured; the ratio is computed from all of them
 * @param pairsHitByGc pairs in which a GC ran during a sample; they are kept like any other
 * @param stop why sampling stopped
 * @param loopNsPerOp the empty loop's median cost per operation, sampled in every pair
 * @param pairRatios every per-pair ratio, in the order measured
 */
@API(status = INTERNAL)
public record Measurement(
    double ratio,
    Interval interval,
    double ratioOfMedians,
    int pairs,
    int pairsHitByGc,
    Stop stop,
    ArmResult baseline,
    ArmResult candidate,
    double loopNsPerOp,
    WarmUp warmUp,
    long elapsedNanos,
    double[] pairRatios) {

  /** The candidate's bytes per op over the baseline's; NaN when either arm does not count bytes. */
  public double bytesRatio() {
    return candidate.bytesPerOp() / baseline.bytesPerOp();
  }

  /** Why sampling stopped. */
  public enum Stop {
    /** The 99% interval lies wholly below the limit. */
    BELOW_LIMIT,
    /** The 99% interval lies wholly above the limit. */
    ABOVE_LIMIT,
    /** With no limit: the interval is narrow enough to record. */
    PRECISE,
    /** {@code perfbudget.time.max} ran out first. */
    TIME_CAP,
    /**
     * A workload sampled one operation at a time measured all the pairs it asked for, and the
     * interval still spans the limit (or, with no limit, is not yet narrow).
     */
    PAIRS_DONE,
    /**
     * One operation per sample already took so long that {@code perfbudget.time.max} ran out
     * before {@code perfbudget.pairs.min} pairs: too slow to judge in that time.
     */
    TOO_SLOW
  }

  /**
   * One arm's figures: cost per operation net of the empty loop, allocation, GC.
   *
   * @param rawNsPerOp the median sample's ns/op before the loop's cost is subtracted (p50)
   * @param p95RawNsPerOp the 95th percentile of the samples' ns/op, loop included
   * @param maxRawNsPerOp the slowest sample's ns/op, loop included
   * @param bytesPerOp allocated bytes per operation, or NaN when the arm does not count them
   * @param operations the operations the measured samples ran; an arm may run more than the
   *     batch asked for (a churn arm does, to keep its threads' wake-up small against its work)
   * @param figures what the arm adds of its own kind ({@link dev.perfbudget.Arm#figures})
   */
  public record ArmResult(
      String name,
      double nsPerOp,
      double rawNsPerOp,
      double p95RawNsPerOp,
      double maxRawNsPerOp,
      double bytesPerOp,
      long batch,
      long samples,
      long operations,
      long gcCount,
      long gcMillis,
      java.util.Map<String, Object> figures) {}

  /** How warm-up went. */
  public record WarmUp(int rounds, long millis, boolean capped) {}
}
