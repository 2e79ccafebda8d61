package dev.perfbudget.testkit;

import dev.perfbudget.Arm;
import dev.perfbudget.Arms;
import dev.perfbudget.Sample;
import dev.perfbudget.Sampling;
import dev.perfbudget.Workload;
import dev.perfbudget.WorkloadContext;
import java.util.Map;

/**
 * A workload kind of a test's own, whose arms the method body hands over as they are (such as
 * {@link FakeArm}s of made-up cost): for the rules that hold any kind, including a user's own.
 */
public final class MadeUpWorkload implements Workload {

  private Arm baseline;
  private Arm candidate;
  private Sampling sampling = Sampling.adaptive();

  public MadeUpWorkload arms(Arm baseline, Arm candidate) {
    this.baseline = baseline;
    this.candidate = candidate;
    return this;
  }

  public MadeUpWorkload sampling(Sampling sampling) {
    this.sampling = sampling;
    return this;
  }

  @Override
  public String kind() {
    return "made-up";
  }

  @Override
  public Arms prepare(WorkloadContext context) {
    return new Arms(baseline, candidate, null, Map.of(), sampling);
  }

  /** An arm whose clock never moves: every batch takes 0 ns. */
  public static Arm frozenClock(String name) {
    return new Arm() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Sample run(long operations) {
        return Sample.timed(operations, 0);
      }
    };
  }

  /** An arm that times its batch but says it ran no operation. */
  public static Arm noOperations(String name) {
    return new Arm() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Sample run(long operations) {
        return Sample.timed(0, 1000);
      }
    };
  }
}
