package dev.perfbudget.workloads;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.perfbudget.Arms;
import dev.perfbudget.Sampling;
import dev.perfbudget.Workload;
import dev.perfbudget.WorkloadContext;
import dev.perfbudget.WorkloadDeclarationException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apiguardian.api.API;

/**
 * The timer floor: when waits really land. Each operation is one {@link TimedWait}, timed from
 * the request to its landing; the report gives each arm's p50, p95 and max landing time, and
 * the workload parameters the time each asked for, so the drift is p50 minus that.
 *
 * <pre>{@code
 * @PerfBudget(maxRatio = 3)
 * void scheduledDelayLandsWithin3xOfASleep(TimerWorkload timer) {
 *     timer.baseline(TimedWait.sleep(1))
 *          .candidate(TimedWait.scheduled(Duration.ofMillis(1)));
 * }
 * }</pre>
 *
 * <p>Waits run one per sample, interleaved in random order: {@value #WARM_UP_WAITS} unmeasured
 * waits of each arm, then exactly {@link #samples} pairs (default {@value #DEFAULT_SAMPLES}).
 * A wait shorter than about a microsecond is measured with the timer's own cost (~30 ns) in it.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TimerWorkload implements Workload {

  static final int DEFAULT_SAMPLES = 50;
  private static final int WARM_UP_WAITS = 5;

  private TimedWait baseline;
  private TimedWait candidate;
  private int samples = DEFAULT_SAMPLES;
  private ScheduledExecutorService scheduler;

  /** Declares the wait the candidate is compared to. Declare it once. */
  public TimerWorkload baseline(TimedWait wait) {
    if (baseline != null) {
      throw new WorkloadDeclarationException("baseline is declared twice; declare one baseline");
    }
    baseline = checkWait(wait, "baseline");
    return this;
  }

  /** Declares the wait under budget. Declare it once. */
  public TimerWorkload candidate(TimedWait wait) {
    if (candidate != null) {
      throw new WorkloadDeclarationException("candidate is declared twice; declare one candidate");
    }
    candidate = checkWait(wait, "candidate");
    return this;
  }

  /**
   * How many pairs of waits are measured; at least {@value Sampling#LEAST_PAIRS}, the fewest
   * pairs a verdict can rest on.
   */
  public TimerWorkload samples(int samples) {
    if (samples < Sampling.LEAST_PAIRS) {
      throw new WorkloadDeclarationException(
          "samples(" + samples + ") must be at least " + Sampling.LEAST_PAIRS + ", such as " + DEFAULT_SAMPLES
              + ": fewer pairs of waits cannot decide a verdict at 99% confidence");
    }
    this.samples = samples;
    return this;
  }

  @Override
  public String kind() {
    return "timer";
  }

  @Override
  public Arms prepare(WorkloadContext context) {
    if (baseline == null) {
      throw new WorkloadDeclarationException(
          "no baseline is declared; call timer.baseline(TimedWait.sleep(1)) in the method body");
    }
    if (candidate == null) {
      throw new WorkloadDeclarationException(
          "no candidate is declared; call timer.candidate(TimedWait.parkNanos(1000)) in the method body");
    }
    if (baseline.usesScheduler() || candidate.usesScheduler()) {
      scheduler =
          Executors.newSingleThreadScheduledExecutor(
              task -> {
                Thread thread = new Thread(task, "perfbudget-timer");
                thread.setDaemon(true);
                return thread;
              });
    }
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("samples", samples);
    parameters.put("warmUpWaits", WARM_UP_WAITS);
    parameters.put("baselineRequestedNs", baseline.requested().toNanos());
    parameters.put("candidateRequestedNs", candidate.requested().toNanos());
    return new Arms(
        new TimerArm(baseline, scheduler),
        new TimerArm(candidate, scheduler),
        null,
        parameters,
        Sampling.oneOperationPerSample(WARM_UP_WAITS, samples));
  }

  @Override
  public void close() {
    if (scheduler != null) {
      scheduler.shutdownNow();
    }
  }

  private static TimedWait checkWait(TimedWait wait, String arm) {
    if (wait == null) {
      throw new WorkloadDeclarationException(
          "the " + arm + " needs a wait, such as TimedWait.sleep(1) or TimedWait.parkNanos(1000)");
    }
    return wait;
  }
}
