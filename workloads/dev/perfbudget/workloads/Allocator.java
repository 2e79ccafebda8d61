package dev.perfbudget.workloads;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.apiguardian.api.API;

/**
 * How one arm of a {@link ChurnWorkload} gets a block of a given size: {@code size -> new
 * byte[size]}, a pool, an instrumented allocator.
 *
 * <p>The block returned is kept live until the churn replaces it, so the JIT cannot remove the
 * allocation (see docs/churn.md, "Escape analysis"). When a block is replaced it is handed to
 * {@link #release}, which does nothing unless the allocator says otherwise: a pool gets its
 * blocks back through {@link #pooled}.
 *
 * <pre>{@code
 * churn.baseline("new byte[]", size -> new byte[size])
 *      .candidate("pool", Allocator.pooled(buffers::take, buffers::giveBack));
 * }</pre>
 */
@FunctionalInterface
@API(status = STABLE, since = "0.1")
public interface Allocator {

  /** Returns a block of {@code size} bytes (or whatever this allocator makes of that size). */
  Object allocate(int size);

  /**
   * Takes back a block this allocator returned, when the churn replaces it; the churn holds no
   * reference to it afterwards. Does nothing by default: the garbage collector frees the block.
   */
  default void release(Object block) {}

  /**
   * An allocator that takes blocks from {@code take} and gives replaced blocks back to {@code
   * giveBack}, for object pools.
   */
  static Allocator pooled(IntFunction<?> take, Consumer<Object> giveBack) {
    Objects.requireNonNull(take, "take");
    Objects.requireNonNull(giveBack, "giveBack");
    return new Allocator() {
      @Override
      public Object allocate(int size) {
        return take.apply(size);
      }

      @Override
      public void release(Object block) {
        giveBack.accept(block);
      }
    };
  }
}
