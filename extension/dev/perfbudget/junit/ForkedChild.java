package dev.perfbudget.junit;

import dev.perfbudget.Arms;
import dev.perfbudget.Workload;
import dev.perfbudget.engine.MeasurementStoppedException;
import dev.perfbudget.fork.ChildResult;
import dev.perfbudget.fork.FixtureMove;
import dev.perfbudget.fork.ForkMain;
import dev.perfbudget.fork.ForkedTestException.Kind;
import dev.perfbudget.judge.ThisJvm;
import dev.perfbudget.plan.Plan;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor.Invocation;
import org.opentest4j.TestAbortedException;

/**
 * A perf test in a fresh JVM that {@link ForkMain} started for the test JVM: the body declares
 * the arms, they are measured once, and the measurement (or why there is none) goes back in a
 * file. Nothing is judged, reported or recorded here; the test JVM does that.
 */
final class ForkedChild {

  private ForkedChild() {}

  static void measure(Invocation<Void> invocation, Workload workload, Plan plan, ExtensionContext context, String resultFile)
      throws Exception {
    double limit = Double.parseDouble(context.getConfigurationParameter(ForkMain.CHILD_LIMIT).orElse("0"));
    boolean confirms = context.getConfigurationParameter(ForkMain.CHILD_CONFIRMS, Boolean::parseBoolean).orElse(false);
    ChildResult result;
    try {
      Arms arms = PerfTestRun.prepare(invocation, workload, plan, context);
      // The body just made the arms' inputs among its garbage: one young collection lays them
      // out as in a JVM that has been running (see FixtureMove).
      FixtureMove.collectOnce();
      ThisJvm here = new ThisJvm(plan.test(), arms, plan.settings().sampling());
      result = ChildResult.of(confirms ? here.measureToConfirm(limit) : here.measure(limit));
    } catch (ExtensionConfigurationException e) {
      result = ChildResult.failed(Kind.CONFIGURATION, e.getMessage());
    } catch (TestAbortedException e) {
      result = ChildResult.failed(Kind.ABORTED, e.getMessage());
    } catch (MeasurementStoppedException e) {
      result = ChildResult.failed(Kind.FAILED, e.getMessage());
    } catch (Throwable e) {
      StringWriter trace = new StringWriter();
      e.printStackTrace(new PrintWriter(trace));
      result = ChildResult.failed(Kind.FAILED, String.format("@PerfBudget test %s: the method body or an arm threw: %s", plan.test(), trace));
    } finally {
      workload.close();
    }
    result.write(Path.of(resultFile));
  }
}
