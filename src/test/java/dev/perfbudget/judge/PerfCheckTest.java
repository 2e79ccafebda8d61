package dev.perfbudget.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.perfbudget.Arms;
import dev.perfbudget.engine.Interval;
import dev.perfbudget.engine.Measurement.ArmResult;
import dev.perfbudget.engine.Measurement.Stop;
import dev.perfbudget.engine.Measurement.WarmUp;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.plan.Limit;
import dev.perfbudget.testkit.FakeArm;
import dev.perfbudget.testkit.TestSampling;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Verdicts and their confirmation, on arms of made-up cost. */
class PerfCheckTest {

  private static ThisJvm here(Arms arms) {
    return new ThisJvm("PerfCheckTest", arms, TestSampling.settings(Duration.ofMillis(300)));
  }

  /** A ratio recorded at 1.0 with tolerance 10. */
  private static final Limit RECORDED_1_0 = new Limit(10, "recorded ratio 1.00 x tolerance 10", 1.0);

  /** Where a test JVM's reading must not be measured again in a fresh JVM. */
  private static final Measurer NO_FRESH_JVM = limit -> {
    throw new AssertionError("measured again in a fresh JVM");
  };

  /** A ratio recorded at 1.5 with tolerance 10. */
  private static final Limit RECORDED_1_5 = new Limit(15, "recorded ratio 1.50 x tolerance 10", 1.5);

  /** The default mode's check after the test JVM read 5 (polluted), with {@code fresh} for fresh JVMs. */
  private static PerfCheck.Decision afterAPollutedReading(Measurer fresh) throws Exception {
    Measurer polluted = here(Arms.of(FakeArm.steady("a", 10), FakeArm.steady("b", 50)));
    return new PerfCheck(polluted, fresh, true).check(RECORDED_1_5);
  }

  private static PerfCheck.Decision check(Arms arms, Limit limit) throws Exception {
    ThisJvm here = here(arms);
    return new PerfCheck(here, here).check(limit);
  }

