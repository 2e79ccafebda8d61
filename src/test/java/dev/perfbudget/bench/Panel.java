package dev.perfbudget.bench;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The JMH agreement panel: six workloads from about 1 ns to about 1 ms per op, each one method
 * that JMH ({@link PanelBenchmarks}) and perfbudget ({@link JmhAgreement}) call alike. Each
 * returns an object, as an op workload's supplier does, and allocates only where allocating is
 * the workload; per-call state (an index, a seed) is stored back so calls cannot be folded.
 */
public final class Panel {

  /** The workloads by name, in order of cost, as perfbudget op suppliers. */
  static final Map<String, Function<Panel, Supplier<?>>> WORKLOADS = new LinkedHashMap<>();

  static {
    WORKLOADS.put("arithmetic", panel -> panel::arithmetic);
    WORKLOADS.put("allocation", panel -> panel::allocation);
    WORKLOADS.put("collection", panel -> panel::collection);
    WORKLOADS.put("string", panel -> panel::string);
    WORKLOADS.put("arrayLoop", panel -> panel::arrayLoop);
    WORKLOADS.put("memoryPass", panel -> panel::memoryPass);
  }

  private static final int KEYS = 4096;
  private static final int WORDS = 64;
  private static final int SMALL_ARRAY = 4096;
  /** 64 MB: twice this machine's 32 MB L3. */
  private static final int BIG_ARRAY = 8 << 20;
  /**
   * One long every 512 bytes: 131,072 reads per pass, one cache line each (8 MB of lines, which
   * the L3 can partly hold between passes: the pass is bound by the L3 and memory, not the core).
   */
  private static final int STRIDE = 64;

  private long seed = 0x9E3779B97F4A7C15L;
  private int index;
  private final HashMap<Integer, Integer> map = new HashMap<>();
  private final Integer[] keys = new Integer[KEYS];
  private final String[] words = new String[WORDS];
  private final int[] small = new int[SMALL_ARRAY];
  private final long[] big = new long[BIG_ARRAY];

  public Panel() {
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < KEYS; i++) {
      keys[i] = random.nextInt();
      map.put(keys[i], i);
    }
    for (int i = 0; i < WORDS; i++) {
      words[i] = String.format(Locale.ROOT, "perfbudget word %d of the panel", random.nextInt(1_000_000));
    }
    for (int i = 0; i < SMALL_ARRAY; i++) {
      small[i] = random.nextInt();
    }
    for (int i = 0; i < BIG_ARRAY; i++) {
      big[i] = random.nextLong();
    }
  }

  /** One LCG step: a multiply and an add, about a nanosecond. */
  public Boolean arithmetic() {
    long x = seed * 6364136223846793005L + 1442695040888963407L;
    seed = x;
    return x < 0;
  }

  /** A small allocation: an array of four ints. */
  public Object allocation() {
    return new int[4];
  }

  /** A hash map lookup among 4096 boxed keys. */
  public Object collection() {
    return map.get(keys[index++ & (KEYS - 1)]);
  }

  /** A String operation: one of 64 short words in upper case. */
  public Object string() {
    return words[index++ & (WORDS - 1)].toUpperCase(Locale.ROOT);
  }

  /** A loop summing 4096 ints that stay in the L1 cache. */
  public Boolean arrayLoop() {
    int[] values = small;
    long sum = seed;
    for (int value : values) {
      sum += value;
    }
    seed = sum;
    return sum < 0;
  }

  /** A memory-bound pass: one long every 512 bytes of a 64 MB array, about a millisecond. */
  public Boolean memoryPass() {
    long[] values = big;
    long sum = seed;
    for (int i = 0; i < values.length; i += STRIDE) {
      sum += values[i];
    }
    seed = sum;
    return sum < 0;
  }
}
