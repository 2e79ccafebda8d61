package dev.perfbudget.plan;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/** What the extension does with a measured ratio: {@code perfbudget.mode}. */
@API(status = INTERNAL)
public enum Mode {
  /** Fail the test when the ratio is past its limit. */
  ENFORCE,
  /** Measure and report; never fail on the ratio. */
  REPORT,
  /** Measure, write the ratio into the budget file, and pass. */
  RECORD,
  /** Skip perf tests. */
  OFF;

  static Mode parse(String value) {
    for (Mode mode : values()) {
      if (mode.configValue().equals(value.trim().toLowerCase(Locale.ROOT))) {
        return mode;
      }
    }
    throw new IllegalArgumentException(
        "expected one of " + Arrays.stream(values()).map(Mode::configValue).collect(Collectors.joining(", ")));
  }

  public String configValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
