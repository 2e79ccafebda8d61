package dev.perfbudget.workloads;

import static org.apiguardian.api.API.Status.STABLE;

import java.nio.IntBuffer;
import org.apiguardian.api.API;

/**
 * The work a {@link PoolWorkload} dispatches: rounds of an in-place transform over one slice of
 * a buffer of 32-bit elements that every worker shares.
 *
 * <p>A dispatch calls {@link #run} once per slice, on different workers at the same time, so an
 * implementation reads and writes only the elements {@code [from, to)} of its slice; the pool's
 * result is checked against serial, and a kernel that touches other slices fails that check.
 * For {@link Pools#processes(int)} the kernel runs in child JVMs, which create it with its
 * no-argument constructor: it must be a named class (not a lambda) whose behaviour does not
 * depend on fields set after construction.
 */
@FunctionalInterface
@API(status = STABLE, since = "0.1")
public interface Kernel {

  /**
   * Runs {@code rounds} rounds over the elements {@code [from, to)} of {@code elements}, in place.
   * Use absolute {@code get(int)} and {@code put(int, int)}: the buffer's position is shared.
   */
  void run(IntBuffer elements, int from, int to, int rounds);
}
