package dev.perfbudget.workloads;

/** No pool: the calling thread runs the kernel over all elements in one call. */
final class SerialPool implements RunningPool {

  @Override
  public void dispatch(Job job) {
    job.kernel().run(job.buffer().view(), 0, job.elements(), job.rounds());
  }

  @Override
  public void close() {}
}
