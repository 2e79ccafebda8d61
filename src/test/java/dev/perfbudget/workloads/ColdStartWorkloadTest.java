package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import dev.perfbudget.PerfBudget;
import dev.perfbudget.Sampling;
import dev.perfbudget.testkit.PerfTestKit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.opentest4j.AssertionFailedError;

/** Cold start through the JUnit Platform: spawns, verdicts, faults and configuration errors. */
class ColdStartWorkloadTest {

  /** Where {@link HangingMain} writes its pid and its child's, for the orphan check. */
  static volatile Path pidFile;

  @TempDir Path dir;

  @Test
  void reportsEachArmsSpreadAndPassesWithinTheLimit() {
    PerfTestKit kit = new PerfTestKit(dir);
    kit.run(Fixtures.class, "sleepyMainWithinLimit").testEvents().assertStatistics(stats -> stats.succeeded(1));

    JsonObject result = kit.result(Fixtures.class, "sleepyMainWithinLimit");
    assertThat(result.get("kind").getAsString()).isEqualTo("coldStart");
    assertThat(result.get("verdict").getAsString()).isEqualTo("PASS");
    assertThat(result.get("pairs").getAsInt()).as("the runs asked for").isEqualTo(10);
    assertThat(result.getAsJsonObject("warmUp").get("rounds").getAsInt()).isEqualTo(1);
    JsonObject workload = result.getAsJsonObject("workload");
    assertThat(workload.get("runs").getAsInt()).isEqualTo(10);
    assertThat(workload.get("baselineMain").getAsString()).isEqualTo(EmptyMain.class.getName());
    assertThat(workload.get("candidateMain").getAsString()).isEqualTo(SleepyMain.class.getName());
    JsonObject baseline = result.getAsJsonObject("baseline");
    JsonObject candidate = result.getAsJsonObject("candidate");
    assertThat(baseline.get("name").getAsString()).isEqualTo("empty main");
    assertThat(baseline.get("samples").getAsInt()).isEqualTo(10);
    assertThat(baseline.get("batch").getAsInt()).isEqualTo(1);
    for (JsonObject arm : List.of(baseline, candidate)) {
      double p50 = arm.get("p50NsPerOp").getAsDouble();
      assertThat(arm.get("p95NsPerOp").getAsDouble()).isGreaterThanOrEqualTo(p50);
      assertThat(arm.get("maxNsPerOp").getAsDouble()).isGreaterThanOrEqualTo(arm.get("p95NsPerOp").getAsDouble());
    }
    // The sleepy main sleeps 100 ms on top of what the empty one does: no run can be faster.
    assertThat(candidate.get("p50NsPerOp").getAsDouble())
        .isGreaterThan(baseline.get("p50NsPerOp").getAsDouble())
        .isGreaterThanOrEqualTo(SleepyMain.SLEEP_MS * 1e6);
    assertThat(result.get("ratio").getAsDouble()).isGreaterThan(1);
  }

  @Test
  void failsWhenTheCandidateStartsSlowerThanTheLimitAllows() {
    PerfTestKit kit = new PerfTestKit(dir);
    EngineExecutionResults results = kit.run(Fixtures.class, "sleepyMainOverLimit");

    assertThat(failure(results)).isInstanceOf(AssertionFailedError.class).hasMessageContaining("is over its budget");
    JsonObject result = kit.result(Fixtures.class, "sleepyMainOverLimit");
    assertThat(result.get("verdict").getAsString()).isEqualTo("FAIL");
    assertThat(result.get("pairs").getAsInt()).as("exactly the runs asked for").isEqualTo(Sampling.LEAST_PAIRS);
    assertThat(result.get("unconfirmedRatio").getAsDouble()).as("confirmed by a second measurement").isGreaterThan(1);
  }

  @Test
  void aMainThatExitsNonZeroFailsWithItsClassCodeAndOutput() {
    EngineExecutionResults results = new PerfTestKit(dir).run(Fixtures.class, "failingMain");

    assertThat(failure(results))
        .isInstanceOf(AssertionFailedError.class)
        .hasMessageContaining("cold start of " + FailingMain.class.getName() + " (candidate \"failing\")")
        .hasMessageContaining("exited with code 3 on run 1")
        .hasMessageContaining("cannot open the config");
  }

  @Test
  void aMainThatHangsIsKilledWithItsChildrenAndFailsWithTheTimeout() throws Exception {
    pidFile = dir.resolve("hanging.pids");
    EngineExecutionResults results = new PerfTestKit(dir).run(Fixtures.class, "hangingMain");

    assertThat(failure(results))
        .isInstanceOf(AssertionFailedError.class)
        .hasMessageContaining("cold start of " + HangingMain.class.getName() + " (candidate \"hangs\")")
        .hasMessageContaining("did not exit within its 2 s timeout on run 1")
        .hasMessageContaining("killed with its child processes");
    List<Long> pids =
        Arrays.stream(Files.readString(pidFile, StandardCharsets.UTF_8).trim().split("\\s+"))
            .map(Long::parseLong)
            .toList();
    assertThat(pids).as("the hanging JVM and the JVM it started").hasSize(2);
    for (long pid : pids) {
      Optional<ProcessHandle> process = ProcessHandle.of(pid);
      assertThat(process.map(ProcessHandle::isAlive).orElse(false)).as("process %d is still alive", pid).isFalse();
    }
    assertThat(ProcessHandle.current().descendants())
        .noneMatch(p -> p.info().commandLine().orElse("").contains("ColdStartWorkloadTest$"));
  }

