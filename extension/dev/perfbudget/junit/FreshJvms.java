package dev.perfbudget.junit;

import dev.perfbudget.fork.FreshJvm;
import dev.perfbudget.plan.Plan;
import dev.perfbudget.plan.Settings;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.extension.ExtensionContext;

/** A fresh JVM for one perf test: what it needs to know of the test and of this JUnit run. */
final class FreshJvms {

  private FreshJvms() {}

  static FreshJvm of(Plan plan, ExtensionContext context) {
    return new FreshJvm(
        new FreshJvm.Request(
            plan.test(), context.getUniqueId(), context.getRequiredTestClass(), configuration(context),
            plan.settings().fork(), plan.settings().sampling()));
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