  @Test
  void aClearRegressionIsConfirmedThenFails() throws Exception {
    PerfCheck.Decision decision = check(Arms.of(FakeArm.steady("a", 10), FakeArm.steady("b", 30)), Limit.maxRatio(2));
    assertThat(decision.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(decision.fails()).isTrue();
    assertThat(decision.unconfirmedRatio()).isCloseTo(3.0, offset(0.1));
    assertThat(decision.measurement().ratio()).isCloseTo(3.0, offset(0.1));
  }

  @Test
  void aSlowStretchThatASecondMeasurementDoesNotConfirmPasses() throws Exception {
    // Three times slower during the first measurement only (a noisy neighbour), then normal.
    Measurer slowStretch = here(Arms.of(FakeArm.steady("a", 10), FakeArm.steady("b", 30)));
    Measurer normal = here(Arms.of(FakeArm.steady("a", 10), FakeArm.steady("b", 10)));
    PerfCheck.Decision decision = new PerfCheck(slowStretch, normal).check(Limit.maxRatio(2));
    assertThat(decision.unconfirmedRatio()).isGreaterThan(2);
    assertThat(decision.verdict()).isEqualTo(Verdict.PASS);
    assertThat(decision.fails()).isFalse();
    assertThat(decision.measurement().ratio()).isCloseTo(1.0, offset(0.05));
  }

  @Test
  void aFailureIsConfirmedByAMeasurementThatKnowsItConfirms() throws Exception {
    // The confirmation may find the ratio above the limit at a lower confidence than a first
    // measurement (ConfidenceSequence#CONFIRMING_CONFIDENCE): it has to be asked as such.
    ThisJvm slow = here(Arms.of(FakeArm.steady("a", 10), FakeArm.steady("b", 30)));
    AtomicInteger confirmations = new AtomicInteger();
    Measurer confirm =
        new Measurer() {
          @Override
          public Measured measure(double limit) {
            throw new AssertionError("a failure's confirmation was taken as a first measurement");
          }

          @Override
          public Measured measureToConfirm(double limit) throws Exception {
            confirmations.incrementAndGet();
            return slow.measureToConfirm(limit);
          }
        };
    PerfCheck.Decision decision = new PerfCheck(slow, confirm).check(Limit.maxRatio(2));
    assertThat(confirmations).hasValue(1);
    assertThat(decision.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(decision.fails()).isTrue();
  }

  @Test
  void aClearPassNeedsNoConfirmation() throws Exception {
    Measurer never = limit -> {
      throw new AssertionError("a clear pass was measured again");
    };
    PerfCheck.Decision decision =
        new PerfCheck(here(Arms.of(FakeArm.steady("a", 10), FakeArm.steady("b", 11))), never).check(Limit.maxRatio(2));
    assertThat(decision.verdict()).isEqualTo(Verdict.PASS);
    assertThat(decision.unconfirmedRatio()).isNaN();
  }

  @Test
  void noisyPastTheLimitFailsButNoisyBelowItDoesNot() throws Exception {
    PerfCheck.Decision above =
        check(Arms.of(FakeArm.steady("a", 10, 0.5, new ArrayList<>()), FakeArm.steady("b", 16, 0.5, new ArrayList<>())), Limit.maxRatio(1.5));
    if (above.verdict() == Verdict.NOISY) {
      assertThat(above.fails()).isEqualTo(above.measurement().ratio() > 1.5);
    }
    PerfCheck.Decision below =
        check(Arms.of(FakeArm.steady("a", 10, 0.5, new ArrayList<>()), FakeArm.steady("b", 14, 0.5, new ArrayList<>())), Limit.maxRatio(1.5));
    assertThat(below.verdict()).isIn(Verdict.NOISY, Verdict.PASS);
    assertThat(below.fails()).isEqualTo(below.verdict() == Verdict.NOISY && below.measurement().ratio() > 1.5);
  }

  @Test
  void aFirstReadingFarFromTheRecordedRatioIsReplacedByTheConfirmingMeasurement() throws Exception {
    // Recorded 1.0, limit 10: the test JVM reads 5 (polluted), the fresh JVM 1.
    Limit recorded = new Limit(10, "recorded ratio 1.00 x tolerance 10", 1.0);
    Measurer polluted = here(Arms.of(FakeArm.steady("a", 10), FakeArm.steady("b", 50)));
    Measurer fresh = here(Arms.of(FakeArm.steady("a", 10), FakeArm.steady("b", 10)));
    PerfCheck.Decision decision = new PerfCheck(polluted, fresh, true).check(recorded);
    assertThat(decision.verdict()).isEqualTo(Verdict.PASS);
    assertThat(decision.measurement().ratio()).isCloseTo(1.0, offset(0.05));
    assertThat(decision.unconfirmedRatio()).isCloseTo(5.0, offset(0.2));
    assertThat(decision.note()).startsWith("measured again in a fresh JVM: the first reading, ").contains("was far from the recorded 1.00");
  }

  @Test
  void aFreshJvmThatReadsFarFromTheRecordedRatioTooIsCheckedByASecondThatReadsNear() throws Exception {
    // The test JVM reads 5 (polluted); the first fresh JVM 12.9 (the JIT's slow state), the next 1.5.
    AtomicInteger measured = new AtomicInteger();
    PerfCheck.Decision decision = afterAPollutedReading(freshJvms(measured, 12.9, 1.5, 1.6));
    assertThat(measured).hasValue(2);
    assertThat(decision.verdict()).isEqualTo(Verdict.PASS);
    assertThat(decision.measurement().ratio()).isEqualTo(1.5);
    assertThat(decision.unconfirmedRatio()).isCloseTo(5.0, offset(0.2));
    assertThat(decision.note())
        .startsWith("measured again in a fresh JVM: the first reading, ")
        .contains("; the ratio read 12.9 in a fresh JVM, far from the recorded 1.50, and 1.50 in a second, which is judged and reported");
  }

  @Test
  void aFreshJvmThatReadsFarFromTheRecordedRatioTooIsPutToAVoteOfTwoMoreWhenTheSecondReadsFarAndApart() throws Exception {
    AtomicInteger measured = new AtomicInteger();
    PerfCheck.Decision decision = afterAPollutedReading(freshJvms(measured, 12.9, 4.0, 1.6));
    assertThat(measured).hasValue(3);
    assertThat(decision.measurement().ratio()).isEqualTo(4.0);
    assertThat(decision.note())
        .contains("; the ratio read 12.9, 4.00 and 1.60 in three fresh JVMs")
        .endsWith("and the median is judged and reported");
  }

  @Test
  void aFreshJvmThatReadsNearTheRecordedRatioIsTheOnlyOne() throws Exception {
    AtomicInteger measured = new AtomicInteger();
    PerfCheck.Decision decision = afterAPollutedReading(freshJvms(measured, 1.52, 12.9));
    assertThat(measured).hasValue(1);
    assertThat(decision.measurement().ratio()).isEqualTo(1.52);
  }

  @Test
  void aFirstReadingNearTheRecordedRatioIsKeptAndOneFarIsKeptWhenNoFreshJvmIsThere() throws Exception {
    Limit recorded = new Limit(10, "recorded ratio 1.00 x tolerance 10", 1.0);
    Measurer never = limit -> {
      throw new AssertionError("measured again");
    };
    PerfCheck.Decision near = new PerfCheck(here(Arms.of(FakeArm.steady("a", 10), FakeArm.steady("b", 10.3))), never, true).check(recorded);
    assertThat(near.unconfirmedRatio()).isNaN();
    assertThat(near.note()).isEmpty();
    PerfCheck.Decision far = new PerfCheck(here(Arms.of(FakeArm.steady("a", 10), FakeArm.steady("b", 50))), never, false).check(recorded);
    assertThat(far.measurement().ratio()).as("perfbudget.fork=never keeps it").isCloseTo(5.0, offset(0.2));
  }

  @Test
  void aTestJvmsReadingIsKeptWithin5PercentOfTheRecordedRatioAndAFreshJvmsWithin10() throws Exception {
    // Recorded 1.0: the test JVM reads 1.08 over [1.06, 1.10], beyond its band of 5%, and a
    // fresh JVM measures again; with every measurement in a fresh JVM, the same 1.08 is kept.
    AtomicInteger fresh = new AtomicInteger();
    PerfCheck.Decision here =
        new PerfCheck(limit -> made(around(1.08, 1.06, 1.10)), freshJvms(fresh, 1.01), true).check(RECORDED_1_0);
    assertThat(fresh).hasValue(1);
    assertThat(here.measurement().ratio()).isEqualTo(1.01);
    assertThat(here.unconfirmedRatio()).isEqualTo(1.08);
    assertThat(here.note())
        .startsWith("measured again in a fresh JVM: the first reading, 1.08 [1.06, 1.10] in the test JVM, was far from the recorded 1.00");
    AtomicInteger everyFresh = new AtomicInteger();
    Measurer freshOnly = freshJvms(everyFresh, 1.08, 1.01);
    PerfCheck.Decision always = new PerfCheck(freshOnly, freshOnly, false, true).check(RECORDED_1_0);
    assertThat(everyFresh).as("a fresh JVM's reading within 10% needs no second").hasValue(1);
    assertThat(always.measurement().ratio()).isEqualTo(1.08);
    assertThat(always.note()).isEmpty();
  }

  /** A test JVM that first reads {@code wide} and, asked to place the ratio, {@code placed}. */
  private static Measurer testJvm(double[] wide, double[] placed, AtomicInteger placings) {
    return new Measurer() {
      @Override
      public Measured measure(double limit) {
        return made(wide);
      }

      @Override
      public Measured measureToPlace(double limit) {
        placings.incrementAndGet();
        return made(placed);
      }
    };
  }

  private static double[] around(double median, double low, double high) {
    double[] ratios = new double[17];
    Arrays.fill(ratios, median);
    ratios[0] = low;
    ratios[16] = high;
    return ratios;
  }

  @Test
  void aReadingTooWideToPlaceIsMeasuredLongerInTheTestJvmAndThatIsReported() throws Exception {
    // Recorded 1.0: the test JVM reads 1.3 over [0.95, 2.5], which reaches back to the recorded
    // ratio, then 1.04 over [1.02, 1.06] measured longer.
    AtomicInteger placings = new AtomicInteger();
    PerfCheck.Decision decision =
        new PerfCheck(testJvm(around(1.3, 0.95, 2.5), around(1.04, 1.02, 1.06), placings), NO_FRESH_JVM, true).check(RECORDED_1_0);
    assertThat(placings).hasValue(1);
    assertThat(decision.verdict()).isEqualTo(Verdict.PASS);
    assertThat(decision.measurement().ratio()).isEqualTo(1.04);
    assertThat(decision.unconfirmedRatio()).isEqualTo(1.3);
    assertThat(decision.note())
        .isEqualTo("measured longer in the test JVM: its first reading, 1.30 [0.950, 2.50], was too wide to say whether "
            + "it lay within 5% of the recorded 1.00");
  }

  @Test
  void aReadingTooWideToPlaceThatMeasuredLongerIsFarIsMeasuredAgainInAFreshJvm() throws Exception {
    Limit recorded = new Limit(10, "recorded ratio 1.00 x tolerance 10", 1.0);
    AtomicInteger placings = new AtomicInteger();
    AtomicInteger fresh = new AtomicInteger();
    PerfCheck.Decision decision =
        new PerfCheck(testJvm(around(1.3, 0.95, 2.5), around(1.3, 1.25, 1.35), placings), freshJvms(fresh, 1.02), true)
            .check(recorded);
    assertThat(placings).hasValue(1);
    assertThat(fresh).hasValue(1);
    assertThat(decision.measurement().ratio()).isEqualTo(1.02);
    assertThat(decision.unconfirmedRatio()).isEqualTo(1.3);
    assertThat(decision.note())
        .startsWith("measured again in a fresh JVM: the reading measured longer, 1.30 [1.25, 1.35] in the test JVM, was far")
        .endsWith("; its first reading, 1.30 [0.950, 2.50], was too wide to say whether it lay within 5% of the recorded 1.00");
  }

  @Test
  void aReadingTooWideToPlaceWhoseLongerReadingStillLiesOutsideTheBandIsMeasuredAgainInAFreshJvm() throws Exception {
    // Recorded 1.0: the test JVM reads 1.3 over [0.95, 2.5], then 1.15 over [1.05, 1.30]
    // measured longer: its interval reaches into the test JVM's band of 5%, its ratio does not.
    AtomicInteger placings = new AtomicInteger();
    AtomicInteger fresh = new AtomicInteger();
    PerfCheck.Decision decision =
        new PerfCheck(testJvm(around(1.3, 0.95, 2.5), around(1.15, 1.05, 1.30), placings), freshJvms(fresh, 1.02), true)
            .check(RECORDED_1_0);
    assertThat(placings).hasValue(1);
    assertThat(fresh).hasValue(1);
    assertThat(decision.measurement().ratio()).isEqualTo(1.02);
    assertThat(decision.unconfirmedRatio()).isEqualTo(1.15);
    assertThat(decision.note())
        .startsWith("measured again in a fresh JVM: the reading measured longer, 1.15 [1.05, 1.30] in the test JVM, still "
            + "lay more than 5% from the recorded 1.00");
  }

  @Test
  void aReadingTooWideToPlaceWhoseLongerReadingLiesWithinTheBandIsKeptThoughItsIntervalReachesOut() throws Exception {
    AtomicInteger placings = new AtomicInteger();
    PerfCheck.Decision decision =
        new PerfCheck(testJvm(around(1.3, 0.95, 2.5), around(1.04, 0.99, 1.25), placings), NO_FRESH_JVM, true).check(RECORDED_1_0);
    assertThat(placings).hasValue(1);
    assertThat(decision.measurement().ratio()).isEqualTo(1.04);
  }

  @Test
  void aLongerReadingWhoseRatioMovedWhileItRanPlacesNothing() throws Exception {
    AtomicInteger placings = new AtomicInteger();
    PerfCheck.Decision decision = new PerfCheck(testJvm(around(1.3, 0.95, 2.5), drifting(), placings), NO_FRESH_JVM, true).check(RECORDED_1_0);
    assertThat(placings).hasValue(1);
    assertThat(decision.measurement().ratio()).as("the first reading, kept").isEqualTo(1.3);
    assertThat(decision.unconfirmedRatio()).isNaN();
    assertThat(decision.note()).isEmpty();
  }

  @Test
  void aReadingNearTheRecordedRatioOrFarAlreadyIsNotMeasuredLonger() throws Exception {
    Limit recorded = new Limit(10, "recorded ratio 1.00 x tolerance 10", 1.0);
    AtomicInteger placings = new AtomicInteger();
    new PerfCheck(testJvm(around(1.03, 0.7, 2.5), around(1.0, 1.0, 1.0), placings), limit -> made(around(1, 1, 1)), true)
        .check(recorded);
    new PerfCheck(testJvm(around(1.5, 1.2, 2.5), around(1.0, 1.0, 1.0), placings), limit -> made(around(1, 1, 1)), true)
        .check(recorded);
    assertThat(placings).as("a wide reading whose ratio is near, and a far one, are placed already").hasValue(0);
  }

  @Test
  void aMeasurementWhoseRatioDriftedIsMeasuredAgainAndTheSteadyOneIsJudged() throws Exception {
    Measurer first = limit -> made(drifting());
    AtomicInteger again = new AtomicInteger();
    Measurer confirm = limit -> {
      again.incrementAndGet();
      double[] steady = new double[30];
      Arrays.fill(steady, 1.0);
      return made(steady);
    };
    Limit recorded = new Limit(10, "recorded ratio 1.00 x tolerance 10", 1.0);
    PerfCheck.Decision decision = new PerfCheck(first, confirm, true).check(recorded);
    assertThat(again).as("measured again once, not again for being far from the recorded ratio").hasValue(1);
    assertThat(decision.verdict()).isEqualTo(Verdict.PASS);
    assertThat(decision.measurement().ratio()).isEqualTo(1.0);
    assertThat(decision.unconfirmedRatio()).isEqualTo(1.3);
    assertThat(decision.note())
        .isEqualTo("measured again: the first measurement's ratio 1.30 moved while it ran (a disturbance of the machine, "
            + "or an arm whose cost grows)");
    assertThat(Validity.drift(decision.measurement())).isNull();
  }

  @Test
  void aRecordingWhoseRatioDriftedIsMeasuredAgainAndSaysSo() throws Exception {
    double[] drifting = new double[30];
    Arrays.fill(drifting, 0, 15, 1.0);
    Arrays.fill(drifting, 15, 30, 2.0);
    double[] steady = new double[30];
    Arrays.fill(steady, 1.0);
    PerfCheck.Steady recording = new PerfCheck(limit -> made(drifting), limit -> made(steady)).measureToRecord();
    assertThat(recording.measured().measurement().pairRatios()).isEqualTo(steady);
    assertThat(recording.driftedRatio()).isEqualTo(2.0);
    assertThat(recording.note()).startsWith("measured again: the first measurement's ratio 2.00 moved while it ran");
  }

  /** A measurer of fresh JVMs whose n-th measurement reads the n-th of {@code ratios}, steadily. */
  private static Measurer freshJvms(AtomicInteger measured, double... ratios) {
    return limit -> {
      double[] pairs = new double[30];
      Arrays.fill(pairs, ratios[measured.getAndIncrement()]);
      return made(pairs);
    };
  }

  @Test
  void aRecordingInFreshJvmsIsMeasuredInASecondAndTheGeometricMeanOfTheTwoIsRecorded() throws Exception {
    AtomicInteger measured = new AtomicInteger();
    Measurer fresh = freshJvms(measured, 1.5, 1.6);
    PerfCheck.Recording recording = new PerfCheck(fresh, fresh, false, true).measureToRecordChecked();
    assertThat(measured).hasValue(2);
    assertThat(recording.ratio()).isCloseTo(Math.sqrt(1.5 * 1.6), offset(1e-9));
    assertThat(recording.steady().measured().measurement().ratio()).as("the first JVM's reading, reported").isEqualTo(1.5);
    assertThat(recording.steady().note())
        .isEqualTo("the ratio read 1.50 and 1.60 in two fresh JVMs, and their geometric mean, 1.55, is recorded");
  }

  @Test
  void aRecordingWhoseSecondFreshJvmCouldNotMeasureRecordsTheFirst() throws Exception {
    AtomicInteger measured = new AtomicInteger();
    Measurer secondFails = limit -> measured.getAndIncrement() == 0
        ? freshJvms(new AtomicInteger(), 1.5).measure(limit)
        : new Measured(null, Map.of(), List.of(), List.of("the fresh JVM's arm threw"));
    PerfCheck.Recording recording = new PerfCheck(secondFails, secondFails, false, true).measureToRecordChecked();
    assertThat(measured).hasValue(2);
    assertThat(recording.ratio()).isEqualTo(1.5);
    assertThat(recording.steady().note()).isEmpty();
  }

  @Test
  void twoFreshJvmsThatReadTwiceApartRecordTheLowerRatioWhicheverCameFirst() throws Exception {
    AtomicInteger measured = new AtomicInteger();
    Measurer slowFirst = freshJvms(measured, 12.9, 1.5, 1.6);
    PerfCheck.Recording recording = new PerfCheck(slowFirst, slowFirst, false, true).measureToRecordChecked();
    assertThat(measured).hasValue(2);
    assertThat(recording.ratio()).isEqualTo(1.5);
    assertThat(recording.steady().measured().measurement().ratio()).isEqualTo(1.5);
    assertThat(recording.steady().note())
        .isEqualTo("the ratio read 12.9 and 1.50 in two fresh JVMs: this code runs at more than one speed from one JVM "
            + "to the next (the JIT compiled library code it shares with the test framework differently), and the "
            + "lower is recorded, so that the budget catches a regression from either speed");

    AtomicInteger measuredAgain = new AtomicInteger();
    Measurer slowSecond = freshJvms(measuredAgain, 1.5, 12.9, 12.8);
    PerfCheck.Recording again = new PerfCheck(slowSecond, slowSecond, false, true).measureToRecordChecked();
    assertThat(measuredAgain).hasValue(2);
    assertThat(again.ratio()).isEqualTo(1.5);
    assertThat(again.steady().note()).startsWith("the ratio read 1.50 and 12.9 in two fresh JVMs");
  }

  @Test
  void withEveryMeasurementInAFreshJvmAFarReadingIsReplacedByASecondThatReadsNear() throws Exception {
    AtomicInteger measured = new AtomicInteger();
    Measurer fresh = freshJvms(measured, 12.9, 1.5, 1.6);
    PerfCheck.Decision decision = new PerfCheck(fresh, fresh, false, true).check(RECORDED_1_5);
    assertThat(measured).hasValue(2);
    assertThat(decision.measurement().ratio()).isEqualTo(1.5);
    assertThat(decision.unconfirmedRatio()).isEqualTo(12.9);
    assertThat(decision.verdict()).isEqualTo(Verdict.PASS);
    assertThat(decision.note())
        .isEqualTo("the ratio read 12.9 in a fresh JVM, far from the recorded 1.50, and 1.50 in a second, which is "
            + "judged and reported: the first JVM ran the code at another speed (the JIT compiled library code it "
            + "shares with the test framework differently, or the machine was disturbed)");
  }

  @Test
  void withEveryMeasurementInAFreshJvmTwoFarReadingsApartAreDecidedByTheMedianOfThree() throws Exception {
    AtomicInteger measured = new AtomicInteger();
    Measurer fresh = freshJvms(measured, 12.9, 4.0, 1.6);
    PerfCheck.Decision decision = new PerfCheck(fresh, fresh, false, true).check(RECORDED_1_5);
    assertThat(measured).hasValue(3);
    assertThat(decision.measurement().ratio()).isEqualTo(4.0);
    assertThat(decision.unconfirmedRatio()).isEqualTo(12.9);
    assertThat(decision.note()).startsWith("the ratio read 12.9, 4.00 and 1.60 in three fresh JVMs").endsWith("and the median is judged and reported");
  }

  @Test
  void withEveryMeasurementInAFreshJvmAFarReadingThatASecondConfirmsIsKeptAndSaysSo() throws Exception {
    AtomicInteger measured = new AtomicInteger();
    Measurer fresh = freshJvms(measured, 12.9, 12.5, 1.5);
    PerfCheck.Decision decision = new PerfCheck(fresh, fresh, false, true).check(RECORDED_1_5);
    assertThat(measured).hasValue(2);
    assertThat(decision.measurement().ratio()).isEqualTo(12.9);
    assertThat(decision.unconfirmedRatio()).isNaN();
    assertThat(decision.verdict()).isEqualTo(Verdict.PASS);
    assertThat(decision.note())
        .isEqualTo("the ratio read 12.9 and 12.5 in two fresh JVMs, both far from the recorded 1.50: the code's cost "
            + "changed since it was recorded, or this code runs at more than one speed from one JVM to the next and "
            + "both JVMs ran it at a speed the recording did not");
  }

  @Test
  void withEveryMeasurementInAFreshJvmAReadingNearTheRecordedRatioIsMeasuredOnce() throws Exception {
    AtomicInteger measured = new AtomicInteger();
    Measurer fresh = freshJvms(measured, 1.52, 12.9);
    PerfCheck.Decision decision = new PerfCheck(fresh, fresh, false, true).check(RECORDED_1_5);
    assertThat(measured).hasValue(1);
    assertThat(decision.measurement().ratio()).isEqualTo(1.52);
  }

  @Test
  void aRecordingTakenInTheTestJvmIsMeasuredOnce() throws Exception {
    AtomicInteger measured = new AtomicInteger();
    Measurer here = freshJvms(measured, 12.9, 1.5, 1.6);
    PerfCheck.Recording recording = new PerfCheck(here, here).measureToRecordChecked();
    assertThat(measured).hasValue(1);
    assertThat(recording.ratio()).isEqualTo(12.9);
    assertThat(recording.steady().note()).isEmpty();
  }

  @Test
  void aRatioThatDriftsAgainIsKeptForTheVerdictToSaySo() throws Exception {
    double[] growing = new double[30];
    for (int i = 0; i < growing.length; i++) {
      growing[i] = Math.pow(1.05, i);
    }
    Measurer measurer = limit -> made(growing);
    PerfCheck.Decision decision = new PerfCheck(measurer, measurer).check(Limit.maxRatio(100));
    assertThat(Validity.drift(decision.measurement())).startsWith("the ratio b / a never reached a steady state");
  }

  /** Identical arms under GC pressure: 1.0 for the first ten pairs, 1.78 for the last ten. */
  private static double[] drifting() {
    double[] ratios = new double[30];
    Arrays.fill(ratios, 0, 10, 1.0);
    Arrays.fill(ratios, 10, 20, 1.3);
    Arrays.fill(ratios, 20, 30, 1.78);
    return ratios;
  }

  /** A measurement below the limit whose pairs read {@code pairRatios}, in that order. */
  private static Measured made(double[] pairRatios) {
    double[] sorted = pairRatios.clone();
    Arrays.sort(sorted);
    double median = sorted[sorted.length / 2];
    Measurement measurement = new Measurement(
        median, new Interval(sorted[0], sorted[sorted.length - 1]), median, pairRatios.length, 0, Stop.BELOW_LIMIT,
        new ArmResult("a", 100, 100, 100, 100, 0, 1000, 30, 3_000_000, 0, 0, Map.of()),
        new ArmResult("b", 100 * median, 100 * median, 100 * median, 100 * median, 0, 1000, 30, 3_000_000, 0, 0, Map.of()),
        0, new WarmUp(4, 300, false), 6_000_000L, Double.NaN, pairRatios);
    return new Measured(measurement, Map.of(), List.of(), List.of());
  }
}
