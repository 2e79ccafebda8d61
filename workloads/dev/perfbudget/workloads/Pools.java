package dev.perfbudget.workloads;

import static org.apiguardian.api.API.Status.STABLE;

import dev.perfbudget.WorkloadDeclarationException;
import java.lang.reflect.Method;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.apiguardian.api.API;

/**
 * The pools a {@link PoolWorkload} can dispatch on. All are warm and persistent: started once
 * per test class, before anything is measured, and closed when the class is done.
 */
@API(status = STABLE, since = "0.1")
public final class Pools {

  private static final String NEEDS_21 =
      "Pools.virtualThreads() needs Java 21 or later, and this test runs on Java %s (%s). Run "
          + "the tests on Java 21+, or run this test only there: "
          + "@EnabledForJreRange(min = JRE.JAVA_21). Pools.virtualThreadsAvailable() tells in code.";

  private Pools() {}

  /**
   * No pool: the dispatching thread runs the kernel over all elements in one call. The
   * single-agent baseline a pool has to beat.
   */
  public static Pool serial() {
    return new Pool("serial", "serial", false, options -> new SerialPool());
  }

  /**
   * A persistent, fixed pool of {@code threads} platform threads with a shared queue (a plain
   * {@link ThreadPoolExecutor}): the thread pool other pools are compared to.
   */
  public static Pool threads(int threads) {
    checkSize(threads, "threads");
    String name = "threads(" + threads + ")";
    return new Pool(name, name, false, options -> {
      PoolThreads workers = new PoolThreads("perfbudget-pool-threads-");
      ThreadPoolExecutor executor =
          new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), workers);
      executor.prestartAllCoreThreads();
      return new ExecutorPool(name, executor, workers, options.timeout());
    });
  }

  /** A {@link ForkJoinPool} of the given parallelism, its own (not the common pool). */
  public static Pool forkJoin(int parallelism) {
    checkSize(parallelism, "parallelism");
    String name = "forkJoin(" + parallelism + ")";
    return new Pool(name, name, false, options -> {
      PoolThreads workers = new PoolThreads("perfbudget-pool-forkJoin-");
      ForkJoinPool.ForkJoinWorkerThreadFactory factory =
          pool -> (ForkJoinWorkerThread) workers.remember(ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool));
      return new ExecutorPool(name, new ForkJoinPool(parallelism, factory, null, false), workers, options.timeout());
    });
  }

  /**
   * {@code processes} child JVMs that work on the same buffer through a memory-mapped file, as
   * a multi-process server would. They are started with this JVM's java and classpath; start-up
   * (about a second each on a small machine) happens before measuring and is not measured. The
   * kernel must be a named class with a no-argument constructor (see {@link Kernel}).
   *
   * <p>The children take orders only from their own test JVM (a Unix-domain socket in its
   * private folder, and a secret handed to each child on its stdin), map only the pool's own
   * buffer files, create only {@link Kernel}s, and exit when the test JVM does, even when it is
   * killed.
   */
  public static Pool processes(int processes) {
    checkSize(processes, "processes");
    String name = "processes(" + processes + ")";
    return new Pool(name, name, true, options -> ProcessPool.start(name, processes, options.timeout(), options.bufferDir()));
  }

  /**
   * A thread per slice, each a virtual thread (Java 21+). On older JVMs this throws an error
   * that says so; check {@link #virtualThreadsAvailable()} first to choose in code.
   */
  public static Pool virtualThreads() {
    if (!virtualThreadsAvailable()) {
      throw new WorkloadDeclarationException(
          String.format(NEEDS_21, Runtime.version(), System.getProperty("java.home")));
    }
    String name = "virtualThreads";
    return new Pool(name, name, false, options -> {
      try {
        Method create = java.util.concurrent.Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
        return new ExecutorPool(name, (ExecutorService) create.invoke(null), PoolThreads.none(), options.timeout());
      } catch (ReflectiveOperationException e) {
        throw new PoolFailureException("cannot create a virtual-thread executor: " + e, e);
      }
    });
  }

  /** Whether this JVM has virtual threads (Java 21+), that is, whether {@link #virtualThreads()} works. */
  public static boolean virtualThreadsAvailable() {
    try {
      java.util.concurrent.Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  /**
   * Your own executor. It stays yours: perfbudget never shuts it down, so create it where you
   * can close it (a static field closed in {@code @AfterAll}). Each slice is one task.
   */
  public static Pool of(ExecutorService executor) {
    if (executor == null) {
      throw new WorkloadDeclarationException("Pools.of(executor) needs an executor, but it is null");
    }
    String name = "of(" + executor.getClass().getSimpleName() + ")";
    String key = "of@" + System.identityHashCode(executor);
    return new Pool(name, key, false, options -> new ExecutorPool(name, executor, null, options.timeout()));
  }

  private static void checkSize(int size, String what) {
    if (size < 1) {
      throw new WorkloadDeclarationException("a pool needs `" + what + "` of at least 1, but it is " + size);
    }
  }
}
