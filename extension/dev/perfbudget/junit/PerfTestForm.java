package dev.perfbudget.junit;

import dev.perfbudget.PerfBudget;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * What else a {@code @PerfBudget} method is annotated with, and so how it runs: alone (a test
 * by itself, one measurement), beside {@code @Test} (JUnit runs that test, measured once), or as
 * a parameter sweep under {@code @ParameterizedTest} (one measurement per invocation). Every
 * other combination would run the method without measuring it, so it is a configuration error
 * before anything runs.
 */
enum PerfTestForm {
  ALONE,
  BESIDE_TEST,
  SWEEP;

  /** JUnit's parameterized tests live in junit-jupiter-params, which a build may not have. */
  private static final String PARAMETERIZED_TEST = "org.junit.jupiter.params.ParameterizedTest";

  static PerfTestForm of(Method method, String test) {
    if (AnnotationSupport.isAnnotated(method, TestFactory.class)) {
      throw notMeasured(test, "@TestFactory", "dynamic tests are not measured");
    }
    if (AnnotationSupport.isAnnotated(method, RepeatedTest.class)) {
      throw notMeasured(
          test, "@RepeatedTest",
          "a perf test already repeats its operations in interleaved pairs until the ratio is decided; "
              + "to measure again, run the test again");
    }
    for (Annotation annotation : method.getAnnotations()) {
      Class<? extends Annotation> type = annotation.annotationType();
      if (type == PerfBudget.class || !AnnotationSupport.isAnnotated(type, TestTemplate.class) && type != TestTemplate.class) {
        continue;
      }
      if (type.getName().equals(PARAMETERIZED_TEST)) {
        return SWEEP;
      }
      throw notMeasured(test, "@" + type.getSimpleName(), "perfbudget measures plain perf tests and @ParameterizedTest sweeps only");
    }
    return AnnotationSupport.isAnnotated(method, Test.class) ? BESIDE_TEST : ALONE;
  }

  private static ExtensionConfigurationException notMeasured(String test, String annotation, String why) {
    return new ExtensionConfigurationException(
        String.format(
            "@PerfBudget method [%s] is also annotated with %s, which would run it without measuring it: %s. "
                + "Remove %s, or move the measurement into a @PerfBudget method of its own.",
            test, annotation, why, annotation));
  }
}
