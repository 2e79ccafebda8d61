package dev.perfbudget.workloads;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The time this JVM's collectors have stopped its threads, to take out of a pool's dispatches.
 *
 * <p>A stop-the-world pause stops every thread of the JVM, whoever allocated, and a dispatch ten
 * times as long is caught by more of them: beside a thread that allocated as fast as it could,
 * the 1 ms dispatches of a pool ran between pauses most of the time and its 11 ms ones almost
 * never, and their ratio read 16.7 for ten times the work (the workers' CPU time gave 10.0).
 * Less the pauses, 9.7. What a job allocates itself is the churn kind's to judge.
 *
 * <p>The collectors count their time in whole milliseconds of a running total, so a difference
 * of two readings is within a millisecond of the pauses between them. Collectors whose bean
 * counts concurrent cycles (ZGC's and Shenandoah's "Cycles") are left out: their threads run
 * beside the application's, which they do not stop. A reading cost about 85 ns here (G1's two
 * beans), six of them per dispatch of two slices, against dispatch overheads of tens of
 * microseconds.
 */
final class CollectorPauses {

  private static final List<GarbageCollectorMXBean> PAUSING =
      ManagementFactory.getGarbageCollectorMXBeans().stream()
          .filter(collector -> !collector.getName().contains("Cycles"))
          .toList();

  private CollectorPauses() {}

  /** The pauses so far, in ms. */
  static long millis() {
    long millis = 0;
    for (GarbageCollectorMXBean collector : PAUSING) {
      millis += Math.max(0, collector.getCollectionTime());
    }
    return millis;
  }

  /** The pauses since {@code millisBefore} was read, in ns. */
  static long nanosSince(long millisBefore) {
    return (millis() - millisBefore) * 1_000_000;
  }
}
