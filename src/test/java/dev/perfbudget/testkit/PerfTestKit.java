package dev.perfbudget.testkit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Runs fixture perf tests through the JUnit Platform with a budget file and a report folder of
 * their own, so that extension tests can check verdicts, messages and files.
 *
 * <pre>{@code
 * PerfTestKit kit = new PerfTestKit(tempDir).with("perfbudget.mode", "report");
 * EngineExecutionResults results = kit.run(MyFixture.class, "identicalArms");
 * results.testEvents().assertStatistics(stats -> stats.succeeded(1));
 * JsonObject result = kit.result("...MyFixture#identicalArms");
 * assertThat(kit.console()).contains("[perfbudget] PASS");
 * }</pre>
 */
public final class PerfTestKit {

  private final Path dir;
  private final Map<String, String> configuration = new LinkedHashMap<>();
  private final StringBuilder console = new StringBuilder();

  public PerfTestKit(Path dir) {
    this.dir = dir;
    configuration.put("perfbudget.budgets.file", budgetsFile().toString());
    configuration.put("perfbudget.report.dir", reportDir().toString());
    // Short caps keep the suite fast; verdicts that are clear come long before them.
    configuration.put("perfbudget.time.max", "3s");
    configuration.put("perfbudget.warmup.max", "1s");
    // Fixture results (some fail on purpose) stay out of the project's own CI job summary.
    configuration.put("perfbudget.report.summary", "false");
    // Fixtures measure in this JVM: a fresh JVM per confirmation or recording would add seconds
    // to every test of the extension's logic. ForkTest covers fresh JVMs, with fork set.
    configuration.put("perfbudget.fork", "never");
  }

  /** Sets a configuration parameter for the next runs. */
  public PerfTestKit with(String key, String value) {
    configuration.put(key, value);
    return this;
  }

  public Path budgetsFile() {
    return dir.resolve("budgets").resolve("perf-budgets.json");
  }

  public Path reportDir() {
    return dir.resolve("report");
  }

  /** Runs one test method of a fixture class. */
  public EngineExecutionResults run(Class<?> fixture, String method) {
    // A selector by name alone only finds a method without parameters, and perf test methods
    // take their workload as a parameter.
    Method target =
        Arrays.stream(fixture.getDeclaredMethods())
            .filter(m -> m.getName().equals(method))
            .findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no method " + method + " in " + fixture.getName()));
    return execute(selectMethod(fixture, target));
  }

  /** Runs all tests of a fixture class. */
  public EngineExecutionResults run(Class<?> fixture) {
    return execute(selectClass(fixture));
  }

  /**
   * What the runs so far printed: verdict lines and warnings. Fixtures fail on purpose, and
   * their FAIL lines in the build's output would read like a broken build, so they go here.
   */
  public String console() {
    return console.toString();
  }

  private EngineExecutionResults execute(DiscoverySelector selector) {
    Console.Printed<EngineExecutionResults> run = Console.capture(() ->
        EngineTestKit.engine("junit-jupiter").configurationParameters(configuration).selectors(selector).execute());
    console.append(run.text());
    return run.result();
  }

  /** The whole report.json. */
  public JsonObject report() {
    return JsonParser.parseString(read(reportDir().resolve("report.json"))).getAsJsonObject();
  }

  /** The result of one test in report.json, by {@code <class FQN>#<method>}. */
  public JsonObject result(String test) {
    for (var element : report().getAsJsonArray("results")) {
      JsonObject result = element.getAsJsonObject();
      if (result.get("test").getAsString().equals(test)) {
        return result;
      }
    }
    throw new AssertionError("no result for " + test + " in " + reportDir().resolve("report.json"));
  }

  /** The result of a fixture's method in report.json. */
  public JsonObject result(Class<?> fixture, String method) {
    return result(fixture.getName() + "#" + method);
  }

  public static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new AssertionError("cannot read " + file, e);
    }
  }
}
