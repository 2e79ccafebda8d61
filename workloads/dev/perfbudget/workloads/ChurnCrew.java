package dev.perfbudget.workloads;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The churn threads: the calling thread plus {@code threads - 1} workers started once, so that
 * thread start-up is never measured. Both arms of a workload run on the same crew, one batch at
 * a time.
 *
 * <p>A batch of N replacements is split evenly over the threads; its time runs from the start
 * signal until the last thread is done, and its allocation is the sum of what every thread
 * allocated during its share, as counted by HotSpot per thread. A thread whose share throws
 * (an exception in the allocator, an {@link OutOfMemoryError}) drops its live blocks at once, so
 * the heap has room again, and the batch reports the first such failure once all threads are
 * done.
 */
final class ChurnCrew implements AutoCloseable {

  /** What one batch did. */
  record Batch(long nanos, long allocatedBytes, Throwable failure, int failedThread) {}

  private static final AtomicInteger CREWS = new AtomicInteger();

  private final Worker[] workers;
  private final AtomicInteger pending = new AtomicInteger();
  private volatile Thread caller;
  private volatile boolean closed;

  ChurnCrew(int threads) {
    int crew = CREWS.incrementAndGet();
    workers = new Worker[threads - 1];
    for (int i = 0; i < workers.length; i++) {
      workers[i] = new Worker("perfbudget-churn-" + crew + "-" + (i + 1));
      workers[i].thread.start();
    }
  }

  int threads() {
    return workers.length + 1;
  }

  /**
   * Runs {@code operations} replacements of {@code loop} over the threads; {@code blocks[i]} is
   * thread i's.
   *
   * @throws InterruptedException when the calling thread was interrupted while it waited for
   *     the workers; they are interrupted too and the crew is closed
   */
  Batch run(ChurnArm.Loop loop, LiveBlocks[] blocks, long operations) throws InterruptedException {
    if (closed) {
      throw new IllegalStateException("the churn threads were stopped");
    }
    int threads = threads();
    long share = operations / threads;
    long extra = operations % threads;
    caller = Thread.currentThread();
    pending.set(workers.length);
    long start = System.nanoTime();
    for (int i = 0; i < workers.length; i++) {
      workers[i].start(loop, blocks[i + 1], share + (i + 1 < extra ? 1 : 0));
    }
    Worker.Share own = runShare(loop, blocks[0], share + (extra > 0 ? 1 : 0));
    while (pending.get() != 0) {
      LockSupport.park(this);
      // park returns at once while the flag is set: waiting on would spin a core for the rest
      // of the run (measured: 0.7 s of CPU a second). An interrupt here is perfbudget.op.timeout
      // stopping a batch that hangs, so the whole crew stops with it.
      if (Thread.interrupted()) {
        abandon();
        throw new InterruptedException(
            "the churn batch was stopped while " + pending.get() + " of " + workers.length + " worker threads were still in it");
      }
    }
    long nanos = System.nanoTime() - start;
    long allocated = own.allocated;
    Throwable failure = own.failure;
    int failedThread = failure == null ? -1 : 0;
    for (int i = 0; i < workers.length; i++) {
      Worker.Share done = workers[i].done;
      allocated += done.allocated;
      if (failure == null && done.failure != null) {
        failure = done.failure;
        failedThread = i + 1;
      }
    }
    return new Batch(nanos, Allocation.currentThreadBytes() < 0 ? -1 : allocated, failure, failedThread);
  }

  private static Worker.Share runShare(ChurnArm.Loop loop, LiveBlocks blocks, long operations) {
    long before = Allocation.currentThreadBytes();
    Throwable failure = null;
    try {
      if (operations > 0) {
        loop.replace(blocks, operations);
      }
    } catch (Throwable e) {
      // Free the heap first: the failure may be an OutOfMemoryError with nothing left to spare.
      blocks.drop();
      failure = e;
    }
    return new Worker.Share(Allocation.currentThreadBytes() - before, failure);
  }

  /** Gives up the batch in progress: interrupts the workers, which then end. */
  private void abandon() {
    closed = true;
    for (Worker worker : workers) {
      worker.thread.interrupt();
    }
  }

  /** Stops the workers and waits for them (briefly: a worker stuck in an allocator is left behind). */
  @Override
  public void close() {
    closed = true;
    for (Worker worker : workers) {
      LockSupport.unpark(worker.thread);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    for (Worker worker : workers) {
      try {
        long left = deadline - System.nanoTime();
        if (left > 0) {
          worker.thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      if (worker.thread.isAlive()) {
        worker.thread.interrupt();
      }
    }
  }

  /** A churn thread other than the caller; parked between batches. */
  private final class Worker implements Runnable {

    record Share(long allocated, Throwable failure) {}

    final Thread thread;
    /** Raised by the caller for each batch; its volatile write publishes the task fields. */
    private volatile int round;
    private ChurnArm.Loop loop;
    private LiveBlocks blocks;
    private long operations;
    /** Written before the worker counts down {@code pending}, read by the caller after. */
    Share done;

    Worker(String name) {
      thread = new Thread(this, name);
      thread.setDaemon(true);
    }

    void start(ChurnArm.Loop loop, LiveBlocks blocks, long operations) {
      this.loop = loop;
      this.blocks = blocks;
      this.operations = operations;
      round = round + 1;
      LockSupport.unpark(thread);
    }

    @Override
    public void run() {
      int seen = 0;
      while (true) {
        while (round == seen && !closed) {
          LockSupport.park(this);
          // An interrupt while idle means nothing (closing sets `closed`); left set, it would
          // make park return at once and this loop spin.
          Thread.interrupted();
        }
        if (closed) {
          return;
        }
        seen = round;
        done = runShare(loop, blocks, operations);
        loop = null;
        blocks = null;
        if (pending.decrementAndGet() == 0) {
          LockSupport.unpark(caller);
        }
      }
    }
  }
}
