package dev.perfbudget.report;

import dev.perfbudget.environment.Environment;
import dev.perfbudget.judge.Outcome;
import java.io.IOException;

/**
 * One place a perf test's result goes: the console, JUnit's report entries, report.json with
 * its views, the history file, the CI job summary. A new output format is a new reporter; no
 * measuring or judging code changes.
 */
interface Reporter {

  /** Reports one result, measured on {@code environment}. */
  void report(Outcome outcome, Environment environment) throws IOException;
}
