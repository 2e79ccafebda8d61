package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfbudget.Arms;
import dev.perfbudget.Sample;
import dev.perfbudget.WorkloadContext;
import dev.perfbudget.testkit.StandaloneContext;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a churn arm runs its batches, without the engine. */
class ChurnArmTest {

  private static final WorkloadContext CONTEXT = new StandaloneContext("ChurnArmTest");

  @Test
  void bothArmsSeeTheSameSizesInTheSameOrder() throws Exception {
    List<Integer> baselineSizes = new ArrayList<>();
    List<Integer> candidateSizes = new ArrayList<>();
    ChurnWorkload churn = new ChurnWorkload().blocks(8).sizes(16, 4096)
        .baseline("a", size -> { baselineSizes.add(size); return new byte[size]; })
        .candidate("b", size -> { candidateSizes.add(size); return new byte[size]; });
    try {
      Arms arms = churn.prepare(CONTEXT);
      arms.baseline().run(100);
      arms.baseline().run(100); // runs more: half a millisecond's worth
      arms.candidate().run(100);
      arms.candidate().run(100);
    } finally {
      churn.close();
    }
    int common = Math.min(baselineSizes.size(), candidateSizes.size());
    assertThat(common).isGreaterThan(100);
    assertThat(candidateSizes.subList(0, common)).isEqualTo(baselineSizes.subList(0, common));
    assertThat(baselineSizes).allMatch(size -> size >= 16 && size <= 4096);
    assertThat(baselineSizes.stream().distinct().count()).as("distinct sizes").isGreaterThan(50);
  }

  @Test
  void aPooledAllocatorGetsBackEveryBlockTheChurnReplaces() throws Exception {
    List<Object> taken = new ArrayList<>();
    List<Object> givenBack = new ArrayList<>();
    ChurnWorkload churn = new ChurnWorkload().blocks(8).sizes(32, 32)
        .baseline("new byte[]", size -> new byte[size])
        .candidate("pool", Allocator.pooled(size -> { byte[] block = new byte[size]; taken.add(block); return block; },
            givenBack::add));
    try {
      churn.prepare(CONTEXT).candidate().run(100);
    } finally {
      churn.close();
    }
    // All but the 8 blocks still live came back, each once, oldest first.
    assertThat(taken).hasSize(100);
    assertThat(givenBack).hasSize(92);
    for (int i = 0; i < givenBack.size(); i++) {
      assertThat(givenBack.get(i)).isSameAs(taken.get(i));
    }
  }

  @Test
  void aBatchRunsAtLeastOneTurnOfEveryThreadsBlocksAndSaysSo() throws Exception {
    ChurnWorkload churn = new ChurnWorkload().threads(2).blocks(8).sizes(64, 64)
        .baseline("a", size -> new byte[size]).candidate("b", size -> new byte[size]);
    try {
      Arms arms = churn.prepare(CONTEXT);
      Sample first = arms.baseline().run(1);
      assertThat(first.operations()).isEqualTo(16);
      Sample large = arms.baseline().run(200_000);
      assertThat(large.operations()).isEqualTo(200_000);
      // From then on, at least half a millisecond at the lowest cost per op seen, which is at
      // most the large batch's cost per op.
      Sample small = arms.baseline().run(1);
      long atLargeBatchCost = (long) (ChurnArm.MIN_BATCH_NANOS / large.nanosPerOp());
      assertThat(small.operations()).isGreaterThan(16).isGreaterThanOrEqualTo(Math.min(atLargeBatchCost, 1L << 40));
    } finally {
      churn.close();
    }
  }
}
