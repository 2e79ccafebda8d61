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
  /**
   * The measurement cannot be trusted: a ratio that is not a number, an arm no dearer than the
   * empty loop (work removed), an arm timing 0, a sink the JIT sees through, no steady state, or
   * an op too slow for {@code perfbudget.time.max}. Fails the test in {@code enforce} and {@code
   * record} mode; nothing is recorded.
   */
  INVALID,
  /** The test was aborted (an assumption failed) before it was measured. */
  SKIPPED,
  /** The ratio was measured and written into the budget file. */
  RECORDED
}
