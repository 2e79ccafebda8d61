package dev.perfbudget.report;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.perfbudget.environment.Environment;
import dev.perfbudget.files.LockedFile;
import dev.perfbudget.judge.Outcome;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;

/**
 * The history file ({@code perfbudget.history.file}): one JSON line per perf test result, in
 * the JSON Lines format, so that a trend page can show how a ratio moved over commits.
 *
 * <p>Lines are only ever appended, whole and under {@link LockedFile}'s lock, so several test
 * JVMs can add to one file at once, and a line that is damaged (cut short by a killed JVM,
 * mangled by a merge) costs that one line: readers skip it with a warning naming it, and the
 * next append starts on a fresh line.
 */
final class History implements Reporter {

  private static final Gson COMPACT = new GsonBuilder().disableHtmlEscaping().serializeNulls().create();
  private static final String[] RESULT_FIELDS = {"test", "kind", "verdict", "ratio", "ratioLow", "ratioHigh", "limit", "pairs"};

  private final Path file;
  private final Duration lockTimeout;

  public History(Path file, Duration lockTimeout) {
    this.file = file;
    this.lockTimeout = lockTimeout;
  }

  public History(Path file) {
    this(file, LockedFile.DEFAULT_WAIT);
  }

  Path path() {
    return file;
  }

  @Override
  public void report(Outcome outcome, Environment environment) throws IOException {
    LockedFile.appendLines(file, lockTimeout, COMPACT.toJson(entry(outcome, environment)) + "\n");
  }

  /** One line: when, which commit, the result's figures, and where it ran. */
  static JsonObject entry(Outcome outcome, Environment environment) {
    JsonObject result = ReportJson.result(outcome);
    JsonObject entry = new JsonObject();
    entry.addProperty("time", outcome.time().toString());
    entry.addProperty("commit", environment.commit());
    for (String field : RESULT_FIELDS) {
      entry.add(field, result.get(field));
    }
    JsonObject where = ReportJson.environment(environment);
    where.remove("time");
    where.remove("commit");
    // Measured afresh by every JVM, the timer floor moves run to run; the report keeps it.
    where.remove("timerFloor");
    where.remove("caveats");
    JsonObject fingerprinted = new JsonObject();
    fingerprinted.addProperty("fingerprint", fingerprint(where));
    where.entrySet().forEach(e -> fingerprinted.add(e.getKey(), e.getValue()));
    entry.add("environment", fingerprinted);
    return entry;
  }

  /**
   * Eight hex digits that change when the JVM, its flags, the GC, the heap, the CPU, the cores
   * or the OS change: points with different fingerprints are not one series.
   */
  static String fingerprint(JsonObject environment) {
    StringBuilder text = new StringBuilder();
    for (String key : new String[] {"jvm", "jvmFlags", "gc", "maxHeapBytes", "cpu", "cores", "os"}) {
      text.append(ReportText.string(environment, key)).append('\n');
    }
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 4);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /**
   * Every well-formed entry, in file order. A line that is not a JSON object with a {@code
   * test} and an ISO {@code time} is skipped, and {@code warnings} hears which line and why.
   */
  List<JsonObject> read(Consumer<String> warnings) throws IOException {
    List<JsonObject> entries = new ArrayList<>();
    try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      int number = 0;
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        number++;
        if (line.isBlank()) {
          continue;
        }
        String problem;
        try {
          JsonElement element = JsonParser.parseString(line);
          problem = problem(element);
          if (problem == null) {
            entries.add(element.getAsJsonObject());
            continue;
          }
        } catch (JsonParseException e) {
          problem = "not valid JSON: " + rootCause(e);
        }
        warnings.accept(String.format(
            "[perfbudget] WARNING: %s line %d skipped, %s: %s", file, number, problem, abbreviate(line)));
      }
    }
    return entries;
  }

  private static String problem(JsonElement element) {
    if (!element.isJsonObject()) {
      return "not a JSON object";
    }
    JsonObject entry = element.getAsJsonObject();
    if (ReportText.string(entry, "test").isEmpty()) {
      return "no `test`";
    }
    try {
      Instant.parse(ReportText.string(entry, "time"));
    } catch (DateTimeParseException e) {
      return "no ISO `time`";
    }
    return null;
  }

  static Instant time(JsonObject entry) {
    return Instant.parse(ReportText.string(entry, "time"));
  }

  private static String rootCause(Throwable e) {
    Throwable cause = e;
    while (cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause.getMessage();
  }

  private static String abbreviate(String line) {
    return line.length() <= 80 ? line : line.substring(0, 77) + "...";
  }
}
