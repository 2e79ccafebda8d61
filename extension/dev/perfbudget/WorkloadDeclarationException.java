package dev.perfbudget;

/**
 * Thrown by a workload when what a {@link PerfBudget} method declared cannot be measured: a
 * missing arm, a size out of range. The extension fails the test with a configuration error
 * that names the method and this message, before anything is measured or written.
 */
public class WorkloadDeclarationException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  public WorkloadDeclarationException(String message) {
    super(message);
  }
}
