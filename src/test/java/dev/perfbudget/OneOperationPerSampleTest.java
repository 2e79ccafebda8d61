package dev.perfbudget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfbudget.engine.InterleavedSampler;
import dev.perfbudget.engine.Measurement.Stop;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.testkit.TestSampling;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The sampler with {@link Sampling#oneOperationPerSample}, on arms of made-up cost. */
class OneOperationPerSampleTest {

  /** Records every batch size it is asked for; costs {@code nsPerOp} plus a little noise. */
  private static final class CountingArm implements Arm {
    private final String name;
    private final double nsPerOp;
    private final SplittableRandom random;
    final List<Long> batches = new ArrayList<>();

    CountingArm(String name, double nsPerOp, long seed) {
      this.name = name;
      this.nsPerOp = nsPerOp;
      this.random = new SplittableRandom(seed);
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public Sample run(long operations) {
      batches.add(operations);
      return Sample.timed(operations, Math.round(operations * nsPerOp * (0.8 + 0.4 * random.nextDouble())));
    }
  }

  private static Measurement measure(Arms arms, Duration timeMax, double limit) throws Exception {
    return new InterleavedSampler(TestSampling.settings(timeMax), new SplittableRandom(5)).measure(arms, limit);
  }

  @Test
  void runsTheWarmUpThenExactlyThePairsAskedForOneOperationEach() throws Exception {
    CountingArm baseline = new CountingArm("empty", 50e6, 1);
    CountingArm candidate = new CountingArm("app", 60e6, 2);
    Arms arms = new Arms(baseline, candidate, null, Map.of(), Sampling.oneOperationPerSample(2, 17));

    // A limit far away would stop adaptive sampling early (it can decide at 16 pairs); a 1 ns
    // time cap would cut it short.
    Measurement m = measure(arms, Duration.ofNanos(1), 100);

    assertThat(baseline.batches).hasSize(2 + 17).containsOnly(1L);
    assertThat(candidate.batches).hasSize(2 + 17).containsOnly(1L);
    assertThat(m.pairs()).isEqualTo(17);
    assertThat(m.warmUp().rounds()).isEqualTo(2);
    assertThat(m.stop()).isEqualTo(Stop.BELOW_LIMIT);
    assertThat(m.baseline().batch()).isEqualTo(1);
    assertThat(m.baseline().samples()).isEqualTo(17);
    assertThat(m.candidate().p95NsPerOp()).isBetween(m.candidate().nsPerOp(), m.candidate().maxNsPerOp());
  }

  @Test
  void anUndecidedIntervalAfterAllPairsSaysPairsDoneNotTimeCap() throws Exception {
    Arms arms =
        new Arms(
            new CountingArm("a", 100, 3), new CountingArm("b", 100, 4), null, Map.of(),
            Sampling.oneOperationPerSample(0, 20));
    // Equal arms against a limit of 1: the true ratio sits on the limit (seeds are fixed).
    Measurement m = measure(arms, Duration.ofSeconds(5), 1.0);
    assertThat(m.stop()).isEqualTo(Stop.PAIRS_DONE);
    assertThat(m.pairs()).isEqualTo(20);
  }

  @Test
  void tooFewPairsAreRejectedBeforeAnyArmRuns() {
    CountingArm baseline = new CountingArm("a", 100, 5);
    CountingArm candidate = new CountingArm("b", 100, 6);
    Arms arms = new Arms(baseline, candidate, null, Map.of(), Sampling.oneOperationPerSample(1, Sampling.LEAST_PAIRS - 1));
    assertThatThrownBy(() -> measure(arms, Duration.ofSeconds(5), 2.0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("needs at least " + Sampling.LEAST_PAIRS + " pairs");
    assertThat(baseline.batches).isEmpty();
    assertThat(candidate.batches).isEmpty();
  }

  @Test
  void aSamplingWithoutPairsIsRejected() {
    assertThatThrownBy(() -> Sampling.oneOperationPerSample(1, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 1 pair");
    assertThat(Arms.of(new CountingArm("a", 1, 1), new CountingArm("b", 1, 2)).sampling().adapts()).isTrue();
  }
}
