package dev.perfbudget.judge;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/** Takes one measurement of a test's arms: in the test JVM, or in a fresh JVM of its own. */
@API(status = INTERNAL)
@FunctionalInterface
public interface Measurer {

  /**
   * Measures against {@code limit}, or to record a ratio when it is 0.
   *
   * @throws dev.perfbudget.engine.MeasurementStoppedException when an arm hung or an interrupt
   *     stopped the measurement
   * @throws Exception what an arm threw
   */
  Measured measure(double limit) throws Exception;
}
