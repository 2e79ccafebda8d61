package dev.perfbudget.examples;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.workloads.Allocator;
import dev.perfbudget.workloads.ChurnWorkload;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;

/** Examples of churn budgets: allocation paths compared to plain {@code new byte[]}. */
class BufferChurnPerfTest {

  @PerfBudget(maxRatio = 3)
  void heapByteBuffersStayWithin3xOfPlainArrays(ChurnWorkload churn) {
    churn.threads(2).blocks(64).sizes(16, 4096)
        .baseline("new byte[]", size -> new byte[size])
        .candidate("ByteBuffer.allocate", ByteBuffer::allocate);
  }

  @PerfBudget(maxRatio = 3)
  void aPoolOfOneSizeStaysWithin3xOfPlainArrays(ChurnWorkload churn) {
    // One thread: this pool is not thread-safe. Blocks come back through Allocator.pooled.
    ArrayDeque<byte[]> pool = new ArrayDeque<>();
    churn.threads(1).blocks(64).sizes(1024, 1024)
        .baseline("new byte[1024]", size -> new byte[size])
        .candidate("pool", Allocator.pooled(
            size -> pool.isEmpty() ? new byte[size] : pool.pop(),
            block -> pool.push((byte[]) block)));
  }
}
