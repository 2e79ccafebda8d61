package dev.perfbudget.workloads;

import java.lang.management.ManagementFactory;

/** Bytes allocated by threads, from HotSpot's per-thread allocation counters. */
final class Allocation {

  private static final com.sun.management.ThreadMXBean THREADS = threads();

  private Allocation() {}

  private static com.sun.management.ThreadMXBean threads() {
    if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean bean
        && bean.isThreadAllocatedMemorySupported()) {
      bean.setThreadAllocatedMemoryEnabled(true);
      return bean;
    }
    return null;
  }

  /** Bytes the calling thread has allocated so far, or -1 where the JVM does not count them. */
  static long currentThreadBytes() {
    return THREADS == null ? -1 : THREADS.getCurrentThreadAllocatedBytes();
  }

  /** Bytes the given thread has allocated so far, or -1 where the JVM does not count them. */
  static long threadBytes(long threadId) {
    return THREADS == null ? -1 : THREADS.getThreadAllocatedBytes(threadId);
  }
}
