package dev.perfbudget.workloads;

import static dev.perfbudget.workloads.ColdStartWorkloadTest.failure;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.perfbudget.PerfBudget;
import dev.perfbudget.testkit.PerfTestKit;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** The timer floor through the JUnit Platform: the workload, its verdicts, the report caveat. */
class TimerWorkloadTest {

  private static final double ONE_MS = 1e6;

  @TempDir Path dir;

  @Test
  void reportsLandingTimesOneWaitPerSample() {
    PerfTestKit kit = new PerfTestKit(dir);
    kit.run(Fixtures.class, "scheduledAgainstSleep").testEvents().assertStatistics(stats -> stats.succeeded(1));

    JsonObject result = kit.result(Fixtures.class, "scheduledAgainstSleep");
    assertThat(result.get("kind").getAsString()).isEqualTo("timer");
    assertThat(result.get("pairs").getAsInt()).isEqualTo(16);
    JsonObject baseline = result.getAsJsonObject("baseline");
    JsonObject candidate = result.getAsJsonObject("candidate");
    assertThat(baseline.get("name").getAsString()).isEqualTo("Thread.sleep(1)");
    assertThat(candidate.get("name").getAsString()).isEqualTo("ScheduledExecutorService.schedule(1 ms)");
    assertThat(baseline.get("batch").getAsInt()).isEqualTo(1);
    // A timer never lands before the time it was asked for.
    assertThat(baseline.get("p50NsPerOp").getAsDouble()).isGreaterThanOrEqualTo(ONE_MS);
    assertThat(candidate.get("p50NsPerOp").getAsDouble()).isGreaterThanOrEqualTo(ONE_MS);
    assertThat(candidate.get("maxNsPerOp").getAsDouble()).isGreaterThanOrEqualTo(candidate.get("p95NsPerOp").getAsDouble());
    JsonObject workload = result.getAsJsonObject("workload");
    assertThat(workload.get("baselineRequestedNs").getAsLong()).isEqualTo(1_000_000);
    assertThat(workload.get("candidateRequestedNs").getAsLong()).isEqualTo(1_000_000);
  }

  @Test
  void failsWhenTheCandidateWaitsFarLongerThanTheLimitAllows() {
    PerfTestKit kit = new PerfTestKit(dir);
    assertThat(failure(kit.run(Fixtures.class, "sleepOneAgainstSleepZero")))
        .isInstanceOf(AssertionFailedError.class)
        .hasMessageContaining("is over its budget");
    JsonObject result = kit.result(Fixtures.class, "sleepOneAgainstSleepZero");
    assertThat(result.get("verdict").getAsString()).isEqualTo("FAIL");
    assertThat(result.get("ratio").getAsDouble()).isGreaterThan(2);
  }

  @Test
  void theReportsEnvironmentCarriesTheTimerFloorAsACaveat() {
    PerfTestKit kit = new PerfTestKit(dir);
    kit.run(Fixtures.class, "scheduledAgainstSleep");

    JsonObject environment = kit.report().getAsJsonObject("environment");
    JsonObject floor = environment.getAsJsonObject("timerFloor");
    assertThat(floor.get("samples").getAsInt()).isPositive();
    List<String> timers = new ArrayList<>();
    for (JsonElement element : floor.getAsJsonArray("timers")) {
      JsonObject timer = element.getAsJsonObject();
      timers.add(timer.get("timer").getAsString());
      long requested = timer.get("requestedNs").getAsLong();
      assertThat(timer.get("medianNs").getAsLong()).isGreaterThanOrEqualTo(requested);
      assertThat(timer.get("driftNs").getAsLong()).isEqualTo(timer.get("medianNs").getAsLong() - requested);
    }
    assertThat(timers)
        .containsExactly(
            "Thread.sleep(0)",
            "Thread.sleep(1)",
            "LockSupport.parkNanos(1000)",
            "ScheduledExecutorService.schedule(1 ms)");
    JsonArray caveats = environment.getAsJsonArray("caveats");
    assertThat(caveats.get(0).getAsString()).startsWith("timer floor here (median of").contains("Thread.sleep(1) lands after");
  }

  @Test
  void tooFewSamplesAndMissingArmsAreConfigurationErrors() {
    PerfTestKit kit = new PerfTestKit(dir);
    assertThat(failure(kit.run(Fixtures.class, "threeSamples")))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "@PerfBudget method [" + Fixtures.class.getName() + "#threeSamples] declares a workload that "
                + "cannot be measured (kind `timer`): samples(3) must be at least 8, such as 50: fewer "
                + "pairs of waits cannot decide a verdict at 99% confidence");
    assertThat(failure(kit.run(Fixtures.class, "noBaseline")))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("no baseline is declared");
    assertThat(failure(kit.run(Fixtures.class, "negativeSleep")))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("sleep(-1) asks for a negative wait");
  }

  static class Fixtures {

    @PerfBudget(maxRatio = 20)
    void scheduledAgainstSleep(TimerWorkload timer) {
      timer.baseline(TimedWait.sleep(1)).candidate(TimedWait.scheduled(Duration.ofMillis(1))).samples(16);
    }

    /** sleep(1) lands after a millisecond or more; sleep(0) returns in microseconds. */
    // Far past the limit even on a loaded machine, where sleep(0) can take most of a millisecond.
    @PerfBudget(maxRatio = 2)
    void sleepOneAgainstSleepZero(TimerWorkload timer) {
      timer.baseline(TimedWait.sleep(0)).candidate(TimedWait.sleep(10)).samples(16);
    }

    @PerfBudget(maxRatio = 2)
    void threeSamples(TimerWorkload timer) {
      timer.baseline(TimedWait.sleep(0)).candidate(TimedWait.sleep(1)).samples(3);
    }

    @PerfBudget(maxRatio = 2)
    void noBaseline(TimerWorkload timer) {
      timer.candidate(TimedWait.parkNanos(1_000));
    }

    @PerfBudget(maxRatio = 2)
    void negativeSleep(TimerWorkload timer) {
      timer.baseline(TimedWait.sleep(-1));
    }
  }
}
