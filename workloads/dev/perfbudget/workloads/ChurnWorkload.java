package dev.perfbudget.workloads;

import static org.apiguardian.api.API.Status.STABLE;

import dev.perfbudget.Arms;
import dev.perfbudget.Workload;
import dev.perfbudget.WorkloadContext;
import dev.perfbudget.WorkloadDeclarationException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The cost of an allocation path under churn, in time and in bytes: each churn thread keeps
 * {@link #blocks} live blocks and replaces them in turn, each with a block of a pseudo-random
 * size from {@link #sizes}, obtained from the arm's {@link Allocator}.
 *
 * <pre>{@code
 * @PerfBudget(maxRatio = 3)
 * void pooledBuffersStayCheap(ChurnWorkload churn) {
 *     churn.threads(4).blocks(64).sizes(16, 4096)
 *          .baseline("new byte[]", size -> new byte[size])
 *          .candidate("pool", Allocator.pooled(buffers::take, buffers::giveBack));
 * }
 * }</pre>
 *
 * <p>One operation is one block replacement. A batch of N operations is shared evenly by the
 * {@link #threads} churn threads (the calling thread and {@code threads - 1} workers started
 * before measuring and stopped after), and timed from the start signal until the last thread is
 * done. Bytes per operation count what every churn thread allocated. Both arms see the same sizes
 * in the same order: thread {@code i} of each arm cycles through the same seeded sequence.
 * {@link #resident} makes the JVM hold that much more live memory while the churn runs.
 *
 * <p>Defaults: 1 thread, 64 blocks, sizes 16 to 4096 bytes, nothing resident. Everything is
 * checked before anything runs; see docs/churn.md.
 */
@API(status = STABLE, since = "0.1")
public final class ChurnWorkload implements Workload {

  /** Of the max heap, what the resident memory and both arms' live blocks may take at most. */
  static final double HEAP_SHARE = 0.75;
  private static final int MAX_THREADS = 256;
  /** Far more live blocks than a churn needs, and far below an array's length limit. */
  private static final int MAX_BLOCKS = 1 << 24;
  /** Sizes of the array header, on 64-bit HotSpot with compressed class pointers. */
  private static final int ARRAY_HEADER = 16;

  private int threads = 1;
  private int blocks = 64;
  private int minBytes = 16;
  private int maxBytes = 4096;
  private long resident;
  private final DeclaredArm<Allocator> baseline = new DeclaredArm<>("baseline");
  private final DeclaredArm<Allocator> candidate = new DeclaredArm<>("candidate");

  private ChurnCrew crew;
  private ResidentMemory residentMemory = ResidentMemory.none();
  private ChurnArm baselineArm;
  private ChurnArm candidateArm;

  /** How many threads churn at once (default 1); at least 1. */
  public ChurnWorkload threads(int threads) {
    if (threads < 1 || threads > MAX_THREADS) {
      throw new WorkloadDeclarationException(
          "threads(" + threads + ") is out of range: a churn runs on 1 to " + MAX_THREADS + " threads");
    }
    this.threads = threads;
    return this;
  }

  /** How many live blocks each thread keeps and replaces in turn (default 64); at least 1. */
  public ChurnWorkload blocks(int blocks) {
    if (blocks < 1 || blocks > MAX_BLOCKS) {
      throw new WorkloadDeclarationException(
          "blocks(" + blocks + ") is out of range: each churn thread keeps 1 to " + MAX_BLOCKS + " live blocks");
    }
    this.blocks = blocks;
    return this;
  }

  /** The range of block sizes in bytes, both included (default 16 to 4096). */
  public ChurnWorkload sizes(int minBytes, int maxBytes) {
    if (minBytes < 0 || maxBytes < 0) {
      throw new WorkloadDeclarationException(
          "sizes(" + minBytes + ", " + maxBytes + ") has a negative size; sizes are bytes, 0 or more");
    }
    if (minBytes > maxBytes) {
      throw new WorkloadDeclarationException(
          "sizes(" + minBytes + ", " + maxBytes + ") has minBytes above maxBytes; write sizes("
              + maxBytes + ", " + minBytes + ")");
    }
    this.minBytes = minBytes;
    this.maxBytes = maxBytes;
    return this;
  }

  /** Live memory, in bytes, that the JVM holds while the churn runs and releases after (default 0). */
  public ChurnWorkload resident(long bytes) {
    if (bytes < 0) {
      throw new WorkloadDeclarationException("resident(" + bytes + ") is negative; give 0 or more bytes");
    }
    this.resident = bytes;
    return this;
  }

  /** Declares the baseline: the allocator the candidate is compared to. Declare it once. */
  public ChurnWorkload baseline(String name, Allocator allocator) {
    baseline.declare(name, baseline.nonNull(name, allocator, "allocator; pass one such as size -> new byte[size]"));
    return this;
  }

  /** Declares the candidate: the allocator under budget. Declare it once. */
  public ChurnWorkload candidate(String name, Allocator allocator) {
    candidate.declare(name, candidate.nonNull(name, allocator, "allocator; pass one such as size -> new byte[size]"));
    return this;
  }

  @Override
  public String kind() {
    return "churn";
  }

  @Override
  public Arms prepare(WorkloadContext context) {
    Allocator baselineAllocator = baseline.required("churn.baseline(\"name\", size -> new byte[size])");
    Allocator candidateAllocator = candidate.required("churn.candidate(\"name\", size -> ...)");
    checkHeap(Runtime.getRuntime().maxMemory());
    int[][] sizes = new int[threads][];
    for (int i = 0; i < threads; i++) {
      sizes[i] = LiveBlocks.sizeSequence(i, minBytes, maxBytes);
    }
    try {
      residentMemory = ResidentMemory.hold(resident);
    } catch (OutOfMemoryError e) {
      release();
      throw new WorkloadDeclarationException(
          "resident(" + resident + ") could not be allocated: " + e.getMessage() + " with a max heap of "
              + mib(Runtime.getRuntime().maxMemory()) + "; lower resident(...) or raise -Xmx");
    }
    crew = new ChurnCrew(threads);
    baselineArm = new ChurnArm(baseline.name(), baselineAllocator, blocks, sizes, crew, this::release);
    candidateArm = new ChurnArm(candidate.name(), candidateAllocator, blocks, sizes, crew, this::release);
    return new Arms(baselineArm, candidateArm, null, parameters());
  }

  /** Fails when the resident memory and both arms' live blocks would not fit in the heap. */
  void checkHeap(long maxHeap) {
    if (maxHeap == Long.MAX_VALUE) {
      maxHeap = ResidentMemory.MAX_BYTES; // no heap limit: what one workload can hold at most
    }
    // In doubles: resident(Long.MAX_VALUE) or huge blocks would overflow a long and pass.
    double liveBlocks = 2.0 * threads * blocks * (((long) minBytes + maxBytes) / 2 + ARRAY_HEADER);
    double needed = resident + liveBlocks;
    double allowed = maxHeap * HEAP_SHARE;
    if (needed > allowed) {
      throw new WorkloadDeclarationException(
          String.format(
              "resident(%d) plus the live blocks of both arms (about 2 x %d threads x %d blocks x "
                  + "%d bytes = %s) need %s, more than the %s the heap can hold for a churn (%d%% of "
                  + "the max heap, %s; the collector needs the rest to work); lower resident(...), "
                  + "blocks(...) or the sizes, or raise -Xmx",
              resident, threads, blocks, ((long) minBytes + maxBytes) / 2 + ARRAY_HEADER, mib(liveBlocks),
              mib(needed), mib(allowed), Math.round(HEAP_SHARE * 100), mib(maxHeap)));
    }
  }

  private Map<String, Object> parameters() {
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("threads", threads);
    parameters.put("blocks", blocks);
    parameters.put("minBytes", minBytes);
    parameters.put("maxBytes", maxBytes);
    parameters.put("residentBytes", resident);
    parameters.put("operation", "one block replacement");
    return parameters;
  }

  private static String mib(double bytes) {
    return String.format("%.1f MiB", bytes / (1024.0 * 1024));
  }

  /** Stops the churn threads and frees the live blocks and resident memory; safe to repeat. */
  private void release() {
    if (crew != null) {
      crew.close();
    }
    if (baselineArm != null) {
      baselineArm.drop();
    }
    if (candidateArm != null) {
      candidateArm.drop();
    }
    residentMemory.release();
  }

  @Override
  public void close() {
    release();
  }

  /** The shape in words, such as {@code 4 threads x 64 blocks of 16..4096 bytes}. */
  @Override
  public String toString() {
    String shape = String.format("%d thread%s x %d blocks of %d..%d bytes", threads, threads == 1 ? "" : "s",
        blocks, minBytes, maxBytes);
    return resident == 0 ? shape : shape + ", " + mib(resident).replace(".0 ", " ") + " resident";
  }
}
