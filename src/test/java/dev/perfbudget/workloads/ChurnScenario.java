package dev.perfbudget.workloads;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The allocation-churn scenarios of heapline's overhead history ({@code malloc_churn}), as churn
 * shapes: threads, sizes and resident memory, with 64 blocks per thread.
 *
 * <pre>{@code
 * @PerfBudget(maxRatio = 2)
 * void pooledBuffersUnderContention(ChurnWorkload churn) {
 *     ChurnScenario.CHURN_4T.applyTo(churn)
 *         .baseline("new byte[]", size -> new byte[size])
 *         .candidate("pool", Allocator.pooled(buffers::take, buffers::giveBack));
 * }
 * }</pre>
 *
 * <p>{@link #operations()} is how many replacements one timed run of the scenario does in the
 * overhead table (docs/churn.md), scaled down from heapline's so that a run takes a fraction of a
 * second instead of several.
 */
public enum ChurnScenario {

  /** Cost per allocation, without contention. */
  CHURN_1T("churn-1t", 1, 16, 4096, 0, 1_000_000),
  /** Four threads that only allocate: the worst case for anything shared between threads. */
  CHURN_4T("churn-4t", 4, 16, 4096, 0, 1_000_000),
  /** The same churn while the JVM holds 512 MiB, like a simulation with its arrays. */
  RESIDENT_4T("resident-4t", 4, 16, 4096, 512L << 20, 1_000_000),
  /** Blocks of 64 KiB to 1 MiB: few allocations, each a large one. */
  LARGE_4T("large-4t", 4, 64 << 10, 1 << 20, 0, 2_500);

  /** Live blocks per thread, as in heapline's scenarios. */
  public static final int BLOCKS = 64;

  private final String id;
  private final int threads;
  private final int minBytes;
  private final int maxBytes;
  private final long residentBytes;
  private final long operations;

  ChurnScenario(String id, int threads, int minBytes, int maxBytes, long residentBytes, long operations) {
    this.id = id;
    this.threads = threads;
    this.minBytes = minBytes;
    this.maxBytes = maxBytes;
    this.residentBytes = residentBytes;
    this.operations = operations;
  }

  /** The scenario's name in heapline's history and in tables, such as {@code churn-4t}. */
  public String id() {
    return id;
  }

  /** Sets this scenario's threads, blocks, sizes and resident memory on {@code churn}. */
  public ChurnWorkload applyTo(ChurnWorkload churn) {
    return churn.threads(threads).blocks(BLOCKS).sizes(minBytes, maxBytes).resident(residentBytes);
  }

  /**
   * Replacements in one timed run of the table, over all threads: a tenth of heapline's 10
   * million for the small blocks, and 2,500 instead of 2.5 million for {@link #LARGE_4T}, whose
   * every block the JVM zeroes (half a megabyte on average), so that a run takes a fraction of a
   * second on two cores.
   */
  public long operations() {
    return operations;
  }

  /** The scenario with {@code id}, such as {@code churn-4t}. */
  public static ChurnScenario byId(String id) {
    return Arrays.stream(values())
        .filter(s -> s.id.equals(id))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException(
            "no churn scenario \"" + id + "\"; the scenarios are "
                + Arrays.stream(values()).map(ChurnScenario::id).collect(Collectors.joining(", "))));
  }
}
