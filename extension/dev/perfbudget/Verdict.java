package dev.perfbudget;

/** The outcome of one perf test, as written in the report. */
public enum Verdict {
  /** The ratio's confidence interval lies below the limit. */
  PASS,
  /** The ratio is past the limit, confirmed by a second measurement. */
  FAIL,
  /** Time ran out before the interval was clearly on one side of the limit. */
  NOISY,
  /** The test was aborted (an assumption failed) before it was measured. */
  SKIPPED,
  /** The ratio was measured and written into the budget file. */
  RECORDED
}
