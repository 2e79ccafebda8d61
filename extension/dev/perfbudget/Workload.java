package dev.perfbudget;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * A kind of workload that a {@link PerfBudget} method declares: a baseline and a candidate of
 * the same kind, which the extension measures side by side.
 *
 * <p>A parameter of a {@code @PerfBudget} method whose type implements {@code Workload} and has
 * a public no-argument constructor is created and injected by the extension. The method body
 * declares the two arms on it; after the body returns the extension calls {@link #prepare},
 * measures the arms it returns, and finally calls {@link #close}, also when measuring failed.
 * Users can add kinds of their own by implementing this interface.
 */
@API(status = STABLE, since = "0.1")
public interface Workload {

  /** The short name of this kind in reports and messages, such as {@code op}. */
  String kind();

  /**
   * Checks what the method body declared and returns the arms to measure. Throws {@link
   * WorkloadDeclarationException} with a message that says what is missing or wrong and how to
   * fix it; nothing has been measured or written then.
   */
  Arms prepare(WorkloadContext context);

  /** Releases what {@link #prepare} set up (threads, memory); called once, always. */
  default void close() {}
}
