package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.finishedWithFailure;
import static org.junit.platform.testkit.engine.EventConditions.test;
import static org.junit.platform.testkit.engine.TestExecutionResultConditions.message;

import com.google.gson.JsonObject;
import dev.perfbudget.PerfBudget;
import dev.perfbudget.WorkloadDeclarationException;
import dev.perfbudget.testkit.PerfTestKit;
import java.io.IOException;
import java.nio.IntBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/** The pool kind through the JUnit Platform: figures, bad declarations, faults, clean-up. */
class PoolWorkloadTest {

  @TempDir Path dir;

  private PerfTestKit kit() throws IOException {
    Path buffers = Files.createDirectories(dir.resolve("buffers"));
    return new PerfTestKit(dir).with("perfbudget.pool.dir", buffers.toString());
  }

  @Test
  void reportsNsPerDispatchThroughputAndDispatchOverheadPerArm() throws IOException {
    PerfTestKit kit = kit().with("perfbudget.mode", "report");
    kit.run(PassingTestCase.class, "forkJoinAgainstThreads").testEvents().assertStatistics(s -> s.succeeded(1));

    JsonObject result = kit.result(PassingTestCase.class, "forkJoinAgainstThreads");
    assertThat(result.get("kind").getAsString()).isEqualTo("pool");
    JsonObject workload = result.getAsJsonObject("workload");
    assertThat(workload.get("elements").getAsInt()).isEqualTo(4096);
    assertThat(workload.get("elementRounds").getAsLong()).isEqualTo(4096L * 8);
    assertThat(workload.get("candidatePool").getAsString()).isEqualTo("forkJoin(2)");
    for (String arm : List.of("baseline", "candidate")) {
      JsonObject figures = result.getAsJsonObject(arm).getAsJsonObject("figures");
      double nsPerDispatch = figures.get("nsPerDispatch").getAsDouble();
      assertThat(nsPerDispatch).isEqualTo(result.getAsJsonObject(arm).get("nsPerOp").getAsDouble(), org.assertj.core.data.Offset.offset(0.1));
      assertThat(figures.get("elementRoundsPerSecond").getAsDouble())
          .isCloseTo(4096 * 8 * 1e9 / nsPerDispatch, org.assertj.core.data.Percentage.withPercentage(1));
      assertThat(figures.get("dispatchOverheadNs").getAsDouble()).isPositive();
      // Slices of a few us: their share of time on a core would be mostly the reading of clocks.
      assertThat(figures.has("onCoreShare")).isFalse();
    }
    assertThat(buffers(kit)).as("the shared buffer's file is deleted after the test").isEmpty();
  }

  @Test
  void longSlicesReportTheWorkersShareOfTimeOnACoreAndTheirCpuTime() throws IOException {
    PerfTestKit kit = kit().with("perfbudget.mode", "report");
    kit.run(PassingTestCase.class, "longSlicesAgainstSerial").testEvents().assertStatistics(s -> s.succeeded(1));
    JsonObject result = kit.result(PassingTestCase.class, "longSlicesAgainstSerial");
    for (String arm : List.of("baseline", "candidate")) {
      JsonObject figures = result.getAsJsonObject(arm).getAsJsonObject("figures");
      // CPU time inside a slice's wall time: never more than all of it.
      assertThat(figures.get("onCoreShare").getAsDouble()).as(arm).isStrictlyBetween(0.0, 1.0001);
      // The workers' CPU time within the dispatches' time: never more than all of each worker's.
      assertThat(figures.get("onCoreShareOfDispatches").getAsDouble()).as(arm).isStrictlyBetween(0.0, 1.0001);
      assertThat(figures.get("workerCpuNsPerDispatch").getAsDouble())
          .as(arm)
          .isPositive()
          .isLessThanOrEqualTo(2 * figures.get("nsPerDispatch").getAsDouble());
    }
    // Read from /proc where there is one; too short a measurement to tell reads null.
    if (!result.get("otherProcessesCpuShare").isJsonNull()) {
      assertThat(result.get("otherProcessesCpuShare").getAsDouble()).isBetween(0.0, 1.0);
    }
  }

