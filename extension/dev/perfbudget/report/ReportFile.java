package dev.perfbudget.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.perfbudget.environment.Environment;
import dev.perfbudget.files.Json;
import dev.perfbudget.files.AtomicWrite;
import dev.perfbudget.files.LockedFile;
import dev.perfbudget.judge.Outcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * {@code <report.dir>/report.json}: every perf test's latest result, merged across the test
 * JVMs of a build.
 *
 * <p>Each JVM adds its results under {@link LockedFile}'s lock, replacing an older result of the
 * same test (and of its invocations, {@code <test>[...]}), so two Surefire forks that finish at the same time both land. A result stays until
 * the test runs again or {@code target/} is cleaned. Each update also rewrites {@code report.md}
 * and {@code report.html} from the new content.
 */
@API(status = INTERNAL)
public final class ReportFile implements Reporter {

  /**
   * 2: an arm's {@code nsPerOp} includes the measuring loop and {@code netNsPerOp} is net of it
   * ({@code rawNsPerOp} is gone); {@code ratio} is of costs with the loop; {@code netRatio} added.
   */
  static final int SCHEMA_VERSION = 2;

  private final Path file;
  private final Duration lockTimeout;

  public ReportFile(Path reportDir, Duration lockTimeout) {
    this.file = reportDir.resolve("report.json");
    this.lockTimeout = lockTimeout;
  }

  public ReportFile(Path reportDir) {
    this(reportDir, LockedFile.DEFAULT_WAIT);
  }

  Path path() {
    return file;
  }

  @Override
  public void report(Outcome outcome, Environment environment) throws IOException {
    JsonObject result = ReportJson.result(outcome);
    LockedFile.update(
        file,
        lockTimeout,
        current -> {
          TreeMap<String, JsonElement> results = new TreeMap<>();
          current.flatMap(this::results).ifPresent(array -> array.forEach(r -> results.put(testOf(r), r)));
          // A result of a whole method (a sweep skipped whole) replaces its invocations' results too.
          results.keySet().removeIf(test -> test.startsWith(outcome.test() + "["));
          results.put(outcome.test(), result);
          JsonObject root = new JsonObject();
          root.addProperty("schemaVersion", SCHEMA_VERSION);
          root.add("environment", ReportJson.environment(environment));
          JsonArray array = new JsonArray();
          results.values().forEach(array::add);
          root.add("results", array);
          // Under the same lock, so report.md and report.html always show the same results.
          writeViews(file.getParent(), root);
          return Optional.of(Json.pretty(root));
        });
  }

  /** Writes report.md and report.html of {@code report}, each replaced atomically. */
  static void writeViews(Path reportDir, JsonObject report) {
    try {
      AtomicWrite.replace(reportDir.resolve("report.md"), MarkdownReport.of(report));
      AtomicWrite.replace(reportDir.resolve("report.html"), HtmlReport.of(report));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes {@code name} beside {@code reportDir/report.json} from its current content, under the
   * lock that report.json is written under: a file derived from it then never shows an older
   * report.json than the last one written, even with several test JVMs reporting at once.
   * Nothing is written while there is no report.json, or one that is not a report.
   */
  static void writeBeside(Path reportDir, Duration lockTimeout, String name, Function<JsonObject, String> render)
      throws IOException {
    Path report = reportDir.resolve("report.json");
    LockedFile.update(
        report,
        lockTimeout,
        current -> {
          current.flatMap(ReportFile::parse).ifPresent(root -> {
            try {
              AtomicWrite.replace(reportDir.resolve(name), render.apply(root));
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          });
          return Optional.empty();
        });
  }

  private static Optional<JsonObject> parse(String text) {
    try {
      JsonElement root = JsonParser.parseString(text);
      return root.isJsonObject() ? Optional.of(root.getAsJsonObject()) : Optional.empty();
    } catch (JsonParseException e) {
      return Optional.empty();
    }
  }

  /** The results of an existing report; a damaged one is kept aside and started afresh. */
  private Optional<JsonArray> results(String text) {
    try {
      JsonElement root = JsonParser.parseString(text);
      if (root.isJsonObject() && root.getAsJsonObject().get("results") instanceof JsonArray array) {
        return Optional.of(array);
      }
    } catch (JsonParseException e) {
      // fall through: keep the damaged file for a person to look at
    }
    try {
      Files.writeString(file.resolveSibling("report.json.damaged"), text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      // the warning below still tells the user
    }
    System.err.println("[perfbudget] " + file + " was damaged; kept it as report.json.damaged and started a new one");
    return Optional.empty();
  }

  private static String testOf(JsonElement result) {
    JsonElement test = result.isJsonObject() ? result.getAsJsonObject().get("test") : null;
    return test == null ? "" : test.getAsString();
  }
}
