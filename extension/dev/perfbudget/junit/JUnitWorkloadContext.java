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
    // AutoCloseable values in a Store are closed when their context ends, here the test class.
    return classContext.getStore(NAMESPACE).getOrComputeIfAbsent(key, k -> create.get(), type);
  }
}