  @Test
  void tooFewRunsForAVerdictAreAConfigurationErrorBeforeAnyJvmStarts() {
    PerfTestKit kit = new PerfTestKit(dir);
    assertThat(failure(kit.run(Fixtures.class, "threeRuns")))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessage(
            "@PerfBudget method [" + Fixtures.class.getName() + "#threeRuns] declares a workload that "
                + "cannot be measured (kind `coldStart`): runs(3) must be at least 8, such as 20: fewer "
                + "pairs of runs cannot decide a verdict at 99% confidence");
    assertThat(failure(kit.with(ColdStartWorkload.RUNS_KEY, "3").run(Fixtures.class, "configuredRuns")))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageEndingWith(
            "(kind `coldStart`): configuration parameter `perfbudget.coldstart.runs` = [3] must be at "
                + "least 8, such as 20: fewer pairs of runs cannot decide a verdict at 99% confidence");
    assertThat(kit.reportDir().resolve("report.json")).doesNotExist();
  }

  @Test
  void aMissingMainClassIsAConfigurationErrorBeforeAnyJvmStarts() {
    PerfTestKit kit = new PerfTestKit(dir);
    assertThat(failure(kit.run(Fixtures.class, "missingMain")))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("the candidate's main class com.example.NoSuchMain is not on the test's classpath");
    assertThat(failure(kit.run(Fixtures.class, "classWithoutMain")))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("has no `public static void main(String[])`");
    assertThat(failure(kit.run(Fixtures.class, "noCandidate")))
        .isInstanceOf(ExtensionConfigurationException.class)
        .hasMessageContaining("no candidate is declared");
    assertThat(kit.reportDir().resolve("report.json")).doesNotExist();
  }

  static Throwable failure(EngineExecutionResults results) {
    return results.testEvents().failed().stream()
        .findFirst()
        .flatMap(event -> event.getPayload(TestExecutionResult.class))
        .flatMap(TestExecutionResult::getThrowable)
        .orElseThrow(() -> new AssertionError("expected the test to fail"));
  }

  /** Sleeps a fixed time, so its cold start is slower than an empty main's by at least that. */
  static final class SleepyMain {
    static final long SLEEP_MS = 100;

    public static void main(String[] args) throws InterruptedException {
      Thread.sleep(SLEEP_MS);
    }
  }

  static final class FailingMain {
    public static void main(String[] args) {
      System.err.println("cannot open the config");
      System.exit(3);
    }
  }

  /** Starts a child JVM that sleeps, records both pids, and then never exits. */
  static final class HangingMain {
    public static void main(String[] args) throws Exception {
      Process child =
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-cp",
                  System.getProperty("java.class.path"),
                  SleepForeverMain.class.getName())
              .start();
      Files.writeString(
          Path.of(args.length > 0 ? args[0] : System.getProperty("pids")),
          ProcessHandle.current().pid() + " " + child.pid(),
          StandardCharsets.UTF_8);
      Thread.sleep(Long.MAX_VALUE);
    }
  }

  static final class SleepForeverMain {
    public static void main(String[] args) throws InterruptedException {
      Thread.sleep(Long.MAX_VALUE);
    }
  }

  static final class NoMain {}

  static class Fixtures {

    @PerfBudget(maxRatio = 100)
    void sleepyMainWithinLimit(ColdStartWorkload start) {
      start.candidate("sleepy", SleepyMain.class).runs(10);
    }

    // No main starts in a tenth of an empty JVM's time: far past the limit, so that the fewest
    // pairs a verdict may rest on decide it even on a loaded machine, where one start can take
    // twice another.
    @PerfBudget(maxRatio = 0.1)
    void sleepyMainOverLimit(ColdStartWorkload start) {
      start.candidate("sleepy", SleepyMain.class).runs(Sampling.LEAST_PAIRS);
    }

    @PerfBudget(maxRatio = 100)
    void failingMain(ColdStartWorkload start) {
      start.candidate("failing", FailingMain.class).runs(16);
    }

    @PerfBudget(maxRatio = 100)
    void hangingMain(ColdStartWorkload start) throws IOException {
      start.candidate("hangs", HangingMain.class)
          .jvmOptions("-Dpids=" + pidFile)
          .timeout(Duration.ofSeconds(2))
          .runs(16);
    }

    @PerfBudget(maxRatio = 100)
    void threeRuns(ColdStartWorkload start) {
      start.candidate("sleepy", SleepyMain.class).runs(3);
    }

    @PerfBudget(maxRatio = 100)
    void configuredRuns(ColdStartWorkload start) {
      start.candidate("sleepy", SleepyMain.class);
    }

    @PerfBudget(maxRatio = 100)
    void missingMain(ColdStartWorkload start) {
      start.candidate("missing", "com.example.NoSuchMain");
    }

    @PerfBudget(maxRatio = 100)
    void classWithoutMain(ColdStartWorkload start) {
      start.candidate("no main", NoMain.class);
    }

    @PerfBudget(maxRatio = 100)
    void noCandidate(ColdStartWorkload start) {
      start.runs(16);
    }
  }
}
