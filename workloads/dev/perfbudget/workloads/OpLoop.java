package dev.perfbudget.workloads;

import java.util.function.Supplier;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The measuring loop of an op arm. Never used as it is: {@link OpArm} runs a private copy per
 * arm (see {@link dev.perfbudget.CallSites}), so that {@code op.get()} below only ever sees one
 * op and stays inlined.
 */
final class OpLoop implements OpArm.Loop {

  private Supplier<?> op;
  private Blackhole sink;
  /**
   * Never set. Read after every call, as JMH's loop reads its own flag, so that the JIT keeps
   * the calls apart as JMH's loop does (see {@link OpArm.Loop#run}).
   */
  private volatile boolean stopped;

  @Override
  public void bind(Object op, Blackhole sink) {
    this.op = (Supplier<?>) op;
    this.sink = sink;
  }

  @Override
  public long run(int operations) {
    Supplier<?> op = this.op;
    Blackhole sink = this.sink;
    long start = System.nanoTime();
    for (int done = 0; done < operations; done++) {
      sink.consume(op.get());
      if (stopped) {
        break;
      }
    }
    return System.nanoTime() - start;
  }
}
