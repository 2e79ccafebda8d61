package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedSuccessfully;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.cause;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.testkit.PerfTestKit;
import java.nio.file.Path;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.Events;
import org.opentest4j.AssertionFailedError;

/**
 * An allocator that throws, or runs the heap out, fails its test with the cause; the churn
 * threads stop, the memory is released, and the next perf test in the same JVM runs normally.
 */
class ChurnFaultTest {

  /** Half the 1 GiB test heap: held twice, it would not fit. */
  static final long RESIDENT = 500L << 20;

  @TempDir Path dir;

  @Test
  void failingAllocatorsFailTheirTestsAndTheNextTestRunsNormally() {
    PerfTestKit kit = new PerfTestKit(dir).with("perfbudget.mode", "report").with("perfbudget.time.max", "1s");
    long churnThreadsBefore = ChurnDeclarationTest.churnThreads();

    Events tests = kit.run(TestCase.class).testEvents();

    tests.assertThatEvents()
        .haveExactly(
            1,
            event(
                test("throwingAllocator"),
                finishedWithFailure(
                    instanceOf(AssertionFailedError.class),
                    message(m -> m.contains("an arm threw while being measured")
                        && m.contains("the allocator of arm \"empty pool\" threw java.lang.IllegalStateException: "
                            + "pool is empty on churn thread")),
                    cause(instanceOf(AllocatorException.class), cause(instanceOf(IllegalStateException.class))))))
        .haveExactly(
            1,
            event(
                test("heapRunsOut"),
                finishedWithFailure(
                    message(m -> m.contains("the allocator of arm \"hoarder\" threw java.lang.OutOfMemoryError")
                        && m.contains("The heap ran out")),
                    cause(instanceOf(AllocatorException.class), cause(instanceOf(OutOfMemoryError.class))))))
        // Holds the same resident memory again: fits only if the failed test released its own.
        .haveExactly(1, event(test("sameResidentAfterTheFailure"), finishedSuccessfully()));
    assertThat(kit.result(TestCase.class, "sameResidentAfterTheFailure").getAsJsonObject("baseline")
            .get("bytesPerOp").getAsDouble())
        .isPositive();
    assertThat(ChurnDeclarationTest.churnThreads()).as("churn threads left running").isEqualTo(churnThreadsBefore);
  }

  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class TestCase {

    @Order(1)
    @PerfBudget(maxRatio = 5)
    void throwingAllocator(ChurnWorkload churn) {
      churn.threads(2)
          .baseline("new byte[]", size -> new byte[size])
          .candidate("empty pool", size -> {
            throw new IllegalStateException("pool is empty");
          });
    }

    @Order(2)
    @PerfBudget(maxRatio = 5)
    void heapRunsOut(ChurnWorkload churn) {
      long free = Runtime.getRuntime().maxMemory() - RESIDENT;
      int tooMuch = (int) Math.min(Integer.MAX_VALUE - 16, free + (64L << 20));
      churn.threads(2).resident(RESIDENT)
          .baseline("new byte[]", size -> new byte[size])
          .candidate("hoarder", size -> new byte[tooMuch]);
    }

    @Order(3)
    @PerfBudget(maxRatio = 5)
    void sameResidentAfterTheFailure(ChurnWorkload churn) {
      churn.threads(2).resident(RESIDENT)
          .baseline("new byte[]", size -> new byte[size])
          .candidate("same", size -> new byte[size]);
    }
  }
}
