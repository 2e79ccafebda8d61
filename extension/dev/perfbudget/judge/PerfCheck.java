package dev.perfbudget.judge;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.engine.Measurement.Stop;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.plan.Limit;
import dev.perfbudget.units.Format;
import org.apiguardian.api.API;

/**
 * Measures a workload's arms against a limit and decides the verdict, confirming a failure
 * with a second, independent measurement before it counts.
 *
 * <p>When the first measurement is taken in the test JVM and the confirming one in a fresh JVM
 * (the default, {@code perfbudget.fork=confirm}), a first reading far from the recorded ratio,
 * either way, is not trusted either: the library code an arm calls keeps the type profiles that
 * earlier tests of the JVM gave it, and a boxed stream sum measured 1.8 alone read 2.0 to 13.9
 * after four other stream tests. Such a reading is measured again in a fresh JVM, and that
 * measurement is the one judged and reported.
 */
@API(status = INTERNAL)
public final class PerfCheck {

  /**
   * How far, as a factor either way, the first reading's 95% interval must lie from the
   * recorded ratio to be measured again: beyond the few percent that one JVM's reading of the
   * same code differs from another's, so that a clean reading is rarely measured twice, and
   * close enough that a reading kept in the test JVM is seldom more than 10% off one taken in a
   * fresh JVM.
   */
  static final double FAR = 1.10;

  private final Measurer first;
  private final Measurer confirm;
  private final boolean replacesFarReadings;

  /**
   * @param first takes the first measurement
   * @param confirm takes the measurement that confirms a failure
   * @param replacesFarReadings whether a first reading far from the recorded ratio is measured
   *     again by {@code confirm} (when that is a fresh JVM and {@code first} is not)
   */
  public PerfCheck(Measurer first, Measurer confirm, boolean replacesFarReadings) {
    this.first = first;
    this.confirm = confirm;
    this.replacesFarReadings = replacesFarReadings;
  }

  /** A check whose confirming measurement is taken where the first one is. */
  public PerfCheck(Measurer first, Measurer confirm) {
    this(first, confirm, false);
  }

  /**
   * The verdict and the measurement it rests on.
   *
   * @param unconfirmedRatio the ratio of a first measurement that a second one confirmed or
   *     replaced, else NaN
   * @param note why a first measurement was replaced, or empty
   */
  public record Decision(Verdict verdict, boolean fails, Measured measured, double unconfirmedRatio, String note) {

    public Measurement measurement() {
      return measured.measurement();
    }
  }

  /** Measures until the ratio is precise enough to record. */
  Steady measureToRecord() throws Exception {
    return steady(first.measure(0), 0);
  }

  public Decision check(Limit limit) throws Exception {
    Steady steady = steady(first.measure(limit.value()), limit.value());
    Measured measured = steady.measured();
    if (measured.measurement() == null) {
      return new Decision(Verdict.INVALID, false, measured, Double.NaN, "");
    }
    double replacedRatio = steady.driftedRatio();
    String note = steady.note();
    if (Double.isNaN(replacedRatio) && replacesFarReadings && far(measured.measurement(), limit.recordedRatio())) {
      replacedRatio = measured.measurement().ratio();
      note =
          String.format(
              "measured again in a fresh JVM: the first reading, %s [%s, %s] in the test JVM, was far from the "
                  + "recorded %s (earlier tests' profiles of shared library code, most likely)",
              Format.ratio(replacedRatio), Format.ratio(measured.measurement().interval().low()),
              Format.ratio(measured.measurement().interval().high()), Format.ratio(limit.recordedRatio()));
      measured = confirm.measure(limit.value());
    }
    if (!pastLimit(measured.measurement(), limit)) {
      return new Decision(verdictOf(measured.measurement()), false, measured, replacedRatio, note);
    }
    // A failure counts only when a measurement independent of this one agrees.
    Measured second = confirm.measure(limit.value());
    return new Decision(
        verdictOf(second.measurement()), pastLimit(second.measurement(), limit), second,
        measured.measurement().ratio(), note);
  }

  /**
   * A measurement, and why the one before it was not kept, if it was not.
   *
   * @param driftedRatio the ratio of a first measurement that drifted, else NaN
   * @param note what the result says about it, or empty
   */
  record Steady(Measured measured, double driftedRatio, String note) {}

  /**
   * {@code measured}, or a second measurement by {@code confirm} when its ratio drifted while it
   * ran; a second drift is kept, for the verdict to say so.
   */
  private Steady steady(Measured measured, double limit) throws Exception {
    Measurement drifted = measured.measurement();
    if (drifted == null || Validity.drift(drifted) == null) {
      return new Steady(measured, Double.NaN, "");
    }
    String note = String.format(
        "measured again: the first measurement's ratio %s moved while it ran (a disturbance of the machine, or an "
            + "arm whose cost grows)", Format.ratio(drifted.ratio()));
    return new Steady(confirm.measure(limit), drifted.ratio(), note);
  }

  /** Whether the reading's interval lies wholly outside the recorded ratio's band of {@link #FAR}. */
  private static boolean far(Measurement measurement, double recorded) {
    return recorded > 0
        && (measurement.interval().low() > recorded * FAR || measurement.interval().high() < recorded / FAR);
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
