package dev.perfbudget.bench;

/** What one verdict of the quality harness checks: a fixture method, its limit and its true ratio. */
enum Scenario {
  AA_AT_1_5("A/A", "sameWorkAt1_5", "1.5", 1, false),
  AA_AT_TOLERANCE("A/A", "sameWorkAtTolerance", "recorded x 10", 1, false),
  TWICE("2x", "twiceTheWork", "1.5", 2, true),
  TEN_TIMES("10x", "tenTimesTheWork", "5", 10, true);

  final String label;
  final String method;
  final String limit;
  final double trueRatio;
  /** Whether a failed test is a catch (true) or a false alarm (false). */
  final boolean regression;

  Scenario(String label, String method, String limit, double trueRatio, boolean regression) {
    this.label = label;
    this.method = method;
    this.limit = limit;
    this.trueRatio = trueRatio;
    this.regression = regression;
  }

  /** Whether the budget must be recorded once before this scenario's verdicts are enforced. */
  boolean recordsFirst() {
    return this == AA_AT_TOLERANCE;
  }
}
