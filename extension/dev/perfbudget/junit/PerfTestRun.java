package dev.perfbudget.junit;

import dev.perfbudget.Arms;
import dev.perfbudget.PerfBudget;
import dev.perfbudget.Sampling;
import dev.perfbudget.Workload;
import dev.perfbudget.WorkloadDeclarationException;
import dev.perfbudget.engine.MeasurementStoppedException;
import dev.perfbudget.judge.Judge;
import dev.perfbudget.judge.Judgement;
import dev.perfbudget.plan.Plan;
import dev.perfbudget.plan.Settings;
import dev.perfbudget.report.Reporters;
import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor.Invocation;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * One run of a perf test method, or of one invocation of a sweep: the plan (every annotation and
 * configuration error), the method body that declares the arms, then the judge and the reporters.
 */
final class PerfTestRun {

  private PerfTestRun() {}

  static void run(Invocation<Void> invocation, List<Object> arguments, Workload workload, ExtensionContext context)
      throws Throwable {
    Method method = context.getRequiredTestMethod();
    String test = TestNames.method(context);
    String invocationLabel =
        PerfTestForm.of(method, test) == PerfTestForm.SWEEP ? SweepArguments.label(method, arguments, test) : "";
    Settings settings = Settings.from(context::getConfigurationParameter);
    Plan plan = Plan.of(method.getAnnotation(PerfBudget.class), test, invocationLabel, settings, TestNames.recordCommand(context));
    Judge judge = new Judge(plan, workload.kind());
    Reporters reporters = Reporters.of(plan.settings().reports(), context::publishReportEntry);
    try {
      Arms arms;
      try {
        invocation.proceed();
        arms = workload.prepare(new JUnitWorkloadContext(plan.test(), context));
        checkPairs(arms.sampling());
      } catch (WorkloadDeclarationException e) {
        throw declarationError(plan, workload, e);
      } catch (TestAbortedException e) {
        reporters.report(judge.skipped("aborted: " + e.getMessage()));
        throw e;
      }
      Judgement judgement = measure(judge, arms, plan, workload);
      reporters.report(judgement.outcome());
      if (judgement.outcome().fails()) {
        throw new AssertionFailedError(judgement.failure());
      }
    } finally {
      workload.close();
    }
  }

  /** A workload sampled one operation at a time must ask for enough pairs to decide at all. */
  private static void checkPairs(Sampling sampling) {
    if (!sampling.adapts() && sampling.pairs() < Sampling.LEAST_PAIRS) {
      throw new WorkloadDeclarationException(
          String.format(
              "it samples one operation at a time and asks for %d pairs, but a verdict at 99%% "
                  + "confidence needs at least %d; ask for %d or more.",
              sampling.pairs(), Sampling.LEAST_PAIRS, Sampling.LEAST_PAIRS));
    }
  }

  private static Judgement measure(Judge judge, Arms arms, Plan plan, Workload workload) {
    try {
      return judge.judge(arms);
    } catch (WorkloadDeclarationException e) {
      throw declarationError(plan, workload, e); // found while measuring, such as an allocator returning null
    } catch (MeasurementStoppedException e) {
      throw new AssertionFailedError(e.getMessage(), e.getCause());
    } catch (Exception e) {
      throw new AssertionFailedError(
          String.format("@PerfBudget test %s: an arm threw while being measured: %s", plan.test(), e), e);
    }
  }

  private static ExtensionConfigurationException declarationError(Plan plan, Workload workload, WorkloadDeclarationException e) {
    return new ExtensionConfigurationException(
        String.format(
            "@PerfBudget method [%s] declares a workload that cannot be measured (kind `%s`): %s",
            plan.test(), workload.kind(), e.getMessage()),
        e);
  }
}
