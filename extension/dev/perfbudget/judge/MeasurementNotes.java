package dev.perfbudget.judge;

import dev.perfbudget.engine.Measurement;
import dev.perfbudget.engine.Measurement.WarmUp;
import dev.perfbudget.engine.SamplingSettings;
import dev.perfbudget.units.Format;
import java.util.ArrayList;
import java.util.List;

/**
 * What the reader of a result should know about how far its numbers can be trusted, such as a
 * warm-up that hit its cap. Empty when there is nothing to say.
 */
final class MeasurementNotes {

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
    return String.join("; ", notes);
  }
}
