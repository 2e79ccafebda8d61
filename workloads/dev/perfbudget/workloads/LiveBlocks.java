package dev.perfbudget.workloads;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * What one churn thread of one arm holds: its live blocks, the slot it replaces next, and where
 * it is in its sequence of sizes.
 *
 * <p>The sizes are drawn once, from a generator seeded by the thread's index, into a table whose
 * length is a power of two, and then cycled through with a mask: both arms' thread {@code i} use
 * the same table, so they see the same sizes in the same order, and the measured loop only reads
 * an array.
 *
 * <p>The live slots sit between {@value #PAD} unused slots on either side: every replacement
 * writes a slot, and without the padding two threads' arrays, allocated next to each other, would
 * share cache lines and slow each other down (false sharing).
 */
final class LiveBlocks {

  /** Sizes per thread before the sequence repeats; a power of two. */
  static final int SEQUENCE_LENGTH = 4096;
  /** Unused slots on each side of the live ones: 128 bytes or more, two cache lines. */
  static final int PAD = 32;

  final Object[] live;
  final int[] sizes;
  /** The first live slot of {@link #live}; the ones before and after the live slots stay empty. */
  final int first;
  /** One past the last live slot. */
  final int end;
  /** The slot the next replacement fills; advanced by the loop. */
  int slot;
  /** The index in {@link #sizes} of the next size; advanced by the loop. */
  int next;

  LiveBlocks(int blocks, int[] sizes) {
    this.live = new Object[PAD + blocks + PAD];
    this.sizes = sizes;
    this.first = PAD;
    this.end = PAD + blocks;
    this.slot = first;
  }

  /** Whether a live slot is empty: after a batch, which replaces every slot, the allocator returned null. */
  boolean holdsNull() {
    for (int i = first; i < end; i++) {
      if (live[i] == null) {
        return true;
      }
    }
    return false;
  }

  /** Drops every live block, so that the garbage collector can free them. */
  void drop() {
    Arrays.fill(live, null);
  }

  /** The sizes one thread cycles through: {@code minBytes..maxBytes}, uniform, seeded. */
  static int[] sizeSequence(long seed, int minBytes, int maxBytes) {
    SplittableRandom random = new SplittableRandom(seed);
    int[] sizes = new int[SEQUENCE_LENGTH];
    for (int i = 0; i < sizes.length; i++) {
      sizes[i] = (int) random.nextLong(minBytes, (long) maxBytes + 1);
    }
    return sizes;
  }
}
