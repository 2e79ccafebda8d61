package dev.perfbudget.workloads;

/**
 * Live memory a churn holds while it runs, like a simulation holding its arrays: primitive
 * arrays the collector must keep but need not scan for references.
 */
final class ResidentMemory {

  /** 256 KiB chunks: below half of G1's smallest region, so none is a humongous object. */
  private static final int CHUNK_LONGS = 32 * 1024;
  /** The most a chunk table can hold: {@code Integer.MAX_VALUE} chunks of 256 KiB. */
  static final long MAX_BYTES = Integer.MAX_VALUE * (CHUNK_LONGS * 8L);

  private long[][] chunks;

  private ResidentMemory(long[][] chunks) {
    this.chunks = chunks;
  }

  static ResidentMemory none() {
    return new ResidentMemory(null);
  }

  /**
   * Allocates {@code bytes} of live memory, then runs one full collection so that it sits in the
   * old generation, as in a process that has held it for a while, and the measurement does not
   * pay for copying it out of the young generation.
   *
   * @throws OutOfMemoryError when the heap cannot hold it; nothing is held then
   */
  static ResidentMemory hold(long bytes) {
    if (bytes == 0) {
      return none();
    }
    long chunkBytes = CHUNK_LONGS * 8L;
    long count = (bytes + chunkBytes - 1) / chunkBytes;
    long[][] chunks = new long[Math.toIntExact(count)][];
    for (int i = 0; i < chunks.length; i++) {
      long left = bytes - i * chunkBytes;
      chunks[i] = new long[(int) Math.min(CHUNK_LONGS, (left + 7) / 8)];
    }
    System.gc();
    return new ResidentMemory(chunks);
  }

  void release() {
    chunks = null;
  }
}
