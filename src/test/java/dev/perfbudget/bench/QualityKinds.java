package dev.perfbudget.bench;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.testkit.Work;
import dev.perfbudget.workloads.ChurnWorkload;
import dev.perfbudget.workloads.Kernel;
import dev.perfbudget.workloads.Kernels;
import dev.perfbudget.workloads.OpWorkload;
import dev.perfbudget.workloads.PoolWorkload;
import dev.perfbudget.workloads.Pools;
import java.nio.IntBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The workload kinds the quality harness measures. A kind is one entry of {@link #ALL}: a name
 * and a fixture class with the four perf tests of {@link Scenario}, whose candidate does 1, 1, 2
 * and 10 times the baseline's work.
 */
final class QualityKinds {

  record Kind(String name, Class<?> fixture) {}

  static final List<Kind> ALL =
      List.of(new Kind("op", OpKind.class), new Kind("pool", PoolKind.class), new Kind("churn", ChurnKind.class));

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
   * The churn kind: one thread replacing 64 live blocks of 1 to 4 KiB; the candidate's allocator
   * allocates k blocks of the asked size per replacement, so it does k times the baseline
   * allocator's work. The k - 1 extra blocks go to a small ring that outlives the call, or the
   * JIT would remove their allocation. Blocks of kilobytes make allocating (zeroing) far costlier
   * than the churn loop's own bookkeeping, which is the same for both arms.
   */
  public static class ChurnKind {
    private static final Object[] GARBAGE = new Object[8];

    @PerfBudget(maxRatio = 1.5)
    void sameWorkAt1_5(ChurnWorkload churn) {
      declare(churn, 1);
    }

    @PerfBudget
    void sameWorkAtTolerance(ChurnWorkload churn) {
      declare(churn, 1);
    }

    @PerfBudget(maxRatio = 1.5)
    void twiceTheWork(ChurnWorkload churn) {
      declare(churn, 2);
    }

    @PerfBudget(maxRatio = 5)
    void tenTimesTheWork(ChurnWorkload churn) {
      declare(churn, 10);
    }

    private static void declare(ChurnWorkload churn, int k) {
      churn.threads(1).blocks(64).sizes(1024, 4096)
          .baseline("new byte[]", size -> new byte[size])
          .candidate(k + " x new byte[]", size -> allocate(size, k));
    }

    private static Object allocate(int size, int times) {
      for (int i = 1; i < times; i++) {
        GARBAGE[i & (GARBAGE.length - 1)] = new byte[size];
      }
      return new byte[size];
    }
  }

  /**
   * The pool kind: both arms dispatch the LCG kernel over the same shared buffer on two threads
   * of their own; the candidate's threads run k times the rounds ({@link ScaledLcg}), so each
   * dispatch does k times the baseline's kernel work on the same memory, and leaves the buffer
   * exactly as serial does. 64 rounds of 65,536 elements keep the dispatch's fixed cost (tens of
   * microseconds) small against the work (about 2 ms).
   */
  public static class PoolKind {
    private static final int ELEMENTS = 65_536;
    private static final int ROUNDS = 64;
    private static final int WORKERS = 2;
    private static final Map<String, ExecutorService> POOLS = new ConcurrentHashMap<>();

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
      pool.kernel(new ScaledLcg()).elements(ELEMENTS).rounds(ROUNDS).workers(WORKERS)
          .baseline("threads", Pools.of(threads("baseline", 1)))
          .candidate(k + "x the work", Pools.of(threads("candidate", k)));
    }

    /** Two daemon threads that run the kernel {@code times} over, kept for the JVM's life. */
    private static ExecutorService threads(String arm, int times) {
      return POOLS.computeIfAbsent(
          arm + times,
          key ->
              Executors.newFixedThreadPool(
                  WORKERS,
                  task -> {
                    Thread thread =
                        new Thread(
                            () -> {
                              ScaledLcg.TIMES.set(times);
                              task.run();
                            },
                            "quality-" + key);
                    thread.setDaemon(true);
                    return thread;
                  }));
    }
  }

  /**
   * {@code Kernels.lcg()}, run {@code times} over on threads that ask for it: the rounds it was
   * given, then (times - 1) x rounds more that leave each element as they found it: half of them
   * the LCG step, half its inverse, {@code x = (x - 1013904223) * 1664525^-1} (mod 2^32). Each
   * extra round is one multiply and one add per element on the same memory, like a round of the
   * kernel, so the work grows by {@code times} while the result stays serial's.
   */
  public static final class ScaledLcg implements Kernel {
    static final ThreadLocal<Integer> TIMES = ThreadLocal.withInitial(() -> 1);
    private static final Kernel LCG = Kernels.lcg();
    private static final int INCREMENT = 1_013_904_223;
    /** 1664525 * -18851643 = 1 (mod 2^32). */
    private static final int INVERSE_MULTIPLIER = -18_851_643;

    @Override
    public void run(IntBuffer elements, int from, int to, int rounds) {
      int extra = (TIMES.get() - 1) * rounds / 2;
      LCG.run(elements, from, to, rounds + extra);
      for (int round = 0; round < extra; round++) {
        for (int i = from; i < to; i++) {
          elements.put(i, (elements.get(i) - INCREMENT) * INVERSE_MULTIPLIER);
        }
      }
    }
  }
}
