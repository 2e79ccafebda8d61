package dev.perfbudget.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.perfbudget.Arms;
import dev.perfbudget.engine.InterleavedSampler;
import dev.perfbudget.plan.Limit;
import dev.perfbudget.testkit.FakeArm;
import dev.perfbudget.testkit.TestSampling;
import java.time.Duration;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/** Verdicts and their confirmation, on arms of made-up cost. */
class PerfCheckTest {

  private final PerfCheck check = new PerfCheck(TestSampling.settings(Duration.ofMillis(300)));

  @Test
  void aClearRegressionIsConfirmedThenFails() throws Exception {
    PerfCheck.Decision decision = check.check(Arms.of(FakeArm.steady("a", 10), FakeArm.steady("b", 30)), Limit.maxRatio(2));
    assertThat(decision.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(decision.fails()).isTrue();
    assertThat(decision.unconfirmedRatio()).isCloseTo(3.0, offset(0.1));
    assertThat(decision.measurement().ratio()).isCloseTo(3.0, offset(0.1));
  }

  @Test
  void aSlowStretchThatASecondMeasurementDoesNotConfirmPasses() throws Exception {
    // How many calls one measurement makes of the candidate, with these settings.
    FakeArm probe = FakeArm.steady("b", 30);
    new InterleavedSampler(TestSampling.settings(Duration.ofMillis(300)), new java.util.SplittableRandom(1))
        .measure(Arms.of(FakeArm.steady("a", 10), probe), 2);
    int firstMeasurement = probe.calls();
    // Three times slower during the first measurement only (a noisy neighbour), then normal.
    FakeArm candidate = new FakeArm("b", call -> call <= firstMeasurement ? 30 : 10, 0.02, 1, new ArrayList<>());
    PerfCheck.Decision decision = check.check(Arms.of(FakeArm.steady("a", 10), candidate), Limit.maxRatio(2));
    assertThat(decision.unconfirmedRatio()).isGreaterThan(2);
    assertThat(decision.verdict()).isEqualTo(Verdict.PASS);
    assertThat(decision.fails()).isFalse();
    assertThat(decision.measurement().ratio()).isCloseTo(1.0, offset(0.05));
  }

  @Test
  void aClearPassNeedsNoConfirmation() throws Exception {
    PerfCheck.Decision decision = check.check(Arms.of(FakeArm.steady("a", 10), FakeArm.steady("b", 11)), Limit.maxRatio(2));
    assertThat(decision.verdict()).isEqualTo(Verdict.PASS);
    assertThat(decision.unconfirmedRatio()).isNaN();
  }

  @Test
  void noisyPastTheLimitFailsButNoisyBelowItDoesNot() throws Exception {
    PerfCheck.Decision above =
        check.check(Arms.of(FakeArm.steady("a", 10, 0.5, new ArrayList<>()), FakeArm.steady("b", 16, 0.5, new ArrayList<>())), Limit.maxRatio(1.5));
    if (above.verdict() == Verdict.NOISY) {
      assertThat(above.fails()).isEqualTo(above.measurement().ratio() > 1.5);
    }
    PerfCheck.Decision below =
        check.check(Arms.of(FakeArm.steady("a", 10, 0.5, new ArrayList<>()), FakeArm.steady("b", 14, 0.5, new ArrayList<>())), Limit.maxRatio(1.5));
    assertThat(below.verdict()).isIn(Verdict.NOISY, Verdict.PASS);
    assertThat(below.fails()).isEqualTo(below.verdict() == Verdict.NOISY && below.measurement().ratio() > 1.5);
  }
}
