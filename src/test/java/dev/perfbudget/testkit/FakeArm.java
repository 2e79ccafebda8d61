package dev.perfbudget.testkit;

import dev.perfbudget.Arm;
import dev.perfbudget.Sample;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntToDoubleFunction;

/**
 * An arm whose cost is made up: {@code cost} gives the ns per operation of its n-th call, and
 * noise spreads it by a fixed fraction. It returns at once, so the sampler's logic is tested
 * without depending on this machine's speed.
 */
public final class FakeArm implements Arm {

  private final String name;
  private final IntToDoubleFunction cost;
  private final double noise;
  private final SplittableRandom random;
  private final List<String> log;
  private final List<Integer> renewedAfterCalls = new ArrayList<>();
  private int calls;

  public FakeArm(String name, IntToDoubleFunction cost, double noise, long seed, List<String> log) {
    this.name = name;
    this.cost = cost;
    this.noise = noise;
    this.random = new SplittableRandom(seed);
    this.log = log;
  }

  public static FakeArm steady(String name, double nsPerOp, double noise, List<String> log) {
    return new FakeArm(name, call -> nsPerOp, noise, name.hashCode(), log);
  }

  public static FakeArm steady(String name, double nsPerOp) {
    return steady(name, nsPerOp, 0.02, new ArrayList<>());
  }

  public int calls() {
    return calls;
  }

  /** How many calls this arm had run each time its loop was renewed. */
  public List<Integer> renewedAfterCalls() {
    return renewedAfterCalls;
  }

  @Override
  public boolean renewLoop() {
    renewedAfterCalls.add(calls);
    return true;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Sample run(long operations) {
    calls++;
    log.add(name);
    double perOp = cost.applyAsDouble(calls) * (1 + noise * (2 * random.nextDouble() - 1));
    return new Sample(operations, Math.max(1, Math.round(perOp * operations)), 8 * operations);
  }
}
