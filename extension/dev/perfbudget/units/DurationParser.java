package dev.perfbudget.units;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/** Reads durations such as {@code 5s}, {@code 500ms}, {@code 20us} or {@code 1m}. */
@API(status = INTERNAL)
public final class DurationParser {

  private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|ms|s|m)");

  private DurationParser() {}

  public static Duration parse(String text) {
    Matcher matcher = FORMAT.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!matcher.matches()) {
      throw new IllegalArgumentException("expected a duration such as 500ms, 5s or 20us");
    }
    double amount = Double.parseDouble(matcher.group(1));
    double nanosPerUnit =
        switch (matcher.group(2)) {
          case "ns" -> 1;
          case "us" -> 1e3;
          case "ms" -> 1e6;
          case "s" -> 1e9;
          default -> 60e9;
        };
    Duration duration = Duration.ofNanos(Math.round(amount * nanosPerUnit));
    if (duration.isZero()) {
      throw new IllegalArgumentException("expected a duration above zero");
    }
    return duration;
  }
}
