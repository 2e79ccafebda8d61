package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.units.Format;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apiguardian.api.API;

/**
 * What the JVM's timers really cost on this machine: how long after the request {@code
 * Thread.sleep(0)}, {@code Thread.sleep(1)}, {@code LockSupport.parkNanos(1 us)} and a 1 ms
 * {@code ScheduledExecutorService} delay return. Measured once per JVM with a few dozen
 * samples (about 60 ms) and written into the report's environment as a caveat, because a
 * budget on anything that waits is a budget on these floors.
 *
 * @param samples how many times each timer was measured
 * @param landings each timer's median landing time, in the order above; empty when the
 *     measurement was interrupted
 */
@API(status = INTERNAL)
public record TimerFloor(int samples, List<Landing> landings) {

  public static final int SAMPLES = 24;
  public static final TimerFloor NOT_MEASURED = new TimerFloor(0, List.of());
  private static final long ONE_MS = 1_000_000;

  /**
   * One timer's median landing time.
   *
   * @param timer the call, as a reader would write it
   * @param requestedNanos the wait asked for
   * @param medianNanos the median time from the call to its return (or to the task running)
   */
  public record Landing(String timer, long requestedNanos, long medianNanos) {

    /** How much later than asked the timer lands. */
    public long driftNanos() {
      return medianNanos - requestedNanos;
    }
  }

  public TimerFloor {
    landings = List.copyOf(landings);
  }

  /** Measures each timer {@code samples} times, the four interleaved so drift hits all alike. */
  public static TimerFloor measure(int samples) {
    long[][] nanos = new long[4][samples];
    ScheduledExecutorService scheduler =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "perfbudget-timer-floor");
              thread.setDaemon(true);
              return thread;
            });
    try {
      for (int i = 0; i < samples; i++) {
        long start = System.nanoTime();
        Thread.sleep(0);
        nanos[0][i] = System.nanoTime() - start;
        start = System.nanoTime();
        Thread.sleep(1);
        nanos[1][i] = System.nanoTime() - start;
        start = System.nanoTime();
        LockSupport.parkNanos(1_000);
        nanos[2][i] = System.nanoTime() - start;
        start = System.nanoTime();
        long landed = scheduler.schedule(System::nanoTime, 1, TimeUnit.MILLISECONDS).get();
        nanos[3][i] = landed - start;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return NOT_MEASURED;
    } catch (ExecutionException e) {
      return NOT_MEASURED;
    } finally {
      scheduler.shutdownNow();
    }
    List<Landing> landings = new ArrayList<>();
    landings.add(new Landing("Thread.sleep(0)", 0, median(nanos[0])));
    landings.add(new Landing("Thread.sleep(1)", ONE_MS, median(nanos[1])));
    landings.add(new Landing("LockSupport.parkNanos(1000)", 1_000, median(nanos[2])));
    landings.add(new Landing("ScheduledExecutorService.schedule(1 ms)", ONE_MS, median(nanos[3])));
    return new TimerFloor(samples, landings);
  }

  /** One sentence for the report: what a wait really costs here. */
  public String caveat() {
    if (landings.isEmpty()) {
      return "timer floor not measured";
    }
    StringBuilder text = new StringBuilder("timer floor here (median of " + samples + "):");
    for (Landing landing : landings) {
      text.append(String.format(Locale.ROOT, " %s lands after %s (%s drift);",
          landing.timer(), Format.nanos(landing.medianNanos()), Format.nanos(landing.driftNanos())));
    }
    return text.append(" waits shorter than these floors do not last what they ask for").toString();
  }

  private static long median(long[] values) {
    return (long) Statistics.median(Arrays.stream(values).asDoubleStream().toArray());
  }
}
