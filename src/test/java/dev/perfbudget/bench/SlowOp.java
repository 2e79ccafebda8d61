package dev.perfbudget.bench;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.testkit.PerfTestKit;
import dev.perfbudget.workloads.OpWorkload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * An op of 5 s under the default timing settings ({@code perfbudget.time.max=5s}, {@code
 * perfbudget.warmup.max=2s}): how long the perf test takes in wall time, and what it says. A
 * unit test may not assert a time, so this prints it.
 *
 * <p>{@code mvn -q test-compile exec:exec -Dbench=SlowOp} (optionally {@code -Dbench.args=SECONDS},
 * the op's length, default 5).
 */
public final class SlowOp {

  private SlowOp() {}

  public static void main(String[] args) throws Exception {
    SlowOpFixture.millis = 1000L * (args.length > 0 ? Integer.parseInt(args[0]) : 5);
    Path dir = Files.createTempDirectory("perfbudget-slow-op");
    PerfTestKit kit = new PerfTestKit(dir).with("perfbudget.time.max", "5s").with("perfbudget.warmup.max", "2s");
    long start = System.nanoTime();
    EngineExecutionResults results = kit.run(SlowOpFixture.class, "fiveSecondOps");
    double seconds = (System.nanoTime() - start) / 1e9;
    String verdict = kit.result(SlowOpFixture.class, "fiveSecondOps").get("verdict").getAsString();
    String message = results.testEvents().failed().list().stream()
        .findFirst()
        .flatMap(event -> event.getPayload(TestExecutionResult.class))
        .flatMap(TestExecutionResult::getThrowable)
        .map(Throwable::getMessage)
        .orElse("(the test passed)");
    System.out.printf(Locale.ROOT, "op of %d ms per call: %s after %.1f s wall time%n%s%n", SlowOpFixture.millis, verdict, seconds, message);
  }

  /** The perf test the benchmark runs: both arms take {@code millis} per call. */
  public static class SlowOpFixture {
    static volatile long millis = 5000;

    @PerfBudget(maxRatio = 10)
    void fiveSecondOps(OpWorkload op) {
      op.baseline("sleep", () -> sleep(millis)).candidate("sleep again", () -> sleep(millis));
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
