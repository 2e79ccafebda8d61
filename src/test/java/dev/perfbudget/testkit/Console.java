package dev.perfbudget.testkit;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Runs code with {@code System.out} and {@code System.err} going to a buffer: what fixtures and
 * deliberate faults print for a user's console (verdict lines, FAIL lines, warnings) stays out of
 * this build's own output, where it would read like a broken build, and tests can check it.
 *
 * <pre>{@code
 * String printed = Console.printedBy(() -> new ReportFile(dir).report(outcome, environment));
 * assertThat(printed).contains("was damaged");
 * }</pre>
 */
public final class Console {

  /** Code that may throw. */
  @FunctionalInterface
  public interface Action<T, E extends Exception> {
    T run() throws E;
  }

  /** Code without a result that may throw. */
  @FunctionalInterface
  public interface VoidAction<E extends Exception> {
    void run() throws E;
  }

  /** What an action returned, and what it printed to either stream, in order. */
  public record Printed<T>(T result, String text) {}

  private Console() {}

  // One capture at a time: the two streams are global to the JVM.
  public static synchronized <T, E extends Exception> Printed<T> capture(Action<T, E> action) throws E {
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    PrintStream both = new PrintStream(buffer, true, StandardCharsets.UTF_8);
    System.setOut(both);
    System.setErr(both);
    T result;
    try {
      result = action.run();
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
    return new Printed<>(result, buffer.toString(StandardCharsets.UTF_8));
  }

  /** What an action printed to either stream. */
  public static <E extends Exception> String printedBy(VoidAction<E> action) throws E {
    return capture(() -> {
      action.run();
      return null;
    }).text();
  }
}
