package dev.perfbudget;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import dev.perfbudget.testkit.PerfTestKit;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Arms whose samples are all equal, as behind a clock too coarse to show their noise, through
 * the JUnit Platform: equal ratios give order statistics an interval of width zero, which would
 * pass any limit above them; perfbudget says NOISY instead.
 */
class CoarseClockTest {

  @TempDir Path dir;

  @Test
  void armsWhoseSamplesAreAllEqualAreNoisyNotPassed() {
    PerfTestKit kit = new PerfTestKit(dir).with("perfbudget.time.max", "300ms").with("perfbudget.warmup.max", "200ms");
    kit.run(CoarseClockTestCase.class, "equalSamples").testEvents().assertStatistics(stats -> stats.succeeded(1));

    JsonObject result = kit.result(CoarseClockTestCase.class, "equalSamples");
    assertThat(result.get("ratio").getAsDouble()).isEqualTo(1.0);
    assertThat(result.get("verdict").getAsString()).isEqualTo("NOISY");
    assertThat(result.get("ratioLow").getAsDouble()).as("no lower bound").isZero();
    assertThat(result.get("ratioHigh").isJsonNull()).as("no upper bound").isTrue();
    assertThat(result.get("pairs").getAsInt()).isGreaterThanOrEqualTo(Sampling.LEAST_PAIRS);
  }

  @Test
  void theSameArmsWithAClockThatShowsTheirNoisePass() {
    PerfTestKit kit = new PerfTestKit(dir).with("perfbudget.time.max", "300ms").with("perfbudget.warmup.max", "200ms");
    kit.run(CoarseClockTestCase.class, "noisySamples").testEvents().assertStatistics(stats -> stats.succeeded(1));

    JsonObject result = kit.result(CoarseClockTestCase.class, "noisySamples");
    assertThat(result.get("verdict").getAsString()).isEqualTo("PASS");
    assertThat(result.get("ratioLow").getAsDouble()).isLessThan(result.get("ratioHigh").getAsDouble()).isPositive();
  }

  /** A kind whose arms report 1 us per operation, exactly, or with up to 6 ns of jitter. */
  public static final class FixedCost implements Workload {
    private boolean jitter;

    FixedCost jitter() {
      jitter = true;
      return this;
    }

    @Override
    public String kind() {
      return "fixedCost";
    }

    @Override
    public Arms prepare(WorkloadContext context) {
      return new Arms(arm("a", jitter), arm("b", jitter), null, Map.of());
    }

    private static Arm arm(String name, boolean jitter) {
      AtomicLong calls = new AtomicLong();
      return new Arm() {
        @Override
        public String name() {
          return name;
        }

        @Override
        public Sample run(long operations) {
          long extra = jitter ? (calls.incrementAndGet() % 7) * operations : 0;
          return Sample.timed(operations, 1_000 * operations + extra);
        }
      };
    }
  }

  static class CoarseClockTestCase {
    @PerfBudget(maxRatio = 1.5)
    void equalSamples(FixedCost workload) {}

    @PerfBudget(maxRatio = 1.5)
    void noisySamples(FixedCost workload) {
      workload.jitter();
    }
  }
}
