package dev.perfbudget.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The panel's benchmarks as {@link LibraryBenchmarks} runs them, in a fork that compiles them a
 * second and a third time: before iterations {@link JitHistory#REJIT_BEFORE} the fork starts its
 * JIT history afresh (see {@link JitHistory#rejit()}). A subclass, so that the agreement panel's
 * own forks run nothing of this.
 */
@State(Scope.Thread)
public class RejitBenchmarks extends LibraryBenchmarks {

  /** Iterations begun in this fork, warm-up included. */
  private int iterations;

  @Setup(Level.Iteration)
  public void rejitWhenDue() {
    iterations++;
    if (JitHistory.REJIT_BEFORE.contains(iterations)) {
      JitHistory.rejit();
    }
  }
}
