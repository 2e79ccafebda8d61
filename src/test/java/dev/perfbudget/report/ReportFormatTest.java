package dev.perfbudget.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfbudget.engine.Interval;
import dev.perfbudget.engine.Measurement.ArmResult;
import dev.perfbudget.engine.Measurement.Stop;
import dev.perfbudget.engine.Measurement.WarmUp;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.engine.TimerFloor;
import dev.perfbudget.environment.Environment;
import dev.perfbudget.judge.Outcome;
import dev.perfbudget.judge.Verdict;
import dev.perfbudget.plan.BytesBudget;
import dev.perfbudget.plan.Limit;
import dev.perfbudget.testkit.ConcurrentWriter;
import dev.perfbudget.testkit.Console;
import dev.perfbudget.testkit.PerfTestKit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * These tests seal the machine-readable format of report.json: CI scripts read it. A change
 * here is a change of {@link ReportFile#SCHEMA_VERSION}.
 */
class ReportFormatTest {

  @TempDir Path dir;

  static final Environment ENVIRONMENT =
      new Environment(
          "Eclipse Adoptium OpenJDK 64-Bit Server VM 17.0.15+6", "-Xms1g -Xmx1g", "G1 Young Generation, G1 Old Generation",
          1073741824L, "AMD EPYC", 2, "Linux 6.1 amd64", "0123abcd", true, Instant.parse("2026-11-30T12:00:00Z"),
          new TimerFloor(
              24,
              List.of(
                  new TimerFloor.Landing("Thread.sleep(0)", 0, 3_020),
                  new TimerFloor.Landing("Thread.sleep(1)", 1_000_000, 1_101_000),
                  new TimerFloor.Landing("LockSupport.parkNanos(1000)", 1_000, 95_300),
                  new TimerFloor.Landing("ScheduledExecutorService.schedule(1 ms)", 1_000_000, 1_134_000))));

  static Outcome sampleOutcome() {
    Measurement measurement =
        new Measurement(
            2.01234567, new Interval(1.95, 2.08), 2.0, 3, 1, Stop.BELOW_LIMIT,
            new ArmResult("copy", 52.0, 51.23456, 55.5, 61.25, 0, 20000, 4, 80000, 0, 0, Map.of()),
            new ArmResult("encode", 103.9, 103.1, 110.75, 131.5, 48.25, 10000, 4, 40000, 1, 3, Map.of("dispatchesPerSecond", 9.7e6)),
            0.766, new WarmUp(5, 312, false), 845_000_000L, 0.0, new double[] {1.95, 2.0123, 2.08});
    return new Outcome(
        "com.example.CodecPerfTest#encode", "com.example.CodecPerfTest#encode", "op", Verdict.PASS, false,
        Limit.maxRatio(25), measurement, Double.NaN, Map.of("threads", 1, "note", "sample"), "",
        Instant.parse("2026-11-30T12:00:01Z"), BytesBudget.NONE);
  }

  @Test
  void reportJsonMatchesTheGoldenFile() throws IOException {
    ReportFile report = new ReportFile(dir);
    report.report(sampleOutcome(), ENVIRONMENT);
    report.report(Outcome.skipped("com.example.AbortedPerfTest#x", "com.example.AbortedPerfTest#x", "op", "aborted: no JIT"), ENVIRONMENT);
    String golden = new String(getClass().getResourceAsStream("/golden/report.json").readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    String actual = PerfTestKit.read(report.path());
    // The skipped result carries the time it was made; the golden file has a placeholder.
    actual = actual.replaceAll("(\"note\": \"aborted: no JIT\",\\n\\s+\"time\": \")[^\"]+", "$1<time>");
    assertThat(actual.replace(System.lineSeparator(), "\n")).isEqualTo(golden);
  }

  @Test
  void aLaterResultOfTheSameTestReplacesTheEarlierOne() throws IOException {
    ReportFile report = new ReportFile(dir);
    report.report(sampleOutcome(), ENVIRONMENT);
    report.report(sampleOutcome(), ENVIRONMENT);
    assertThat(PerfTestKit.read(report.path()).split("\"test\": ")).hasSize(2);
  }

  @Test
  void aDamagedReportIsKeptAsideAndStartedAfresh() throws IOException {
    Files.writeString(dir.resolve("report.json"), "{ half a report");
    String printed = Console.printedBy(() -> new ReportFile(dir).report(sampleOutcome(), ENVIRONMENT));
    assertThat(printed).isEqualTo("[perfbudget] " + dir.resolve("report.json")
        + " was damaged; kept it as report.json.damaged and started a new one" + System.lineSeparator());
    assertThat(PerfTestKit.read(dir.resolve("report.json.damaged"))).isEqualTo("{ half a report");
    assertThat(PerfTestKit.read(dir.resolve("report.json"))).contains("\"com.example.CodecPerfTest#encode\"");
  }

  @Test
  void twoJvmsReportingAtOnceLoseNoResult() throws Exception {
    List<Process> writers = new ArrayList<>();
    for (String prefix : new String[] {"fork1", "fork2"}) {
      writers.add(
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-cp", System.getProperty("java.class.path"),
                  ConcurrentWriter.class.getName(), "report", dir.toString(), prefix, "40")
              .inheritIO()
              .start());
    }
    for (Process writer : writers) {
      assertThat(writer.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(writer.exitValue()).isZero();
    }
    String report = PerfTestKit.read(dir.resolve("report.json"));
    for (int i = 0; i < 40; i++) {
      assertThat(report).contains("\"fork1#" + i + "\"").contains("\"fork2#" + i + "\"");
    }
  }
}
