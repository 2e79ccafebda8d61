package dev.perfbudget.plan;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Which measurements are taken in a fresh JVM: {@code perfbudget.fork}, with the fresh JVM's
 * options ({@code perfbudget.fork.jvmArgs}) and how long it may take ({@code
 * perfbudget.fork.timeout}).
 *
 * @param jvmArgs the fresh JVM's options; empty for the test JVM's own (see {@code FreshJvm})
 * @param timeout how long a fresh JVM may run in all; empty for the default, which follows from
 *     the warm-up and sampling caps and the op timeout
 */
@API(status = INTERNAL)
public record Fork(When when, Optional<List<String>> jvmArgs, Optional<Duration> timeout) {

  /** The values of {@code perfbudget.fork}. */
  public enum When {
    /**
     * Measure in the test JVM; confirm a failure, and re-measure a reading far from the recorded
     * ratio, in a fresh JVM that runs only this test. Record in a fresh JVM.
     */
    CONFIRM,
    /** Every measurement in a fresh JVM of its own, as JMH's forks. */
    ALWAYS,
    /** Every measurement in the test JVM. */
    NEVER;

    static When parse(String value) {
      for (When when : values()) {
        if (when.configValue().equals(value.trim().toLowerCase(Locale.ROOT))) {
          return when;
        }
      }
      throw new IllegalArgumentException(
          "expected one of " + Arrays.stream(values()).map(When::configValue).collect(Collectors.joining(", ")));
    }

    public String configValue() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Whether a test with this plan takes its first measurement in the test JVM. */
  public boolean firstHere(boolean records) {
    return when == When.NEVER || (when == When.CONFIRM && !records);
  }

  static List<String> parseJvmArgs(String value) {
    List<String> args = Arrays.stream(value.trim().split("\\s+")).filter(arg -> !arg.isEmpty()).toList();
    for (String arg : args) {
      if (!arg.startsWith("-")) {
        throw new IllegalArgumentException(
            "expected JVM options separated by spaces, each starting with '-', such as \"-Xmx1g -XX:+UseG1GC\", but found `"
                + arg + "`");
      }
    }
    return args;
  }
}
