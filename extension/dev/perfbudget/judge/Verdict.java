package dev.perfbudget.judge;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/** The outcome of one perf test, as written in the report. */
@API(status = INTERNAL)
public enum Verdict {
  /** The ratio's 99% confidence interval lies below the limit. */
  PASS,
  /** The ratio is past the limit, confirmed by a second measurement. */
  FAIL,
  /** Time (or the pairs asked for) ran out before the 99% interval was clearly on one side of the limit. */
  NOISY,
  /** The test was aborted (an assumption failed) before it was measured. */
  SKIPPED,
  /** The ratio was measured and written into the budget file. */
  RECORDED
}
