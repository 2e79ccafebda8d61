package dev.perfbudget.bench;

/**
 * The cold-start candidate of {@link Boundary}: a trivial program that makes one host call,
 * serializes the answer and prints it, then exits.
 */
public final class HostInfoMain {

  private HostInfoMain() {}

  public static void main(String[] args) {
    // A StringBuilder, not '+': in a fresh JVM the first '+' bootstraps invokedynamic string
    // concatenation, which would make this "trivial" main measure that instead.
    System.out.println(
        new StringBuilder(64)
            .append("{\"os\":\"")
            .append(System.getProperty("os.name"))
            .append("\",\"cores\":")
            .append(Runtime.getRuntime().availableProcessors())
            .append(",\"uptimeNanos\":")
            .append(System.nanoTime())
            .append('}'));
  }
}
