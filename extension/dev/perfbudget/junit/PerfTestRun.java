package dev.perfbudget.junit;

import dev.perfbudget.Arms;
import dev.perfbudget.PerfBudget;
import dev.perfbudget.Sampling;
import dev.perfbudget.Workload;
import dev.perfbudget.WorkloadDeclarationException;
import dev.perfbudget.engine.MeasurementStoppedException;
import dev.perfbudget.fork.ForkMain;
import dev.perfbudget.fork.ForkedTestException;
import dev.perfbudget.judge.Judge;
import dev.perfbudget.judge.Judgement;
import dev.perfbudget.judge.Measurer;
import dev.perfbudget.judge.ThisJvm;
import dev.perfbudget.plan.Fork;
import dev.perfbudget.plan.Plan;
import dev.perfbudget.plan.Settings;
import dev.perfbudget.report.Reporters;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor.Invocation;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * One run of a perf test method, or of one invocation of a sweep: the plan (every annotation and
 * configuration error), the method body that declares the arms, then the judge and the reporters.
 *
 * <p>Where each measurement is taken is {@code perfbudget.fork}'s: with {@code confirm} (the
 * default) the method body runs here and the first measurement is taken here; a failure, or a
 * reading far from the recorded ratio, is measured again in a fresh JVM, and recording is done in
 * a fresh JVM and checked in a second (the lower ratio is recorded where the two read 2x apart).
 * With {@code always} the body does not run here at all: every measurement is a fresh JVM's, and
 * a reading far from the recorded ratio is checked in a second (and a third where the two read 2x
 * apart; the median is judged). With {@code never} everything
 * happens here. In a fresh JVM started for a test JVM,
 * {@link ForkedChild} measures once and sends the measurement back.
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
    Optional<String> childResult = context.getConfigurationParameter(ForkMain.CHILD_RESULT);
    if (childResult.isPresent()) {
      ForkedChild.measure(invocation, workload, plan, context, childResult.get());
      return;
    }
    Judge judge = new Judge(plan, workload.kind());
    Reporters reporters = Reporters.of(plan.settings().reports(), context::publishReportEntry);
    Fork fork = plan.settings().fork();
    boolean firstHere = fork.firstHere(plan.records());
    Measurer fresh = fork.when() == Fork.When.NEVER ? null : FreshJvms.of(plan, context);
    try {
      Measurer first;
      if (firstHere) {
        Arms arms;
        try {
          arms = prepare(invocation, workload, plan, context);
        } catch (TestAbortedException e) {
          reporters.report(judge.skipped("aborted: " + e.getMessage()));
          throw e;
        }
        first = new ThisJvm(plan.test(), arms, plan.settings().sampling());
      } else {
        invocation.skip();
        first = fresh;
      }
      Judgement judgement =
          measure(judge, reporters, first, fresh == null ? first : fresh, firstHere && fresh != null, !firstHere, plan, workload);
      reporters.report(judgement.outcome());
      if (judgement.outcome().fails()) {
        throw new AssertionFailedError(judgement.failure());
      }
    } finally {
      workload.close();
    }
  }

  /**
   * Runs the method body, which declares the arms, and prepares them; a declaration that cannot
   * be measured is a configuration error that names the method, raised before anything is
   * measured.
   */
  static Arms prepare(Invocation<Void> invocation, Workload workload, Plan plan, ExtensionContext context) throws Throwable {
    try {
      invocation.proceed();
      Arms arms = workload.prepare(new JUnitWorkloadContext(plan.test(), context));
      checkPairs(arms.sampling());
      return arms;
    } catch (WorkloadDeclarationException e) {
      throw declarationError(plan, workload, e);
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

  private static Judgement measure(
      Judge judge,
      Reporters reporters,
      Measurer first,
      Measurer confirm,
      boolean replacesFarReadings,
      boolean freshJvms,
      Plan plan,
      Workload workload) {
    try {
      return judge.judge(first, confirm, replacesFarReadings, freshJvms);
    } catch (WorkloadDeclarationException e) {
      throw declarationError(plan, workload, e); // found while measuring, such as an allocator returning null
    } catch (MeasurementStoppedException e) {
      throw new AssertionFailedError(e.getMessage(), e.getCause());
    } catch (ForkedTestException e) {
      switch (e.kind()) {
        case CONFIGURATION -> throw new ExtensionConfigurationException(e.getMessage());
        case ABORTED -> {
          reporters.report(judge.skipped("aborted: " + e.getMessage()));
          throw new TestAbortedException(e.getMessage());
        }
        default -> throw new AssertionFailedError(e.getMessage());
      }
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
