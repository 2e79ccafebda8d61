package dev.perfbudget.junit;

import org.junit.jupiter.api.extension.ExtensionContext;

/** How a perf test is named in reports and messages, and the command that records its budget. */
final class TestNames {

  private TestNames() {}

  /** {@code <class FQN>#<method>}. */
  static String method(ExtensionContext context) {
    return context.getRequiredTestClass().getName() + "#" + context.getRequiredTestMethod().getName();
  }

  static String recordCommand(ExtensionContext context) {
    return String.format("mvn test -Dtest='%s' -Dperfbudget.mode=record", method(context));
  }
}
