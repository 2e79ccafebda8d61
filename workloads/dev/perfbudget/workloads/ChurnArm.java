package dev.perfbudget.workloads;

import dev.perfbudget.Arm;
import dev.perfbudget.CallSites;
import dev.perfbudget.Sample;
import dev.perfbudget.WorkloadDeclarationException;
import java.lang.invoke.MethodHandles;

/**
 * A churn arm: one operation is one block replacement, and a batch of N operations is N
 * replacements shared by all churn threads, timed from the start signal until the last thread is
 * done. Allocation is counted on every churn thread.
 *
 * <p>IMPLEMENTATION NOTES. Waking the worker threads costs a fixed time per batch, tens of
 * microseconds when the machine is busy, which would swamp a batch of a few replacements: on a
 * loaded 2-core machine one arm's batch once fell to a single replacement and measured 135 times
 * its twin. So a batch runs at least one full turn of every thread's blocks, and at least {@value
 * #MIN_BATCH_NANOS} ns at the lowest cost per replacement seen so far; the sample says how many
 * replacements it really ran, and the engine divides by that.
 */
final class ChurnArm implements Arm {

  static final long MIN_BATCH_NANOS = 500_000;

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
  private final long minOperations;
  private double lowestNsPerOp = Double.POSITIVE_INFINITY;

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
    this.minOperations = (long) sizes.length * blocksPerThread;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Sample run(long operations) throws AllocatorException, InterruptedException {
    long run = Math.max(operations, minimumBatch());
    ChurnCrew.Batch batch = crew.run(loop, blocks, run);
    if (batch.failure() != null) {
      releaseAll.run();
      throw new AllocatorException(name, batch.failedThread(), crew.threads(), batch.failure());
    }
    for (LiveBlocks threadBlocks : blocks) {
      if (threadBlocks.holdsNull()) {
        releaseAll.run();
        throw new WorkloadDeclarationException(
            "the allocator of arm \"" + name + "\" returned null: a churn keeps each block it gets live until it "
                + "replaces it, so an allocator must return the block it allocated, such as size -> new byte[size]");
      }
    }
    lowestNsPerOp = Math.min(lowestNsPerOp, (double) batch.nanos() / run);
    return new Sample(run, batch.nanos(), batch.allocatedBytes() < 0 ? Sample.NOT_COUNTED : batch.allocatedBytes());
  }

  private long minimumBatch() {
    if (Double.isInfinite(lowestNsPerOp) || lowestNsPerOp <= 0) {
      return minOperations;
    }
    return Math.max(minOperations, (long) Math.min(1L << 40, MIN_BATCH_NANOS / lowestNsPerOp));
  }

  /** Drops this arm's live blocks. */
  void drop() {
    for (LiveBlocks threadBlocks : blocks) {
      threadBlocks.drop();
    }
  }
}
