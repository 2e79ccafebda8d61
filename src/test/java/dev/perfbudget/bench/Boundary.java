package dev.perfbudget.bench;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import dev.perfbudget.PerfBudget;
import dev.perfbudget.testkit.PerfTestKit;
import dev.perfbudget.workloads.ColdStartWorkload;
import dev.perfbudget.workloads.TimedWait;
import dev.perfbudget.workloads.TimerWorkload;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * The op boundary, measured: cold start, the cost of one call net of the loop, and the timer
 * floor, run as ordinary perf tests through the JUnit Platform and written, with the
 * environment, every workload's parameters and the caveats, to one JSON file.
 *
 * <pre>
 * mvn -q test-compile exec:exec -Dbench=Boundary \
 *     -Dbench.args="--runs 100 --samples 100 --out target/perfbudget/boundary.json"
 * </pre>
 */
public final class Boundary {

  /** What the measurements below read; set from the command line before they run. */
  static volatile int runs = 100;

  static volatile int samples = 100;

  private static final String PER_CALL_TEST = "dev.perfbudget.examples.BoundaryCallPerfTest";
  private static final String PER_CALL_METHOD = "serializingHostInfoStaysWithin50xOfReadingTheClock";

  private Boundary() {}

  public static void main(String[] args) throws Exception {
    Path out = Path.of("target", "perfbudget", "boundary.json");
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--runs" -> runs = Integer.parseInt(args[++i]);
        case "--samples" -> samples = Integer.parseInt(args[++i]);
        case "--out" -> out = Path.of(args[++i]);
        default -> throw new IllegalArgumentException(
            "unknown argument " + args[i] + "; use --runs N --samples M --out FILE");
      }
    }
    Path work = out.toAbsolutePath().resolveSibling("boundary-run");
    PerfTestKit kit =
        new PerfTestKit(work)
            .with("perfbudget.mode", "record")
            .with("perfbudget.time.max", "5s")
            .with("perfbudget.warmup.max", "2s");
    Files.deleteIfExists(kit.reportDir().resolve("report.json"));

    long start = System.nanoTime();
    run(kit, Measurements.class, "coldStart");
    run(kit, Class.forName(PER_CALL_TEST), PER_CALL_METHOD);
    run(kit, Measurements.class, "sleepOneAgainstSleepZero");
    run(kit, Measurements.class, "scheduledAgainstParkNanos");
    long elapsedMs = (System.nanoTime() - start) / 1_000_000;

    JsonObject report = kit.report();
    JsonObject artifact = artifact(report, String.join(" ", args), elapsedMs);
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(
        out,
        new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(artifact) + "\n",
        StandardCharsets.UTF_8);
    print(artifact);
    System.out.println("written to " + out);
  }

  private static void run(PerfTestKit kit, Class<?> fixture, String method) {
    EngineExecutionResults results = kit.run(fixture, method);
    results.testEvents().failed().stream()
        .findFirst()
        .flatMap(event -> event.getPayload(TestExecutionResult.class))
        .flatMap(TestExecutionResult::getThrowable)
        .ifPresent(
            failure -> {
              throw new IllegalStateException(fixture.getSimpleName() + "#" + method + " failed", failure);
            });
  }

  static JsonObject artifact(JsonObject report, String args, long elapsedMs) {
    JsonObject coldStart = result(report, Measurements.class.getName() + "#coldStart");
    JsonObject perCall = result(report, PER_CALL_TEST + "#" + PER_CALL_METHOD);
    JsonObject sleeps = result(report, Measurements.class.getName() + "#sleepOneAgainstSleepZero");
    JsonObject waits = result(report, Measurements.class.getName() + "#scheduledAgainstParkNanos");

    JsonObject artifact = new JsonObject();
    artifact.addProperty("schemaVersion", 1);
    artifact.addProperty(
        "command", "mvn -q test-compile exec:exec -Dbench=Boundary -Dbench.args=\"" + args + "\"");
    artifact.addProperty("elapsedMs", elapsedMs);
    artifact.add("environment", report.get("environment"));

    JsonObject cold = new JsonObject();
    cold.add("workload", coldStart.get("workload"));
    cold.add("baseline", spreadMs(coldStart.getAsJsonObject("baseline")));
    cold.add("candidate", spreadMs(coldStart.getAsJsonObject("candidate")));
    ratio(cold, coldStart);
    artifact.add("coldStart", cold);

    JsonObject call = new JsonObject();
    call.add("workload", perCall.get("workload"));
    call.add("loopNsPerOp", perCall.get("loopNsPerOp"));
    call.add("baseline", perCallArm(perCall.getAsJsonObject("baseline")));
    call.add("candidate", perCallArm(perCall.getAsJsonObject("candidate")));
    ratio(call, perCall);
    artifact.add("perCall", call);

    JsonObject timers = new JsonObject();
    timers.addProperty("samples", samples);
    JsonArray landings = new JsonArray();
    for (JsonObject result : List.of(sleeps, waits)) {
      JsonObject workload = result.getAsJsonObject("workload");
      landings.add(landing(result.getAsJsonObject("baseline"), workload.get("baselineRequestedNs").getAsLong()));
      landings.add(landing(result.getAsJsonObject("candidate"), workload.get("candidateRequestedNs").getAsLong()));
    }
    timers.add("timers", landings);
    artifact.add("timerFloor", timers);

    JsonArray caveats = new JsonArray();
    JsonObject environment = report.getAsJsonObject("environment");
    caveats.add(
        String.format(
            "one run on one machine (%s, %d cores): a baseline to detect regressions against, not a "
                + "capacity claim; other processes may have shared the machine",
            environment.get("cpu").getAsString(), environment.get("cores").getAsInt()));
    caveats.add(
        "cold start is the wall time of a whole spawn seen from the test JVM: process creation, "
            + "JVM start with this classpath and default flags, the main, exit");
    caveats.add(
        "per-call cost is ns/op net of an empty loop, the median over batches of about 1 ms; "
            + "JIT decisions move it between JVM runs, so compare ratios measured in one run");
    caveats.add("timer landings are single waits timed with System.nanoTime, whose own cost (~30 ns) is included");
    for (JsonElement caveat : environment.getAsJsonArray("caveats")) {
      caveats.add(caveat);
    }
    artifact.add("caveats", caveats);
    artifact.add("results", report.get("results"));
    return artifact;
  }

  private static JsonObject result(JsonObject report, String test) {
    for (JsonElement element : report.getAsJsonArray("results")) {
      if (element.getAsJsonObject().get("test").getAsString().equals(test)) {
        return element.getAsJsonObject();
      }
    }
    throw new IllegalStateException("no result for " + test + " in the report");
  }

  private static JsonObject spreadMs(JsonObject arm) {
    JsonObject json = new JsonObject();
    json.add("name", arm.get("name"));
    json.addProperty("p50Ms", round(arm.get("p50NsPerOp").getAsDouble() / 1e6, 2));
    json.addProperty("p95Ms", round(arm.get("p95NsPerOp").getAsDouble() / 1e6, 2));
    json.addProperty("maxMs", round(arm.get("maxNsPerOp").getAsDouble() / 1e6, 2));
    json.add("runs", arm.get("samples"));
    return json;
  }

  private static JsonObject perCallArm(JsonObject arm) {
    JsonObject json = new JsonObject();
    json.add("name", arm.get("name"));
    // The seed's figure is the per-call cost net of the loop; the report's nsPerOp includes it.
    json.add("nsPerOp", arm.get("netNsPerOp"));
    json.add("rawNsPerOp", arm.get("nsPerOp"));
    json.add("bytesPerOp", arm.get("bytesPerOp"));
    return json;
  }

  private static JsonObject landing(JsonObject arm, long requestedNs) {
    double p50 = arm.get("p50NsPerOp").getAsDouble();
    JsonObject json = new JsonObject();
    json.add("timer", arm.get("name"));
    json.addProperty("requestedNs", requestedNs);
    json.addProperty("p50Ns", Math.round(p50));
    json.addProperty("p95Ns", Math.round(arm.get("p95NsPerOp").getAsDouble()));
    json.addProperty("maxNs", Math.round(arm.get("maxNsPerOp").getAsDouble()));
    json.addProperty("driftNs", Math.round(p50 - requestedNs));
    return json;
  }

  private static void ratio(JsonObject json, JsonObject result) {
    json.add("ratio", result.get("ratio"));
    json.add("ratioLow", result.get("ratioLow"));
    json.add("ratioHigh", result.get("ratioHigh"));
    json.add("ratioOfMedians", result.get("ratioOfMedians"));
    json.add("pairs", result.get("pairs"));
  }

  private static double round(double value, int decimals) {
    double scale = Math.pow(10, decimals);
    return Math.round(value * scale) / scale;
  }

  private static void print(JsonObject artifact) {
    JsonObject environment = artifact.getAsJsonObject("environment");
    System.out.printf(Locale.ROOT, "%s | %s | %d cores | %s | commit %s%n",
        environment.get("jvm").getAsString(), environment.get("cpu").getAsString(),
        environment.get("cores").getAsInt(), environment.get("os").getAsString(),
        environment.get("commit").getAsString());
    JsonObject cold = artifact.getAsJsonObject("coldStart");
    System.out.printf(Locale.ROOT, "%nCold start, %d runs each (wall time per spawn)%n", cold.getAsJsonObject("workload").get("runs").getAsInt());
    System.out.printf(Locale.ROOT, "  %-22s %9s %9s %9s%n", "main", "p50", "p95", "max");
    for (String role : new String[] {"baseline", "candidate"}) {
      JsonObject arm = cold.getAsJsonObject(role);
      System.out.printf(Locale.ROOT, "  %-22s %6.1f ms %6.1f ms %6.1f ms%n", arm.get("name").getAsString(),
          arm.get("p50Ms").getAsDouble(), arm.get("p95Ms").getAsDouble(), arm.get("maxMs").getAsDouble());
    }
    System.out.printf(Locale.ROOT, "  ratio %.2f [%.2f, %.2f]%n", cold.get("ratio").getAsDouble(),
        cold.get("ratioLow").getAsDouble(), cold.get("ratioHigh").getAsDouble());
    JsonObject call = artifact.getAsJsonObject("perCall");
    System.out.printf(Locale.ROOT, "%nPer call, net of the empty loop (%.2f ns/op)%n", call.get("loopNsPerOp").getAsDouble());
    for (String role : new String[] {"baseline", "candidate"}) {
      JsonObject arm = call.getAsJsonObject(role);
      System.out.printf(Locale.ROOT, "  %-22s %8.1f ns/op (raw %.1f)%n", arm.get("name").getAsString(),
          arm.get("nsPerOp").getAsDouble(), arm.get("rawNsPerOp").getAsDouble());
    }
    System.out.printf(Locale.ROOT, "  ratio %.2f [%.2f, %.2f], %d pairs%n", call.get("ratio").getAsDouble(),
        call.get("ratioLow").getAsDouble(), call.get("ratioHigh").getAsDouble(), call.get("pairs").getAsInt());
    JsonObject floor = artifact.getAsJsonObject("timerFloor");
    System.out.printf(Locale.ROOT, "%nTimer floor, %d waits each (landing time)%n", floor.get("samples").getAsInt());
    System.out.printf(Locale.ROOT, "  %-42s %10s %10s %10s %10s%n", "timer", "p50", "p95", "max", "drift");
    for (JsonElement element : floor.getAsJsonArray("timers")) {
      JsonObject timer = element.getAsJsonObject();
      System.out.printf(Locale.ROOT, "  %-42s %10s %10s %10s %10s%n", timer.get("timer").getAsString(),
          micros(timer.get("p50Ns").getAsLong()), micros(timer.get("p95Ns").getAsLong()),
          micros(timer.get("maxNs").getAsLong()), micros(timer.get("driftNs").getAsLong()));
    }
    System.out.println();
    for (JsonElement caveat : artifact.getAsJsonArray("caveats")) {
      System.out.println("caveat: " + caveat.getAsString());
    }
  }

  private static String micros(long nanos) {
    return String.format(Locale.ROOT, "%.1f us", nanos / 1e3);
  }

  /** The measurements, as perf tests; run through the JUnit Platform by {@link #main}. */
  static class Measurements {

    @PerfBudget(maxRatio = 50)
    void coldStart(ColdStartWorkload start) {
      start.candidate("one host call", HostInfoMain.class).runs(runs);
    }

    @PerfBudget(maxRatio = 10_000)
    void sleepOneAgainstSleepZero(TimerWorkload timer) {
      timer.baseline(TimedWait.sleep(0)).candidate(TimedWait.sleep(1)).samples(samples);
    }

    @PerfBudget(maxRatio = 100)
    void scheduledAgainstParkNanos(TimerWorkload timer) {
      timer.baseline(TimedWait.parkNanos(1_000))
          .candidate(TimedWait.scheduled(Duration.ofMillis(1)))
          .samples(samples);
    }
  }
}
