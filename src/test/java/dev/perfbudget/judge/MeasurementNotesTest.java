package dev.perfbudget.judge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfbudget.engine.Interval;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.engine.Measurement.ArmResult;
import dev.perfbudget.engine.Measurement.Stop;
import dev.perfbudget.engine.Measurement.WarmUp;
import dev.perfbudget.testkit.TestSampling;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a result says about how far its numbers can be trusted. */
class MeasurementNotesTest {

  static Measurement measured(double baselineNs, double candidateNs, double loopNs, WarmUp warmUp) {
    return measured(baselineNs, candidateNs, loopNs, warmUp, Map.of(), Map.of());
  }

  static Measurement measured(
      double baselineNs, double candidateNs, double loopNs, WarmUp warmUp, Map<String, Object> baselineFigures, Map<String, Object> candidateFigures) {
    return measured(baselineNs, candidateNs, loopNs, warmUp, baselineFigures, candidateFigures, Double.NaN);
  }

  static Measurement measured(
      double baselineNs, double candidateNs, double loopNs, WarmUp warmUp, Map<String, Object> baselineFigures,
      Map<String, Object> candidateFigures, double otherProcessesCpuShare) {
    return new Measurement(
        candidateNs / baselineNs, new Interval(candidateNs / baselineNs * 0.98, candidateNs / baselineNs * 1.02),
        candidateNs / baselineNs, 12, 0, Stop.BELOW_LIMIT,
        new ArmResult("centsWithTax", baselineNs, baselineNs - loopNs, baselineNs, baselineNs, 0, 100_000, 12, 1_200_000, 0, 0, baselineFigures),
        new ArmResult("bigDecimalWithTax", candidateNs, candidateNs - loopNs, candidateNs, candidateNs, 0, 100_000, 12, 1_200_000, 0, 0, candidateFigures),
        loopNs, warmUp, 400_000_000L, otherProcessesCpuShare, new double[] {candidateNs / baselineNs});
  }

  /** A pool arm's figures: its workers' shares of time on a core, of their slices' and of the dispatches' time, and their CPU time. */
  private static Map<String, Object> pool(double slices, double dispatches, double workerCpuNs) {
    return Map.of("onCoreShare", slices, "onCoreShareOfDispatches", dispatches, "workerCpuNsPerDispatch", workerCpuNs);
  }

  private static String notes(Measurement measurement) {
    return MeasurementNotes.of(measurement, TestSampling.settings(Duration.ofSeconds(5)));
  }

  @Test
  void aBaselineUnderThreeTimesTheLoopMakesTheRatioUnstableAndTheNoteSaysWhy() {
    String note = notes(measured(5, 20, 3, new WarmUp(4, 300, false)));
    assertThat(note)
        .isEqualTo(
            "ratio unstable: the baseline `centsWithTax` costs 5.00 ns/op, under 3 times the 3.00 ns of the measuring "
                + "loop it includes, so the loop weighs on the ratio (net of the loop it would read 8.50); give each op more work");
  }

  @Test
  void aCandidateUnderThreeTimesTheLoopMayDoNoWorkAndTheNoteSaysSo() {
    // One call over a 1.8 ns loop: what an op whose work the JIT removed, but not its call, reads.
    String note = notes(measured(90, 3.0, 1.8, new WarmUp(4, 300, false)));
    assertThat(note)
        .isEqualTo(
            "little work: the candidate `bigDecimalWithTax` costs 3.00 ns/op, under 3 times the 1.80 ns of the measuring "
                + "loop it includes: it does little work per op, or the JIT removed its work and kept only the call to it; "
                + "return the op's result, computed from inputs the JIT cannot fold, and give each op more work");
  }

  @Test
  void aCandidateThatCostsNoMoreThanTheLoopIsLeftToTheInvalidVerdict() {
    assertThat(Validity.noMoreThanTheLoop(2.0, 1.8)).isTrue();
    assertThat(notes(measured(90, 2.0, 1.8, new WarmUp(4, 300, false)))).isEmpty();
  }

  @Test
  void aBaselineOfManyLoopsSaysNothing() {
    assertThat(notes(measured(40, 160, 3, new WarmUp(4, 300, false)))).isEmpty();
    assertThat(notes(measured(5, 20, 0, new WarmUp(4, 300, false)))).as("no loop measured").isEmpty();
  }

  @Test
  void aCappedWarmUpIsStated() {
    String note = notes(measured(40, 160, 3, new WarmUp(80, 1000, true, "the JIT was still compiling (java.util.Formatter::parse)")));
    assertThat(note)
        .isEqualTo(
            "warm-up hit its cap (perfbudget.warmup.max = 1.0 s) before the arms were steady: the JIT was still compiling "
                + "(java.util.Formatter::parse); the numbers may include code that was about to be replaced, raise perfbudget.warmup.max");
  }


