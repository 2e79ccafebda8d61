package dev.perfbudget.judge;

import dev.perfbudget.engine.Measurement;
import dev.perfbudget.engine.Measurement.WarmUp;
import dev.perfbudget.engine.SamplingSettings;
import dev.perfbudget.units.Format;
import java.util.ArrayList;
import java.util.List;

/**
 * What the reader of a result should know about how far its numbers can be trusted: a warm-up
 * that hit its cap, a baseline so cheap that the measuring loop weighs on the ratio. Empty when
 * there is nothing to say.
 */
final class MeasurementNotes {

  /**
   * A baseline under this many times the loop's cost has an unstable ratio: the loop is a third
   * or more of what is measured, and how much of it an op hides (the CPU runs both at once)
   * differs from op to op and from JVM to JVM.
   */
  static final double LOOP_SHARE = 3;

  private MeasurementNotes() {}

  static String of(Measurement measurement, SamplingSettings settings) {
    List<String> notes = new ArrayList<>();
    WarmUp warmUp = measurement.warmUp();
    if (warmUp.capped()) {
      notes.add(
          String.format(
              "warm-up hit its cap (perfbudget.warmup.max = %s) before the arms were steady: %s; the "
                  + "numbers may include code that was about to be replaced, raise perfbudget.warmup.max",
              Format.millis(settings.warmupMax().toNanos()), warmUp.unsteady()));
    }
    double loop = measurement.loopNsPerOp();
    double baseline = measurement.baseline().nsPerOp();
    if (loop > 0 && baseline < LOOP_SHARE * loop) {
      notes.add(
          String.format(
              "ratio unstable: the baseline `%s` costs %s/op, under %s times the %s of the measuring "
                  + "loop it includes, so the loop weighs on the ratio (net of the loop it would read %s); "
                  + "give each op more work",
              measurement.baseline().name(), Format.nanos(baseline), Format.factor(LOOP_SHARE), Format.nanos(loop),
              Format.ratio(measurement.candidate().netNsPerOp() / measurement.baseline().netNsPerOp())));
    }
    return String.join("; ", notes);
  }
}
