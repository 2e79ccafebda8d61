package dev.perfbudget.workloads;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apiguardian.api.API;

/**
 * A wait that asks a timer for a duration, for {@link TimerWorkload}: what is measured is when
 * it really lands. The presets cover the JVM's timers; {@link #of} takes your own.
 *
 * <pre>{@code
 * timer.baseline(TimedWait.sleep(1)).candidate(TimedWait.scheduled(Duration.ofMillis(1)));
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TimedWait {

  /** Waits once and returns how many nanoseconds passed until it landed. */
  interface Landing {
    long await(ScheduledExecutorService scheduler) throws Exception;
  }

  private final String name;
  private final Duration requested;
  private final boolean usesScheduler;
  private final Landing landing;

  private TimedWait(String name, Duration requested, boolean usesScheduler, Landing landing) {
    this.name = name;
    this.requested = requested;
    this.usesScheduler = usesScheduler;
    this.landing = landing;
  }

  /** {@code Thread.sleep(millis)}; {@code sleep(0)} is the cost of asking at all. */
  public static TimedWait sleep(long millis) {
    checkNotNegative(millis, "sleep(" + millis + ")");
    return new TimedWait(
        "Thread.sleep(" + millis + ")",
        Duration.ofMillis(millis),
        false,
        scheduler -> {
          long start = System.nanoTime();
          Thread.sleep(millis);
          return System.nanoTime() - start;
        });
  }

  /** {@code LockSupport.parkNanos(nanos)}, the wait under most of java.util.concurrent. */
  public static TimedWait parkNanos(long nanos) {
    checkNotNegative(nanos, "parkNanos(" + nanos + ")");
    return new TimedWait(
        "LockSupport.parkNanos(" + nanos + ")",
        Duration.ofNanos(nanos),
        false,
        scheduler -> {
          long start = System.nanoTime();
          LockSupport.parkNanos(nanos);
          return System.nanoTime() - start;
        });
  }

  /**
   * A task scheduled on a {@code ScheduledExecutorService} after {@code delay}: lands when the
   * task starts running on the workload's single scheduler thread.
   */
  public static TimedWait scheduled(Duration delay) {
    Objects.requireNonNull(delay, "delay");
    checkNotNegative(delay.toNanos(), "scheduled(" + delay + ")");
    return new TimedWait(
        "ScheduledExecutorService.schedule(" + Format.duration(delay) + ")",
        delay,
        true,
        scheduler -> {
          long start = System.nanoTime();
          long landed = scheduler.schedule(System::nanoTime, delay.toNanos(), TimeUnit.NANOSECONDS).get();
          return landed - start;
        });
  }

  /** Your own wait, which asks for {@code requested} and returns when it lands. */
  public static TimedWait of(String name, Duration requested, Runnable wait) {
    Objects.requireNonNull(wait, "wait");
    Objects.requireNonNull(requested, "requested");
    return new TimedWait(
        DeclaredArm.checkName(name, "wait"),
        requested,
        false,
        scheduler -> {
          long start = System.nanoTime();
          wait.run();
          return System.nanoTime() - start;
        });
  }

  public String name() {
    return name;
  }

  /** The duration this wait asks for; what it really takes minus this is its drift. */
  public Duration requested() {
    return requested;
  }

  boolean usesScheduler() {
    return usesScheduler;
  }

  long await(ScheduledExecutorService scheduler) throws Exception {
    return landing.await(scheduler);
  }

  private static void checkNotNegative(long value, String call) {
    if (value < 0) {
      throw new dev.perfbudget.WorkloadDeclarationException(call + " asks for a negative wait; use 0 or more");
    }
  }

  /** Short names for durations in arm names: 1 ms, 250 us, 2 s. */
  private static final class Format {
    static String duration(Duration duration) {
      long nanos = duration.toNanos();
      if (nanos % 1_000_000_000L == 0) {
        return nanos / 1_000_000_000L + " s";
      }
      if (nanos % 1_000_000 == 0) {
        return nanos / 1_000_000 + " ms";
      }
      return nanos % 1_000 == 0 ? nanos / 1_000 + " us" : nanos + " ns";
    }
  }
}
