package dev.perfbudget.workloads;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * Where a {@link PoolWorkload} dispatches its slices: a description of a pool, made by {@link
 * Pools}. Declaring one starts nothing; the pool itself is started once per test class, the
 * first time a test uses it, shared by every test of the class that declares an equal pool, and
 * closed when the class is done.
 */
@API(status = STABLE, since = "0.1")
public final class Pool {

  /** Starts the pool this describes. */
  interface Starter {
    RunningPool start(PoolOptions options);
  }

  private final String description;
  private final String key;
  private final boolean childProcesses;
  private final Starter starter;

  Pool(String description, String key, boolean childProcesses, Starter starter) {
    this.description = description;
    this.key = key;
    this.childProcesses = childProcesses;
    this.starter = starter;
  }

  /** Equal keys share one running pool within a test class. */
  String key() {
    return key;
  }

  /** Whether the kernel runs in other JVMs, which create it by its class name. */
  boolean runsInChildProcesses() {
    return childProcesses;
  }

  RunningPool start(PoolOptions options) {
    return starter.start(options);
  }

  /** Such as {@code threads(4)}. */
  @Override
  public String toString() {
    return description;
  }
}
