package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Blackhole;

/**
 * An op arm's loop counts in an {@code int}: a batch larger than one is run in several calls; a
 * renewed arm runs a fresh copy of its loop.
 */
class OpArmTest {

  /** A loop that notes the count of each call and reports a nanosecond per operation. */
  static final class NotingLoop implements OpArm.Loop {
    final List<Integer> calls = new ArrayList<>();

    @Override
    public void bind(Object op, Blackhole sink) {}

    @Override
    public long run(int operations) {
      calls.add(operations);
      return operations;
    }
  }

  @Test
  void aRenewedArmRunsItsOpFromAFreshCopyOfTheLoop() {
    int[] calls = new int[1];
    OpArm arm = new OpArm("count", OpArm.Op.of((java.util.function.IntSupplier) () -> ++calls[0]));
    Class<?> first = arm.loopClass();

    assertThat(arm.renewLoop()).as("renewed, to be warmed up").isTrue();

    assertThat(arm.loopClass()).isNotEqualTo(first);
    assertThat(arm.loopClass().isHidden()).isTrue();
    assertThat(arm.run(10).operations()).isEqualTo(10);
    assertThat(calls[0]).as("the op, called from the fresh loop").isEqualTo(10);
  }

  @Test
  void aBatchLargerThanOneCallRunsInCallsThatAddUpToIt() {
    NotingLoop loop = new NotingLoop();

    long nanos = OpArm.runInCalls(loop, 10, 4);

    assertThat(loop.calls).containsExactly(4, 4, 2);
    assertThat(nanos).isEqualTo(10);
  }

  @Test
  void aBatchPastWhatAnIntHoldsIsSplitAtTheLargestInt() {
    NotingLoop loop = new NotingLoop();

    long nanos = OpArm.runInCalls(loop, 3_000_000_000L, Integer.MAX_VALUE);

    assertThat(loop.calls).containsExactly(Integer.MAX_VALUE, (int) (3_000_000_000L - Integer.MAX_VALUE));
    assertThat(nanos).isEqualTo(3_000_000_000L);
  }
}
