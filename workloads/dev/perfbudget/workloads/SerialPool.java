package dev.perfbudget.workloads;

/** No pool: the calling thread runs the kernel over all elements in one call. */
final class SerialPool implements RunningPool {

  private long lastCpuNanos = -1;
  private long lastSliceNanos = -1;
  private long lastPauseNanos;

  @Override
  public void dispatch(Job job) {
    long paused = CollectorPauses.nanos();
    long start = System.nanoTime();
    long cpu = WorkerCpu.now();
    job.kernel().run(job.buffer().view(), 0, job.elements(), job.rounds());
    lastCpuNanos = WorkerCpu.since(cpu);
    long wall = System.nanoTime() - start;
    lastPauseNanos = Math.min(CollectorPauses.nanosSince(paused), wall);
    lastSliceNanos = Math.max(wall - lastPauseNanos, lastCpuNanos);
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
  public void close() {}
}
