package dev.perfbudget;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/** What the extension offers a {@link Workload} while it prepares its arms. */
@API(status = EXPERIMENTAL, since = "0.1")
public interface WorkloadContext {

  /** The test being run, as {@code <class FQN>#<method>}. */
  String testName();

  /** A JUnit configuration parameter, such as {@code perfbudget.churn.threads}. */
  Optional<String> configuration(String key);

  /**
   * A resource shared by all perf tests of the current test class, created on first use and
   * closed when the class is done (also when a test failed): warm thread pools, child JVMs.
   */
  <T extends AutoCloseable> T classResource(String key, Class<T> type, Supplier<T> create);
}
