package dev.perfbudget;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes a perf test's result everywhere it is asked for: report.json with report.md and
 * report.html, the history file, the CI job summary.
 *
 * <p>A file that cannot be written never changes a verdict: it gets one warning per file and
 * JVM, naming the file and the setting to change, rather than one per test.
 */
final class ReportWriter {

  private static final Set<Path> WARNED = ConcurrentHashMap.newKeySet();

  private ReportWriter() {}

  static void write(Outcome outcome, Settings settings) {
    Environment environment = Environment.current().now();
    ReportFile reportFile = new ReportFile(settings.reportDir());
    try {
      reportFile.add(outcome, environment);
    } catch (IOException | RuntimeException e) {
      warnOnce(
          settings.reportDir(),
          "could not write the report in " + settings.reportDir().toAbsolutePath() + " (" + e + "); the verdicts stand. Set "
              + Settings.REPORT_DIR + " to a writable folder.");
    }
    if (settings.historyFile().isPresent()) {
      History history = new History(settings.historyFile().get());
      try {
        history.append(outcome, environment);
      } catch (IOException | RuntimeException e) {
        warnOnce(
            history.path(),
            "could not add to the history file " + history.path().toAbsolutePath() + " (" + e + "); the verdicts stand. Set "
                + Settings.HISTORY_FILE + " to a writable file.");
      }
    }
    if (settings.stepSummary()) {
      StepSummary.add(ReportJson.result(outcome), environment);
    }
  }

  private static void warnOnce(Path file, String message) {
    if (WARNED.add(file.toAbsolutePath().normalize())) {
      System.err.println("[perfbudget] WARNING: " + message + " Later failures to write there are not repeated.");
    }
  }
}
