package dev.perfbudget.judge;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/** Takes one measurement of a test's arms: in the test JVM, or in a fresh JVM of its own. */
@API(status = INTERNAL)
@FunctionalInterface
public interface Measurer {

  /**
   * Measures against {@code limit}, or to record a ratio when it is 0.
   *
   * @throws dev.perfbudget.engine.MeasurementStoppedException when an arm hung or an interrupt
   *     stopped the measurement
   * @throws Exception what an arm threw
   */
  Measured measure(double limit) throws Exception;

  /**
   * Measures to confirm a failure that an earlier measurement found against {@code limit}: the
   * ratio above the limit at {@value
   * dev.perfbudget.engine.ConfidenceSequence#CONFIRMING_CONFIDENCE} one-sided confirms it (see
   * {@link dev.perfbudget.engine.ConfidenceSequence#CONFIRMING_CONFIDENCE}). A measurer that
   * cannot tell the two apart measures as for any verdict, which only takes longer.
   */
  default Measured measureToConfirm(double limit) throws Exception {
    return measure(limit);
  }

  /**
   * Measures against {@code limit} as {@link #measure} does, then goes on past a clear verdict
   * until the ratio is precise enough to place against the recorded ratio, within a second (see
   * {@link dev.perfbudget.engine.InterleavedSampler#placingTheRatio}). A measurer that cannot
   * measures as for any verdict.
   */
  default Measured measureToPlace(double limit) throws Exception {
    return measure(limit);
  }
}
