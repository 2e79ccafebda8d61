package dev.perfbudget.workloads;

/**
 * A started, warm pool: what a {@link Pool} becomes once per test class. Dispatches come from
 * one thread at a time.
 */
interface RunningPool extends AutoCloseable {

  /** Prepares the workers for this buffer and kernel (child processes map the file). */
  default void attach(Job job) {}

  /**
   * Runs every slice of the job once and returns when all are done.
   *
   * @throws PoolFailureException when a slice threw, was lost or ran twice, or a worker died
   */
  void dispatch(Job job);

  /**
   * The CPU time the slices of the last dispatch took, summed over the workers that ran them,
   * or -1 where the pool cannot know it (workers in other processes, a JVM that does not count
   * thread CPU time).
   */
  default long lastDispatchCpuNanos() {
    return -1;
  }

  /**
   * The wall time the slices of the last dispatch took on their workers, from a slice's start
   * to its end, summed over the workers; -1 where the CPU time is not known.
   */
  default long lastDispatchSliceNanos() {
    return -1;
  }

  /**
   * The collector pauses of this JVM during the last dispatch, in ns, when they stopped the
   * workers too; 0 where the workers run outside this JVM (child processes keep working through
   * its pauses).
   */
  default long lastDispatchPauseNanos() {
    return 0;
  }

  /** Stops every thread or process of the pool, within a bounded time. */
  @Override
  void close();
}
