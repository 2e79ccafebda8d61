package dev.perfbudget;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Thrown by a workload when what a {@link PerfBudget} method declared cannot be measured: a
 * missing arm, a size out of range. The extension fails the test with a configuration error
 * that names the method and this message, before anything is measured or written.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public class WorkloadDeclarationException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  public WorkloadDeclarationException(String message) {
    super(message);
  }
}
