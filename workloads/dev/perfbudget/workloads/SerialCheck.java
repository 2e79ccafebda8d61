package dev.perfbudget.workloads;

/**
 * Checks a pool against serial: one dispatch from the same start values must leave the buffer
 * with the same checksum as the kernel run over all elements in one call. A pool that loses or
 * repeats a slice, or a kernel that touches elements outside its slice, fails here, before
 * anything is measured.
 */
final class SerialCheck {

  private SerialCheck() {}

  /** The checksum serial leaves after one dispatch of {@code job} from the start values. */
  static long expected(Job job) {
    job.buffer().fill();
    new SerialPool().dispatch(job);
    return job.buffer().checksum();
  }

  static void verify(String name, Pool pool, RunningPool running, Job job, long expected) {
    running.attach(job);
    job.buffer().fill();
    running.dispatch(job);
    long actual = job.buffer().checksum();
    if (actual != expected) {
      throw new PoolFailureException(
          String.format(
              "one dispatch on \"%s\" (%s) left the buffer with checksum %016x, but serial gives "
                  + "%016x for the same %d elements x %d rounds in %d slices: the pool lost or "
                  + "repeated a slice, or the kernel reads or writes outside its slice [from, to).",
              name, pool, actual, expected, job.elements(), job.rounds(), job.workers()));
    }
  }
}
