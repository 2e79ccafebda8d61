package dev.perfbudget.workloads;

import dev.perfbudget.Arm;
import dev.perfbudget.Sample;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A pool arm: one operation is one dispatch of the job on a warm pool. A dispatch lasts
 * microseconds at least, so the loop's own cost and its call site do not matter here.
 *
 * <p>A dispatch is timed less the collector's pauses that stopped its workers ({@link
 * CollectorPauses}): a pause is not what a pool costs, and a long dispatch is caught by more of
 * them than a short one, so they would bend the ratio. The pauses taken out are reported.
 */
final class PoolArm implements Arm {

  /** The figure judged by the extension for contention between the arms (see docs/break-even.md). */
  static final String ON_CORE_SHARE = "onCoreShare";
  /**
   * The figure for how much of the dispatches' time the workers spent on a core: their CPU time
   * over the workers times the dispatches' time. Unlike {@value #ON_CORE_SHARE} it counts the
   * wait for a worker to wake and take a core, which a busy machine stretches.
   */
  static final String DISPATCH_ON_CORE_SHARE = "onCoreShareOfDispatches";
  /** The shortest slices, on average and in CPU time, whose share of time on a core is reported. */
  private static final long MIN_SLICE_NANOS = 100_000;
  /** The workers' CPU time per dispatch, summed over them. */
  static final String WORKER_CPU = "workerCpuNsPerDispatch";
  /** The collector's pauses taken out of the dispatches' time, per dispatch. */
  static final String PAUSES = "collectorPauseNsPerDispatch";

  private final String name;
  private final RunningPool pool;
  private final Job job;
  private final double overheadNs;
  /**
   * CPU time the workers spent on the slices of the dispatches timed so far, the slices' wall
   * time on their workers, and the dispatches' wall time, each less the collector's pauses, and
   * those pauses.
   */
  private long workerCpuNanos;
  private long sliceNanos;
  private long wallNanos;
  private long pauseNanos;
  private long dispatches;
  private boolean cpuCounted = true;

  PoolArm(String name, RunningPool pool, Job job, double overheadNs) {
    this.name = name;
    this.pool = pool;
    this.job = job;
    this.overheadNs = overheadNs;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Sample run(long operations) {
    long cpu = 0;
    long slices = 0;
    long paused = 0;
    long start = System.nanoTime();
    for (long i = 0; i < operations; i++) {
      pool.dispatch(job);
      long dispatchCpu = pool.lastDispatchCpuNanos();
      cpuCounted &= dispatchCpu >= 0;
      cpu += dispatchCpu;
      slices += pool.lastDispatchSliceNanos();
      paused += pool.lastDispatchPauseNanos();
    }
    long wall = System.nanoTime() - start;
    // Never below what the busiest worker must have taken, nor above the wall time: where the
    // pauses can only be counted in whole ms, they can be off by one.
    long nanos = Math.min(wall, Math.max(wall - paused, cpuCounted ? cpu / job.workers() : 1));
    // The slices measure their own CPU and wall time on their workers.
    workerCpuNanos += cpu;
    sliceNanos += slices;
    wallNanos += nanos;
    pauseNanos += wall - nanos;
    dispatches += operations;
    return Sample.timed(operations, nanos);
  }

  /**
   * ns per dispatch, elements x rounds per second, the warm dispatch overhead at 0 elements, and,
   * where the workers' CPU time is counted, how much of their slices' time the workers spent on
   * a core ({@value #ON_CORE_SHARE}: the slices' CPU time over their wall time; time between
   * slices, waiting for work, does not count), how much of the dispatches' time they spent on a
   * core ({@value #DISPATCH_ON_CORE_SHARE}) and their CPU time per dispatch.
   */
  @Override
  public Map<String, Object> figures(double nsPerOp) {
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("nsPerDispatch", round(nsPerOp));
    double work = (double) job.elements() * job.rounds();
    figures.put("elementRoundsPerSecond", nsPerOp > 0 ? Math.round(work * 1e9 / nsPerOp) : 0);
    figures.put("dispatchOverheadNs", round(overheadNs));
    figures.put(PAUSES, dispatches > 0 ? round((double) pauseNanos / dispatches) : 0.0);
    // Slices of a few us are mostly the reading of the clocks: their share says nothing. Their
    // length is read from their CPU time, which a preempted worker does not stretch: their wall
    // time would grow past the threshold on a busy machine, with a few preemptions of a time
    // slice each among a few dozen dispatches.
    if (cpuCounted && sliceNanos > 0 && wallNanos > 0 && workerCpuNanos >= MIN_SLICE_NANOS * dispatches) {
      figures.put(ON_CORE_SHARE, Math.round(1000.0 * workerCpuNanos / sliceNanos) / 1000.0);
      figures.put(DISPATCH_ON_CORE_SHARE, Math.round(1000.0 * workerCpuNanos / ((double) job.workers() * wallNanos)) / 1000.0);
      figures.put(WORKER_CPU, round(nsPerOp * workerCpuNanos / wallNanos));
    }
    return figures;
  }

  private static double round(double value) {
    return Math.round(value * 10) / 10.0;
  }
}
