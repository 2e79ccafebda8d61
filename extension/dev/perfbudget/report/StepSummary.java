package dev.perfbudget.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.perfbudget.environment.Environment;
import dev.perfbudget.files.LockedFile;
import dev.perfbudget.judge.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Adds this JVM's perf test results, as the report.md table, to the CI job summary named by
 * {@code GITHUB_STEP_SUMMARY}, once, when the JVM exits.
 *
 * <p>Why a shutdown hook: it needs nothing beyond the JUnit API (a launcher listener would tie
 * the jar to the launcher's API), and it runs under Surefire, Gradle and IDEs alike, after the
 * last test. Each test JVM adds the results it measured, so Surefire forks add one table each
 * rather than the same results several times; appends go through {@link LockedFile}'s lock, so
 * forks that exit together do not interleave.
 */
final class StepSummary implements Reporter {

  static final String VARIABLE = "GITHUB_STEP_SUMMARY";

  private static final Map<String, JsonObject> RESULTS = new TreeMap<>();
  private static JsonObject environment = new JsonObject();
  private static boolean hooked;

  @Override
  public void report(Outcome outcome, Environment environment) {
    add(ReportJson.result(outcome), environment);
  }

  /** Keeps {@code result} for the summary, when the variable names one. */
  static void add(JsonObject result, Environment where) {
    String file = System.getenv(VARIABLE);
    if (file == null || file.isBlank()) {
      return;
    }
    synchronized (RESULTS) {
      RESULTS.put(ReportText.string(result, "test"), result);
      environment = ReportJson.environment(where);
      if (!hooked) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> write(Path.of(file)), "perfbudget step summary"));
        hooked = true;
      }
    }
  }

  private static void write(Path summary) {
    JsonObject report = new JsonObject();
    synchronized (RESULTS) {
      JsonArray results = new JsonArray();
      RESULTS.values().forEach(results::add);
      report.add("environment", environment);
      report.add("results", results);
    }
    try {
      LockedFile.appendLines(summary, "\n" + MarkdownReport.of(report));
    } catch (IOException | RuntimeException e) {
      System.err.println(
          "[perfbudget] WARNING: could not add the perf test results to " + summary.toAbsolutePath() + " (" + VARIABLE
              + "): " + e + ". They are in report.md under perfbudget.report.dir.");
    }
  }
}
