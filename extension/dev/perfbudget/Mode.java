package dev.perfbudget;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What the extension does with a measured ratio: {@code perfbudget.mode}. */
enum Mode {
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

  String configValue() {
    return name().toLowerCase(Locale.ROOT);
  }
}
