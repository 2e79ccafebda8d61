package dev.perfbudget.junit;

import dev.perfbudget.Arms;
import dev.perfbudget.Workload;
import dev.perfbudget.WorkloadDeclarationException;
import dev.perfbudget.plan.Plan;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor.Invocation;

/**
 * Runs the method body, which declares the workload's arms, and prepares them; a declaration
 * that cannot be measured is a configuration error that names the method, raised before
 * anything is measured.
 */
final class DeclaredWorkload {

  private DeclaredWorkload() {}

  static Arms prepare(Invocation<Void> invocation, Workload workload, Plan plan, ExtensionContext context) throws Throwable {
    try {
      invocation.proceed();
      return workload.prepare(new JUnitWorkloadContext(plan.test(), context));
    } catch (WorkloadDeclarationException e) {
      throw new ExtensionConfigurationException(
          String.format(
              "@PerfBudget method [%s] declares a workload that cannot be measured (kind `%s`): %s",
              plan.test(), workload.kind(), e.getMessage()),
          e);
    }
  }
}
