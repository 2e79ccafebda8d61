package dev.perfbudget.workloads;

import dev.perfbudget.Arm;
import dev.perfbudget.CallSites;
import dev.perfbudget.Sample;
import java.lang.invoke.MethodHandles;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/** An op arm: calls one op per operation in a loop of its own. */
final class OpArm implements Arm {

  /** What {@link OpLoop}, its primitive siblings and their copies are used through. */
  interface Loop {
    /** Binds the op, of the type the loop class calls, and the sink for its results. */
    void bind(Object op, org.openjdk.jmh.infra.Blackhole sink);

    /**
     * Calls the op {@code operations} times (one or more) and returns the nanoseconds taken.
     *
     * <p>IMPLEMENTATION NOTES. After every call the loop reads a volatile field, as JMH's
     * measuring loop reads its {@code isDone} flag: without it the JIT overlaps the calls of a
     * counted loop and reads cheap ops lower than JMH does (bench {@code LoopCost},
     * docs/measuring.md: {@code HashMap.get} at 0.72 times JMH's loop). The count is the
     * loop's own ({@code for} up to {@code operations}, the flag only breaking out): a
     * do-while that tested the count and the flag together read {@code centsWithTax} at 1.19
     * to 1.24 times JMH's loop, this shape at 1.00 to 1.06, and five real ops at 0.88 to 1.10.
     *
     * <p>The count is an {@code int}. C2 compiles a loop counted in a {@code long} as a loop
     * nest, an {@code int} loop inside a {@code long} one, and in the nest's compiled form (the
     * form the engine runs, for the warm-up enters the loop thousands of times) {@code
     * centsWithTax} cost 2.63 to 2.72 ns/op against 2.38 to 2.46 counted in an {@code int} and
     * 2.42 to 2.45 in JMH's loop, whose count is never compared: a tenth of a cheap op's cost,
     * which moved its ratio to a 17 ns op by 11%. {@link OpArm#run} runs more operations than an
     * {@code int} holds in several calls.
     */
    long run(int operations);
  }

  /**
   * An op as the method body declared it: the function, and the loop class that calls it
   * without boxing its result.
   */
  record Op(Object function, Class<? extends Loop> loop) {

    static Op of(Supplier<?> op) {
      return new Op(op, OpLoop.class);
    }

    static Op of(IntSupplier op) {
      return new Op(op, IntOpLoop.class);
    }

    static Op of(LongSupplier op) {
      return new Op(op, LongOpLoop.class);
    }

    static Op of(DoubleSupplier op) {
      return new Op(op, DoubleOpLoop.class);
    }

    static Op of(BooleanSupplier op) {
      return new Op(op, BooleanOpLoop.class);
    }

    /** An op of this one's shape that does nothing: the empty loop measured beside it. */
    Op empty() {
      Object nothing = null;
      if (loop == IntOpLoop.class) {
        return of((IntSupplier) () -> 0);
      } else if (loop == LongOpLoop.class) {
        return of((LongSupplier) () -> 0L);
      } else if (loop == DoubleOpLoop.class) {
        return of((DoubleSupplier) () -> 0.0);
      } else if (loop == BooleanOpLoop.class) {
        return of((BooleanSupplier) () -> false);
      }
      return of((Supplier<?>) () -> nothing);
    }
  }

  private final String name;
  private final Op op;
  private Loop loop;

  OpArm(String name, Op op) {
    this.name = name;
    this.op = op;
    this.loop = freshLoop(op);
  }

  /** A copy of the op's loop class of its own, bound to the op. */
  private static Loop freshLoop(Op op) {
    Loop loop = CallSites.copyOf(MethodHandles.lookup(), op.loop(), Loop.class);
    loop.bind(op.function(), Sinks.newBlackhole());
    return loop;
  }

  /**
   * Replaces the loop with a fresh copy, which the JIT compiles after the op has compiled code of
   * its own.
   *
   * <p>IMPLEMENTATION NOTES. The first copy is compiled while the op still runs in profiling
   * code, and C2 inlines the whole op into it. JMH's loop is compiled again once its first
   * iteration ends (its exit test, never taken until then, traps and deoptimizes it), and by then
   * the op has its own compiled code: an op whose code is larger than {@code InlineSmallCode} is
   * called rather than inlined ("already compiled into a big method" in the JIT's log). A {@code
   * StringBuilder} chain read 34 to 35 ns/op inlined into the first copy and 38 to 40 called from
   * a fresh one, against JMH's 38 to 40; its ratio to {@code String.format} went from 16% over
   * JMH's to 5% to 8% (docs/jmh-agreement.md, "The loop compiled after the op").
   */
  @Override
  public boolean renewLoop() {
    loop = freshLoop(op);
    return true;
  }

  /** The class of the loop in use: a hidden class of its own, new with each renewal. */
  Class<?> loopClass() {
    return loop.getClass();
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Sample run(long operations) {
    long allocatedBefore = Allocation.currentThreadBytes();
    long nanos = runInCalls(loop, operations, Integer.MAX_VALUE);
    long allocated = Allocation.currentThreadBytes() - allocatedBefore;
    return new Sample(operations, nanos, allocatedBefore < 0 ? Sample.NOT_COUNTED : allocated);
  }

  /** Runs {@code operations} in calls of the loop of at most {@code most} each; returns their nanoseconds. */
  static long runInCalls(Loop loop, long operations, int most) {
    long nanos = 0;
    for (long left = operations; left > 0; left -= most) {
      nanos += loop.run((int) Math.min(left, most));
    }
    return nanos;
  }
}
