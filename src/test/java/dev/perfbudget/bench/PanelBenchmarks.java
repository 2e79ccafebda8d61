package dev.perfbudget.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** The panel's workloads as JMH benchmarks, run by {@link JmhAgreement}. */
@State(Scope.Thread)
public class PanelBenchmarks {

  private final Panel panel = new Panel();

  @Benchmark
  public Object arithmetic() {
    return panel.arithmetic();
  }

  @Benchmark
  public Object allocation() {
    return panel.allocation();
  }

  @Benchmark
  public Object collection() {
    return panel.collection();
  }

  @Benchmark
  public Object string() {
    return panel.string();
  }

  @Benchmark
  public Object arrayLoop() {
    return panel.arrayLoop();
  }

  @Benchmark
  public Object memoryPass() {
    return panel.memoryPass();
  }
}
