package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.instanceOf;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.WorkloadDeclarationException;
import dev.perfbudget.testkit.PerfTestKit;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Churn declarations that cannot be measured fail with a clear message before anything runs. */
class ChurnDeclarationTest {

  @TempDir Path dir;

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "minAboveMax        | sizes(4096, 16) has minBytes above maxBytes; write sizes(16, 4096)",
        "negativeSize       | sizes(-1, 4096) has a negative size; sizes are bytes, 0 or more",
        "noBlocks           | blocks(0) is out of range: each churn thread keeps 1 to 16777216 live blocks",
        "tooManyBlocks      | blocks(2147483647) is out of range: each churn thread keeps 1 to 16777216 live blocks",
        "residentOverflows  | resident(9223372036854775807) plus the live blocks of both arms",
        "nullAllocator      | the candidate \"pool\" is declared with a null allocator; pass one such as size -> new byte[size]",
        "allocatorReturnsNull | the allocator of arm \"null pool\" returned null: a churn keeps each block it gets live until it replaces it, so an allocator must return the block it allocated, such as size -> new byte[size]",
        "noThreads          | threads(0) is out of range: a churn runs on 1 to 256 threads",
        "negativeResident   | resident(-1) is negative; give 0 or more bytes",
        "residentAboveHeap  | more than the",
        "noCandidate        | no candidate is declared; call churn.candidate(\"name\", size -> ...) in the method body",
      })
  void badDeclarationsFailBeforeAnythingRuns(String method, String expected) {
    PerfTestKit kit = new PerfTestKit(dir);
    long churnThreadsBefore = churnThreads();
    kit.run(TestCase.class, method)
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(
                test(method),
                finishedWithFailure(
                    instanceOf(ExtensionConfigurationException.class),
                    message(m -> m.startsWith("@PerfBudget method [" + TestCase.class.getName() + "#" + method
                        + "] declares a workload that cannot be measured (kind `churn`): ")
                        && m.contains(expected)))));
    assertThat(churnThreads()).as("churn threads started").isEqualTo(churnThreadsBefore);
    assertThat(Files.exists(kit.reportDir().resolve("report.json"))).as("a report was written").isFalse();
  }

  @Test
  void residentAboveTheHeapSaysWhatItNeedsAndHowToFixIt() {
    ChurnWorkload churn = new ChurnWorkload().threads(4).resident(800L << 20);
    assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> churn.checkHeap(1L << 30)))
        .isInstanceOf(WorkloadDeclarationException.class)
        .hasMessage(
            "resident(838860800) plus the live blocks of both arms (about 2 x 4 threads x 64 blocks"
                + " x 2072 bytes = 1.0 MiB) need 801.0 MiB, more than the 768.0 MiB the heap can hold"
                + " for a churn (75% of the max heap, 1024.0 MiB; the collector needs the rest to"
                + " work); lower resident(...), blocks(...) or the sizes, or raise -Xmx");
    churn.resident(700L << 20).checkHeap(1L << 30); // fits: no exception
  }

  static long churnThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().startsWith("perfbudget-churn-"))
        .count();
  }

  static class TestCase {

    private static final Allocator NEW = size -> new byte[size];

    @PerfBudget(maxRatio = 2)
    void minAboveMax(ChurnWorkload churn) {
      churn.sizes(4096, 16).baseline("a", NEW).candidate("b", NEW);
    }

    @PerfBudget(maxRatio = 2)
    void negativeSize(ChurnWorkload churn) {
      churn.sizes(-1, 4096).baseline("a", NEW).candidate("b", NEW);
    }

    @PerfBudget(maxRatio = 2)
    void noBlocks(ChurnWorkload churn) {
      churn.blocks(0).baseline("a", NEW).candidate("b", NEW);
    }

    @PerfBudget(maxRatio = 2)
    void noThreads(ChurnWorkload churn) {
      churn.threads(0).baseline("a", NEW).candidate("b", NEW);
    }

    @PerfBudget(maxRatio = 2)
    void negativeResident(ChurnWorkload churn) {
      churn.resident(-1).baseline("a", NEW).candidate("b", NEW);
    }

    @PerfBudget(maxRatio = 2)
    void residentAboveHeap(ChurnWorkload churn) {
      churn.threads(2).resident(Runtime.getRuntime().maxMemory()).baseline("a", NEW).candidate("b", NEW);
    }

    @PerfBudget(maxRatio = 2)
    void tooManyBlocks(ChurnWorkload churn) {
      churn.blocks(Integer.MAX_VALUE).baseline("a", NEW).candidate("b", NEW);
    }

    @PerfBudget(maxRatio = 2)
    void residentOverflows(ChurnWorkload churn) {
      churn.resident(Long.MAX_VALUE).baseline("a", NEW).candidate("b", NEW);
    }

    @PerfBudget(maxRatio = 2)
    void nullAllocator(ChurnWorkload churn) {
      churn.baseline("a", NEW).candidate("pool", null);
    }

    @PerfBudget(maxRatio = 2)
    void allocatorReturnsNull(ChurnWorkload churn) {
      churn.baseline("a", NEW).candidate("null pool", size -> null);
    }

    @PerfBudget(maxRatio = 2)
    void noCandidate(ChurnWorkload churn) {
      churn.baseline("a", NEW);
    }
  }
}
