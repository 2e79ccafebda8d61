package dev.perfbudget.judge;

import dev.perfbudget.engine.Measurement;
import dev.perfbudget.units.Format;

/**
 * What a pool result says when other threads or processes kept its workers off their cores, so
 * that its wall-time ratio is the machine's as much as the pool's: read from the figures a pool
 * arm reports (the workers' shares of time on a core, their CPU time) and from how much of the
 * machine other processes used.
 */
final class ContentionNote {

  /**
   * Arms whose workers were on a core for shares this far apart, or farther, measured contention
   * more than their own cost. Here, with the machine busy, a pool of two workers was on a core
   * 50% of a 2 ms dispatch's time and 26% of a 22 ms one's: the ratio read 18.6 where the
   * workers' CPU time gave the true 10 (and, with another thread allocating as fast as it
   * could, 48% and 16%, and 20.5, before the pool kind took the collector's pauses out of its
   * time). Without contention both arms' shares were alike and the ratio right.
   */
  static final double SHARE_APART = 0.75;

  /** The figures by which a kind tells how much of its arm's time its workers ran on a core. */
  static final String ON_CORE_SHARE = "onCoreShare";

  /**
   * The figure by which a kind tells how much of its arm's whole time, waits for its workers to
   * wake included, they ran on a core. It differs between arms for a good reason when one arm
   * keeps some workers idle (a serial baseline, an unbalanced split), so it is read only where
   * the slices themselves show contention, under {@value #CONTENDED} of their time on a core.
   * On a busy machine (two spinning processes on two cores, Linux 6.18), the slices of a pool of
   * two workers were on a core 47% and 48% of their time in both arms, alike, but a 1.5 ms
   * dispatch waited for its workers to get a core for as long again, and its workers were on a
   * core 29% of the dispatch's time against 45% for a 16 ms one: the ratio read 7.5 where the
   * workers' CPU time gave 10.4 (the true ratio is 10).
   */
  static final String DISPATCH_ON_CORE_SHARE = "onCoreShareOfDispatches";

  /** Slices on a core for less than this share of their time were kept off it by others. */
  static final double CONTENDED = 0.8;

  /**
   * Arms whose workers were on a core for shares of the dispatches' time this far apart, or
   * farther, on a contended machine, measured contention more than their own cost. Beside two
   * spinning processes (20 verdicts a case), the shares of the two arms were 0.84 to 1.00 of each
   * other for A/A and 2x pairs, whose ratios were right (the 2x read 1.94 to 2.01), and 0.65 to
   * 0.74 for the 10x, which read 7.6 to 10.0. Beside a thread allocating as fast as it could (10
   * verdicts a case): 0.81 to 0.99 for A/A and 2x, 0.67 to 0.81 for the 10x, which read 6.8 to
   * 10.8; eight of those ten said so.
   */
  static final double DISPATCHES_APART = 0.8;

  /**
   * Workers on a core for less than this share of the dispatches' time, in either arm, while
   * other processes held the machine ({@link #BUSY_MACHINE}), spent most of each dispatch
   * waiting for a core, and such waits follow the machine's state more than the work: beside two
   * spinning processes on two cores the shares were 28% to 47% in every arm of 80 verdicts, and
   * the 2x read 2.03 and 2.10 (medians of 10) one day and 1.75 (of 20, twice) the day before,
   * with its arms' shares alike. On a quiet machine the shares were 53% to 98%, their slices 86%
   * or more of their time on a core.
   */
  static final double MOSTLY_WAITING = 0.5;

  /**
   * Other processes that used this share of the machine's CPU time or more held its cores.
   * Beside two spinning processes on two cores they used 50% to 69% of it; with nothing else
   * running, up to 18% (the harness's own parent JVM among them). A thread of the test JVM that
   * allocates as fast as it can takes cores too, but the collector's pauses are taken out of a
   * pool's time and its ratios were right there (2.01 and 9.86 for the 2x and the 10x), with
   * the workers as much off a core as beside the spinning processes: so this note asks for other
   * processes, not just other threads.
   */
  static final double BUSY_MACHINE = 0.25;

  static final String WORKER_CPU = "workerCpuNsPerDispatch";

  private ContentionNote() {}

  /**
   * When the arms' workers were on a core for very different shares of their time, or waited
   * for a core most of each dispatch while other processes held the machine, why the ratio cannot be trusted,
   * what their CPU time gives, and how much of the machine other processes used; else empty.
   */
  static String of(Measurement measurement) {
    double[] slices = shares(measurement, ON_CORE_SHARE);
    if (slices == null) {
      return "";
    }
    double[] dispatches = shares(measurement, DISPATCH_ON_CORE_SHARE);
    String stretched;
    if (apart(slices, SHARE_APART)) {
      stretched = String.format(
          "the workers were on a core for %.0f%% of their slices' time in the baseline and %.0f%% in the candidate, so "
              + "other threads or processes (a busy machine, a collector) took cores and stretched one arm's dispatches "
              + "more than the other's",
          100 * slices[0], 100 * slices[1]);
    } else if (dispatches != null && Math.min(slices[0], slices[1]) < CONTENDED && apart(dispatches, DISPATCHES_APART)) {
      stretched = String.format(
          "the workers were on a core for %.0f%% of the dispatches' time in the baseline and %.0f%% in the candidate, "
              + "and for %.0f%% and %.0f%% of their slices' time, so other threads or processes (a busy machine, a "
              + "collector) took cores and stretched one arm's dispatches more than the other's",
          100 * dispatches[0], 100 * dispatches[1], 100 * slices[0], 100 * slices[1]);
    } else if (dispatches != null && Math.min(slices[0], slices[1]) < CONTENDED
        && Math.min(dispatches[0], dispatches[1]) < MOSTLY_WAITING && measurement.otherProcessesCpuShare() >= BUSY_MACHINE) {
      stretched = String.format(
          "the workers were on a core for only %.0f%% of the dispatches' time in the baseline and %.0f%% in the "
              + "candidate, and for %.0f%% and %.0f%% of their slices' time, so most of a dispatch went waiting for a "
              + "core that other processes held, and such waits follow the machine's state more than the work; "
              + "measure where the pool's workers have cores to themselves",
          100 * dispatches[0], 100 * dispatches[1], 100 * slices[0], 100 * slices[1]);
    } else {
      return "";
    }
    String cpuRatio = "";
    if (measurement.baseline().figures().get(WORKER_CPU) instanceof Number bc
        && measurement.candidate().figures().get(WORKER_CPU) instanceof Number cc
        && bc.doubleValue() > 0) {
      cpuRatio = "; the ratio of the workers' CPU time is " + Format.ratio(cc.doubleValue() / bc.doubleValue());
    }
    double others = measurement.otherProcessesCpuShare();
    String machine = Double.isNaN(others)
        ? ""
        : String.format("; other processes used %.0f%% of the machine's CPU time meanwhile", 100 * others);
    return "ratio not to be trusted: " + stretched + cpuRatio + machine;
  }

  /** The baseline's and the candidate's figure {@code name}, when both have it above 0; else null. */
  private static double[] shares(Measurement measurement, String name) {
    if (measurement.baseline().figures().get(name) instanceof Number b
        && measurement.candidate().figures().get(name) instanceof Number c
        && b.doubleValue() > 0
        && c.doubleValue() > 0) {
      return new double[] {b.doubleValue(), c.doubleValue()};
    }
    return null;
  }

  private static boolean apart(double[] shares, double factor) {
    return Math.min(shares[0], shares[1]) / Math.max(shares[0], shares[1]) < factor;
  }
}
