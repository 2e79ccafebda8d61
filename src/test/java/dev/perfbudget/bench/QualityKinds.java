package dev.perfbudget.bench;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.testkit.Work;
import dev.perfbudget.workloads.Kernel;
import dev.perfbudget.workloads.Kernels;
import dev.perfbudget.workloads.OpWorkload;
import dev.perfbudget.workloads.PoolWorkload;
import dev.perfbudget.workloads.Pools;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The workload kinds the quality harness measures. A kind is one entry of {@link #ALL}: a name
 * and a fixture class with the four perf tests of {@link Scenario}, whose candidate does 1, 1, 2
 * and 10 times the baseline's work.
 */
final class QualityKinds {

  record Kind(String name, Class<?> fixture) {}

  static final List<Kind> ALL = List.of(new Kind("op", OpKind.class), new Kind("pool", PoolKind.class));

  private QualityKinds() {}

  static Kind named(String name) {
    return ALL.stream()
        .filter(kind -> kind.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no kind " + name + "; known: " + ALL));
  }

  /** The op kind: chains of dependent LCG steps, so k times the steps is k times the work. */
  public static class OpKind {
    private static final int STEPS = 100;

    @PerfBudget(maxRatio = 1.5)
    void sameWorkAt1_5(OpWorkload op) {
      declare(op, 1);
    }

    @PerfBudget
    void sameWorkAtTolerance(OpWorkload op) {
      declare(op, 1);
    }

    @PerfBudget(maxRatio = 1.5)
    void twiceTheWork(OpWorkload op) {
      declare(op, 2);
    }

    @PerfBudget(maxRatio = 5)
    void tenTimesTheWork(OpWorkload op) {
      declare(op, 10);
    }

    private static void declare(OpWorkload op, int k) {
      Work baseline = new Work();
      Work candidate = new Work();
      op.baseline(STEPS + " steps", () -> baseline.steps(STEPS))
          .candidate(k * STEPS + " steps", () -> candidate.steps(k * STEPS));
    }
  }

  /**
   * The pool kind: both arms dispatch {@code Kernels.lcg()} on the same two threads; the
   * candidate's pool runs k - 1 more slices' worth of the same
   * kernel on a scratch buffer of its own and then the slice itself (the shared buffer must stay
   * as serial leaves it).
   */
  public static class PoolKind {
    private static final int ELEMENTS = 65_536;
    private static final int ROUNDS = 16;
    private static final int WORKERS = 2;
    private static final ExecutorService THREADS =
        Executors.newFixedThreadPool(
            WORKERS,
            task -> {
              Thread thread = new Thread(task, "quality-pool");
              thread.setDaemon(true);
              return thread;
            });

    @PerfBudget(maxRatio = 1.5)
    void sameWorkAt1_5(PoolWorkload pool) {
      declare(pool, 1);
    }

    @PerfBudget
    void sameWorkAtTolerance(PoolWorkload pool) {
      declare(pool, 1);
    }

    @PerfBudget(maxRatio = 1.5)
    void twiceTheWork(PoolWorkload pool) {
      declare(pool, 2);
    }

    @PerfBudget(maxRatio = 5)
    void tenTimesTheWork(PoolWorkload pool) {
      declare(pool, 10);
    }

    private static void declare(PoolWorkload pool, int k) {
      pool.kernel(Kernels.lcg()).elements(ELEMENTS).rounds(ROUNDS).workers(WORKERS)
          .baseline("threads", Pools.of(new ExtraWork(THREADS, 1)))
          .candidate(k + "x the work", Pools.of(new ExtraWork(THREADS, k)));
    }
  }

  /** Runs {@code times - 1} slices of the kernel on a per-thread scratch buffer, then each task. */
  static final class ExtraWork extends AbstractExecutorService {
    private static final Kernel KERNEL = Kernels.lcg();
    private static final ThreadLocal<IntBuffer> SCRATCH =
        ThreadLocal.withInitial(
            () ->
                ByteBuffer.allocateDirect(PoolKind.ELEMENTS / PoolKind.WORKERS * Integer.BYTES)
                    .order(ByteOrder.nativeOrder())
                    .asIntBuffer());

    private final ExecutorService threads;
    private final int times;

    ExtraWork(ExecutorService threads, int times) {
      this.threads = threads;
      this.times = times;
    }

    @Override
    public void execute(Runnable task) {
      threads.execute(
          () -> {
            // Before the task: the task reports its slice done, and the dispatch must wait for
            // the extra work too.
            if (times > 1) {
              IntBuffer scratch = SCRATCH.get();
              KERNEL.run(scratch, 0, scratch.capacity(), PoolKind.ROUNDS * (times - 1));
            }
            task.run();
          });
    }

    // The threads are shared by every test and live as long as the JVM: nothing to shut down.
    @Override
    public void shutdown() {}

    @Override
    public List<Runnable> shutdownNow() {
      return List.of();
    }

    @Override
    public boolean isShutdown() {
      return false;
    }

    @Override
    public boolean isTerminated() {
      return false;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
      return false;
    }
  }
}
