package dev.perfbudget;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What one timed batch of an {@link Arm} took.
 *
 * @param operations how many operations the batch ran
 * @param nanos the wall time of the batch, in nanoseconds
 * @param allocatedBytes the bytes the batch allocated, or {@link #NOT_COUNTED}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Sample(long operations, long nanos, long allocatedBytes) {

  /** The value of {@link #allocatedBytes()} for arms that do not count allocation. */
  public static final long NOT_COUNTED = -1;

  public static Sample timed(long operations, long nanos) {
    return new Sample(operations, nanos, NOT_COUNTED);
  }

  public double nanosPerOp() {
    return (double) nanos / operations;
  }
}
