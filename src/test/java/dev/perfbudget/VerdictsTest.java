package dev.perfbudget;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import dev.perfbudget.testkit.PerfTestKit;
import dev.perfbudget.testkit.Work;
import dev.perfbudget.workloads.OpWorkload;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** Verdicts on workloads of known cost, run through the JUnit Platform. */
class VerdictsTest {

  @TempDir Path dir;

  @Test
  void identicalArmsPassAtOneAndAHalf() {
    PerfTestKit kit = new PerfTestKit(dir);
    kit.run(VerdictsTestCase.class, "identicalArms").testEvents().assertStatistics(s -> s.succeeded(1));
    JsonObject result = kit.result(VerdictsTestCase.class, "identicalArms");
    assertThat(result.get("verdict").getAsString()).isEqualTo("PASS");
    assertThat(result.get("ratioHigh").getAsDouble()).isLessThan(1.5);
    assertThat(result.get("kind").getAsString()).isEqualTo("op");
  }

  @Test
  void tenTimesTheWorkFailsAtThree() {
    PerfTestKit kit = new PerfTestKit(dir);
    EngineExecutionResults results = kit.run(VerdictsTestCase.class, "tenTimesTheWork");
    results.testEvents().assertStatistics(s -> s.failed(1));
    JsonObject result = kit.result(VerdictsTestCase.class, "tenTimesTheWork");
    assertThat(result.get("verdict").getAsString()).isEqualTo("FAIL");
    assertThat(result.get("ratio").getAsDouble()).isBetween(6.0, 14.0);
    // A failure is confirmed by a second measurement, whose first ratio is kept.
    assertThat(result.get("unconfirmedRatio").getAsDouble()).isGreaterThan(3.0);
    Throwable failure =
        results.testEvents().failed().list().get(0).getPayload(org.junit.platform.engine.TestExecutionResult.class)
            .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable)
            .orElseThrow();
    assertThat(failure)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("@PerfBudget test " + VerdictsTestCase.class.getName() + "#tenTimesTheWork is over its budget.")
        .hasMessageContaining("Expecting ratio 640 steps / 64 steps:")
        .hasMessageContaining("to be at most the limit:\n  3.00 (maxRatio on @PerfBudget)")
        .hasMessageContaining("A first, independent measurement gave")
        // Recording would change nothing: the annotation's limit wins over the budget file.
        .hasMessageContaining("if the new cost is intended, raise `maxRatio` on @PerfBudget above ")
        .hasMessageContaining(", or remove `maxRatio` and record a budget in the budget file:\n  mvn test -Dtest='"
            + VerdictsTestCase.class.getName() + "#tenTimesTheWork' -Dperfbudget.mode=record");
  }

  @Test
  void twiceTheWorkMeasuresNearTwo() {
    PerfTestKit kit = new PerfTestKit(dir);
    kit.run(VerdictsTestCase.class, "twiceTheWork").testEvents().assertStatistics(s -> s.succeeded(1));
    JsonObject result = kit.result(VerdictsTestCase.class, "twiceTheWork");
    assertThat(result.get("ratio").getAsDouble()).isBetween(1.6, 2.5);
    assertThat(result.get("ratioLow").getAsDouble()).isLessThanOrEqualTo(result.get("ratio").getAsDouble());
    assertThat(result.get("ratioHigh").getAsDouble()).isGreaterThanOrEqualTo(result.get("ratio").getAsDouble());
  }

  @Test
  void slowOpsOfMillisecondsRunOnePerSample() {
    PerfTestKit kit = new PerfTestKit(dir);
    kit.run(VerdictsTestCase.class, "millisecondOps").testEvents().assertStatistics(s -> s.succeeded(1));
    JsonObject result = kit.result(VerdictsTestCase.class, "millisecondOps");
    assertThat(result.getAsJsonObject("baseline").get("batch").getAsLong()).isEqualTo(1);
    assertThat(result.get("ratio").getAsDouble()).isBetween(1.5, 2.6);
  }

  @Test
  void nanosecondOpsAreBatchedFarAboveTheTimerAndNeverBelowZero() {
    // Report mode: returning a field costs within a ns of the empty loop, which one JVM calls
    // INVALID (Java 17 here: +0.0 to 0.4 ns) and another not (Java 25: +0.7 ns); batching is the point.
    PerfTestKit kit = new PerfTestKit(dir).with("perfbudget.mode", "report");
    kit.run(VerdictsTestCase.class, "nearlyEmptyOps").testEvents().assertStatistics(s -> s.succeeded(1));
    JsonObject result = kit.result(VerdictsTestCase.class, "nearlyEmptyOps");
    assertThat(result.get("verdict").getAsString()).isIn("PASS", "INVALID");
    if (result.get("verdict").getAsString().equals("INVALID")) {
      assertThat(result.get("note").getAsString()).contains("no more than the empty loop");
    }
    for (String arm : new String[] {"baseline", "candidate"}) {
      JsonObject figures = result.getAsJsonObject(arm);
      double sampleNanos = figures.get("batch").getAsLong() * figures.get("nsPerOp").getAsDouble();
      assertThat(sampleNanos).as("one sample of " + arm).isGreaterThan(20_000);
      assertThat(figures.get("netNsPerOp").getAsDouble()).isGreaterThanOrEqualTo(0);
    }
  }

  @Test
  void resultsAreConsumedSoTheWorkIsNotRemoved() {
    PerfTestKit kit = new PerfTestKit(dir);
    kit.run(VerdictsTestCase.class, "sqrtChains").testEvents().assertStatistics(s -> s.succeeded(1));
    // Removed work would measure both arms at the empty loop's cost: a ratio near 1.
    assertThat(kit.result(VerdictsTestCase.class, "sqrtChains").get("ratio").getAsDouble()).isBetween(1.5, 2.6);
  }

  static class VerdictsTestCase {
    private final Work work = new Work();
    private double x = 2.0;

    @PerfBudget(maxRatio = 1.5)
    void identicalArms(OpWorkload op) {
      op.baseline("64 steps", () -> work.steps(64)).candidate("64 steps again", () -> work.steps(64));
    }

    @PerfBudget(maxRatio = 3)
    void tenTimesTheWork(OpWorkload op) {
      op.baseline("64 steps", () -> work.steps(64)).candidate("640 steps", () -> work.steps(640));
    }

    // A limit just above the expected ratio keeps sampling until the interval is clearly
    // below it, so a noisy stretch of the machine cannot end the measurement early.
    @PerfBudget(maxRatio = 3)
    void twiceTheWork(OpWorkload op) {
      op.baseline("64 steps", () -> work.steps(64)).candidate("128 steps", () -> work.steps(128));
    }

    // A limit just above the expected ratio keeps sampling until the interval is clearly
    // below it, so a noisy stretch of the machine cannot end the measurement early.
    @PerfBudget(maxRatio = 3)
    void millisecondOps(OpWorkload op) {
      op.baseline("sleep 4 ms", () -> sleep(4)).candidate("sleep 8 ms", () -> sleep(8));
    }

    @PerfBudget(maxRatio = 100)
    void nearlyEmptyOps(OpWorkload op) {
      op.baseline("this", () -> this).candidate("work", () -> work);
    }

    // A limit just above the expected ratio keeps sampling until the interval is clearly
    // below it, so a noisy stretch of the machine cannot end the measurement early.
    @PerfBudget(maxRatio = 3)
    void sqrtChains(OpWorkload op) {
      op.baseline("8 sqrt", () -> sqrts(8)).candidate("16 sqrt", () -> sqrts(16));
    }

    /** A chain of n square roots; the answer is a cached Boolean, so nothing is allocated. */
    private Boolean sqrts(int n) {
      double v = x;
      for (int i = 0; i < n; i++) {
        v = Math.sqrt(v + 1);
      }
      return v > 1.5;
    }

    private static Object sleep(long millis) {
      try {
        Thread.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return null;
    }
  }
}
