package dev.perfbudget.workloads;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * A main that does nothing: the default baseline of {@link ColdStartWorkload}, so that a cold
 * start is compared with the cost of starting and stopping a JVM at all.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class EmptyMain {

  private EmptyMain() {}

  public static void main(String[] args) {
    // Nothing: the JVM's own start and exit are what this main measures.
  }
}
