package dev.perfbudget.workloads;

import java.util.function.LongSupplier;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The measuring loop of an op arm whose op returns a long: its result goes to the {@code
 * Blackhole} as a long, unboxed. Run only as private copies, like {@link OpLoop}.
 */
final class LongOpLoop implements OpArm.Loop {

  private LongSupplier op;
  private Blackhole sink;
  /** Never set: read after every call, as in {@link OpLoop}. */
  private volatile boolean stopped;

  @Override
  public void bind(Object op, Blackhole sink) {
    this.op = (LongSupplier) op;
    this.sink = sink;
  }

  @Override
  public long run(int operations) {
    LongSupplier op = this.op;
    Blackhole sink = this.sink;
    long start = System.nanoTime();
    for (int done = 0; done < operations; done++) {
      sink.consume(op.getAsLong());
      if (stopped) {
        break;
      }
    }
    return System.nanoTime() - start;
  }
}
