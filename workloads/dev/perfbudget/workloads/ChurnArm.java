package dev.perfbudget.workloads;

import dev.perfbudget.Arm;
import dev.perfbudget.CallSites;
import dev.perfbudget.Sample;
import java.lang.invoke.MethodHandles;

/**
 * A churn arm: one operation is one block replacement, and a batch of N operations is N
 * replacements shared by all churn threads, timed from the start signal until the last thread is
 * done. Allocation is counted on every churn thread.
 */
final class ChurnArm implements Arm {

  /** What {@link ChurnLoop} and its copies are used through. */
  interface Loop {
    void bind(Allocator allocator);

    void replace(LiveBlocks blocks, long operations);
  }

  private final String name;
  private final Loop loop;
  private final LiveBlocks[] blocks;
  private final ChurnCrew crew;
  private final Runnable releaseAll;

  /**
   * @param sizes each thread's size sequence, the same for both arms
   * @param releaseAll stops the churn and frees its memory, when an allocator fails
   */
  ChurnArm(String name, Allocator allocator, int blocksPerThread, int[][] sizes, ChurnCrew crew, Runnable releaseAll) {
    this.name = name;
    this.loop = CallSites.copyOf(MethodHandles.lookup(), ChurnLoop.class, Loop.class);
    this.loop.bind(allocator);
    this.blocks = new LiveBlocks[sizes.length];
    for (int i = 0; i < sizes.length; i++) {
      blocks[i] = new LiveBlocks(blocksPerThread, sizes[i]);
    }
    this.crew = crew;
    this.releaseAll = releaseAll;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Sample run(long operations) throws AllocatorException {
    ChurnCrew.Batch batch = crew.run(loop, blocks, operations);
    if (batch.failure() != null) {
      releaseAll.run();
      throw new AllocatorException(name, batch.failedThread(), crew.threads(), batch.failure());
    }
    return new Sample(operations, batch.nanos(), batch.allocatedBytes() < 0 ? Sample.NOT_COUNTED : batch.allocatedBytes());
  }

  /** Drops this arm's live blocks. */
  void drop() {
    for (LiveBlocks threadBlocks : blocks) {
      threadBlocks.drop();
    }
  }
}
