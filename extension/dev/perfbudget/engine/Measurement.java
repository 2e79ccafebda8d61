package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * What one measurement of a baseline and a candidate found.
 *
 * @param ratio the median of the per-pair ratios candidate / baseline
 * @param interval the 95% bootstrap confidence interval of that median
 * @param ratioOfMedians the candidate's median ns/op over the baseline's
 * @param pairs how many pairs the ratio is computed from
 * @param pairsLeftOut pairs measured but left out because a GC hit one of their samples
 * @param stop why sampling stopped
 * @param pairRatios every per-pair ratio used, in the order measured
 */
@API(status = INTERNAL)
public record Measurement(
    double ratio,
    Interval interval,
    double ratioOfMedians,
    int pairs,
    int pairsLeftOut,
    Stop stop,
    ArmResult baseline,
    ArmResult candidate,
    double loopNsPerOp,
    WarmUp warmUp,
    long elapsedNanos,
    double[] pairRatios) {

  /** Why sampling stopped. */
  public enum Stop {
    /** The interval lies wholly below the limit. */
    BELOW_LIMIT,
    /** The interval lies wholly above the limit. */
    ABOVE_LIMIT,
    /** With no limit: the interval is narrow enough to record. */
    PRECISE,
    /** {@code perfbudget.time.max} ran out first. */
    TIME_CAP,
    /**
     * A workload sampled one operation at a time measured all the pairs it asked for, and the
     * interval still spans the limit (or, with no limit, is not yet narrow).
     */
    PAIRS_DONE
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
   * @param figures what the arm adds of its own kind ({@link Arm#figures})
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

  /**
   * How warm-up went.
   *
   * @param capped whether {@code perfbudget.warmup.max} ended warm-up before the arms were steady
   * @param unsteady when capped, what was not steady yet (a method the JIT was compiling, or a
   *     cost still moving); else empty
   */
  public record WarmUp(int rounds, long millis, boolean capped, String unsteady) {

    /** A warm-up with nothing to say about steadiness. */
    public WarmUp(int rounds, long millis, boolean capped) {
      this(rounds, millis, capped, "");
    }
  }
}
