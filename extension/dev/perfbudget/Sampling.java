package dev.perfbudget;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How the engine samples a workload's arms.
 *
 * <p>The default, {@link #adaptive()}, suits operations of nanoseconds to microseconds: batches
 * sized to about {@code perfbudget.sample.target}, warm-up until JIT compilation is quiet, and
 * pairs until the ratio's interval is clear of the limit or {@code perfbudget.time.max} runs
 * out. Operations that each take milliseconds and that the user wants counted one by one, such
 * as spawning a JVM or waiting for a timer, use {@link #oneOperationPerSample}: every sample is
 * one operation, so the report's p50, p95 and max are those of single operations.
 *
 * @param adapts whether batch size, warm-up and pair count adapt as described above
 * @param warmUpOperations with one operation per sample: operations each arm runs, unmeasured,
 *     before the first pair
 * @param pairs with one operation per sample: how many pairs are measured, exactly
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Sampling(boolean adapts, int warmUpOperations, int pairs) {

  /**
   * The fewest pairs a verdict can rest on. The engine decides on an interval that holds the
   * true ratio with 99% confidence, and fewer than 8 pairs cannot bound a median that tightly:
   * the chance that all of them fall on one side of it, 2^-7, is already more than the 0.4% the
   * first look may spend. A workload sampled one operation at a time that asks for fewer pairs is
   * a configuration error before anything runs; the {@code perfbudget.pairs.min} parameter cannot
   * go below it either. So few pairs decide only ratios far from the limit (the engine cannot
   * tell from 8 pairs whether they are independent, and widens their interval fourfold); 16 or
   * more are better.
   */
  public static final int LEAST_PAIRS = 8;

  private static final Sampling ADAPTIVE = new Sampling(true, 0, 0);

  public Sampling {
    if (!adapts && (warmUpOperations < 0 || pairs < 1)) {
      throw new IllegalArgumentException(
          "one operation per sample needs at least 1 pair and no negative warm-up, but got "
              + pairs + " pairs and " + warmUpOperations + " warm-up operations");
    }
  }

  /** Batches sized to the sample target, warm-up until stable, pairs until decided. */
  public static Sampling adaptive() {
    return ADAPTIVE;
  }

  /**
   * One operation per sample, {@code warmUpOperations} unmeasured operations per arm first, then
   * exactly {@code pairs} pairs in randomized order, at least {@value #LEAST_PAIRS} for a
   * verdict (the extension checks, before anything runs). The ratio is decided once all pairs are in;
   * {@code perfbudget.time.max} does not cut them short, so the workload bounds each operation
   * itself (a timeout per operation).
   */
  public static Sampling oneOperationPerSample(int warmUpOperations, int pairs) {
    return new Sampling(false, warmUpOperations, pairs);
  }
}
