package dev.perfbudget.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.google.gson.JsonParser;
import dev.perfbudget.PerfBudget;
import dev.perfbudget.plan.Settings;
import dev.perfbudget.workloads.ColdStartWorkload;
import dev.perfbudget.workloads.OpWorkload;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * A test JVM started with {@code -Dsecret.token=hunter2} (and a cold-start workload passing the
 * same option to its JVMs) writes report.json, report.md, report.html, the history file, the CI
 * job summary, the budget file and a history page: none of them holds the value, all of them
 * that show flags hold the name.
 */
class SecretsStayOutOfReportsTest {

  static final String SECRET = "hunter2";

  @TempDir Path dir;

  @Test
  void noSecretFromTheJvmOptionsReachesAnyReportOrHistoryFile() throws Exception {
    Path summary = dir.resolve("step-summary.md");
    Path log = dir.resolve("child.log");
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xshare:auto", "-XX:TieredStopAtLevel=1",
        "-Dsecret.token=" + SECRET, "-cp", System.getProperty("java.class.path"), Launch.class.getName(), dir.toString()));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.environment().put(StepSummary.VARIABLE, summary.toString());
    Process child = builder.start();
    assertThat(child.waitFor(90, TimeUnit.SECONDS)).isTrue();
    assertThat(child.exitValue()).as(Files.readString(log)).isZero();
    Path history = dir.resolve("history").resolve("perf-history.jsonl");
    Path page = dir.resolve("docs").resolve("perf-history.md");
    assertThat(ReportCommand.run(new String[] {"history", "--out", page.toString(), history.toString()},
        System.out, System.err)).isZero();

    List<Path> written;
    try (Stream<Path> files = Files.walk(dir)) {
      written = files.filter(Files::isRegularFile).filter(f -> !f.equals(log)).toList();
    }
    assertThat(written).extracting(f -> dir.relativize(f).toString().replace(File.separatorChar, '/'))
        .contains("report/report.json", "report/report.md", "report/report.html", "history/perf-history.jsonl",
            "step-summary.md", "budgets.json", "docs/perf-history.md");
    for (Path file : written) {
      assertThat(Files.readString(file, StandardCharsets.UTF_8)).as("%s", file).doesNotContain(SECRET);
    }
    String flags = JsonParser.parseString(Files.readString(dir.resolve("report/report.json"))).getAsJsonObject()
        .getAsJsonObject("environment").get("jvmFlags").getAsString();
    assertThat(flags).contains("-Dsecret.token").contains("-XX:TieredStopAtLevel=1");
    for (String file : List.of("report/report.md", "report/report.html", "step-summary.md", "history/perf-history.jsonl")) {
      assertThat(Files.readString(dir.resolve(file))).as(file).contains("-Dsecret.token");
    }
  }

  /** A test JVM: runs the fixtures in record mode with a history file, then exits (writing the job summary). */
  static final class Launch {
    public static void main(String[] args) throws IOException {
      Path dir = Path.of(args[0]);
      LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
          .selectors(selectClass(SecretTestCase.class))
          .configurationParameter(Settings.MODE, "record")
          .configurationParameter(Settings.REPORT_DIR, dir.resolve("report").toString())
          .configurationParameter(Settings.BUDGETS_FILE, dir.resolve("budgets.json").toString())
          .configurationParameter(Settings.HISTORY_FILE, dir.resolve("history").resolve("perf-history.jsonl").toString())
          .configurationParameter(Settings.TIME_MAX, "1s")
          // Recorded here, not in fresh JVMs: every file this test reads is written by this JVM,
          // and two fresh JVMs per recording, each starting 16 cold-start JVMs, took 9 of its 12 s.
          .configurationParameter(Settings.FORK, "never")
          .configurationParameter(Settings.WARMUP_MAX, "300ms")
          .build();
      SummaryGeneratingListener listener = new SummaryGeneratingListener();
      LauncherFactory.create().execute(request, listener);
      listener.getSummary().printFailuresTo(new PrintWriter(System.out, true), 20);
      System.exit(listener.getSummary().getTestsSucceededCount() == 2 ? 0 : 1);
    }
  }

  static class SecretTestCase {
    private final int[] numbers = new int[64];

    @PerfBudget(maxRatio = 1000)
    void sameWork(OpWorkload op) {
      op.baseline("sum", () -> ReportWriterTest.sum(numbers)).candidate("sum again", () -> ReportWriterTest.sum(numbers));
    }

    @PerfBudget(maxRatio = 1000)
    void coldStartWithTheSecret(ColdStartWorkload start) {
      start.candidate("empty again", dev.perfbudget.workloads.EmptyMain.class).runs(dev.perfbudget.Sampling.LEAST_PAIRS)
          .jvmOptions("-Xshare:auto", "-Dsecret.token=" + SECRET);
    }
  }
}
