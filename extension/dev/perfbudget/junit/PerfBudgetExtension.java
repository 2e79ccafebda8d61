package dev.perfbudget.junit;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.Arms;
import dev.perfbudget.PerfBudget;
import dev.perfbudget.Workload;
import dev.perfbudget.WorkloadDeclarationException;
import dev.perfbudget.engine.MeasurementStoppedException;
import dev.perfbudget.judge.Judge;
import dev.perfbudget.judge.Judgement;
import dev.perfbudget.judge.Measurer;
import dev.perfbudget.judge.ThisJvm;
import dev.perfbudget.plan.Mode;
import dev.perfbudget.plan.Plan;
import dev.perfbudget.plan.Settings;
import dev.perfbudget.report.Reporters;
import java.lang.reflect.Method;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * The JUnit callbacks behind {@link PerfBudget}, and nothing else: the plan is made (and every
 * annotation and configuration error raised) before the method runs; the method body declares
 * the workload's arms; then the judge measures and decides, and the reporters report.
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
    Judge judge = new Judge(plan, workload.kind());
    Reporters reporters = Reporters.of(plan.settings().reports(), context::publishReportEntry);
    try {
      Arms arms;
      try {
        invocation.proceed();
        arms = workload.prepare(new JUnitWorkloadContext(plan.test(), context));
      } catch (WorkloadDeclarationException e) {
        throw new ExtensionConfigurationException(
            String.format(
                "@PerfBudget method [%s] declares a workload that cannot be measured (kind `%s`): %s",
                plan.test(), workload.kind(), e.getMessage()),
            e);
      } catch (TestAbortedException e) {
        reporters.report(judge.skipped("aborted: " + e.getMessage()));
        throw e;
      }
      ThisJvm here = new ThisJvm(plan.test(), arms, plan.settings().sampling());
      Judgement judgement = measure(judge, here, here, plan.test());
      reporters.report(judgement.outcome());
      if (judgement.outcome().fails()) {
        throw new AssertionFailedError(judgement.failure());
      }
    } finally {
      workload.close();
    }
  }

  private static Judgement measure(Judge judge, Measurer first, Measurer confirm, String test) {
    try {
      return judge.judge(first, confirm);
    } catch (MeasurementStoppedException e) {
      throw new AssertionFailedError(e.getMessage(), e.getCause());
    } catch (Exception e) {
      throw new AssertionFailedError(
          String.format("@PerfBudget test %s: an arm threw while being measured: %s", test, e), e);
    }
  }

  private static String recordCommand(ExtensionContext context) {
    return String.format(
        "mvn test -Dtest='%s#%s' -Dperfbudget.mode=record",
        context.getRequiredTestClass().getName(), context.getRequiredTestMethod().getName());
  }
}
