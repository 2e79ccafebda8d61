package dev.perfbudget.junit;

import dev.perfbudget.WorkloadContext;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ExtensionContext;

/** What a workload sees of JUnit: the test's name, its configuration, class-wide resources. */
record JUnitWorkloadContext(String testName, ExtensionContext extensionContext) implements WorkloadContext {

  private static final Namespace NAMESPACE = Namespace.create(JUnitWorkloadContext.class);

  @Override
  public Optional<String> configuration(String key) {
    return extensionContext.getConfigurationParameter(key);
  }

  @Override
  // JUnit 6 deprecates getOrComputeIfAbsent for computeIfAbsent, which JUnit 5.14 lacks; this
  // one call runs on both.
  @SuppressWarnings("deprecation")
  public <T extends AutoCloseable> T classResource(String key, Class<T> type, Supplier<T> create) {
    // The test class's context: an invocation's parent is its template (the method), not the class.
    ExtensionContext classContext = extensionContext;
    while (classContext.getTestMethod().isPresent()) {
      classContext = classContext.getParent().orElseThrow(() -> new IllegalStateException("no class context"));
    }
    ClosedWithTheClass stored = classContext.getStore(NAMESPACE)
        .getOrComputeIfAbsent(key, k -> new ClosedWithTheClass(create.get()), ClosedWithTheClass.class);
    return type.cast(stored.resource());
  }

  /**
   * A class resource that JUnit closes when the test class ends, on every JUnit we support: 5.13
   * and later close AutoCloseable values of a Store, earlier versions only CloseableResource ones
   * (on JUnit 5.12.2 and 5.7.2, pool threads and child JVMs outlived their test class without
   * it). JUnit closes a value that is both once, through AutoCloseable where it can.
   */
  // deprecation: CloseableResource, deprecated from JUnit 5.13 on for AutoCloseable.
  // try: close() passes on whatever the resource throws; JUnit, not a try block, calls it.
  @SuppressWarnings({"deprecation", "try"})
  private record ClosedWithTheClass(AutoCloseable resource)
      implements AutoCloseable, ExtensionContext.Store.CloseableResource {

    @Override
    public void close() throws Exception {
      resource.close();
    }
  }
}
