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

  /** Stops every thread or process of the pool, within a bounded time. */
  @Override
  void close();
}
