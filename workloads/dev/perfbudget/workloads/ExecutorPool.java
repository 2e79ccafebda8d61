package dev.perfbudget.workloads;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A pool of threads in this JVM behind an {@link ExecutorService}: each slice is one task, and
 * the dispatching thread waits until every slice has reported back.
 */
final class ExecutorPool implements RunningPool {

  private final String name;
  private final ExecutorService executor;
  /** The threads of an executor perfbudget owns, or null for a user's own executor. */
  private final PoolThreads owned;
  private final Duration timeout;
  private long lastCpuNanos = -1;
  private long lastSliceNanos = -1;
  private long lastPauseNanos;

  /**
   * @param owned the threads of an executor that closing this pool shuts down, which the close
   *     waits for; null for a user's own executor ({@link Pools#of}), which stays the user's
   */
  ExecutorPool(String name, ExecutorService executor, PoolThreads owned, Duration timeout) {
    this.name = name;
    this.executor = executor;
    this.owned = owned;
    this.timeout = timeout;
  }

  @Override
  public void dispatch(Job job) {
    long paused = CollectorPauses.nanos();
    Completion completion = new Completion(job);
    for (int slice = 0; slice < job.workers(); slice++) {
      int s = slice;
      try {
        executor.execute(() -> completion.run(s));
      } catch (RejectedExecutionException e) {
        throw new PoolFailureException("pool " + name + " rejected " + job.describeSlice(s) + ": " + e, e);
      }
    }
    completion.await();
    lastPauseNanos = CollectorPauses.nanosSince(paused);
    lastCpuNanos = completion.cpuNanos();
    lastSliceNanos = completion.sliceNanos();
  }

  @Override
  public long lastDispatchPauseNanos() {
    return lastPauseNanos;
  }

  @Override
  public long lastDispatchCpuNanos() {
    return lastCpuNanos;
  }

  @Override
  public long lastDispatchSliceNanos() {
    return lastSliceNanos;
  }

  @Override
  public void close() {
    if (owned == null) {
      return;
    }
    executor.shutdownNow();
    try {
      if (!executor.awaitTermination(10, TimeUnit.SECONDS) || !owned.awaitEnd(TimeUnit.SECONDS.toNanos(5))) {
        System.err.println(
            "[perfbudget] WARNING: pool " + name + " still has a kernel running 10 s after it was closed");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** One dispatch's bookkeeping: which slices ran, the first failure, and the wait for all. */
  private final class Completion {
    private final Job job;
    private final CountDownLatch left;
    private final AtomicIntegerArray runs;
    private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    /**
     * Each slice's CPU time, -1 where the worker's is not counted, and wall time less the
     * collector's pauses; read after the latch.
     */
    private final AtomicLongArray cpu;
    private final AtomicLongArray wall;

    Completion(Job job) {
      this.job = job;
      this.left = new CountDownLatch(job.workers());
      this.runs = new AtomicIntegerArray(job.workers());
      this.cpu = new AtomicLongArray(job.workers());
      this.wall = new AtomicLongArray(job.workers());
    }

    /** The slices' wall time on their workers, summed. */
    long sliceNanos() {
      long sum = 0;
      for (int slice = 0; slice < wall.length(); slice++) {
        sum += wall.get(slice);
      }
      return sum;
    }

    /** The slices' CPU time summed, or -1 when a worker's was not counted. */
    long cpuNanos() {
      long sum = 0;
      for (int slice = 0; slice < cpu.length(); slice++) {
        if (cpu.get(slice) < 0) {
          return -1;
        }
        sum += cpu.get(slice);
      }
      return sum;
    }

    void run(int slice) {
      if (runs.getAndIncrement(slice) != 0) {
        failure.compareAndSet(
            null,
            new PoolFailureException(
                "pool " + name + " ran " + job.describeSlice(slice) + " twice in one dispatch"));
        return;
      }
      // The CPU window inside the wall one, so that reading the CPU clock is not CPU time the
      // slice seems to have spent beyond its wall time.
      long paused = CollectorPauses.nanos();
      long start = System.nanoTime();
      long cpuBefore = WorkerCpu.now();
      try {
        job.runSlice(slice, job.buffer().view());
        long sliceCpu = WorkerCpu.since(cpuBefore);
        cpu.set(slice, sliceCpu);
        // Not below the slice's CPU time: where the pauses are counted in whole ms, they can be
        // off by one.
        wall.set(slice, Math.max(System.nanoTime() - start - CollectorPauses.nanosSince(paused), Math.max(sliceCpu, 0)));
      } catch (Throwable e) {
        failure.compareAndSet(
            null,
            new PoolFailureException(
                "the kernel threw on " + job.describeSlice(slice) + " in pool " + name + ": " + e, e));
      } finally {
        left.countDown();
      }
    }

    void await() {
      boolean done;
      try {
        done = left.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new PoolFailureException("interrupted while waiting for pool " + name, e);
      }
      if (failure.get() != null) {
        throw failure.get();
      }
      if (!done) {
        StringBuilder missing = new StringBuilder();
        for (int slice = 0; slice < job.workers(); slice++) {
          if (runs.get(slice) == 0) {
            missing.append(missing.length() == 0 ? "" : ", ").append(slice);
          }
        }
        throw new PoolFailureException(
            String.format(
                "a dispatch on pool %s did not finish within %s (%s): %s of %d slices %s. A pool "
                    + "that drops tasks, or a kernel that never returns, fails here instead of "
                    + "hanging the build.",
                name, timeout, PoolOptions.TIMEOUT, left.getCount(), job.workers(),
                missing.length() == 0 ? "were still running" : "never started (slices " + missing + ")"));
      }
    }
  }
}
