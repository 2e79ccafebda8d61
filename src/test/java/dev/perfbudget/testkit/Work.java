package dev.perfbudget.testkit;

/**
 * Work of a known amount: {@code steps(n)} runs a chain of n dependent LCG steps, which the JIT
 * can neither shorten nor run in parallel, so {@code steps(2 * n)} costs twice {@code steps(n)}.
 * One step costs about 1.2 ns here; the result is a cached Boolean, so nothing is allocated.
 *
 * <p>Each call continues the chain of the previous one (the state is stored back): otherwise
 * the CPU overlaps the end of one call with the start of the next, and a short chain costs less
 * per step than a long one (measured here: 0.9 against 1.2 ns per step).
 */
public final class Work {

  private long seed = 0x9E3779B97F4A7C15L;

  public Boolean steps(int n) {
    long x = seed;
    for (int i = 0; i < n; i++) {
      x = x * 6364136223846793005L + 1442695040888963407L;
    }
    seed = x;
    return x < 0;
  }

  /** Changes the seed, so the JIT cannot treat it as a constant. */
  public void reseed(long value) {
    seed = value;
  }
}
