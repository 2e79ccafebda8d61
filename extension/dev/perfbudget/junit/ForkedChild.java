package dev.perfbudget.junit;

import dev.perfbudget.Arms;
import dev.perfbudget.Workload;
import dev.perfbudget.WorkloadDeclarationException;
import dev.perfbudget.fork.ArmServer;
import dev.perfbudget.fork.ChildResult;
import dev.perfbudget.fork.ForkMain;
import dev.perfbudget.fork.ForkedTestException;
import dev.perfbudget.fork.ForkedTestException.Kind;
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
 * the arms, the workload prepares them, and this JVM runs the arms the test JVM asked it for,
 * batch by batch, as the test JVM measures them ({@link ArmServer}). Why the arms could not be
 * prepared goes back in a file. Nothing is judged, reported or recorded here; the test JVM does
 * that.
 */
final class ForkedChild {

  private ForkedChild() {}

  static void serve(Invocation<Void> invocation, Workload workload, Plan plan, ExtensionContext context, String resultFile)
      throws Exception {
    try {
      Arms arms;
      try {
        arms = PerfTestRun.prepare(invocation, workload, plan, context);
      } catch (ExtensionConfigurationException e) {
        ChildResult.failed(Kind.CONFIGURATION, e.getMessage()).write(Path.of(resultFile));
        return;
      } catch (TestAbortedException e) {
        ChildResult.failed(Kind.ABORTED, e.getMessage()).write(Path.of(resultFile));
        return;
      } catch (Throwable e) {
        ChildResult.failed(Kind.FAILED, String.format("@PerfBudget test %s: the method body threw: %s", plan.test(), trace(e)))
            .write(Path.of(resultFile));
        return;
      }
      ArmServer.serve(
          arms,
          required(context, ArmServer.CHILD_ARMS),
          Path.of(required(context, ArmServer.CHILD_CHANNEL)),
          required(context, ArmServer.CHILD_SECRET),
          thrown -> armThrew(plan, workload, thrown));
    } finally {
      workload.close();
    }
  }

  /** What an arm's exception is to the test JVM: a declaration error (an allocator returned null), or a failure. */
  private static ForkedTestException armThrew(Plan plan, Workload workload, Throwable thrown) {
    if (thrown instanceof WorkloadDeclarationException declaration) {
      return new ForkedTestException(Kind.CONFIGURATION, PerfTestRun.declarationError(plan, workload, declaration).getMessage());
    }
    return new ForkedTestException(
        Kind.FAILED, String.format("@PerfBudget test %s: an arm threw while being measured (in a fresh JVM): %s", plan.test(), trace(thrown)));
  }

  private static String required(ExtensionContext context, String key) {
    return context.getConfigurationParameter(key)
        .orElseThrow(() -> new IllegalStateException("a fresh JVM started without " + key));
  }

  private static String trace(Throwable thrown) {
    StringWriter trace = new StringWriter();
    thrown.printStackTrace(new PrintWriter(trace));
    return trace.toString();
  }
}
