package dev.perfbudget.judge;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.budget.BudgetEntry;
import dev.perfbudget.engine.Measurement.ArmResult;
import dev.perfbudget.engine.Measurement.Stop;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.engine.SamplingSettings;
import dev.perfbudget.units.Format;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Whether a measurement measured real work: the rules that make a verdict {@link
 * Verdict#INVALID} rather than a pass nobody should believe. Each problem is one sentence that
 * names the arm and the fix.
 *
 * <p>They are read off the finished measurement, not decided while sampling, so that any way of
 * sampling is held to the same rules.
 */
@API(status = INTERNAL)
final class Validity {

  /**
   * An arm whose cost, loop included, is within this share of the empty loop's does no work worth
   * measuring. The loop's cost (0.3 to 3.7 ns here, by JVM and Blackhole mode) is the median of its
   * samples, one in every pair. Each arm runs its own copy of the loop, and copies of one loop do
   * not cost the same: on Java 25 an op whose work the JIT removed read 1.34 ns/op in one JVM and
   * 1.86 in the next, against an empty loop at 1.34 or 2.01 (code placement, not work). A sub-ns
   * difference from the loop is therefore no evidence of work. Where the Blackhole is not in
   * compiler mode the loop costs more (3.1 to 3.5 ns on another VM), but removed work still read
   * within 0.13 ns of it (16 readings), while `HashMap.get`, real work, read 4.46 ns against a 3.17
   * ns loop: a share of half the loop called that INVALID, a quarter does not.
   */
  static final double LOOP_NOISE = 0.25;
  /** ... and never less than this many ns: the 0.52 to 0.67 ns between copies seen above. */
  static final double LOOP_NOISE_NANOS = 0.75;
  /**
   * The ratio moved this much, or more, between the first and the last third of the pairs (and
   * no pair of one third overlaps the other): the arms never settled.
   */
  static final double DRIFT = 1.5;
  /**
   * Fewest pairs in a third: a measurement decided after 12 pairs on a busy machine had its
   * first 4 pairs at 51 and its last 4 at 10 (a slow start, not a drift); 8 pairs a third keep
   * such a start from speaking for the whole third.
   */
  static final int MIN_THIRD = 8;

  private Validity() {}

  /** Every reason not to trust {@code m}, one sentence each; empty when it can be trusted. */
  static List<String> problems(Measurement m, SamplingSettings settings) {
    List<String> problems = new ArrayList<>();
    if (m.stop() == Stop.TOO_SLOW) {
      problems.add(tooSlow(m, settings));
    }
    boolean timedZero = false;
    for (String role : new String[] {"baseline", "candidate"}) {
      ArmResult arm = role.equals("baseline") ? m.baseline() : m.candidate();
      if (!(arm.nsPerOp() > 0)) {
        timedZero = true;
        problems.add(String.format(
            "the %s arm `%s` timed %s ns for batches of up to %d operations: its clock did not move. An arm of "
                + "a workload kind of your own must time the operations it runs (System.nanoTime() before and after)",
            role, arm.name(), Format.ratio(arm.nsPerOp()), arm.batch()));
      } else if (noMoreThanTheLoop(arm.nsPerOp(), m.loopNsPerOp())) {
        problems.add(String.format(
            "the %s arm `%s` costs %s/op, no more than the empty loop (%s/op) within noise: the JIT may have "
                + "removed the work. Return the result from the op, computed from inputs the JIT cannot fold "
                + "(a field or a captured object, not constants)",
            role, arm.name(), Format.nanos(arm.nsPerOp()), Format.nanos(m.loopNsPerOp())));
      }
    }
    if (!timedZero && !(Double.isFinite(m.ratio()) && m.ratio() > 0)) {
      problems.add(String.format(
          "the ratio %s / %s is %s, not a positive number: an arm measured no cost. Give both arms work that takes time",
          m.candidate().name(), m.baseline().name(), m.ratio()));
    }
    String drift = drift(m);
    if (drift != null) {
      problems.add(drift);
    }
    return problems;
  }

  /** Whether an arm costing {@code armNs} per op does no work beyond the empty loop's {@code loopNs}. */
  static boolean noMoreThanTheLoop(double armNs, double loopNs) {
    return loopNs > 0 && armNs <= loopNs + Math.max(loopNs * LOOP_NOISE, LOOP_NOISE_NANOS);
  }

  /** Why a ratio cannot go into a budget file, or null when it can. */
  static String unrecordable(double ratio) {
    if (BudgetEntry.holds(ratio)) {
      return null;
    }
    return String.format(Locale.ROOT,
        "the ratio %s is outside what a budget may hold (%s to %s): such a ratio is a measuring error, not a budget",
        ratio, BudgetEntry.LOWEST_RATIO, BudgetEntry.HIGHEST_RATIO);
  }

  private static String tooSlow(Measurement m, SamplingSettings settings) {
    double pairNanos = m.baseline().nsPerOp() + m.candidate().nsPerOp();
    long seconds = (long) Math.ceil(pairNanos * settings.minPairs() * 1.2 / 1e9);
    return String.format(
        "one operation takes %s (`%s`) and %s (`%s`), so perfbudget.time.max (%s) held %d pair(s), fewer than "
            + "the %d a verdict needs (perfbudget.pairs.min): too slow to judge in that time. Set "
            + "-Dperfbudget.time.max=%ds for %d pairs, or measure a smaller input",
        Format.nanos(m.baseline().nsPerOp()), m.baseline().name(), Format.nanos(m.candidate().nsPerOp()),
        m.candidate().name(), Format.millis(settings.timeMax().toNanos()), m.pairs(), settings.minPairs(),
        seconds, settings.minPairs());
  }

  /**
   * The ratio's drift over the measurement, when its first and last thirds do not overlap and
   * their medians are {@value #DRIFT} times apart: an arm whose cost grows with every call (a
   * list it appends to) or that never finished compiling.
   */
  static String drift(Measurement m) {
    double[] ratios = m.pairRatios();
    int third = ratios.length / 3;
    if (third < MIN_THIRD) {
      return null;
    }
    double[] first = Arrays.copyOfRange(ratios, 0, third);
    double[] last = Arrays.copyOfRange(ratios, ratios.length - third, ratios.length);
    Arrays.sort(first);
    Arrays.sort(last);
    double before = first[third / 2];
    double after = last[third / 2];
    boolean apart = first[third - 1] < last[0] || last[third - 1] < first[0];
    if (!apart || Math.max(before, after) / Math.min(before, after) < DRIFT) {
      return null;
    }
    return String.format(
        "the ratio %s / %s never reached a steady state: it moved from %s (first %d pairs) to %s (last %d pairs)%s. "
            + "An arm whose cost depends on how often it ran (a list or cache it grows, input it consumes) has no "
            + "steady state: keep such state out of the arms; if the code only needs longer to warm up, raise "
            + "perfbudget.warmup.max",
        m.candidate().name(), m.baseline().name(), Format.ratio(before), third, Format.ratio(after), third,
        m.warmUp().capped() ? ", and warm-up ran out (perfbudget.warmup.max) before the costs settled" : "");
  }
}
