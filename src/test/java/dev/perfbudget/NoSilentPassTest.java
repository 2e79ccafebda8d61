package dev.perfbudget;

import static dev.perfbudget.ConfigurationErrorsTest.failure;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.perfbudget.engine.SamplingSettings;
import dev.perfbudget.testkit.ChildJvm;
import dev.perfbudget.testkit.FakeArm;
import dev.perfbudget.testkit.MadeUpWorkload;
import dev.perfbudget.testkit.PerfTestKit;
import dev.perfbudget.testkit.Work;
import dev.perfbudget.workloads.OpWorkload;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * A perf test that measured nothing real is {@code INVALID}: it fails in enforce and record
 * mode, says so in report mode, records nothing, and its message names the arm and the fix.
 */
class NoSilentPassTest {

  private static final String FIXTURE = InvalidTestCase.class.getName();
  private static final String LOOP_ADVICE =
      "within noise: the JIT may have removed the work. Return the result "
          + "from the op, computed from inputs the JIT cannot fold (a field or a captured object, not constants).";

  private PerfTestKit kit;

  // Not constructor injection of @TempDir: JUnit before 5.8 only injects fields and methods.
  @BeforeEach
  void createKit(@TempDir Path dir) {
    kit = new PerfTestKit(dir).with("perfbudget.ci", "false");
  }

  @Test
  void workTheJitRemovedIsInvalidOrSaidToBeLittleWork() {
    EngineExecutionResults run = kit.run(InvalidTestCase.class, "workRemovedByTheJit");
    JsonObject result = kit.result(InvalidTestCase.class, "workRemovedByTheJit");
    if (!result.get("verdict").getAsString().equals("INVALID")) {
      // The JIT removed the sqrt loop inside the op but did not inline the op into the arm's
      // loop (a race with the op's profile, a few runs in a hundred): the arm reads one call
      // over the empty loop, and the result must say that it may do no work.
      assertThat(result.get("note").getAsString())
          .as("a pass of work the JIT removed must say so: %s", result)
          .contains("little work: the candidate `unused sqrt` costs ")
          .contains("or the JIT removed its work and kept only the call to it");
      return;
    }
    Throwable error = failure(run);
    assertThat(error.getMessage())
        .startsWith("@PerfBudget test " + FIXTURE + "#workRemovedByTheJit measured nothing that can be trusted (INVALID):\n"
            + "  - the candidate arm `unused sqrt` costs ")
        // The loop's cost as the message rounds it; report.json keeps more digits of it.
        .containsPattern("no more than the empty loop \\([0-9.]+ [a-z]+/op\\) " + Pattern.quote(LOOP_ADVICE))
        .endsWith("The test fails until the measurement can be trusted.");
  }

  @Test
  void anOpReturningNullAtOnceIsInvalid() {
    failure(kit.run(InvalidTestCase.class, "returnsNullAtOnce"));
    JsonObject result = kit.result(InvalidTestCase.class, "returnsNullAtOnce");
    assertThat(result.get("verdict").getAsString()).isEqualTo("INVALID");
    assertThat(result.get("note").getAsString())
        .startsWith("INVALID: the candidate arm `null` costs ")
        .doesNotContain("baseline arm");
  }

  @Test
  void reportModeSaysInvalidAndDoesNotFail() {
    kit.with("perfbudget.mode", "report");
    kit.run(InvalidTestCase.class, "returnsNullAtOnce").testEvents().assertStatistics(s -> s.succeeded(1));
    JsonObject result = kit.result(InvalidTestCase.class, "returnsNullAtOnce");
    assertThat(result.get("verdict").getAsString()).isEqualTo("INVALID");
    assertThat(result.get("fails").getAsBoolean()).isFalse();
    assertThat(result.get("note").getAsString()).endsWith("; report mode does not fail");
  }

  @Test
  void anArmTimingZeroIsInvalidAndItsBatchStopsGrowing() {
    kit.with("perfbudget.time.max", "500ms").with("perfbudget.warmup.max", "200ms"); // nothing to wait for
    Throwable error = failure(kit.run(InvalidTestCase.class, "candidateTimesZero"));
    assertThat(error.getMessage()).contains(
        "  - the candidate arm `frozen clock` timed 0.000 ns for batches of up to 1048576 operations: its clock did "
            + "not move. An arm of a workload kind of your own must time the operations it runs (System.nanoTime() "
            + "before and after).\n");
    JsonObject result = kit.result(InvalidTestCase.class, "candidateTimesZero");
    assertThat(result.get("verdict").getAsString()).isEqualTo("INVALID");
    assertThat(result.getAsJsonObject("candidate").get("batch").getAsLong()).isEqualTo(1L << 20);
  }

