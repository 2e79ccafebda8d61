package dev.perfbudget;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.apiguardian.api.API;

/**
 * Gives each arm a call site of its own, by loading a private copy of the class that holds the
 * measuring loop.
 *
 * <p>IMPLEMENTATION NOTES. The JIT profiles a call site per class: a loop that calls {@code
 * op.get()} for many different ops sees many receiver types, turns megamorphic, and stops
 * inlining, which made one op here 7.6x slower once three other workloads had run through the
 * same loop. JMH avoids this by generating a class per benchmark at build time; we do the same
 * at run time: every call to {@link #copyOf} defines a new hidden class from the bytes of the
 * template, so each copy starts with a fresh profile that only ever sees one op.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class CallSites {

  private CallSites() {}

  /**
   * Returns a new instance of a fresh copy of {@code template}, which must have a no-argument
   * constructor and be in the package of {@code lookup}.
   *
   * @param lookup {@code MethodHandles.lookup()} called in the template's package
   * @param template the class holding the loop
   * @param type the interface the copy is used through (the copy itself has no usable name)
   */
  public static <T> T copyOf(MethodHandles.Lookup lookup, Class<? extends T> template, Class<T> type) {
    String resource = template.getName().replace('.', '/') + ".class";
    try (InputStream in = template.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("Cannot read the bytes of " + template.getName());
      }
      MethodHandles.Lookup copy = lookup.defineHiddenClass(in.readAllBytes(), true);
      MethodHandle constructor =
          copy.findConstructor(copy.lookupClass(), MethodType.methodType(void.class));
      return type.cast(constructor.invoke());
    } catch (Throwable e) {
      throw new IllegalStateException("Cannot copy the loop class " + template.getName(), e);
    }
  }
}