  @Test
  void badDeclarationsFailBeforeAnythingRuns() throws IOException {
    PerfTestKit kit = kit();
    EngineExecutionResults results = kit.run(BadDeclarationTestCase.class);
    results.testEvents().assertStatistics(s -> s.failed(8).succeeded(0));
    results.testEvents().assertThatEvents()
        .haveExactly(1, failed("zeroWorkers", "`workers` must be at least 1, but it is 0"))
        .haveExactly(1, failed("negativeElements", "`elements` must be from 0 to 536870911, but it is -1"))
        .haveExactly(1, failed("negativeRounds", "`rounds` must be at least 0, but it is -3"))
        .haveExactly(1, failed("noKernel", "no kernel is declared; call pool.kernel(Kernels.lcg())"))
        .haveExactly(1, failed("noCandidate", "no candidate is declared"))
        .haveExactly(1, failed("nullBaselinePool", "the baseline pool is null"))
        .haveExactly(1, failed("zeroThreads", "a pool needs `threads` of at least 1, but it is 0"))
        .haveExactly(1, failed("lambdaKernelInChildProcesses", "is a lambda, but Pools.processes runs the kernel in child JVMs"));
    results.testEvents().assertThatEvents()
        .haveExactly(1, failed("zeroWorkers", "@PerfBudget method [" + BadDeclarationTestCase.class.getName() + "#zeroWorkers] declares a workload that cannot be measured (kind `pool`)"));
    assertThat(buffers(kit)).isEmpty();
    assertThat(poolThreads()).isEmpty();
  }

  @Test
  void aKernelThatThrowsOnAWorkerFailsTheTestWithThatCause() throws IOException {
    EngineExecutionResults results = kit().run(FaultTestCase.class, "kernelThrows");
    results.testEvents().assertStatistics(s -> s.failed(1));
    Throwable failure = failure(results);
    assertThat(failure).hasMessageContaining("the kernel threw on slice").hasMessageContaining("in pool threads(2)");
    assertThat(failure).rootCause().isInstanceOf(IllegalStateException.class).hasMessage("kernel broke on purpose");
  }

  @Test
  void aKernelThatWritesOutsideItsSliceFailsTheChecksumAgainstSerial() throws IOException {
    EngineExecutionResults results = kit().run(FaultTestCase.class, "kernelIgnoresItsSlice");
    assertThat(failure(results))
        .isInstanceOf(PoolFailureException.class)
        .hasMessageContaining("one dispatch on \"threads\" (threads(1)) left the buffer with checksum")
        .hasMessageContaining("the pool lost or repeated a slice, or the kernel reads or writes outside its slice");
  }

  @Test
  void aPoolThatRunsASliceTwiceFailsLoudly() throws IOException {
    EngineExecutionResults results = kit().run(FaultTestCase.class, "executorRunsEverySliceTwice");
    assertThat(failure(results))
        .isInstanceOf(PoolFailureException.class)
        .hasMessageContaining("pool of(TwiceExecutor) ran slice 0 of 2 (elements 0 to 512) twice in one dispatch");
  }

  @Test
  void aPoolThatLosesASliceFailsWithinTheTimeoutInsteadOfHanging() throws IOException {
    long start = System.nanoTime();
    EngineExecutionResults results = kit().with("perfbudget.pool.timeout", "500ms").run(FaultTestCase.class, "executorDropsTheLastSlice");
    assertThat(failure(results))
        .isInstanceOf(PoolFailureException.class)
        .hasMessageContaining("a dispatch on pool of(DroppingExecutor) did not finish within PT0.5S (perfbudget.pool.timeout): 1 of 2 slices never started (slices 1)");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
  }

  @Test
  void absoluteDispatchLimitFailsWhenTheOverheadIsAboveIt() throws IOException {
    PerfTestKit kit = kit();
    EngineExecutionResults results = kit.run(FaultTestCase.class, "overheadAboveItsLimit");
    assertThat(failure(results))
        .isInstanceOf(org.opentest4j.AssertionFailedError.class)
        .hasMessageContaining("a warm dispatch on the baseline \"threads\" (threads(2)) costs")
        .hasMessageContaining("over the absolute limit 0.0 us (maxDispatchOverhead on the pool workload)");
    // A verdict like any other: FAIL in report.json and on the console, with the reason.
    JsonObject result = kit.result(FaultTestCase.class, "overheadAboveItsLimit");
    assertThat(result.get("verdict").getAsString()).isEqualTo("FAIL");
    assertThat(result.get("note").getAsString()).contains("over an absolute limit of its workload");
    assertThat(kit.console())
        .contains("[perfbudget] FAIL     " + FaultTestCase.class.getName() + "#overheadAboveItsLimit")
        .contains("over an absolute limit of its workload)");
  }

