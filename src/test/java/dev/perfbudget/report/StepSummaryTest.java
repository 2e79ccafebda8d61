package dev.perfbudget.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.plan.Settings;
import dev.perfbudget.testkit.ChildJvm;
import dev.perfbudget.workloads.OpWorkload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * The CI job summary is written when the test JVM exits, so this runs a perf test in a JVM of
 * its own, as Surefire's fork would, with {@code GITHUB_STEP_SUMMARY} set.
 */
class StepSummaryTest {

  @TempDir Path dir;

  @Test
  void theTestJvmAddsItsResultsToTheJobSummaryOnceWhenItExits() throws Exception {
    Path summary = dir.resolve("step-summary.md");
    Files.writeString(summary, "# Build\n\nan earlier step wrote this");
    Path log = dir.resolve("child.log");

    Process child = ChildJvm.start(Launch.class, Map.of(StepSummary.VARIABLE, summary.toString()), log, dir.resolve("report").toString());

    assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(child.exitValue()).as(Files.readString(log)).isZero();
    List<String> lines = Files.readAllLines(summary);
    assertThat(lines.subList(0, 5)).containsExactly("# Build", "", "an earlier step wrote this", "", "## perfbudget report");
    assertThat(lines).filteredOn(l -> l.equals("## perfbudget report")).hasSize(1);
    assertThat(lines).filteredOn(l -> l.startsWith("| `")).hasSize(2)
        .anySatisfy(l -> assertThat(l).startsWith("| `StepSummaryTest$SummaryTestCase#sameWork` | PASS | "))
        .anySatisfy(l -> assertThat(l).startsWith("| `StepSummaryTest$SummaryTestCase#sameWorkAgain` | PASS | "));
    assertThat(lines).contains("2 perf tests: 2 PASS. Ratio: candidate / baseline, the median of interleaved pairs, with its 95% confidence interval.");
    assertThat(lines.get(lines.size() - 1)).startsWith("Environment: ");
  }

  /** A test JVM: runs the fixture through the JUnit Platform launcher, then exits. */
  static final class Launch {
    public static void main(String[] args) {
      LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
          .selectors(selectClass(SummaryTestCase.class))
          .configurationParameter(Settings.REPORT_DIR, args[0])
          .configurationParameter(Settings.BUDGETS_FILE, Path.of(args[0], "budgets.json").toString())
          .configurationParameter(Settings.TIME_MAX, "1s")
          .configurationParameter(Settings.WARMUP_MAX, "300ms")
          .build();
      Launcher launcher = LauncherFactory.create();
      SummaryGeneratingListener listener = new SummaryGeneratingListener();
      launcher.execute(request, listener);
      listener.getSummary().printFailuresTo(new java.io.PrintWriter(System.out, true), 20);
      System.exit(listener.getSummary().getTestsSucceededCount() == 2 ? 0 : 1);
    }
  }

  static class SummaryTestCase {
    private final int[] numbers = new int[64];

    @PerfBudget(maxRatio = 1000)
    void sameWork(OpWorkload op) {
      op.baseline("sum", () -> ReportWriterTest.sum(numbers)).candidate("sum again", () -> ReportWriterTest.sum(numbers));
    }

    @PerfBudget(maxRatio = 1000)
    void sameWorkAgain(OpWorkload op) {
      op.baseline("sum", () -> ReportWriterTest.sum(numbers)).candidate("sum again", () -> ReportWriterTest.sum(numbers));
    }
  }
}
