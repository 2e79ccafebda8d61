package dev.perfbudget.workloads;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * An allocator of a churn arm threw (an exception, or an error such as {@link
 * OutOfMemoryError}); the cause is what it threw. By the time this is thrown the churn threads
 * are stopped and the workload's memory, live blocks and resident memory, is released.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class AllocatorException extends Exception {

  private static final long serialVersionUID = 1L;

  AllocatorException(String arm, int thread, int threads, Throwable cause) {
    super(
        String.format(
            "the allocator of arm \"%s\" threw %s on churn thread %d of %d; the churn threads were "
                + "stopped and the live blocks and resident memory released.%s",
            arm, cause, thread + 1, threads, hint(cause)),
        cause);
  }

  private static String hint(Throwable cause) {
    return cause instanceof OutOfMemoryError
        ? " The heap ran out: lower resident(...), blocks(...) or the sizes, or give the test JVM"
            + " a larger heap (-Xmx)."
        : "";
  }
}
