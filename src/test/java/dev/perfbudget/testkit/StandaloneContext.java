package dev.perfbudget.testkit;

import dev.perfbudget.WorkloadContext;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The little a workload asks of its context, for tests and benchmarks that prepare a workload
 * outside a JUnit run: no configuration, and class resources created afresh each time.
 */
public final class StandaloneContext implements WorkloadContext {

  private final String testName;

  public StandaloneContext(String testName) {
    this.testName = testName;
  }

  @Override
  public String testName() {
    return testName;
  }

  @Override
  public Optional<String> configuration(String key) {
    return Optional.empty();
  }

  @Override
  public <T extends AutoCloseable> T classResource(String key, Class<T> type, Supplier<T> create) {
    return create.get();
  }
}
