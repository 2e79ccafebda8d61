package dev.perfbudget.workloads;

import java.nio.IntBuffer;

/**
 * The linear congruential step {@code x = x * 1664525 + 1013904223} applied to every element
 * of a slice, one pass over the slice per round: a memory pass at one round, compute-bound at
 * many.
 */
final class LcgKernel implements Kernel {

  static final int MULTIPLIER = 1_664_525;
  static final int INCREMENT = 1_013_904_223;

  @Override
  public void run(IntBuffer elements, int from, int to, int rounds) {
    for (int round = 0; round < rounds; round++) {
      for (int i = from; i < to; i++) {
        elements.put(i, elements.get(i) * MULTIPLIER + INCREMENT);
      }
    }
  }

  @Override
  public String toString() {
    return "lcg";
  }
}
