package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfbudget.Arm;
import dev.perfbudget.Sample;
import dev.perfbudget.WorkloadContext;
import dev.perfbudget.testkit.StandaloneContext;
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** A pool's dispatches are timed less the collector's pauses that stopped its workers. */
class PoolPausesTest {

  @Test
  void onHotSpotWithItsDefaultsThePausesAreCountedInNanoseconds() {
    // The test JVM runs with HotSpot's defaults (G1), so its counters file is there to be read.
    assertThat(CollectorPauses.fine()).isTrue();
    long before = CollectorPauses.nanos();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    long paused = CollectorPauses.nanosSince(before);
    assertThat(paused).as("three full collections").isPositive();
    // A whole-millisecond count would be a multiple of 1 ms; three collections' pauses in ticks
    // are one only by a one-in-a-million chance.
    assertThat(paused % 1_000_000).isNotZero();
  }

  /** Enough live objects that a full collection takes milliseconds, which the collectors count. */
  private static final List<int[]> LIVE = new ArrayList<>();

  @Test
  void aDispatchIsTimedLessThePausesThatStoppedItsWorkersAndReportsThem() throws Exception {
    for (int i = 0; i < 200_000; i++) {
      LIVE.add(new int[8]);
    }
    PoolWorkload pool = new PoolWorkload();
    ClosingContext context = new ClosingContext();
    try {
      pool.kernel(new CollectingKernel()).elements(4096).rounds(1).workers(2)
          .baseline("threads", Pools.threads(2))
          .candidate("one thread", Pools.threads(1));
      Arm arm = pool.prepare(context).baseline();

      long pausedBefore = CollectorPauses.nanos();
      long start = System.nanoTime();
      Sample sample = arm.run(3);
      long wall = System.nanoTime() - start;
      long paused = CollectorPauses.nanosSince(pausedBefore);

      assertThat(paused).as("six full collections, counted by the JVM").isPositive();
      // The arm read the same counter inside this window: never more pauses, and at most the
      // counter's step less per dispatch (a tick where HotSpot's counters are read, 1 ms where
      // only the management beans are).
      long step = CollectorPauses.fine() ? 1 : 1_000_000;
      double reported = (Double) arm.figures(sample.nanosPerOp()).get(PoolArm.PAUSES);
      assertThat(reported * 3).isBetween(paused - 3.0 * step, paused + 1.0);
      assertThat(sample.nanos()).isLessThanOrEqualTo(wall - (long) (reported * 3));
    } finally {
      pool.close();
      context.closeAll();
      LIVE.clear();
    }
  }

  /** Keeps the pools the workload starts, to stop them when the test is done. */
  private static final class ClosingContext implements WorkloadContext {
    private final WorkloadContext standalone = new StandaloneContext("pauses");
    private final List<AutoCloseable> started = new ArrayList<>();

    @Override
    public String testName() {
      return standalone.testName();
    }

    @Override
    public Optional<String> configuration(String key) {
      return standalone.configuration(key);
    }

    @Override
    public <T extends AutoCloseable> T classResource(String key, Class<T> type, Supplier<T> create) {
      T resource = standalone.classResource(key, type, create);
      started.add(resource);
      return resource;
    }

    void closeAll() throws Exception {
      for (AutoCloseable resource : started) {
        resource.close();
      }
    }
  }

  /** Each slice asks for a full collection, which stops every thread of the JVM. */
  static final class CollectingKernel implements Kernel {
    @Override
    public void run(IntBuffer elements, int from, int to, int rounds) {
      System.gc();
      new LcgKernel().run(elements, from, to, rounds);
    }
  }
}