  @Test
  void bothArmsTimingZeroGiveANanRatioThatIsInvalid() {
    kit.with("perfbudget.time.max", "500ms").with("perfbudget.warmup.max", "200ms"); // nothing to wait for
    Throwable error = failure(kit.run(InvalidTestCase.class, "bothTimeZero"));
    assertThat(error.getMessage())
        .contains("  - the baseline arm `frozen A` timed ")
        .contains("  - the candidate arm `frozen B` timed ")
        .contains("Measured ratio frozen B / frozen A: n/a");
    assertThat(kit.result(InvalidTestCase.class, "bothTimeZero").get("ratio").isJsonNull()).isTrue();
  }

  @Test
  void aRatioThatIsNotANumberIsInvalid() {
    kit.with("perfbudget.time.max", "500ms").with("perfbudget.warmup.max", "200ms"); // nothing to wait for
    Throwable error = failure(kit.run(InvalidTestCase.class, "countsNoOperations"));
    assertThat(error.getMessage()).contains(
        "  - the ratio no operations / ten ns is Infinity, not a positive number: an arm measured no cost. Give both "
            + "arms work that takes time.\n");
  }

  @Test
  void aRatioThatKeepsMovingNeverReachedASteadyState() {
    Throwable error = failure(kit.run(InvalidTestCase.class, "costGrowsWithEveryCall"));
    assertThat(error.getMessage())
        .contains("  - the ratio growing / steady never reached a steady state: it moved from ")
        .contains("(last 10 pairs). An arm whose cost depends on how often it ran (a list or cache it grows, input "
            + "it consumes) has no steady state: keep such state out of the arms; if the code only needs longer to "
            + "warm up, raise perfbudget.warmup.max.\n");
  }

  @Test
  void anOpTooSlowForTimeMaxStopsWithFewerPairsAndSaysWhatToSet() {
    kit.with("perfbudget.time.max", "1s").with("perfbudget.warmup.max", "300ms");
    Throwable error = failure(kit.run(InvalidTestCase.class, "tooSlowForOneSecond"));
    JsonObject result = kit.result(InvalidTestCase.class, "tooSlowForOneSecond");
    assertThat(result.get("stop").getAsString()).isEqualTo("TOO_SLOW");
    assertThat(result.get("pairs").getAsInt()).isBetween(1, SamplingSettings.DEFAULT_MIN_PAIRS - 1);
    assertThat(result.getAsJsonObject("candidate").get("batch").getAsLong()).isEqualTo(1);
    assertThat(error.getMessage())
        .contains("(`sleep 40 ms`) and ")
        .contains(String.format(
            "(`sleep 60 ms`), so perfbudget.time.max (1.0 s) held %d pair(s), fewer than the %d "
                + "a verdict needs (perfbudget.pairs.min): too slow to judge in that time. Set -Dperfbudget.time.max=",
            result.get("pairs").getAsInt(), SamplingSettings.DEFAULT_MIN_PAIRS))
        .contains("s for " + SamplingSettings.DEFAULT_MIN_PAIRS + " pairs, or measure a smaller input.\n");
  }

  @Test
  void recordModeRefusesARatioOfZeroOrNanAndWritesNothing() {
    kit.with("perfbudget.time.max", "500ms").with("perfbudget.warmup.max", "200ms"); // nothing to wait for
    kit.with("perfbudget.mode", "record");
    Throwable error = failure(kit.run(InvalidTestCase.class, "candidateTimesZero"));
    assertThat(error.getMessage()).endsWith("Nothing was recorded in the budget file.");
    assertThat(kit.budgetsFile()).doesNotExist();
  }

  @Test
  void recordModeRefusesAnAbsurdRatioNamingTheTest() {
    kit.with("perfbudget.mode", "record");
    Throwable error = failure(kit.run(InvalidTestCase.class, "twoBillionTimes"));
    assertThat(error.getMessage())
        .startsWith("@PerfBudget test " + FIXTURE + "#twoBillionTimes measured nothing that can be trusted (INVALID):\n")
        .contains("is outside what a budget may hold (1.0E-9 to 1.0E9): such a ratio is a measuring error, not a budget.\n")
        .endsWith("Nothing was recorded in the budget file.");
    assertThat(kit.budgetsFile()).doesNotExist();
  }

