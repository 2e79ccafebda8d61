package dev.perfbudget.workloads;

/**
 * A main that does nothing: the default baseline of {@link ColdStartWorkload}, so that a cold
 * start is compared with the cost of starting and stopping a JVM at all.
 */
public final class EmptyMain {

  private EmptyMain() {}

  public static void main(String[] args) {
    // Nothing: the JVM's own start and exit are what this main measures.
  }
}
