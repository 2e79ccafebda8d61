package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import org.apiguardian.api.API;

/**
 * The knobs of one measurement: how long warm-up and sampling may take, how long a sample
 * should last, the pairs before the first look, the random seed of the pair order, and how long one
 * call to an arm may run before the test fails.
 */
@API(status = INTERNAL)
public record SamplingSettings(
    Duration timeMax, Duration warmupMax, Duration sampleTarget, int minPairs, long seed, Duration opTimeout) {

  /**
   * Pairs before the first look at the interval, unless {@code perfbudget.pairs.min} says
   * otherwise (at least {@link ConfidenceSequence#LEAST_PAIRS}, 8): 16 pairs decide a clear case
   * even when two pairs at each end were slowed by something else on the machine.
   */
  public static final int DEFAULT_MIN_PAIRS = 16;

  /** Far above any sane batch (batches are sized to about half a millisecond), far below CI limits. */
  public static final Duration DEFAULT_OP_TIMEOUT = Duration.ofSeconds(60);

}
