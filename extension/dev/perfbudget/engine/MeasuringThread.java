package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.Arm;
import dev.perfbudget.Arms;
import dev.perfbudget.Sample;
import dev.perfbudget.units.Format;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apiguardian.api.API;

/**
 * Runs a measurement on a daemon thread of its own and fails the test when one call to an arm
 * does not return within {@code perfbudget.op.timeout}, so that a hung op costs one failed test
 * and not the whole build.
 *
 * <p>IMPLEMENTATION NOTES. Java cannot stop a thread: an op stuck in a loop that never looks at
 * its interrupt flag runs until the JVM exits. So the test thread only waits for the measuring
 * thread; when an arm overruns, it interrupts that thread (which frees an op blocked in {@code
 * sleep}, {@code wait}, a lock or a queue), waits a moment, and if the thread is still running
 * leaves it behind as a daemon, which does not keep the JVM from exiting. The test fails and
 * JUnit goes on to the next test. The thread left behind still takes a core, so later
 * measurements in this JVM say so in their note. An interrupt that reaches either thread while
 * measuring (an op interrupting itself or the test thread) fails the test with a message that
 * says so, and the flag is cleared so that the next test starts clean.
 */
@API(status = INTERNAL)
public final class MeasuringThread {

  /** How often the test thread looks at the running arm. */
  private static final long POLL_MILLIS = 50;
  /** How long a stopped measurement gets to come out of an interrupted call. */
  private static final long GRACE_MILLIS = 1000;

  /** Measuring threads that did not stop; each is named after the test it measured. */
  private static final Set<Thread> LEFT_BEHIND = ConcurrentHashMap.newKeySet();

  /** A measurement run against watched arms. */
  public interface Measuring<T> {
    T measure(Arms arms) throws Exception;
  }

  private MeasuringThread() {}

  /**
   * Runs {@code measuring} on the arms, each watched, and returns its result; rethrows what it
   * threw.
   *
   * @throws MeasurementStoppedException when an arm overran {@code opTimeout} or an interrupt stopped
   *     the measurement
   */
  public static <T> T run(String test, Arms arms, Duration opTimeout, Measuring<T> measuring) throws Exception {
    WatchedArm baseline = new WatchedArm(test, "baseline", arms.baseline());
    WatchedArm candidate = new WatchedArm(test, "candidate", arms.candidate());
    WatchedArm emptyLoop = arms.emptyLoop() == null ? null : new WatchedArm(test, "empty loop", arms.emptyLoop());
    Arms watched = arms.withArms(baseline, candidate, emptyLoop);
    List<WatchedArm> all = emptyLoop == null ? List.of(baseline, candidate) : List.of(baseline, candidate, emptyLoop);

    AtomicReference<T> result = new AtomicReference<>();
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread thread =
        new Thread(
            () -> {
              try {
                result.set(measuring.measure(watched));
              } catch (Throwable t) {
                thrown.set(t);
              }
            },
            "perfbudget measuring " + test);
    thread.setDaemon(true);
    thread.start();
    try {
      while (thread.isAlive()) {
        thread.join(POLL_MILLIS);
        for (WatchedArm arm : all) {
          long running = arm.runningNanos();
          if (running > opTimeout.toNanos()) {
            stop(thread, test);
            throw new MeasurementStoppedException(hungMessage(test, arm, running, opTimeout));
          }
        }
      }
    } catch (InterruptedException e) {
      // Catching it cleared the test thread's flag; the measuring thread is stopped, not awaited.
      stop(thread, test);
      throw new MeasurementStoppedException(
          String.format(
              "@PerfBudget test %s: the test thread was interrupted while the arms were being measured "
                  + "(by an op, or by whatever runs the tests), so the measurement was stopped. The "
                  + "interrupt flag is cleared. An op must not interrupt threads it does not own.",
              test),
          e);
    }
    Throwable failure = thrown.get();
    if (failure instanceof Exception exception) {
      throw exception;
    }
    if (failure instanceof Error error) {
      throw error;
    }
    if (failure != null) {
      throw new IllegalStateException(failure);
    }
    return result.get();
  }

  /**
   * A note for a measurement taken while threads of hung arms are still running in this JVM,
   * or empty.
   */
  public static String leftBehindNote() {
    LEFT_BEHIND.removeIf(t -> !t.isAlive());
    if (LEFT_BEHIND.isEmpty()) {
      return "";
    }
    return String.format(
        "measured while %d hung arm(s) of earlier tests still ran in this JVM (%s); the numbers may be disturbed",
        LEFT_BEHIND.size(), LEFT_BEHIND.iterator().next().getName().replace("perfbudget measuring ", ""));
  }

  private static void stop(Thread thread, String test) {
    thread.interrupt();
    try {
      thread.join(GRACE_MILLIS);
    } catch (InterruptedException e) {
      // Interrupted again while stopping: give up waiting, the flag stays cleared.
    }
    if (thread.isAlive()) {
      LEFT_BEHIND.add(thread);
    }
  }

  private static String hungMessage(String test, WatchedArm arm, long runningNanos, Duration opTimeout) {
    return String.format(
        "@PerfBudget test %s: the %s arm `%s` did not return from a batch of %d operation(s) within "
            + "perfbudget.op.timeout (%s; it has run %s). The test fails and the tests after it go "
            + "on; an op that ignores interrupts keeps running on a daemon thread until the JVM "
            + "exits. Fix the op, or raise perfbudget.op.timeout if one batch really takes that long.",
        test, arm.role(), arm.name(), arm.batch(), Format.millis(opTimeout.toNanos()), Format.millis(runningNanos));
  }

  /** An arm that notes when each call started, and fails a call that leaves its thread interrupted. */
  static final class WatchedArm implements Arm {
    private final String test;
    private final String role;
    private final Arm arm;
    private volatile long startedAt;
    private volatile boolean running;
    private volatile long batch;

    WatchedArm(String test, String role, Arm arm) {
      this.test = test;
      this.role = role;
      this.arm = arm;
    }

    String role() {
      return role;
    }

    long batch() {
      return batch;
    }

    /** How long the call in progress has run, or 0 when none is. */
    long runningNanos() {
      long started = startedAt;
      return running ? System.nanoTime() - started : 0;
    }

    @Override
    public String name() {
      return arm.name();
    }

    @Override
    public boolean renewLoop() {
      return arm.renewLoop();
    }

    @Override
    public Sample run(long operations) throws Exception {
      batch = operations;
      startedAt = System.nanoTime();
      running = true;
      Sample sample;
      try {
        sample = arm.run(operations);
      } finally {
        running = false;
      }
      if (Thread.interrupted()) {
        throw new MeasurementStoppedException(
            String.format(
                "@PerfBudget test %s: the %s arm `%s` left the measuring thread interrupted, so the "
                    + "measurement was stopped. The interrupt flag is cleared. An op must not "
                    + "interrupt the thread that runs it; if it waits on something that may be "
                    + "interrupted, let it restore the state it found.",
                test, role, arm.name()));
      }
      return sample;
    }

    @Override
    public java.util.Map<String, Object> figures(double nsPerOp) {
      return arm.figures(nsPerOp);
    }
  }
}
