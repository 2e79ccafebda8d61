package dev.perfbudget.judge;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.engine.Measurement.Stop;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.plan.Limit;
import org.apiguardian.api.API;

/**
 * Measures a workload's arms against a limit and decides the verdict, confirming a failure
 * with a second, independent measurement before it counts.
 */
@API(status = INTERNAL)
public final class PerfCheck {

  private final Measurer first;
  private final Measurer confirm;

  /**
   * @param first takes the first measurement
   * @param confirm takes the measurement that confirms a failure
   */
  public PerfCheck(Measurer first, Measurer confirm) {
    this.first = first;
    this.confirm = confirm;
  }

  /**
   * The verdict and the measurement it rests on.
   *
   * @param unconfirmedRatio the first measurement's ratio when a second one was taken, else NaN
   */
  public record Decision(Verdict verdict, boolean fails, Measured measured, double unconfirmedRatio) {

    public Measurement measurement() {
      return measured.measurement();
    }
  }

  /** Measures until the ratio is precise enough to record. */
  public Measured measureToRecord() throws Exception {
    return first.measure(0);
  }

  public Decision check(Limit limit) throws Exception {
    Measured measured = first.measure(limit.value());
    if (!pastLimit(measured.measurement(), limit)) {
      return new Decision(verdictOf(measured.measurement()), false, measured, Double.NaN);
    }
    Measured second = confirm.measure(limit.value());
    return new Decision(
        verdictOf(second.measurement()), pastLimit(second.measurement(), limit), second, measured.measurement().ratio());
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
    };
  }
}
