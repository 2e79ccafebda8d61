package dev.perfbudget.fork;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.engine.GcActivity;
import org.apiguardian.api.API;

/**
 * Has the collector move a fresh JVM's fixture once before it is measured, as it has in any JVM
 * that has run for a while.
 *
 * <p>The test body makes the arms' inputs just before warm-up, in among the garbage of their
 * making (a list of boxed numbers between the strings and builders its loop made). A young
 * collection copies what survives in the order it finds it, each list's elements together; a
 * JVM that has run for a while, a JMH fork after a few iterations, a test JVM after earlier
 * tests, has done so. A fresh JVM measured the fixture as it was made: a boxed stream sum and a
 * loop over the same list of 1,000 {@code Integer}s both read 550 to 580 ns/op in most fresh JVMs,
 * where they read 294 to 334 and 334 to 383 after one young collection, JMH's forks 334 to 342
 * and 394 to 417, and the ratio 1.00 against JMH's 1.18 to 1.22. A full collection does not do
 * it: it compacts the heap in place, the fixture's elements still spread among the other objects
 * that survived with them.
 */
@API(status = INTERNAL)
public final class FixtureMove {

  /** Far more than any young generation this collection could need to fill; a bound, not a size. */
  private static final long MOST_BYTES = 4L << 30;
  private static final int CHUNK = 64 * 1024;
  private static final long MOST_NANOS = 2_000_000_000L;

  /** Keeps the last chunk reachable, so that the JIT cannot drop the allocations. */
  private static volatile byte[] last;

  private FixtureMove() {}

  /**
   * Allocates short-lived garbage until the collector has run once, within 4 GiB and 2 s;
   * returns whether it ran.
   */
  public static boolean collectOnce() {
    long before = GcActivity.collections();
    long start = System.nanoTime();
    for (long bytes = 0; bytes < MOST_BYTES && System.nanoTime() - start < MOST_NANOS; bytes += CHUNK) {
      last = new byte[CHUNK];
      if (GcActivity.collections() != before) {
        last = null;
        return true;
      }
    }
    last = null;
    return false;
  }
}
