package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.apiguardian.api.API;

/** Counts collections and their time over all of the JVM's collectors. */
@API(status = INTERNAL)
public final class GcActivity {

  private static final List<GarbageCollectorMXBean> COLLECTORS =
      ManagementFactory.getGarbageCollectorMXBeans();

  private GcActivity() {}

  public static long collections() {
    long count = 0;
    for (GarbageCollectorMXBean collector : COLLECTORS) {
      count += Math.max(0, collector.getCollectionCount());
    }
    return count;
  }

  static long millis() {
    long millis = 0;
    for (GarbageCollectorMXBean collector : COLLECTORS) {
      millis += Math.max(0, collector.getCollectionTime());
    }
    return millis;
  }
}
