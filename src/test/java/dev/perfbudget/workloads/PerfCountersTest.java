package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

class PerfCountersTest {

  @Test
  void theJvmsOwnCountersAreReadLive() {
    LongSupplier safepoints = PerfCounters.counter("sun.rt.safepoints").orElseThrow();
    long before = safepoints.getAsLong();
    System.gc();
    assertThat(safepoints.getAsLong()).as("a full collection stops the JVM at a safepoint").isGreaterThan(before);
  }

  @Test
  void theCollectorsPausesCountAtLeastWhatTheirBeansCountAndNoMoreThanTheTimePassed() {
    assertThat(PerfCounters.text("sun.gc.collector.0.name")).hasValueSatisfying(name -> assertThat(name).endsWith("pauses"));
    long beansBefore = beansMillis();
    long before = CollectorPauses.nanos();
    long start = System.nanoTime();
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    long paused = CollectorPauses.nanosSince(before);
    long passed = System.nanoTime() - start;
    long beans = beansMillis() - beansBefore;
    // The counters time each pause over a span that holds the beans' (HotSpot's own
    // bookkeeping at each end of it is in the counters' only), so never less, but for the
    // beans' step of a millisecond at each reading; and pauses cannot outlast the window.
    assertThat(paused / 1e6).isGreaterThan(beans - 2.0).isPositive();
    assertThat(paused).isLessThanOrEqualTo(passed);
  }

  private static long beansMillis() {
    long millis = 0;
    for (var collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      millis += Math.max(0, collector.getCollectionTime());
    }
    return millis;
  }

  @Test
  void aCounterThatIsNotThereIsEmpty() {
    assertThat(PerfCounters.counter("sun.rt.noSuchCounter")).isEmpty();
    // A string constant, not a long counter.
    assertThat(PerfCounters.counter("java.property.java.vm.name")).isEmpty();
  }
}
