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
  void theCollectorsPausesAgreeWithWhatTheirBeansCountInMilliseconds() {
    System.gc();
    // The beans first: their total can only have grown by the time the counters are read.
    long beansMillis = 0;
    for (var collector : ManagementFactory.getGarbageCollectorMXBeans()) {
      beansMillis += Math.max(0, collector.getCollectionTime());
    }
    long nanos = CollectorPauses.nanos();
    assertThat(PerfCounters.text("sun.gc.collector.0.name")).hasValueSatisfying(name -> assertThat(name).endsWith("pauses"));
    assertThat(nanos / 1e6).isGreaterThanOrEqualTo(beansMillis - 1.0).isLessThan(beansMillis + 50.0);
  }

  @Test
  void aCounterThatIsNotThereIsEmpty() {
    assertThat(PerfCounters.counter("sun.rt.noSuchCounter")).isEmpty();
    // A string constant, not a long counter.
    assertThat(PerfCounters.counter("java.property.java.vm.name")).isEmpty();
  }
}
