package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * What one measurement of a baseline and a candidate found.
 *
 * @param ratio the median of the per-pair ratios candidate / baseline, of ns/op with the
 *     measuring loop included (as JMH's ns/op)
 * @param interval the 95% interval of that median from the confidence sequence whose 99% interval
 *     decided ({@link ConfidenceSequence})
 * @param ratioOfMedians the candidate's median ns/op over the baseline's
 * @param pairs how many pairs were measured; the ratio is computed from all of them
 * @param pairsHitByGc pairs in which a GC ran during a sample; they are kept like any other
 * @param stop why sampling stopped
 * @param loopNsPerOp the empty loop's median cost per operation, sampled in every pair
 * @param otherProcessesCpuShare the share of the machine's CPU time that other processes used while the
 *     pairs were measured, 0 to 1, or NaN where unknown ({@code environment.MachineLoad})
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
    double otherProcessesCpuShare,
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
   * One arm's figures: cost per operation with and net of the measuring loop, allocation, GC.
   *
   * @param nsPerOp the median sample's ns/op, the measuring loop included, as JMH reports it:
   *     the figure ratios are computed from and reports show
   * @param netNsPerOp {@code nsPerOp} less the empty loop's cost per operation, never below 0:
   *     what the operation adds to the loop
   * @param p95NsPerOp the 95th percentile of the samples' ns/op, loop included
   * @param maxNsPerOp the slowest sample's ns/op, loop included
   * @param bytesPerOp allocated bytes per operation, or NaN when the arm does not count them
   * @param operations the operations the measured samples ran; an arm may run more than the
   *     batch asked for (a churn arm does, to keep its threads' wake-up small against its work)
   * @param figures what the arm adds of its own kind ({@link dev.perfbudget.Arm#figures})
   */
  public record ArmResult(
      String name,
      double nsPerOp,
      double netNsPerOp,
      double p95NsPerOp,
      double maxNsPerOp,
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
