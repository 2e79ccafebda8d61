package dev.perfbudget.workloads;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The CPU time of the calling thread, for a pool's workers to say how long their slices really
 * ran on a core: a slice's wall time also holds the time its worker waited for one.
 */
final class WorkerCpu {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final boolean COUNTED = counted();

  private WorkerCpu() {}

  private static boolean counted() {
    try {
      return THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
    } catch (UnsupportedOperationException e) {
      return false;
    }
  }

  /** The calling thread's CPU time so far, or -1 where it is not counted (a virtual thread). */
  static long now() {
    return COUNTED ? THREADS.getCurrentThreadCpuTime() : -1;
  }

  /** The calling thread's CPU time since {@code before}, or -1 where it is not counted. */
  static long since(long before) {
    long after = now();
    return before < 0 || after < 0 ? -1 : after - before;
  }
}
