package dev.perfbudget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.perfbudget.engine.MeasuringThread;
import dev.perfbudget.testkit.ChildJvm;
import dev.perfbudget.testkit.PerfTestKit;
import dev.perfbudget.testkit.Work;
import dev.perfbudget.workloads.OpWorkload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Workloads that hang, interrupt or exit: each costs its own test and nothing else, neither the
 * tests after it nor the report.
 */
class HostileWorkloadsTest {

  @TempDir Path dir;

  /** Lets the op that spins without looking at interrupts end, once its test has been judged. */
  static volatile boolean releaseSpinner;

  @AfterEach
  void releaseHungThreads() throws InterruptedException {
    releaseSpinner = true;
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.getName().startsWith("perfbudget measuring " + HangingTestCase.class.getName())) {
        thread.interrupt();
        thread.join(5000);
      }
    }
    assertThat(MeasuringThread.leftBehindNote()).isEmpty();
  }

  private PerfTestKit kit() {
    return new PerfTestKit(dir)
        .with("perfbudget.op.timeout", "1s")
        .with("perfbudget.time.max", "1s")
        .with("perfbudget.warmup.max", "300ms");
  }

  @Test
  void anOpThatNeverReturnsFailsItsTestInBoundedTimeAndTheNextTestsRun() {
    releaseSpinner = false;
    PerfTestKit kit = kit();
    long start = System.nanoTime();
    EngineExecutionResults results = kit.run(HangingTestCase.class);
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);

    results.testEvents().assertStatistics(s -> s.started(3).failed(1).succeeded(2));
    results.testEvents().assertThatEvents().haveExactly(1, event(test("spinsForever"), finishedWithFailure(message(m -> m.startsWith(
        "@PerfBudget test " + HangingTestCase.class.getName() + "#spinsForever: the candidate arm `spin` did not return "
            + "from a batch of 1 operation(s) within perfbudget.op.timeout (1.0 s; it has run ")
        && m.contains("Fix the op, or raise perfbudget.op.timeout")))));
    // Generous: the timeout is 1 s; the rest is warm-up and measurement of the other tests.
    assertThat(seconds).isLessThan(30);
    // The thread that still spins is named in the next perf test's note: its numbers may be off.
    assertThat(kit.result(HangingTestCase.class, "measuredAfterTheHang").get("note").getAsString())
        .contains("hung arm(s) of earlier tests still ran in this JVM")
        .contains(HangingTestCase.class.getName() + "#spinsForever");
  }

  @Test
  void anOpBlockedInAnInterruptibleCallIsStoppedNotLeftBehind() {
    EngineExecutionResults results = kit().run(BlockingTestCase.class, "sleepsForever");
    results.testEvents().assertThatEvents().haveExactly(1, event(test("sleepsForever"), finishedWithFailure(
        message(m -> m.contains("the baseline arm `sleep` did not return")))));
    assertThat(MeasuringThread.leftBehindNote()).isEmpty();
  }

  @Test
  void anOpThatInterruptsItsOwnThreadFailsCleanly() {
    EngineExecutionResults results = kit().run(BlockingTestCase.class, "interruptsItself");
    results.testEvents().assertThatEvents().haveExactly(1, event(test("interruptsItself"), finishedWithFailure(message(
        "@PerfBudget test " + BlockingTestCase.class.getName() + "#interruptsItself: the candidate arm `interrupt` "
            + "left the measuring thread interrupted, so the measurement was stopped. The interrupt flag is "
            + "cleared. An op must not interrupt the thread that runs it; if it waits on something that may "
            + "be interrupted, let it restore the state it found."))));
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
  }

  @Test
  void anOpThatInterruptsTheTestThreadFailsThatTestAndTheFlagIsCleared() {
    EngineExecutionResults results = kit().run(BlockingTestCase.class);
    results.testEvents().assertThatEvents().haveExactly(1, event(test("interruptsTheTestThread"), finishedWithFailure(
        message(m -> m.contains("the test thread was interrupted while the arms were being measured")))));
    // The tests after it run on the same thread, uninterrupted.
    results.testEvents().assertThatEvents().haveExactly(1, event(test("ordinaryTestAfterwards"),
        org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully()));
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
  }

  @Test
  void anOpThatExitsTheJvmLeavesEarlierResultsIntact() throws Exception {
    Path report = dir.resolve("report");
    Path output = dir.resolve("child.txt");
    Process child = ChildJvm.start(ExitingRun.class, Map.of(), output, dir.toString());
    assertThat(child.waitFor(60, TimeUnit.SECONDS)).as("child JVM finished").isTrue();
    assertThat(child.exitValue()).as(PerfTestKit.read(output)).isEqualTo(ExitingTestCase.EXIT_CODE);

    JsonObject json = JsonParser.parseString(PerfTestKit.read(report.resolve("report.json"))).getAsJsonObject();
    assertThat(json.getAsJsonArray("results")).hasSize(1);
    assertThat(json.getAsJsonArray("results").get(0).getAsJsonObject().get("test").getAsString())
        .isEqualTo(ExitingTestCase.class.getName() + "#passesFirst");
    try (var files = Files.list(report)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .as("no damaged or half-written report is left behind")
          .allMatch(name -> name.equals("report.json") || name.equals("report.md") || name.equals("report.html")
              || name.equals("report.json.lock"));
    }
  }

  /** Runs {@link ExitingTestCase} in a JVM of its own: arguments are the kit's folder. */
  public static final class ExitingRun {
    public static void main(String[] args) {
      new PerfTestKit(Path.of(args[0]))
          .with("perfbudget.time.max", "1s")
          .with("perfbudget.warmup.max", "300ms")
          .run(ExitingTestCase.class);
      System.exit(0); // not reached when the op exits first
    }
  }

  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class HangingTestCase {
    @Order(1)
    @PerfBudget(maxRatio = 1000)
    void spinsForever(OpWorkload op) {
      op.baseline("nothing", () -> 1).candidate("spin", () -> {
        long spins = 0;
        while (!releaseSpinner) {
          spins++; // never looks at its interrupt flag, as a hung loop would not
        }
        return spins;
      });
    }

    @Order(2)
    @Test
    void ordinaryTestAfterwards() {}

    @Order(3)
    @PerfBudget(maxRatio = 1000)
    void measuredAfterTheHang(OpWorkload op) {
      Work work = new Work();
      op.baseline("a", () -> work.steps(16)).candidate("b", () -> work.steps(32));
    }
  }

  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class BlockingTestCase {
    @Order(1)
    @PerfBudget(maxRatio = 1000)
    void sleepsForever(OpWorkload op) {
      op.baseline("sleep", () -> {
        try {
          Thread.sleep(Long.MAX_VALUE);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return 0;
      }).candidate("b", () -> 2);
    }

    @Order(2)
    @PerfBudget(maxRatio = 1000)
    void interruptsItself(OpWorkload op) {
      op.baseline("a", () -> 1).candidate("interrupt", () -> {
        Thread.currentThread().interrupt();
        return 2;
      });
    }

    @Order(3)
    @PerfBudget(maxRatio = 1000)
    void interruptsTheTestThread(OpWorkload op) {
      Thread testThread = Thread.currentThread();
      AtomicBoolean once = new AtomicBoolean();
      op.baseline("a", () -> 1).candidate("interrupt", () -> {
        if (once.compareAndSet(false, true)) {
          testThread.interrupt();
        }
        return 2;
      });
    }

    @Order(4)
    @Test
    void ordinaryTestAfterwards() throws InterruptedException {
      Thread.sleep(1); // throws if the flag leaked into this test
    }
  }

  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class ExitingTestCase {
    static final int EXIT_CODE = 3;

    @Order(1)
    @PerfBudget(maxRatio = 1000)
    void passesFirst(OpWorkload op) {
      Work work = new Work();
      op.baseline("a", () -> work.steps(16)).candidate("b", () -> work.steps(32));
    }

    @Order(2)
    @PerfBudget(maxRatio = 1000)
    void exits(OpWorkload op) {
      op.baseline("a", () -> 1).candidate("exit", () -> {
        System.exit(EXIT_CODE);
        return 2;
      });
    }
  }
}
