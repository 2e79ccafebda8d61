package dev.perfbudget.bench;

import dev.perfbudget.WorkloadContext;
import java.util.Optional;
import java.util.function.Supplier;

/** The little a workload asks of its context, for benchmarks that prepare one outside a test. */
final class BenchContext implements WorkloadContext {

  @Override
  public String testName() {
    return "bench";
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
