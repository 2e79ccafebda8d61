package dev.perfbudget.workloads;

import dev.perfbudget.Arm;
import dev.perfbudget.Sample;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A pool arm: one operation is one dispatch of the job on a warm pool. A dispatch lasts
 * microseconds at least, so the loop's own cost and its call site do not matter here.
 */
final class PoolArm implements Arm {

  private final String name;
  private final RunningPool pool;
  private final Job job;
  private final double overheadNs;

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
    long start = System.nanoTime();
    for (long i = 0; i < operations; i++) {
      pool.dispatch(job);
    }
    return Sample.timed(operations, System.nanoTime() - start);
  }

  /** ns per dispatch, elements x rounds per second, and the warm dispatch overhead at 0 elements. */
  @Override
  public Map<String, Object> figures(double nsPerOp) {
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("nsPerDispatch", round(nsPerOp));
    double work = (double) job.elements() * job.rounds();
    figures.put("elementRoundsPerSecond", nsPerOp > 0 ? Math.round(work * 1e9 / nsPerOp) : 0);
    figures.put("dispatchOverheadNs", round(overheadNs));
    return figures;
  }

  private static double round(double value) {
    return Math.round(value * 10) / 10.0;
  }
}
