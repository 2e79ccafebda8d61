package dev.perfbudget.workloads;

/** No pool: the calling thread runs the kernel over all elements in one call. */
final class SerialPool implements RunningPool {

  private long lastCpuNanos = -1;
  private long lastSliceNanos = -1;

  @Override
  public void dispatch(Job job) {
    long start = System.nanoTime();
    long cpu = WorkerCpu.now();
    job.kernel().run(job.buffer().view(), 0, job.elements(), job.rounds());
    lastCpuNanos = WorkerCpu.since(cpu);
    lastSliceNanos = System.nanoTime() - start;
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
