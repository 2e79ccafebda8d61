package dev.perfbudget.workloads;

/**
 * The measured loop of a churn arm. Never used as it is: {@link ChurnArm} runs a private copy per
 * arm (see {@link dev.perfbudget.CallSites}), shared by that arm's threads, so that the calls to
 * the allocator below only ever see one allocator and stay inlined.
 *
 * <p>Each replacement empties a slot, hands its block back to the allocator, and stores the new
 * block in the slot: the new block escapes into an array that outlives the call, so the JIT cannot
 * remove its allocation.
 */
final class ChurnLoop implements ChurnArm.Loop {

  private Allocator allocator;

  @Override
  public void bind(Allocator allocator) {
    this.allocator = allocator;
  }

  @Override
  public void replace(LiveBlocks blocks, long operations) {
    Allocator allocator = this.allocator;
    Object[] live = blocks.live;
    int[] sizes = blocks.sizes;
    int mask = sizes.length - 1;
    int first = blocks.first;
    int end = blocks.end;
    int slot = blocks.slot;
    int next = blocks.next;
    try {
      for (long i = 0; i < operations; i++) {
        Object old = live[slot];
        if (old != null) {
          live[slot] = null;
          allocator.release(old);
        }
        live[slot] = allocator.allocate(sizes[next]);
        next = (next + 1) & mask;
        if (++slot == end) {
          slot = first;
        }
      }
    } finally {
      blocks.slot = slot;
      blocks.next = next;
    }
  }
}
