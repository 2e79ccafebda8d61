package dev.perfbudget.workloads;

import dev.perfbudget.Arm;
import dev.perfbudget.Sample;
import java.util.concurrent.ScheduledExecutorService;

/** A timer arm: one operation is one wait, timed from the request to its landing. */
final class TimerArm implements Arm {

  private final TimedWait wait;
  private final ScheduledExecutorService scheduler;

  TimerArm(TimedWait wait, ScheduledExecutorService scheduler) {
    this.wait = wait;
    this.scheduler = scheduler;
  }

  @Override
  public String name() {
    return wait.name();
  }

  @Override
  public Sample run(long operations) throws Exception {
    long nanos = 0;
    for (long i = 0; i < operations; i++) {
      nanos += wait.await(scheduler);
    }
    return Sample.timed(operations, nanos);
  }
}
