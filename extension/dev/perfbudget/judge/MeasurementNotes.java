package dev.perfbudget.judge;

import dev.perfbudget.engine.Measurement;
import dev.perfbudget.engine.Measurement.WarmUp;
import dev.perfbudget.engine.SamplingSettings;
import dev.perfbudget.units.Format;
import java.util.ArrayList;
import java.util.List;

/**
 * What the reader of a result should know about how far its numbers can be trusted: a warm-up
 * that hit its cap, a baseline so cheap that the measuring loop weighs on the ratio, a pool
 * whose workers were kept off their cores ({@link ContentionNote}). Empty when there is nothing
 * to say.
 */
final class MeasurementNotes {

  /**
   * A baseline under this many times the loop's cost has an unstable ratio: the loop is a third
   * or more of what is measured, and how much of it an op hides (the CPU runs both at once)
   * differs from op to op and from JVM to JVM.
   *
   * <p>A candidate that cheap is named too, as an arm that may do no work. The JIT can remove an
   * op's work inside a method that it then does not inline into the loop ("low call site
   * frequency" in its compilation log: a race with the op's profile), and the arm reads one call
   * over the empty loop: 3.0 ns/op against 1.8 on Java 25, in 4 of 58 runs of a fixture whose
   * work the JIT removes. That is more than the margin that makes a result {@code INVALID}, and
   * as much as real cheap work costs (HashMap.get: 4.5 ns/op beside a 3.2 ns loop), so it cannot
   * be called invalid; it is not passed in silence either.
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
    double candidate = measurement.candidate().nsPerOp();
    if (loop > 0 && candidate < LOOP_SHARE * loop && !Validity.noMoreThanTheLoop(candidate, loop)) {
      notes.add(
          String.format(
              "little work: the candidate `%s` costs %s/op, under %s times the %s of the measuring loop it includes: "
                  + "it does little work per op, or the JIT removed its work and kept only the call to it; return the "
                  + "op's result, computed from inputs the JIT cannot fold, and give each op more work",
              measurement.candidate().name(), Format.nanos(candidate), Format.factor(LOOP_SHARE), Format.nanos(loop)));
    }
    String contention = ContentionNote.of(measurement);
    if (!contention.isEmpty()) {
      notes.add(contention);
    }
    return String.join("; ", notes);
  }
}
