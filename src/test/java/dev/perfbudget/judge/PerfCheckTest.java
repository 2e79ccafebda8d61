package dev.perfbudget.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.perfbudget.Arms;
import dev.perfbudget.plan.Limit;
import dev.perfbudget.testkit.FakeArm;
import dev.perfbudget.testkit.TestSampling;
import java.time.Duration;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** Verdicts and their confirmation, on arms of made-up cost. */
class PerfCheckTest {

  private static ThisJvm here(Arms arms) {
    return new ThisJvm("PerfCheckTest", arms, TestSampling.settings(Duration.ofMillis(300)));
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
}
