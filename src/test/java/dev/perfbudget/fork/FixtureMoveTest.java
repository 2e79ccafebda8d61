package dev.perfbudget.fork;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/** The one young collection a fresh JVM has before it measures. */
class FixtureMoveTest {

  @Test
  void theCollectorHasRunWhenItReturns() {
    long before = collections();

    boolean ran = FixtureMove.collectOnce();

    assertThat(ran).isTrue();
    assertThat(collections()).isGreaterThan(before);
  }

  private static long collections() {
    return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
  }
}
