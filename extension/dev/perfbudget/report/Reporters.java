package dev.perfbudget.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.environment.Environment;
import dev.perfbudget.judge.Outcome;
import dev.perfbudget.plan.ReportSettings;
import dev.perfbudget.plan.Settings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.apiguardian.api.API;

/**
 * Every reporter a run asks for, in order: the console line, JUnit's report entries, then the
 * files (report.json with report.md and report.html, the history file, the CI job summary).
 *
 * <p>A file that cannot be written never changes a verdict: it gets one warning per file and
 * JVM, naming the file and the setting to change, rather than one per test.
 */
@API(status = INTERNAL)
public final class Reporters {

  private static final Set<Path> WARNED = ConcurrentHashMap.newKeySet();

  /**
   * A reporter, and for one that writes a file, what its warning says: what could not be done
   * (such as "write the report in"), where, and the setting that moves it.
   */
  private record Output(Reporter reporter, String action, Path file, String setting) {}

  private final List<Output> outputs;
  private final Set<String> shownProperties;

  private Reporters(List<Output> outputs, Set<String> shownProperties) {
    this.outputs = outputs;
    this.shownProperties = shownProperties;
  }

  /**
   * The reporters that {@code settings} ask for; {@code reportEntries} publishes JUnit report
   * entries (JUnit's {@code ExtensionContext::publishReportEntry}).
   */
  public static Reporters of(ReportSettings settings, Consumer<Map<String, String>> reportEntries) {
    List<Output> outputs = new ArrayList<>();
    outputs.add(new Output(new ConsoleLine(), null, null, null));
    outputs.add(new Output(new ReportEntries(reportEntries), null, null, null));
    outputs.add(new Output(
            new ReportFile(settings.reportDir(), settings.lockTimeout()), "write the report in", settings.reportDir(), Settings.REPORT_DIR + " to a writable folder"));
    settings.historyFile().ifPresent(file -> outputs.add(new Output(new History(file, settings.lockTimeout()), "add to the history file", file, Settings.HISTORY_FILE + " to a writable file")));
    if (settings.stepSummary()) {
      outputs.add(new Output(new StepSummary(), null, null, null));
    }
    return new Reporters(List.copyOf(outputs), settings.shownProperties());
  }

  /** Hands the outcome to every reporter; a file that cannot be written only warns. */
  public void report(Outcome outcome) {
    Environment environment = Environment.current().showing(shownProperties).now();
    for (Output output : outputs) {
      try {
        output.reporter().report(outcome, environment);
      } catch (IOException | RuntimeException e) {
        if (output.file() == null) {
          throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
        }
        warnOnce(
            output.file(),
            "could not " + output.action() + " " + output.file().toAbsolutePath() + " (" + e + "); the verdicts stand. Set "
                + output.setting() + ".");
      }
    }
  }

  private static void warnOnce(Path file, String message) {
    if (WARNED.add(file.toAbsolutePath().normalize())) {
      System.err.println("[perfbudget] WARNING: " + message + " Later failures to write there are not repeated.");
    }
  }
}