  /**
   * One class, five tests and one child JVM: the pool that the first test started is reused by
   * the next ones; a kernel that cannot be created or throws in the child fails its test with
   * the child's stack trace and leaves the pool working; a child that dies fails its test
   * quickly with its exit code; and once the class is done no pool thread, child process or
   * buffer file is left.
   */
  @Test
  void childProcessesAndThreadsDoNotOutliveTheTestClassEvenWhenAChildDies() throws IOException {
    PerfTestKit kit = kit();
    long start = System.nanoTime();
    EngineExecutionResults results = kit.run(LifecycleTestCase.class);
    long elapsed = System.nanoTime() - start;

    results.testEvents().assertStatistics(s -> s.succeeded(2).failed(3));
    results.testEvents().assertThatEvents()
        .haveExactly(1, failed("kernelCannotBeCreatedInTheChild",
            "child process 0 of pool processes(1) could not map the buffer or create the kernel (mapping "))
        .haveExactly(1, failed("kernelCannotBeCreatedInTheChild", "java.lang.IllegalStateException: no kernel in a child"))
        .haveExactly(1, failed("kernelThrowsInTheChild",
            "the kernel failed in child process 0 of pool processes(1) (running its slices):"))
        .haveExactly(1, failed("kernelThrowsInTheChild", "java.lang.IllegalStateException: kernel broke in the child"))
        .haveExactly(1, failed("childDies", "of pool processes(1) exited with code 7 running its slices"));
    assertThat(LifecycleTestCase.childPids).as("every test reused the first test's child").hasSize(1);
    assertThat(Duration.ofNanos(elapsed)).isLessThan(Duration.ofSeconds(30));
    assertThat(buffers(kit)).as("buffer files left").isEmpty();
    assertThat(poolThreads()).as("pool threads left").isEmpty();
    assertThat(childProcesses()).as("child processes left").isEmpty();
  }

  @Test
  void yourOwnExecutorIsUsedAndLeftRunning() throws IOException {
    java.util.concurrent.ExecutorService executor = java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      PassingTestCase.executor = executor;
      kit().with("perfbudget.mode", "report").run(PassingTestCase.class, "ownExecutorAgainstThreads")
          .testEvents().assertStatistics(s -> s.succeeded(1));
      assertThat(executor.isShutdown()).as("perfbudget shut down the user's executor").isFalse();
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void virtualThreadsSayTheyNeedJava21() {
    assumeFalse(Pools.virtualThreadsAvailable(), "this JVM has virtual threads");
    assertThat(org.assertj.core.api.Assertions.catchThrowable(Pools::virtualThreads))
        .isInstanceOf(WorkloadDeclarationException.class)
        .hasMessageStartingWith("Pools.virtualThreads() needs Java 21 or later, and this test runs on Java 17")
        .hasMessageContaining("@EnabledForJreRange(min = JRE.JAVA_21)");
  }

  @Test
  void virtualThreadsRunWhereTheJvmHasThem() throws IOException {
    assumeTrue(Pools.virtualThreadsAvailable(), "virtual threads need Java 21+");
    PerfTestKit kit = kit().with("perfbudget.mode", "report");
    kit.run(PassingTestCase.class, "virtualThreadsAgainstThreads").testEvents().assertStatistics(s -> s.succeeded(1));
    assertThat(kit.result(PassingTestCase.class, "virtualThreadsAgainstThreads").getAsJsonObject("workload").get("candidatePool").getAsString())
        .isEqualTo("virtualThreads");
  }

  private static org.assertj.core.api.Condition<org.junit.platform.testkit.engine.Event> failed(String method, String text) {
    return event(test(method), finishedWithFailure(message(m -> m.contains(text))));
  }

  private static Throwable failure(EngineExecutionResults results) {
    return results.testEvents().failed().stream()
        .findFirst()
        .orElseThrow(() -> new AssertionError("no test failed"))
        .getPayload(org.junit.platform.engine.TestExecutionResult.class)
        .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable)
        .orElseThrow();
  }

  static List<Path> buffers(PerfTestKit kit) throws IOException {
    try (Stream<Path> files = Files.list(kit.reportDir().getParent().resolve("buffers"))) {
      return files.toList();
    }
  }

