package dev.perfbudget.workloads;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/** Ready {@link Kernel}s. */
@API(status = STABLE, since = "0.1")
public final class Kernels {

  private Kernels() {}

  /**
   * The in-place LCG transform of the break-even benchmark: each round replaces every element
   * {@code x} of the slice with {@code x * 1664525 + 1013904223} (mod 2<sup>32</sup>). One
   * round is a memory-bound pass; many rounds over a small slice are compute-bound. Works with
   * every pool, child processes included.
   */
  public static Kernel lcg() {
    return new LcgKernel();
  }
}
