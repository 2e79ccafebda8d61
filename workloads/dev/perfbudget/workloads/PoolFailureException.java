package dev.perfbudget.workloads;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A pool did not carry out a dispatch as declared: the kernel threw on a worker, a child process
 * died or stopped answering, a slice was lost or ran twice, or the result differs from serial.
 * The test fails with it; when the kernel threw, its exception is the cause.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class PoolFailureException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public PoolFailureException(String message) {
    super(message);
  }

  public PoolFailureException(String message, Throwable cause) {
    super(message, cause);
  }
}
