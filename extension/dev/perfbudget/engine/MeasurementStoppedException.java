package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * A measurement stopped before its end: an arm overran {@code perfbudget.op.timeout}, or an
 * interrupt reached the thread that measures. The message says which test and arm, and what to
 * do; the JUnit glue turns it into the test's failure.
 */
@API(status = INTERNAL)
public final class MeasurementStoppedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  MeasurementStoppedException(String message, Throwable cause) {
    super(message, cause);
  }

  MeasurementStoppedException(String message) {
    super(message);
  }
}
