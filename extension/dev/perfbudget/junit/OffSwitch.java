package dev.perfbudget.junit;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.Workload;
import dev.perfbudget.judge.Outcome;
import dev.perfbudget.plan.Mode;
import dev.perfbudget.plan.Settings;
import dev.perfbudget.report.Reporters;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.Optional;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * {@code perfbudget.mode=off}: every perf test is skipped with the reason, and reported as
 * {@code SKIPPED} like any result (one console line, its row in report.json, .md and .html), so
 * that the report shows this run rather than looking current with the last measured one.
 *
 * <p>A plain perf test is skipped as a test, as a {@code @Test} is: JUnit asks this condition
 * for its template and for its one invocation, and only the invocation is skipped. A sweep is
 * skipped whole, as one result that replaces the rows of its invocations.
 */
final class OffSwitch {

  static final String REASON = "perf tests are off: " + Settings.MODE + "=off";

  private OffSwitch() {}

  static ConditionEvaluationResult evaluate(ExtensionContext context) {
    Optional<String> mode = context.getConfigurationParameter(Settings.MODE);
    Optional<Method> method = context.getTestMethod().filter(m -> m.isAnnotationPresent(PerfBudget.class));
    if (mode.isEmpty() || !mode.get().trim().equalsIgnoreCase(Mode.OFF.configValue()) || method.isEmpty()) {
      // An unknown mode is reported, with its key, when the test runs.
      return ConditionEvaluationResult.enabled(Settings.MODE + " is not off");
    }
    String test = TestNames.method(context);
    PerfTestForm form;
    try {
      form = PerfTestForm.of(method.get(), test);
    } catch (ExtensionConfigurationException e) {
      form = PerfTestForm.SWEEP; // skipped whole, as its template would fail whole
    }
    boolean template = lastSegment(context.getUniqueId()).startsWith("test-template:");
    if (template && form == PerfTestForm.ALONE) {
      return ConditionEvaluationResult.enabled("its one invocation is skipped");
    }
    if (!template || form == PerfTestForm.SWEEP) {
      PerfBudget annotation = method.get().getAnnotation(PerfBudget.class);
      String key = annotation.key().isEmpty() ? test : annotation.key();
      Reporters.of(Settings.from(context::getConfigurationParameter).reports(), context::publishReportEntry)
          .report(Outcome.skipped(test, key, kind(method.get()), REASON));
    }
    return ConditionEvaluationResult.disabled(REASON);
  }

  /** The segment that says what a test descriptor is: {@code test-template:m()}, {@code method:m()}. */
  private static String lastSegment(String uniqueId) {
    int start = uniqueId.lastIndexOf("/[");
    return start < 0 ? uniqueId : uniqueId.substring(start + 2);
  }

  /** The kind of the method's workload parameter, for the report; empty when it has none that can be created. */
  private static String kind(Method method) {
    for (Parameter parameter : method.getParameters()) {
      if (Workload.class.isAssignableFrom(parameter.getType())) {
        try {
          return WorkloadParameter.create(parameter.getType()).kind();
        } catch (RuntimeException e) {
          return "";
        }
      }
    }
    return "";
  }
}
