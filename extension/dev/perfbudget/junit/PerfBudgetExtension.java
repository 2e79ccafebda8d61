package dev.perfbudget.junit;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.Workload;
import java.lang.reflect.Method;
import java.util.stream.Stream;
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
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;
import org.junit.jupiter.api.extension.TestTemplateInvocationContextProvider;

/**
 * The JUnit callbacks behind {@link PerfBudget}, and nothing else: {@code @PerfBudget} is a test
 * template of which this provider runs one invocation (a perf test by itself), unless
 * {@code @ParameterizedTest} runs one per argument set (a sweep); each invocation is run by {@link
 * PerfTestRun}, which makes the plan, runs the method body, judges and reports.
 */
@API(status = INTERNAL)
public final class PerfBudgetExtension
    implements ExecutionCondition,
        BeforeTestExecutionCallback,
        ParameterResolver,
        InvocationInterceptor,
        TestTemplateInvocationContextProvider {

  private static final Namespace NAMESPACE = Namespace.create(PerfBudgetExtension.class);
  private static final String WORKLOAD = "workload";

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    return OffSwitch.evaluate(context);
  }

  @Override
  public boolean supportsTestTemplate(ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    // A sweep's invocations come from @ParameterizedTest; a wrong combination fails here, before any runs.
    return method.isAnnotationPresent(PerfBudget.class)
        && PerfTestForm.of(method, TestNames.method(context)) != PerfTestForm.SWEEP;
  }

  @Override
  public Stream<TestTemplateInvocationContext> provideTestTemplateInvocationContexts(ExtensionContext context) {
    if (PerfTestForm.of(context.getRequiredTestMethod(), TestNames.method(context)) == PerfTestForm.BESIDE_TEST) {
      return Stream.empty(); // the @Test beside it is the one run
    }
    String displayName = context.getDisplayName(); // the name a @Test method would have
    return Stream.of(
        new TestTemplateInvocationContext() {
          @Override
          public String getDisplayName(int invocationIndex) {
            return displayName;
          }
        });
  }

  @Override
  public boolean mayReturnZeroTestTemplateInvocationContexts(ExtensionContext context) {
    return true;
  }

  @Override
  public void beforeTestExecution(ExtensionContext context) {
    Method method = context.getRequiredTestMethod();
    if (method.isAnnotationPresent(PerfBudget.class)) {
      WorkloadParameter.check(method, TestNames.method(context));
    }
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
    run(invocation, invocationContext, context);
  }

  @Override
  public void interceptTestTemplateMethod(
      Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext, ExtensionContext context)
      throws Throwable {
    run(invocation, invocationContext, context);
  }

  @Override
  public <T> T interceptTestFactoryMethod(
      Invocation<T> invocation, ReflectiveInvocationContext<Method> invocationContext, ExtensionContext context)
      throws Throwable {
    if (!context.getRequiredTestMethod().isAnnotationPresent(PerfBudget.class)) {
      return invocation.proceed();
    }
    PerfTestForm.of(context.getRequiredTestMethod(), TestNames.method(context)); // a configuration error
    throw new IllegalStateException("a @TestFactory is never measured");
  }

  private static void run(
      Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext, ExtensionContext context)
      throws Throwable {
    Workload workload = context.getStore(NAMESPACE).get(WORKLOAD, Workload.class);
    if (workload == null || !context.getRequiredTestMethod().isAnnotationPresent(PerfBudget.class)) {
      invocation.proceed();
      return;
    }
    PerfTestRun.run(invocation, invocationContext.getArguments(), workload, context);
  }
}
