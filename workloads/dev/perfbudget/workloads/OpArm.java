package dev.perfbudget.workloads;

import dev.perfbudget.Arm;
import dev.perfbudget.CallSites;
import dev.perfbudget.Sample;
import java.lang.invoke.MethodHandles;
import java.util.function.Supplier;

/** An op arm: calls one {@link Supplier} per operation in a loop of its own. */
final class OpArm implements Arm {

  /** What {@link OpLoop} and its copies are used through. */
  interface Loop {
    void bind(Supplier<?> op, org.openjdk.jmh.infra.Blackhole sink);

    long run(long operations);
  }

  private final String name;
  private final Loop loop;

  OpArm(String name, Supplier<?> op) {
    this.name = name;
    this.loop = CallSites.copyOf(MethodHandles.lookup(), OpLoop.class, Loop.class);
    this.loop.bind(op, Sinks.newBlackhole());
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Sample run(long operations) {
    long allocatedBefore = Allocation.currentThreadBytes();
    long nanos = loop.run(operations);
    long allocated = Allocation.currentThreadBytes() - allocatedBefore;
    return new Sample(operations, nanos, allocatedBefore < 0 ? Sample.NOT_COUNTED : allocated);
  }
}
