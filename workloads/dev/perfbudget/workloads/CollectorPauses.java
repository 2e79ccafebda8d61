package dev.perfbudget.workloads;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * The time this JVM's collectors have stopped its threads, to take out of a pool's dispatches.
 *
 * <p>A stop-the-world pause stops every thread of the JVM, whoever allocated, and a dispatch ten
 * times as long is caught by more of them: beside a thread that allocated as fast as it could,
 * the 1 ms dispatches of a pool ran between pauses most of the time and its 11 ms ones almost
 * never, and their ratio read 16.7 for ten times the work (the workers' CPU time gave 10.0).
 * Less the pauses, 9.7. What a job allocates itself is the churn kind's to judge.
 *
 * <p>Read from HotSpot's own counters ({@link PerfCounters}): the pause time of each collector
 * that counts pauses (G1's, Parallel's and Serial's "... pauses"), in nanosecond ticks. The
 * management beans count the same pauses in whole milliseconds of a running total, so two
 * readings around a dispatch are off by up to a millisecond, against dispatches of 2 to 3 ms
 * left after 12 ms of pauses under GC pressure; and they time each pause over a little less of
 * it (without HotSpot's bookkeeping at its ends: over a test JVM's life their total read 3,927
 * ms where the counters read 4,074). Not the JVM's whole time at safepoints: that
 * includes the wait for every thread to reach one, through which a running worker keeps working,
 * and taking it out read a 10x pool 7.85 (the beans: 8.53; the workers' CPU time: 9.33). Where
 * the counters cannot be read, or no collector counts pauses (ZGC, Shenandoah), the beans are
 * used, less those that count concurrent cycles ("Cycles"): their threads run beside the
 * application's, which they do not stop.
 */
final class CollectorPauses {

  private static final List<GarbageCollectorMXBean> PAUSING =
      ManagementFactory.getGarbageCollectorMXBeans().stream()
          .filter(collector -> !collector.getName().contains("Cycles"))
          .toList();

  /** Each pausing collector's pause time in ticks; empty where the counters cannot be read. */
  private static final List<LongSupplier> PAUSE_TICKS = pauseTicks();
  private static final double NANOS_PER_TICK =
      1e9 / PerfCounters.counter("sun.os.hrt.frequency").map(LongSupplier::getAsLong).filter(f -> f > 0).orElse(1_000_000_000L);

  private CollectorPauses() {}

  /** The pauses so far, in ns. */
  static long nanos() {
    if (!PAUSE_TICKS.isEmpty()) {
      long ticks = 0;
      for (LongSupplier collector : PAUSE_TICKS) {
        ticks += collector.getAsLong();
      }
      return (long) (ticks * NANOS_PER_TICK);
    }
    long millis = 0;
    for (GarbageCollectorMXBean collector : PAUSING) {
      millis += Math.max(0, collector.getCollectionTime());
    }
    return millis * 1_000_000;
  }

  /** The pauses since {@code nanosBefore} was read, in ns. */
  static long nanosSince(long nanosBefore) {
    return nanos() - nanosBefore;
  }

  /** Whether the pauses are counted in ticks, not the beans' whole milliseconds. */
  static boolean fine() {
    return !PAUSE_TICKS.isEmpty();
  }

  private static List<LongSupplier> pauseTicks() {
    List<LongSupplier> collectors = new ArrayList<>();
    for (int i = 0; ; i++) {
      Optional<String> name = PerfCounters.text("sun.gc.collector." + i + ".name");
      if (name.isEmpty()) {
        return collectors;
      }
      if (name.get().endsWith("pauses")) {
        PerfCounters.counter("sun.gc.collector." + i + ".time").ifPresent(collectors::add);
      }
    }
  }
}
