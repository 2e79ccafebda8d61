package dev.perfbudget.testkit;

/**
 * Work of a known amount: {@code steps(n)} runs a chain of n dependent LCG steps, which the JIT
 * can neither shorten nor run in parallel, so {@code steps(2 * n)} costs twice {@code steps(n)}.
 * One step costs about 1.2 ns here; the result is a cached Boolean, so nothing is allocated.
 *
 * <p>Each call continues the chain of the previous one (the state is stored back): otherwise
 * the CPU overlaps the end of one call with the start of the next, and a short chain costs less
 * per step than a long one (measured here: 0.9 against 1.2 ns per step).
 *
 * <p>Each step also adds a bit of its own input ({@code x >>> 31}): a plain {@code x * a + c}
 * chain of a constant length is folded into one multiply-add by Java 25's C2 once unrolled
 * (measured: 16 and 32 steps cost the same there), and the shifted term cannot be folded.
 */
public final class Work {

  private long seed = 0x9E3779B97F4A7C15L;

  public Boolean steps(int n) {
    long x = seed;
    for (int i = 0; i < n; i++) {
      x = x * 6364136223846793005L + (x >>> 31) + 1442695040888963407L;
    }
    seed = x;
    return x < 0;
  }

  /** Changes the seed, so the JIT cannot treat it as a constant. */
  public void reseed(long value) {
    seed = value;
  }
}
