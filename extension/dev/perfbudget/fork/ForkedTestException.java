package dev.perfbudget.fork;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * A test that could not be measured in a fresh JVM, and which way it failed there, so that the
 * test JVM fails it the same way: a configuration error, an aborted test, or a failure.
 */
@API(status = INTERNAL)
public final class ForkedTestException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Which way the test failed. */
  public enum Kind {
    /** The annotation, the configuration or the workload's declaration is wrong. */
    CONFIGURATION,
    /** An assumption in the method body did not hold. */
    ABORTED,
    /** Anything else: an arm threw or hung, the body threw, the fresh JVM crashed. */
    FAILED
  }

  private final Kind kind;

  public ForkedTestException(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }
}
