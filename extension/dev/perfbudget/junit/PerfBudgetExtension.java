package dev.perfbudget.junit;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.Workload;
import dev.perfbudget.fork.ForkMain;
import dev.perfbudget.plan.Mode;
import dev.perfbudget.plan.Plan;
import dev.perfbudget.plan.Settings;
import java.lang.reflect.Method;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;

/**
 * The JUnit callbacks behind {@link PerfBudget}, and nothing else: the plan is made (and every
 * annotation and configuration error raised) before the method runs; then {@link PerfRun} has
 * the method body declare the workload's arms, measured here or in a fresh JVM, judged and
 * reported; in a fresh JVM that measures for a test JVM, {@link ForkedChild} measures once.
 */
@API(status = INTERNAL)
public final class PerfBudgetExtension
    implements ExecutionCondition, BeforeTestExecutionCallback, ParameterResolver, InvocationInterceptor {

  private static final Namespace NAMESPACE = Namespace.create(PerfBudgetExtension.class);
  private static final String PLAN = "plan";
  private static final String WORKLOAD = "workload";

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    Optional<String> mode = context.getConfigurationParameter(Settings.MODE);
    if (mode.isPresent() && mode.get().trim().equalsIgnoreCase(Mode.OFF.configValue())) {
      return ConditionEvaluationResult.disabled("perf tests are off: " + Settings.MODE + "=off");
    }
    // An unknown mode is reported, with its key, by beforeTestExecution.
    return ConditionEvaluationResult.enabled("perfbudget.mode is not off");
  }

  @Override
  public void beforeTestExecution(ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    PerfBudget annotation = method.getAnnotation(PerfBudget.class);
    if (annotation == null) {
      return;
    }
    String test = context.getRequiredTestClass().getName() + "#" + method.getName();
    Settings settings = Settings.from(context::getConfigurationParameter);
    WorkloadParameter.check(method, test);
    context.getStore(NAMESPACE).put(PLAN, Plan.of(annotation, test, settings, recordCommand(context)));
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return Workload.class.isAssignableFrom(parameter.getParameter().getType())
        && parameter.getDeclaringExecutable().isAnnotationPresent(PerfBudget.class);
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Workload workload = WorkloadParameter.create(parameter.getParameter().getType());
    context.getStore(NAMESPACE).put(WORKLOAD, workload);
    return workload;
  }

  @Override
  public void interceptTestMethod(
      Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext, ExtensionContext context)
      throws Throwable {
    Plan plan = context.getStore(NAMESPACE).get(PLAN, Plan.class);
    if (plan == null) {
      invocation.proceed();
      return;
    }
    Workload workload = context.getStore(NAMESPACE).get(WORKLOAD, Workload.class);
    Optional<String> childResult = context.getConfigurationParameter(ForkMain.CHILD_RESULT);
    if (childResult.isPresent()) {
      ForkedChild.measure(invocation, workload, plan, context, childResult.get());
    } else {
      new PerfRun(plan, workload, context).run(invocation);
    }
  }

  private static String recordCommand(ExtensionContext context) {
    return String.format(
        "mvn test -Dtest='%s#%s' -Dperfbudget.mode=record",
        context.getRequiredTestClass().getName(), context.getRequiredTestMethod().getName());
  }
}
