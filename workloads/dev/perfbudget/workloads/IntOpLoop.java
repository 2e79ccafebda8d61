package dev.perfbudget.workloads;

import java.util.function.IntSupplier;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The measuring loop of an op arm whose op returns a int: its result goes to the {@code
 * Blackhole} as a int, unboxed. Run only as private copies, like {@link OpLoop}.
 */
final class IntOpLoop implements OpArm.Loop {

  private IntSupplier op;
  private Blackhole sink;
  /** Never set: read after every call, as in {@link OpLoop}. */
  private volatile boolean stopped;

  @Override
  public void bind(Object op, Blackhole sink) {
    this.op = (IntSupplier) op;
    this.sink = sink;
  }

  @Override
  public long run(int operations) {
    IntSupplier op = this.op;
    Blackhole sink = this.sink;
    long start = System.nanoTime();
    for (int done = 0; done < operations; done++) {
      sink.consume(op.getAsInt());
      if (stopped) {
        break;
      }
    }
    return System.nanoTime() - start;
  }
}
