package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.testkit.PerfTestKit;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A churn batch that hangs on a worker thread is stopped by {@code perfbudget.op.timeout}, and
 * then no perfbudget thread runs on: the measuring thread, which once spun in {@code park()}
 * with its interrupt flag set for as long as the worker hung, ends; the worker, stuck in an
 * allocator that ignores interrupts, waits without taking a core, and ends once it returns.
 */
class ChurnTimeoutTest {

  /** What the hung allocator waits for; released by the test once it has looked. */
  static volatile CountDownLatch release = new CountDownLatch(1);

  @TempDir Path dir;

  @Test
  void afterAnOpTimeoutNoPerfbudgetThreadIsRunnable() throws InterruptedException {
    release = new CountDownLatch(1);
    try {
      checkThreadsAfterTheTimeout();
    } finally {
      release.countDown();
    }
  }

  private void checkThreadsAfterTheTimeout() throws InterruptedException {
    long churnThreadsBefore = ChurnDeclarationTest.churnThreads();
    PerfTestKit kit = new PerfTestKit(dir).with("perfbudget.mode", "report").with("perfbudget.op.timeout", "300ms");

    kit.run(TestCase.class, "workerHangs").testEvents().assertThatEvents()
        .haveExactly(1, event(test("workerHangs"), finishedWithFailure(message(m -> m.contains("within perfbudget.op.timeout")))));

    // The measuring thread gets a second after its interrupt; what ends, ends by then.
    Thread.sleep(200);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    Map<String, Long> cpuBefore = cpuNanos(threads);
    List<String> runnable = new ArrayList<>();
    for (int sample = 0; sample < 20; sample++) {
      for (Thread thread : Thread.getAllStackTraces().keySet()) {
        if (thread.getName().startsWith("perfbudget") && thread.getState() == Thread.State.RUNNABLE) {
          runnable.add(thread.getName());
        }
      }
      Thread.sleep(15);
    }
    Map<String, Long> cpuAfter = cpuNanos(threads);

    assertThat(runnable).as("perfbudget threads seen RUNNABLE in 20 samples over 300 ms").isEmpty();
    // A thread spinning in park() shows as RUNNABLE most of the time and burns a core; a
    // thread parked for good takes no CPU at all between the two readings.
    cpuAfter.forEach((name, nanos) ->
        assertThat(nanos - cpuBefore.getOrDefault(name, nanos)).as("CPU time of %s over 300 ms", name).isLessThan(30_000_000L));
    assertThat(cpuAfter.keySet()).as("perfbudget threads still alive")
        .noneMatch(name -> name.startsWith("perfbudget measuring") && name.contains("workerHangs"));

    release.countDown();
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (ChurnDeclarationTest.churnThreads() > churnThreadsBefore && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(ChurnDeclarationTest.churnThreads()).as("churn threads left once the allocator returned").isEqualTo(churnThreadsBefore);
  }

  private static Map<String, Long> cpuNanos(ThreadMXBean bean) {
    Map<String, Long> cpu = new TreeMap<>();
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.isAlive() && thread.getName().startsWith("perfbudget")) {
        cpu.put(thread.getName() + " #" + thread.getId(), bean.getThreadCpuTime(thread.getId()));
      }
    }
    return cpu;
  }

  static class TestCase {

    /** Allocates normally on the measuring thread; on the worker, waits, deaf to interrupts. */
    @PerfBudget(maxRatio = 5)
    void workerHangs(ChurnWorkload churn) {
      churn.threads(2)
          .baseline("new byte[]", size -> new byte[size])
          .candidate("waits on a worker", size -> {
            if (Thread.currentThread().getName().startsWith("perfbudget-churn-")) {
              awaitIgnoringInterrupts(release);
            }
            return new byte[size];
          });
    }

    private static void awaitIgnoringInterrupts(CountDownLatch latch) {
      while (true) {
        try {
          latch.await();
          return;
        } catch (InterruptedException e) {
          // deaf, like an allocator stuck in native code or a lock
        }
      }
    }
  }
}
