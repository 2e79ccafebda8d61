package dev.perfbudget.judge;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.Arms;
import dev.perfbudget.engine.InterleavedSampler;
import dev.perfbudget.engine.Measurement.Stop;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.engine.SamplingSettings;
import dev.perfbudget.plan.Limit;
import java.util.SplittableRandom;
import org.apiguardian.api.API;

/**
 * Measures a workload's arms against a limit and decides the verdict, confirming a failure
 * with a second, independent measurement before it counts.
 */
@API(status = INTERNAL)
public final class PerfCheck {

  private final SamplingSettings settings;

  public PerfCheck(SamplingSettings settings) {
    this.settings = settings;
  }

  /**
   * The verdict and the measurement it rests on.
   *
   * @param unconfirmedRatio the first measurement's ratio when a second one was taken, else NaN
   */
  public record Decision(Verdict verdict, boolean fails, Measurement measurement, double unconfirmedRatio) {}

  /** Measures until the ratio is precise enough to record. */
  public Measurement measureToRecord(Arms arms) throws Exception {
    return new InterleavedSampler(settings, new SplittableRandom(settings.seed())).measure(arms, 0);
  }

  public Decision check(Arms arms, Limit limit) throws Exception {
    SplittableRandom random = new SplittableRandom(settings.seed());
    Measurement first = new InterleavedSampler(settings, random.split()).measure(arms, limit.value());
    if (!pastLimit(first, limit)) {
      return new Decision(verdictOf(first), false, first, Double.NaN);
    }
    Measurement second = new InterleavedSampler(settings, random.split()).measure(arms, limit.value());
    return new Decision(verdictOf(second), pastLimit(second, limit), second, first.ratio());
  }

  private static boolean pastLimit(Measurement measurement, Limit limit) {
    return measurement.stop() == Stop.ABOVE_LIMIT
        || ((measurement.stop() == Stop.TIME_CAP || measurement.stop() == Stop.PAIRS_DONE)
            && measurement.ratio() > limit.value());
  }

  private static Verdict verdictOf(Measurement measurement) {
    return switch (measurement.stop()) {
      case BELOW_LIMIT -> Verdict.PASS;
      case ABOVE_LIMIT -> Verdict.FAIL;
      case TIME_CAP, PAIRS_DONE, PRECISE -> Verdict.NOISY;
      case TOO_SLOW -> Verdict.INVALID;
    };
  }
}
