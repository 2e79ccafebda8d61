package dev.perfbudget.junit;

import dev.perfbudget.Arms;
import dev.perfbudget.Workload;
import dev.perfbudget.engine.MeasurementStoppedException;
import dev.perfbudget.fork.ForkedTestException;
import dev.perfbudget.fork.FreshJvm;
import dev.perfbudget.judge.Judge;
import dev.perfbudget.judge.Judgement;
import dev.perfbudget.judge.Measurer;
import dev.perfbudget.judge.ThisJvm;
import dev.perfbudget.plan.Fork;
import dev.perfbudget.plan.Plan;
import dev.perfbudget.plan.Settings;
import dev.perfbudget.report.Reporters;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor.Invocation;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * One perf test in the test JVM: where each measurement is taken ({@code perfbudget.fork}),
 * then the judge's verdict, reported, and the test failed when the verdict says so.
 *
 * <p>With {@code confirm} (the default) the method body runs here and the first measurement is
 * taken here; a failure, or a reading far from the recorded ratio, is measured again in a fresh
 * JVM; recording is done in a fresh JVM. With {@code always} the body does not run here at all:
 * every measurement is a fresh JVM's. With {@code never} everything happens here.
 */
final class PerfRun {

  private final Plan plan;
  private final Workload workload;
  private final ExtensionContext context;
  private final Judge judge;
  private final Reporters reporters;

  PerfRun(Plan plan, Workload workload, ExtensionContext context) {
    this.plan = plan;
    this.workload = workload;
    this.context = context;
    this.judge = new Judge(plan, workload.kind());
    this.reporters = Reporters.of(plan.settings().reports(), context::publishReportEntry);
  }

  void run(Invocation<Void> invocation) throws Throwable {
    Fork fork = plan.settings().fork();
    boolean firstHere = fork.firstHere(plan.records());
    Measurer fresh = fork.when() == Fork.When.NEVER ? null : new FreshJvm(request(fork));
    try {
      Measurer first;
      if (firstHere) {
        Arms arms;
        try {
          arms = DeclaredWorkload.prepare(invocation, workload, plan, context);
        } catch (TestAbortedException e) {
          reporters.report(judge.skipped("aborted: " + e.getMessage()));
          throw e;
        }
        first = new ThisJvm(plan.test(), arms, plan.settings().sampling());
      } else {
        invocation.skip();
        first = fresh;
      }
      Judgement judgement = measure(first, fresh == null ? first : fresh, firstHere && fresh != null);
      reporters.report(judgement.outcome());
      if (judgement.outcome().fails()) {
        throw new AssertionFailedError(judgement.failure());
      }
    } finally {
      workload.close();
    }
  }

  private Judgement measure(Measurer first, Measurer confirm, boolean replacesFarReadings) {
    try {
      return judge.judge(first, confirm, replacesFarReadings);
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

  private FreshJvm.Request request(Fork fork) {
    return new FreshJvm.Request(
        plan.test(), context.getUniqueId(), context.getRequiredTestClass(), configuration(context), fork,
        plan.settings().sampling());
  }

  /**
   * The configuration parameters a fresh JVM gets: the value this test sees of every key that
   * perfbudget and its kinds read. JUnit has no way to list every parameter; the fresh JVM gets
   * this JVM's system properties too ({@code -D...}, which JUnit also reads), and reads {@code
   * junit-platform.properties} from the class path itself.
   */
  static Map<String, String> configuration(ExtensionContext context) {
    Map<String, String> configuration = new TreeMap<>();
    for (String key : Settings.KEYS) {
      context.getConfigurationParameter(key).ifPresent(value -> configuration.put(key, value));
    }
    return configuration;
  }
}
