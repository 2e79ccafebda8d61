package dev.perfbudget.junit;

import dev.perfbudget.Workload;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The arguments of one invocation of a parameter sweep, as they name it in reports and in the
 * budget file: {@code [1024]}, {@code [1024, UTF-8]}.
 *
 * <p>The sweep's arguments are the parameters before the workload parameter: JUnit hands a
 * {@code @ParameterizedTest} its indexed arguments first, and parameters after them (a {@code
 * TestInfo}, a {@code @TempDir}) change from run to run, so they never name a budget. The text
 * is each argument's {@code toString}, so the key stays the same from run to run and when values
 * are added to the sweep or reordered, which an invocation index would not.
 */
final class SweepArguments {

  private SweepArguments() {}

  /** {@code [a, b]} for the arguments before the workload; a configuration error for one without a stable text. */
  static String label(Method method, List<Object> arguments, String test) {
    List<String> texts = new ArrayList<>();
    Class<?>[] types = method.getParameterTypes();
    for (int i = 0; i < arguments.size() && !Workload.class.isAssignableFrom(types[i]); i++) {
      texts.add(text(arguments.get(i), i, test));
    }
    return "[" + String.join(", ", texts) + "]";
  }

  private static String text(Object argument, int index, String test) {
    if (argument == null) {
      return "null";
    }
    if (argument instanceof Object[] array) {
      return Arrays.deepToString(array);
    }
    if (argument.getClass().isArray()) {
      return Arrays.deepToString(new Object[] {argument}).replaceAll("^\\[|\\]$", "");
    }
    if (inheritsObjectToString(argument.getClass())) {
      throw new ExtensionConfigurationException(
          String.format(
              "@PerfBudget method [%s] is swept over a %s (argument %d) whose text is Object's toString, which "
                  + "changes from run to run, so its budget key would too: give %s a toString of its own, or "
                  + "sweep over values that have one (numbers, strings, enums, records).",
              test, argument.getClass().getName(), index + 1, argument.getClass().getSimpleName()));
    }
    return String.valueOf(argument);
  }

  private static boolean inheritsObjectToString(Class<?> type) {
    try {
      return type.getMethod("toString").getDeclaringClass() == Object.class;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }
}