  /** JMH's compiler blackhole mode without its compile command: the JIT removes every op's work. */
  @Test
  void aBlackholeMadeANoOpIsInvalid(@TempDir Path childDir) throws Exception {
    Path output = childDir.resolve("child.txt");
    Process child = ChildJvm.start(
        List.of("-DcompilerBlackholesEnabled=true"), BlackholeRun.class, Map.of(), output, childDir.toString());
    assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("child JVM finished").isTrue();
    assertThat(child.exitValue()).as(PerfTestKit.read(output)).isZero();
    JsonObject report = JsonParser.parseString(PerfTestKit.read(childDir.resolve("report").resolve("report.json"))).getAsJsonObject();
    JsonObject result = report.getAsJsonArray("results").get(0).getAsJsonObject();
    assertThat(result.get("verdict").getAsString()).isEqualTo("INVALID");
    assertThat(result.get("note").getAsString()).startsWith(
        "INVALID: the results of the baseline `8 sqrt` and the candidate `64 sqrt` go into JMH's Blackhole, which is "
            + "in compiler mode (-DcompilerBlackholesEnabled=true) but which the JIT does not treat as a sink: a canary "
            + "whose results only went into it took ");
    assertThat(result.get("note").getAsString()).contains(
        "Remove -DcompilerBlackholesEnabled=true, or add -XX:+UnlockExperimentalVMOptions "
            + "-XX:CompileCommand=blackhole,org/openjdk/jmh/infra/Blackhole.consumeCompiler");
  }

  /** Runs the sqrt chains in report mode in a JVM of its own; the argument is the kit's folder. */
  public static final class BlackholeRun {
    public static void main(String[] args) {
      new PerfTestKit(Path.of(args[0])).with("perfbudget.mode", "report").run(InvalidTestCase.class, "sqrtChains");
      System.exit(0);
    }
  }

  static class InvalidTestCase {
    private final Work work = new Work();
    private double x = 2.0;

    @PerfBudget(maxRatio = 100)
    void workRemovedByTheJit(OpWorkload op) {
      op.baseline("64 steps", () -> work.steps(64)).candidate("unused sqrt", () -> {
        double v = 2;
        for (int i = 0; i < 16; i++) {
          v = Math.sqrt(v + 1); // from a constant, and never returned: the JIT removes the loop
        }
        return null;
      });
    }

    @PerfBudget(maxRatio = 100)
    void returnsNullAtOnce(OpWorkload op) {
      op.baseline("64 steps", () -> work.steps(64)).candidate("null", () -> null);
    }

    @PerfBudget(maxRatio = 100)
    void sqrtChains(OpWorkload op) {
      op.baseline("8 sqrt", () -> sqrts(8)).candidate("64 sqrt", () -> sqrts(64));
    }

    @PerfBudget(maxRatio = 100)
    void candidateTimesZero(MadeUpWorkload workload) {
      workload.arms(FakeArm.steady("ten ns", 10), MadeUpWorkload.frozenClock("frozen clock"));
    }

    @PerfBudget(maxRatio = 100)
    void bothTimeZero(MadeUpWorkload workload) {
      workload.arms(MadeUpWorkload.frozenClock("frozen A"), MadeUpWorkload.frozenClock("frozen B"));
    }

    @PerfBudget(maxRatio = 100)
    void countsNoOperations(MadeUpWorkload workload) {
      workload.arms(FakeArm.steady("ten ns", 10), MadeUpWorkload.noOperations("no operations"));
    }

    @PerfBudget(maxRatio = 1e6)
    void costGrowsWithEveryCall(MadeUpWorkload workload) {
      // Thirty pairs of one operation each, the candidate 15% dearer at every call.
      workload
          .arms(FakeArm.steady("steady", 1000, 0, new ArrayList<>()),
              new FakeArm("growing", call -> 1000 * Math.pow(1.15, call), 0, 1, new ArrayList<>()))
          .sampling(Sampling.oneOperationPerSample(0, 30));
    }

    @PerfBudget(maxRatio = 100)
    void tooSlowForOneSecond(OpWorkload op) {
      op.baseline("sleep 40 ms", () -> sleep(40)).candidate("sleep 60 ms", () -> sleep(60));
    }

    @PerfBudget
    void twoBillionTimes(MadeUpWorkload workload) {
      workload.arms(FakeArm.steady("one ns", 1), FakeArm.steady("two seconds", 2e9));
    }

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
      return millis;
    }
  }
}
