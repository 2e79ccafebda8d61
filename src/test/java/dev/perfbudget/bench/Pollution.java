package dev.perfbudget.bench;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.perfbudget.testkit.PerfTestKit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Profile pollution, and what each {@code perfbudget.fork} mode reports under it: the boxed
 * stream sum of {@link StreamPairs} measured alone in a JVM of its own, and as the last of the
 * class's five tests in one test JVM, after the class's budgets were recorded (each recording in
 * a fresh JVM, as {@code perfbudget.mode=record} does by default).
 *
 * <p>Each run is a test JVM of its own running the whole class in enforce mode, with {@code
 * perfbudget.fork} = {@code never} (the polluted reading), the default ({@code confirm}) and
 * {@code always}; the lone value is the median of as many JVMs that run {@code boxedSum} alone
 * (and, beside it, of as many that run it alone measured in a fresh JVM, as {@code always} measures),
 * and the fastest of them is shown too: a lone JVM has run the JUnit Platform first, and the
 * boxed sum reads eight times slower in some such JVMs than in others (the JIT compiled its
 * stream code with the platform's type profiles), so the median of a few lone JVMs can be the
 * slow speed itself.
 *
 * <p>{@code mvn -q test-compile exec:exec -Dbench=Pollution -Dbench.args="--runs 5 --pairs double"}
 * ({@code --pairs boxed}, the default, is {@link StreamPairs}; {@code double} is {@link
 * DoubleStreamPairs})
 */
public final class Pollution {

  /** The fixture class and its last test, the one earlier tests pollute. */
  private static Class<?> fixture = StreamPairs.class;
  private static String test = "boxedSum";

  private Pollution() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("child")) {
      child(args);
      return;
    }
    int runs = 5;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--runs")) {
        runs = Integer.parseInt(args[++i]);
      } else if (args[i].equals("--pairs")) {
        use(args[++i]);
      } else {
        throw new IllegalArgumentException("unknown option " + args[i] + "; expected --runs N, --pairs boxed|double");
      }
    }
    System.out.printf(Locale.ROOT, "profile pollution: %s#%s, %d runs, load average %s%n", fixture.getSimpleName(), test, runs,
        Agreement.loadAverage());
    double[] lone = alone(runs, "never");
    double loneMedian = Agreement.median(lone);
    double loneFastest = Arrays.stream(lone).min().orElseThrow();
    System.out.printf(Locale.ROOT, "alone in a JVM of its own (no budget, so measured to record; fork=never): %s, median %.3f, fastest %.3f%n",
        text(lone), loneMedian, loneFastest);
    // The same test alone, measured in a fresh JVM as fork=always measures it: a test JVM alone
    // has run the JUnit Platform's start-up, whose profiles of the JDK's stream and collection
    // code a fresh JVM starts afresh, so the two lone readings can differ with no earlier test.
    double[] loneFresh = alone(runs, "always");
    double loneFreshMedian = Agreement.median(loneFresh);
    System.out.printf(Locale.ROOT, "alone in a JVM of its own, measured in a fresh JVM (fork=always): %s, median %.3f%n",
        text(loneFresh), loneFreshMedian);

    Path budgets = Files.createTempDirectory("perfbudget-pollution-budgets");
    runChild(budgets, "record", "", "");
    double recorded = result(budgets, test).get("ratio").getAsDouble();
    System.out.printf(Locale.ROOT, "recorded for the class, each test in a fresh JVM: %s = %.3f%n%n", test, recorded);

    System.out.println("| perfbudget.fork | readings of " + test + ", run by run | median | median / lone median | median / fastest lone | median / lone in a fresh JVM | first readings replaced | tests failed |");
    System.out.println("|---|---|---:|---:|---:|---:|---|---:|");
    for (String fork : new String[] {"never", "confirm", "always"}) {
      double[] readings = new double[runs];
      List<String> replaced = new ArrayList<>();
      int failed = 0;
      for (int run = 0; run < runs; run++) {
        Path dir = Files.createTempDirectory("perfbudget-pollution-" + fork);
        Files.createDirectories(dir.resolve("budgets"));
        Files.copy(budgets.resolve("budgets").resolve("perf-budgets.json"), dir.resolve("budgets").resolve("perf-budgets.json"));
        failed += runChild(dir, "enforce", fork, "");
        JsonObject result = result(dir, test);
        readings[run] = result.get("ratio").getAsDouble();
        if (!result.get("unconfirmedRatio").isJsonNull()) {
          replaced.add(String.format(Locale.ROOT, "%.2f", result.get("unconfirmedRatio").getAsDouble()));
        }
      }
      double median = Agreement.median(readings);
      System.out.printf(Locale.ROOT, "| %s | %s | %.3f | %.3f | %.3f | %.3f | %s | %d |%n", fork, text(readings), median, median / loneMedian,
          median / loneFastest, median / loneFreshMedian, replaced.isEmpty() ? "none" : String.join(", ", replaced), failed);
    }
    System.out.printf(Locale.ROOT, "%nload average at the end %s%n", Agreement.loadAverage());
    System.exit(0);
  }

  /** The test's ratio in {@code runs} test JVMs that run it alone, with no budget, measured as {@code fork} says. */
  private static double[] alone(int runs, String fork) throws IOException, InterruptedException {
    double[] ratios = new double[runs];
    for (int run = 0; run < runs; run++) {
      Path dir = Files.createTempDirectory("perfbudget-pollution-lone-" + fork);
      runChild(dir, "enforce", fork, test);
      ratios[run] = result(dir, test).get("ratio").getAsDouble();
    }
    return ratios;
  }

  private static String text(double[] values) {
    List<String> parts = new ArrayList<>();
    for (double value : values) {
      parts.add(String.format(Locale.ROOT, "%.2f", value));
    }
    return String.join(", ", parts);
  }

  private static JsonObject result(Path dir, String test) throws IOException {
    JsonObject report = JsonParser.parseString(Files.readString(dir.resolve("report").resolve("report.json"))).getAsJsonObject();
    for (JsonElement element : report.getAsJsonArray("results")) {
      if (element.getAsJsonObject().get("test").getAsString().equals(fixture.getName() + "#" + test)) {
        return element.getAsJsonObject();
      }
    }
    throw new IllegalStateException("no result for " + test + " in " + dir);
  }

  /** Runs the class (or one test) in a test JVM of its own; returns how many tests failed. */
  private static int runChild(Path dir, String mode, String fork, String test) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(Agreement.JVM);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Pollution.class.getName());
    command.add("child");
    command.add(dir.toString());
    command.add(mode);
    command.add(fork.isEmpty() ? "-" : fork);
    command.add(test.isEmpty() ? "-" : test);
    command.add(fixture == StreamPairs.class ? "boxed" : "double");
    Path log = dir.resolve("child.log");
    Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!process.waitFor(10, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IllegalStateException("a test JVM did not finish in 10 minutes; see " + log);
    }
    if (process.exitValue() < 0 || process.exitValue() > 5) {
      throw new IllegalStateException("a test JVM exited with " + process.exitValue() + "; see " + log);
    }
    return process.exitValue();
  }

  /** A test JVM: runs StreamPairs (all tests in order, or one) and exits with the number that failed. */
  private static void use(String pairs) {
    switch (pairs) {
      case "boxed" -> {
        fixture = StreamPairs.class;
        test = "boxedSum";
      }
      case "double" -> {
        fixture = DoubleStreamPairs.class;
        test = "mappedSum";
      }
      default -> throw new IllegalArgumentException("unknown pairs " + pairs + "; expected boxed or double");
    }
  }

  private static void child(String[] args) {
    use(args[5]);
    PerfTestKit kit =
        new PerfTestKit(Path.of(args[1])).with("perfbudget.mode", args[2]).with("perfbudget.ci", "false")
            .with("perfbudget.time.max", "").with("perfbudget.warmup.max", "").with("perfbudget.report.summary", "false")
            .with("perfbudget.fork", args[3].equals("-") ? "" : args[3]);
    EngineExecutionResults results = args[4].equals("-") ? kit.run(fixture) : kit.run(fixture, args[4]);
    results.testEvents().failed().stream().forEach(event -> System.out.println("FAILED " + event));
    System.exit((int) results.testEvents().failed().count());
  }
}