  @Test
  void poolWorkersOnACoreForVeryDifferentSharesOfTheirTimeMakeTheRatioUntrustworthy() {
    // As measured under GC pressure: 2.2 ms dispatches 48% on a core, 68 ms ones 16%.
    Measurement contended =
        measured(2.2e6, 68e6, 0, new WarmUp(4, 300, false),
            Map.of("onCoreShare", 0.48, "workerCpuNsPerDispatch", 2.14e6), Map.of("onCoreShare", 0.16, "workerCpuNsPerDispatch", 22.4e6));
    assertThat(notes(contended))
        .isEqualTo(
            "ratio not to be trusted: the workers were on a core for 48% of their slices' time in the baseline and 16% in "
                + "the candidate, so other threads or processes (a busy machine, a collector) took cores and stretched one "
                + "arm's dispatches more than the other's; the ratio of the workers' CPU time is 10.5");
    Measurement alike =
        measured(2.1e6, 22e6, 0, new WarmUp(4, 300, false),
            Map.of("onCoreShare", 0.50, "workerCpuNsPerDispatch", 2.1e6), Map.of("onCoreShare", 0.50, "workerCpuNsPerDispatch", 22e6));
    assertThat(notes(alike)).as("both arms as much on a core").isEmpty();
  }

  @Test
  void aBusyMachineThatStretchesOneArmsWaitForItsWorkersMakesTheRatioUntrustworthy() {
    // As measured beside two spinning processes: slices alike, dispatches 29% and 45% on a core.
    Measurement busy =
        measured(5.1e6, 35.8e6, 0, new WarmUp(4, 300, false), pool(0.47, 0.29, 3.0e6), pool(0.48, 0.45, 31.0e6));
    assertThat(notes(busy))
        .isEqualTo(
            "ratio not to be trusted: the workers were on a core for 29% of the dispatches' time in the baseline and 45% in "
                + "the candidate, and for 47% and 48% of their slices' time, so other threads or processes (a busy machine, "
                + "a collector) took cores and stretched one arm's dispatches more than the other's; the ratio of the "
                + "workers' CPU time is 10.3");
  }

  @Test
  void anArmThatKeepsWorkersIdleOnAQuietMachineIsNotContention() {
    // A candidate that runs on one worker of two: half the dispatch on a core, but its slices run uncontended.
    Measurement unbalanced =
        measured(2.6e6, 5.2e6, 0, new WarmUp(4, 300, false), pool(0.97, 0.95, 5.0e6), pool(0.97, 0.48, 5.0e6));
    assertThat(notes(unbalanced)).isEmpty();
  }

  @Test
  void workersThatWaitedForACoreMostOfEachDispatchOnABusyMachineMakeTheRatioUntrustworthy() {
    // As measured beside two spinning processes: the arms alike, both mostly waiting.
    Measurement busy =
        measured(7.0e6, 11.0e6, 0, new WarmUp(4, 300, false), pool(0.51, 0.33, 4.7e6), pool(0.46, 0.36, 10.6e6), 0.94);
    assertThat(notes(busy))
        .isEqualTo(
            "ratio not to be trusted: the workers were on a core for only 33% of the dispatches' time in the baseline and "
                + "36% in the candidate, and for 51% and 46% of their slices' time, so most of a dispatch went waiting for "
                + "a core that other processes held, and such waits follow the machine's state more than the work; "
                + "measure where the pool's workers have cores to themselves; the ratio of the workers' CPU time is 2.26; "
                + "other processes used 94% of the machine's CPU time meanwhile");
  }

  @Test
  void workersThatWaitedForACoreBesideThisJvmsOwnThreadsSayNothing() {
    // As measured beside a thread of the test JVM allocating as fast as it could: as much off a
    // core, no other process busy, and the ratios right.
    Map<String, Object> baseline = pool(0.70, 0.38, 4.7e6);
    Map<String, Object> candidate = pool(0.60, 0.41, 10.9e6);
    assertThat(notes(measured(7.0e6, 14.1e6, 0, new WarmUp(4, 300, false), baseline, candidate, 0.0))).isEmpty();
    assertThat(notes(measured(7.0e6, 14.1e6, 0, new WarmUp(4, 300, false), baseline, candidate, Double.NaN)))
        .as("where the machine's load is unknown")
        .isEmpty();
  }

  @Test
  void aQuietMachineWhoseDispatchesWaitForTheirWorkersToWakeSaysNothing() {
    // As measured with nothing else running: slices on a core, dispatches 57% and 61%.
    Measurement quiet =
        measured(2.6e6, 2.6e6, 0, new WarmUp(4, 300, false), pool(0.94, 0.57, 4.5e6), pool(0.96, 0.61, 4.5e6), 0.01);
    assertThat(notes(quiet)).isEmpty();
  }
}
