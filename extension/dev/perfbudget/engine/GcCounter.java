package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * The running totals of garbage collections, and their time, of the JVM an arm runs in, read
 * before and after each sample.
 */
@API(status = INTERNAL)
public interface GcCounter {

  /** This JVM's collectors. */
  GcCounter THIS_JVM =
      new GcCounter() {
        @Override
        public long collections() {
          return GcActivity.collections();
        }

        @Override
        public long millis() {
          return GcActivity.millis();
        }
      };

  /** Collections so far, over all collectors. */
  long collections();

  /** Milliseconds spent in them so far. */
  long millis();
}