  static List<String> poolThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .map(Thread::getName)
        .filter(name -> name.startsWith("perfbudget-pool-"))
        .toList();
  }

  static List<ProcessHandle> childProcesses() {
    return ProcessHandle.current().children()
        .filter(ProcessHandle::isAlive)
        .filter(p -> p.info().commandLine().orElse("").contains(PoolChild.class.getName()))
        .toList();
  }

  /** Fails in a child JVM only, the way a crashing native library would take a process down. */
  static final class HaltInChildKernel implements Kernel {
    @Override
    public void run(IntBuffer elements, int from, int to, int rounds) {
      if (System.getProperty(PoolChild.CHILD_PROPERTY) != null) {
        Runtime.getRuntime().halt(7);
      }
      new LcgKernel().run(elements, from, to, rounds);
    }
  }

  /** A kernel whose constructor fails in a child JVM, as one with a missing native library would. */
  static final class NoKernelInChild implements Kernel {
    NoKernelInChild() {
      if (System.getProperty(PoolChild.CHILD_PROPERTY) != null) {
        throw new IllegalStateException("no kernel in a child");
      }
    }

    @Override
    public void run(IntBuffer elements, int from, int to, int rounds) {
      new LcgKernel().run(elements, from, to, rounds);
    }
  }

  /** Throws when it runs in a child JVM. */
  static final class ThrowInChildKernel implements Kernel {
    @Override
    public void run(IntBuffer elements, int from, int to, int rounds) {
      if (System.getProperty(PoolChild.CHILD_PROPERTY) != null) {
        throw new IllegalStateException("kernel broke in the child");
      }
      new LcgKernel().run(elements, from, to, rounds);
    }
  }

  /** Runs every task twice. */
  static final class TwiceExecutor extends AbstractExecutorService {
    @Override
    public void execute(Runnable task) {
      task.run();
      task.run();
    }

    @Override
    public void shutdown() {}

    @Override
    public List<Runnable> shutdownNow() {
      return List.of();
    }

    @Override
    public boolean isShutdown() {
      return false;
    }

    @Override
    public boolean isTerminated() {
      return false;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
      return true;
    }
  }

  /** Silently drops every second task, as a saturated pool with a discard policy would. */
  static final class DroppingExecutor extends AbstractExecutorService {
    private final AtomicInteger count = new AtomicInteger();

    @Override
    public void execute(Runnable task) {
      if (count.incrementAndGet() % 2 == 1) {
        task.run();
      }
    }

    @Override
    public void shutdown() {}

    @Override
    public List<Runnable> shutdownNow() {
      return List.of();
    }

    @Override
    public boolean isShutdown() {
      return false;
    }

    @Override
    public boolean isTerminated() {
      return false;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
      return true;
    }
  }

  static class PassingTestCase {
    static java.util.concurrent.ExecutorService executor;

    @PerfBudget(maxRatio = 100)
    void ownExecutorAgainstThreads(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).elements(4096).rounds(8).workers(2)
          .baseline("threads", Pools.threads(2))
          .candidate("own", Pools.of(executor));
    }

    @PerfBudget(maxRatio = 100)
    void longSlicesAgainstSerial(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).elements(65_536).rounds(16).workers(2)
          .baseline("serial", Pools.serial())
          .candidate("threads", Pools.threads(2));
    }

    @PerfBudget(maxRatio = 100)
    void forkJoinAgainstThreads(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).elements(4096).rounds(8).workers(2)
          .baseline("threads", Pools.threads(2))
          .candidate("forkJoin", Pools.forkJoin(2));
    }

    @PerfBudget(maxRatio = 100)
    void virtualThreadsAgainstThreads(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).elements(4096).rounds(8).workers(2)
          .baseline("threads", Pools.threads(2))
          .candidate("virtual", Pools.virtualThreads());
    }
  }

  static class BadDeclarationTestCase {
    @PerfBudget(maxRatio = 10)
    void zeroWorkers(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).workers(0);
    }

    @PerfBudget(maxRatio = 10)
    void negativeElements(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).elements(-1);
    }

    @PerfBudget(maxRatio = 10)
    void negativeRounds(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).rounds(-3);
    }

    @PerfBudget(maxRatio = 10)
    void noKernel(PoolWorkload pool) {
      pool.baseline("serial", Pools.serial()).candidate("threads", Pools.threads(2));
    }

    @PerfBudget(maxRatio = 10)
    void noCandidate(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).baseline("serial", Pools.serial());
    }

    @PerfBudget(maxRatio = 10)
    void nullBaselinePool(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).baseline("serial", null);
    }

    @PerfBudget(maxRatio = 10)
    void zeroThreads(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).baseline("threads", Pools.threads(0));
    }

    @PerfBudget(maxRatio = 10)
    void lambdaKernelInChildProcesses(PoolWorkload pool) {
      pool.kernel((elements, from, to, rounds) -> {})
          .baseline("threads", Pools.threads(1))
          .candidate("processes", Pools.processes(1));
    }
  }

  static class FaultTestCase {
    @PerfBudget(maxRatio = 10)
    void kernelThrows(PoolWorkload pool) {
      pool.kernel((elements, from, to, rounds) -> {
            if (from > 0) {
              throw new IllegalStateException("kernel broke on purpose");
            }
          })
          .elements(1024).workers(2)
          .baseline("threads", Pools.threads(2))
          .candidate("forkJoin", Pools.forkJoin(2));
    }

    @PerfBudget(maxRatio = 10)
    void kernelIgnoresItsSlice(PoolWorkload pool) {
      Kernel lcg = Kernels.lcg();
      pool.kernel((elements, from, to, rounds) -> lcg.run(elements, 0, elements.limit(), rounds))
          .elements(1024).workers(2)
          .baseline("threads", Pools.threads(1))
          .candidate("serial", Pools.serial());
    }

    @PerfBudget(maxRatio = 10)
    void executorRunsEverySliceTwice(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).elements(1024).workers(2)
          .baseline("serial", Pools.serial())
          .candidate("twice", Pools.of(new TwiceExecutor()));
    }

    @PerfBudget(maxRatio = 10)
    void executorDropsTheLastSlice(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).elements(1024).workers(2)
          .baseline("serial", Pools.serial())
          .candidate("dropping", Pools.of(new DroppingExecutor()));
    }

    @PerfBudget(maxRatio = 10)
    void overheadAboveItsLimit(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).elements(1024).workers(2)
          .maxDispatchOverhead(Duration.ofNanos(1))
          .baseline("threads", Pools.threads(2))
          .candidate("serial", Pools.serial());
    }
  }

  @org.junit.jupiter.api.TestMethodOrder(org.junit.jupiter.api.MethodOrderer.OrderAnnotation.class)
  static class LifecycleTestCase {
    static final java.util.Set<Long> childPids = new java.util.concurrent.ConcurrentSkipListSet<>();

    @org.junit.jupiter.api.AfterEach
    void rememberTheChild() {
      childProcesses().forEach(child -> childPids.add(child.pid()));
    }

    @PerfBudget(maxRatio = 1000)
    @org.junit.jupiter.api.Order(1)
    void firstTestStartsTheChild(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).elements(256).workers(1)
          .baseline("threads", Pools.threads(2))
          .candidate("processes", Pools.processes(1));
    }

    @PerfBudget(maxRatio = 1000)
    @org.junit.jupiter.api.Order(2)
    void secondTestReusesIt(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).elements(512).rounds(2).workers(1)
          .baseline("threads", Pools.threads(2))
          .candidate("processes", Pools.processes(1));
    }

    @PerfBudget(maxRatio = 1000)
    @org.junit.jupiter.api.Order(3)
    void kernelCannotBeCreatedInTheChild(PoolWorkload pool) {
      pool.kernel(new NoKernelInChild()).elements(1024).workers(2)
          .baseline("threads", Pools.threads(2))
          .candidate("processes", Pools.processes(1));
    }

    @PerfBudget(maxRatio = 1000)
    @org.junit.jupiter.api.Order(4)
    void kernelThrowsInTheChild(PoolWorkload pool) {
      pool.kernel(new ThrowInChildKernel()).elements(1024).workers(2)
          .baseline("threads", Pools.threads(2))
          .candidate("processes", Pools.processes(1));
    }

    @PerfBudget(maxRatio = 1000)
    @org.junit.jupiter.api.Order(5)
    void childDies(PoolWorkload pool) {
      pool.kernel(new HaltInChildKernel()).elements(1024).workers(2)
          .baseline("threads", Pools.threads(2))
          .candidate("processes", Pools.processes(1));
    }
  }
}
