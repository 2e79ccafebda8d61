package dev.perfbudget.bench;

import com.google.gson.JsonObject;
import dev.perfbudget.bench.QualityKinds.Kind;
import dev.perfbudget.testkit.PerfTestKit;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * One batch of the quality harness, in a fresh JVM: runs one scenario's perf test {@code count}
 * times through the JUnit Platform and appends one line per verdict to a file.
 *
 * <p>Arguments: condition (quiet, busy, gc), kind, scenario, count, output file, and optionally
 * the value of {@code perfbudget.fork} (default: perfbudget's default). Lines are
 * tab-separated: kind, scenario, verdict, failed (0/1), ratio, seconds to verdict, pairs, seconds
 * of warm-up (of the measurement reported: the fresh JVM's when one confirmed it), and why a
 * first measurement was measured again before the verdict: {@code drift} (its ratio moved while
 * it ran), {@code far} (far from the recorded ratio), or {@code -}; and whether the result says
 * its ratio is not to be trusted (its arms' workers were on a core for very different shares of
 * their time): {@code untrusted} or {@code -}; then, for the pool kind, the shares of time its
 * workers were on a core, baseline and candidate, of their slices' time and of the dispatches'
 * time, the ratio of the workers' CPU time, and the share of the machine's CPU time other
 * processes used ({@code -} for other kinds).
 */
public final class QualityChild {

  private QualityChild() {}

  public static void main(String[] args) throws Exception {
    String condition = args[0];
    Kind kind = QualityKinds.named(args[1]);
    Scenario scenario = Scenario.valueOf(args[2]);
    int count = Integer.parseInt(args[3]);
    Path output = Path.of(args[4]);

    if (condition.equals("gc")) {
      GcPressure.start();
    }
    Path dir = Files.createTempDirectory("perfbudget-quality");
    // The defaults users get (a blank value is the default), so that the test kit's short caps
    // and its perfbudget.fork=never do not apply.
    PerfTestKit kit =
        new PerfTestKit(dir)
            .with("perfbudget.time.max", "")
            .with("perfbudget.warmup.max", "")
            .with("perfbudget.fork", args.length > 5 ? args[5] : "")
            .with("perfbudget.ci", "false");
    if (scenario.recordsFirst()) {
      kit.with("perfbudget.mode", "record");
      kit.run(kind.fixture(), scenario.method);
      kit.with("perfbudget.mode", "enforce");
    }
    try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(output, StandardCharsets.UTF_8))) {
      for (int i = 0; i < count; i++) {
        long start = System.nanoTime();
        EngineExecutionResults results = kit.run(kind.fixture(), scenario.method);
        double seconds = (System.nanoTime() - start) / 1e9;
        long failed = results.testEvents().failed().count();
        long succeeded = results.testEvents().succeeded().count();
        if (failed + succeeded != 1) {
          throw new IllegalStateException(kind.name() + " " + scenario + " ran " + (failed + succeeded) + " tests, expected 1");
        }
        JsonObject result = kit.result(kind.fixture(), scenario.method);
        out.printf(
            Locale.ROOT,
            "%s\t%s\t%s\t%d\t%.5f\t%.4f\t%d\t%.4f\t%s\t%s\t%s%n",
            kind.name(),
            scenario,
            result.get("verdict").getAsString(),
            failed,
            result.get("ratio").getAsDouble(),
            seconds,
            result.get("pairs").getAsInt(),
            result.has("warmUp") ? result.getAsJsonObject("warmUp").get("ms").getAsLong() / 1e3 : Double.NaN,
            measuredAgain(note(result)),
            note(result).contains("ratio not to be trusted") ? "untrusted" : "-",
            poolShares(result));
        out.flush();
      }
    }
    deleteQuietly(dir);
    System.exit(0);
  }

  private static String note(JsonObject result) {
    return result.has("note") ? result.get("note").getAsString() : "";
  }

  /**
   * The pool kind's shares on a core, baseline then candidate, of the slices' and of the
   * dispatches' time, the workers' CPU-time ratio and the others' share of the machine,
   * comma-separated; {@code -} without them.
   */
  private static String poolShares(JsonObject result) {
    if (!(result.get("baseline") instanceof JsonObject baseline) || !(result.get("candidate") instanceof JsonObject candidate)) {
      return "-";
    }
    JsonObject b = baseline.getAsJsonObject("figures");
    JsonObject c = candidate.getAsJsonObject("figures");
    String[] names = {"onCoreShare", "onCoreShareOfDispatches"};
    if (b == null || c == null || !b.has(names[0]) || !c.has(names[0]) || !b.has(names[1]) || !c.has(names[1])) {
      return "-";
    }
    double cpuRatio = b.has("workerCpuNsPerDispatch") && c.has("workerCpuNsPerDispatch")
        ? c.get("workerCpuNsPerDispatch").getAsDouble() / b.get("workerCpuNsPerDispatch").getAsDouble()
        : Double.NaN;
    double others = result.get("otherProcessesCpuShare").isJsonNull() ? Double.NaN : result.get("otherProcessesCpuShare").getAsDouble();
    return String.format(Locale.ROOT, "%.3f,%.3f,%.3f,%.3f,%.3f,%.3f",
        b.get(names[0]).getAsDouble(), c.get(names[0]).getAsDouble(),
        b.get(names[1]).getAsDouble(), c.get(names[1]).getAsDouble(), cpuRatio, others);
  }

  /** Why the note says a first measurement was replaced, in the words of the judge's notes. */
  private static String measuredAgain(String note) {
    return note.contains("measured again: the first measurement's ratio") ? "drift"
        : note.contains("measured again in a fresh JVM") ? "far"
        : "-";
  }

  private static void deleteQuietly(Path dir) {
    try (var files = Files.walk(dir)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // a temp folder left behind is harmless
    }
  }
}
