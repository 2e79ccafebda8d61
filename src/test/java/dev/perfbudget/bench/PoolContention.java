package dev.perfbudget.bench;

import dev.perfbudget.Arm;
import dev.perfbudget.Arms;
import dev.perfbudget.testkit.StandaloneContext;
import dev.perfbudget.workloads.Kernel;
import dev.perfbudget.workloads.PoolWorkload;
import dev.perfbudget.workloads.Pools;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.IntBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Why the pool kind's ratio moves under CPU contention: the quality harness's pool fixture
 * (2 worker threads per arm, the candidate doing k times the kernel's work) dispatched in pairs
 * of random order, and for every dispatch both its wall time and the CPU time its two workers
 * spent. The CPU time is what the kernel's work costs; the wall time adds whatever kept a worker
 * off a core (another process, a GC, the other worker's wake-up).
 *
 * <p>A third figure, where Linux counts it: the longer of the two workers' kernel runs, each less
 * the time its thread waited for a core while the kernel ran (the run-queue delay of
 * {@code /proc/thread-self/schedstat}). It keeps what a worker waits for other than a core (a
 * lock, a safepoint) and drops the wake-up of the workers and of the dispatching thread.
 *
 * <p>A fourth: the arms' own samples, what the engine judges (wall less the JVM's pauses as
 * {@code CollectorPauses} counts them), beside the third column's pauses from the collectors'
 * beans, in whole milliseconds.
 *
 * <p>{@code mvn -q test-compile exec:exec -Dbench=PoolContention -Dbench.args="gc 10 200"}
 * (condition quiet, busy or gc; k; dispatches per arm)
 */
public final class PoolContention {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private PoolContention() {}

  public static void main(String[] args) throws Exception {
    String condition = args.length > 0 ? args[0] : "quiet";
    int k = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    int dispatches = args.length > 2 ? Integer.parseInt(args[2]) : 200;
    if (condition.equals("gc")) {
      GcPressure.start();
    }
    Burners burners = condition.equals("busy") ? Burners.start(Runtime.getRuntime().availableProcessors()) : Burners.none();
    try {
      List<Thread> baselineThreads = new ArrayList<>();
      List<Thread> candidateThreads = new ArrayList<>();
      PoolWorkload pool = new PoolWorkload();
      pool.kernel(new WaitsForACore(new QualityKinds.ScaledLcg())).elements(65_536).rounds(64).workers(2)
          .baseline("threads", Pools.of(threads(1, baselineThreads)))
          .candidate(k + "x the work", Pools.of(threads(k, candidateThreads)));
      Arms arms = pool.prepare(new StandaloneContext("PoolContention"));
      for (int i = 0; i < dispatches / 4; i++) {
        arms.baseline().run(1);
        arms.candidate().run(1);
      }
      double[][] wall = new double[2][dispatches];
      double[][] cpu = new double[2][dispatches];
      double[][] work = new double[2][dispatches];
      double[][] lessPauses = new double[2][dispatches];
      double[][] judged = new double[2][dispatches];
      SplittableRandom random = new SplittableRandom(5);
      for (int i = 0; i < dispatches; i++) {
        boolean baselineFirst = random.nextBoolean();
        for (int turn = 0; turn < 2; turn++) {
          int side = (turn == 0) == baselineFirst ? 0 : 1;
          Arm arm = side == 0 ? arms.baseline() : arms.candidate();
          List<Thread> workers = side == 0 ? baselineThreads : candidateThreads;
          long cpuBefore = cpuOf(workers);
          WaitsForACore.LONGEST_RUN.set(0);
          long pausedBefore = pauseMillis();
          long start = System.nanoTime();
          judged[side][i] = arm.run(1).nanos();
          wall[side][i] = System.nanoTime() - start;
          lessPauses[side][i] = Math.max(1, wall[side][i] - 1e6 * (pauseMillis() - pausedBefore));
          cpu[side][i] = cpuOf(workers) - cpuBefore;
          work[side][i] = WaitsForACore.LONGEST_RUN.get();
        }
      }
      System.out.printf(Locale.ROOT, "the arms' own figures: baseline %s, candidate %s%n",
          arms.baseline().figures(Agreement.median(wall[0])), arms.candidate().figures(Agreement.median(wall[1])));
      pool.close();
      double baselineWall = Agreement.median(wall[0]);
      double candidateWall = Agreement.median(wall[1]);
      double baselineCpu = Agreement.median(cpu[0]) / 2;
      double candidateCpu = Agreement.median(cpu[1]) / 2;
      double[] pairRatios = new double[dispatches];
      double[] cpuRatios = new double[dispatches];
      double[] workRatios = new double[dispatches];
      double[] lessPauseRatios = new double[dispatches];
      double[] judgedRatios = new double[dispatches];
      for (int i = 0; i < dispatches; i++) {
        pairRatios[i] = wall[1][i] / wall[0][i];
        cpuRatios[i] = cpu[1][i] / cpu[0][i];
        workRatios[i] = work[1][i] / work[0][i];
        lessPauseRatios[i] = lessPauses[1][i] / lessPauses[0][i];
        judgedRatios[i] = judged[1][i] / judged[0][i];
      }
      System.out.printf(Locale.ROOT, "%s, k = %d, %d dispatches per arm, load average %s%n", condition, k, dispatches, Agreement.loadAverage());
      System.out.printf(Locale.ROOT, "| arm | wall ms (median) | worker CPU ms (median, per worker) | on a core |%n|---|---:|---:|---:|%n");
      System.out.printf(Locale.ROOT, "| baseline | %.3f | %.3f | %.0f%% |%n", baselineWall / 1e6, baselineCpu / 1e6, 100 * baselineCpu / baselineWall);
      System.out.printf(Locale.ROOT, "| candidate | %.3f | %.3f | %.0f%% |%n", candidateWall / 1e6, candidateCpu / 1e6, 100 * candidateCpu / candidateWall);
      System.out.printf(Locale.ROOT, "median per-pair ratio of wall times %.3f, of CPU times %.3f (true ratio %d)%n",
          Agreement.median(pairRatios), Agreement.median(cpuRatios), k);
      if (WaitsForACore.COUNTED) {
        Arrays.sort(workRatios);
        System.out.printf(Locale.ROOT,
            "the longest kernel run less its waits for a core: median per-pair ratio %.3f, p10/p90 %.2f/%.2f; baseline %.3f ms, candidate %.3f ms%n",
            workRatios[dispatches / 2], workRatios[dispatches / 10], workRatios[dispatches * 9 / 10],
            Agreement.median(work[0]) / 1e6, Agreement.median(work[1]) / 1e6);
      }
      Arrays.sort(lessPauseRatios);
      System.out.printf(Locale.ROOT,
          "wall less the collectors' pauses: median per-pair ratio %.3f, p10/p90 %.2f/%.2f; baseline %.3f ms, candidate %.3f ms%n",
          lessPauseRatios[dispatches / 2], lessPauseRatios[dispatches / 10], lessPauseRatios[dispatches * 9 / 10],
          Agreement.median(lessPauses[0]) / 1e6, Agreement.median(lessPauses[1]) / 1e6);
      Arrays.sort(judgedRatios);
      System.out.printf(Locale.ROOT,
          "the arms' own samples (what is judged): median per-pair ratio %.3f, p10/p25/p75/p90 %.2f/%.2f/%.2f/%.2f%n",
          judgedRatios[dispatches / 2], judgedRatios[dispatches / 10], judgedRatios[dispatches / 4],
          judgedRatios[dispatches * 3 / 4], judgedRatios[dispatches * 9 / 10]);
      // The same dispatches as the arms time them, but with the beans' whole-millisecond pauses.
      double[] beansRatios = new double[dispatches];
      for (int i = 0; i < dispatches; i++) {
        beansRatios[i] = floored(lessPauses[1][i], wall[1][i], cpu[1][i]) / floored(lessPauses[0][i], wall[0][i], cpu[0][i]);
      }
      Arrays.sort(beansRatios);
      System.out.printf(Locale.ROOT,
          "the same, with the beans' pauses: median per-pair ratio %.3f, p10/p25/p75/p90 %.2f/%.2f/%.2f/%.2f%n",
          beansRatios[dispatches / 2], beansRatios[dispatches / 10], beansRatios[dispatches / 4],
          beansRatios[dispatches * 3 / 4], beansRatios[dispatches * 9 / 10]);
      Arrays.sort(pairRatios);
      System.out.printf(Locale.ROOT, "wall per-pair ratio p10/p90 %.2f/%.2f%n", pairRatios[dispatches / 10], pairRatios[dispatches * 9 / 10]);
      Arrays.sort(wall[0]);
      Arrays.sort(wall[1]);
      System.out.printf(Locale.ROOT, "wall ms p10/p50/p90: baseline %.2f/%.2f/%.2f, candidate %.2f/%.2f/%.2f%n",
          wall[0][dispatches / 10] / 1e6, wall[0][dispatches / 2] / 1e6, wall[0][dispatches * 9 / 10] / 1e6,
          wall[1][dispatches / 10] / 1e6, wall[1][dispatches / 2] / 1e6, wall[1][dispatches * 9 / 10] / 1e6);
    } finally {
      burners.close();
    }
    System.exit(0);
  }

  /** As a pool arm times a dispatch: wall less pauses, not below the busier worker's CPU time, nor above the wall. */
  private static double floored(double lessPauses, double wall, double cpuOfTwo) {
    return Math.min(wall, Math.max(lessPauses, cpuOfTwo / 2));
  }

  /** The collectors' pause time so far, ms: every collector but those that count concurrent cycles. */
  private static long pauseMillis() {
    long millis = 0;
    for (var collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (!collector.getName().contains("Cycles")) {
        millis += Math.max(0, collector.getCollectionTime());
      }
    }
    return millis;
  }

  private static long cpuOf(List<Thread> threads) {
    long sum = 0;
    for (Thread thread : threads) {
      sum += THREADS.getThreadCpuTime(thread.getId());
    }
    return sum;
  }

  /** Two daemon threads that run the kernel {@code times} over, noted so their CPU time can be read. */
  private static ExecutorService threads(int times, List<Thread> noted) {
    return Executors.newFixedThreadPool(
        2,
        task -> {
          Thread thread =
              new Thread(
                  () -> {
                    QualityKinds.ScaledLcg.TIMES.set(times);
                    task.run();
                  },
                  "contention-" + times);
          thread.setDaemon(true);
          noted.add(thread);
          return thread;
        });
  }

  /**
   * The kernel, timed on its worker: each run's wall time less the time the worker's thread was
   * runnable but off a core meanwhile, the longest of a dispatch kept in {@link #LONGEST_RUN}.
   */
  private static final class WaitsForACore implements Kernel {
    static final AtomicLong LONGEST_RUN = new AtomicLong();
    static final boolean COUNTED = Files.isReadable(Path.of("/proc/thread-self/schedstat"));
    private final Kernel kernel;

    WaitsForACore(Kernel kernel) {
      this.kernel = kernel;
    }

    @Override
    public void run(IntBuffer elements, int from, int to, int rounds) {
      long waitedBefore = waited();
      long start = System.nanoTime();
      kernel.run(elements, from, to, rounds);
      long nanos = System.nanoTime() - start;
      long run = Math.max(0, nanos - (waited() - waitedBefore));
      LONGEST_RUN.accumulateAndGet(run, Math::max);
    }

    /** ns this thread has spent runnable but waiting for a core, the second field of schedstat. */
    private static long waited() {
      if (!COUNTED) {
        return 0;
      }
      try {
        return Long.parseLong(Files.readString(Path.of("/proc/thread-self/schedstat")).trim().split(" ")[1]);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
