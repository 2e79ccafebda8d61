package dev.perfbudget.junit;

import dev.perfbudget.Workload;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/** The one workload parameter of a {@code @PerfBudget} method: checked, then created. */
final class WorkloadParameter {

  private WorkloadParameter() {}

  /** Checks that the method has exactly one workload parameter that can be created. */
  static void check(Method method, String test) {
    List<Parameter> workloads =
        Arrays.stream(method.getParameters())
            .filter(p -> Workload.class.isAssignableFrom(p.getType()))
            .toList();
    if (workloads.size() != 1) {
      throw new ExtensionConfigurationException(
          String.format(
              "@PerfBudget method [%s] must declare exactly one workload parameter (such as "
                  + "`OpWorkload op`), but it declares %d.",
              test, workloads.size()));
    }
    Class<?> type = workloads.get(0).getType();
    if (!creatable(type)) {
      throw new ExtensionConfigurationException(
          String.format(
              "@PerfBudget method [%s] declares a parameter of type [%s], which perfbudget cannot "
                  + "create: a workload type must be a public, concrete class with a public "
                  + "no-argument constructor.",
              test, type.getName()));
    }
  }

  static Workload create(Class<?> type) {
    try {
      return (Workload) type.getConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new ExtensionConfigurationException("Cannot create the workload " + type.getName() + ": " + e, e);
    }
  }

  private static boolean creatable(Class<?> type) {
    if (type.isInterface() || Modifier.isAbstract(type.getModifiers()) || !Modifier.isPublic(type.getModifiers())) {
      return false;
    }
    for (Constructor<?> constructor : type.getConstructors()) {
      if (constructor.getParameterCount() == 0) {
        return true;
      }
    }
    return false;
  }
}
