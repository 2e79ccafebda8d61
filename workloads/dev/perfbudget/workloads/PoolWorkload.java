package dev.perfbudget.workloads;

import static org.apiguardian.api.API.Status.STABLE;

import dev.perfbudget.AbsoluteLimit;
import dev.perfbudget.Arms;
import dev.perfbudget.Workload;
import dev.perfbudget.WorkloadContext;
import dev.perfbudget.WorkloadDeclarationException;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The cost of dispatching work onto a pool: a baseline pool and a candidate pool each run the
 * same kernel over the same shared buffer, split into {@code workers} slices; one operation is
 * one dispatch.
 *
 * <pre>{@code
 * @PerfBudget(maxRatio = 10)
 * void forkJoinDispatchStaysCheap(PoolWorkload pool) {
 *     pool.kernel(Kernels.lcg()).elements(65_536).rounds(16).workers(2)
 *         .baseline("threads", Pools.threads(2))
 *         .candidate("forkJoin", Pools.forkJoin(2));
 * }
 * }</pre>
 *
 * <p>Pools are warm and persistent: each is started once per test class, before anything is
 * measured, and closed when the class is done, also when a test failed. No pool copies the
 * buffer: it is a memory-mapped file that threads and child processes share. Before measuring,
 * one dispatch on each pool is checked against serial (same checksum of the buffer), so a pool
 * that loses or repeats a slice fails the test loudly, and the warm dispatch overhead (a
 * dispatch of 0 elements) is measured. The report gives, per arm, ns per dispatch, elements x
 * rounds per second and that overhead; {@link #maxDispatchOverhead} adds an absolute limit.
 *
 * <p>Defaults: 65,536 elements, 1 round, one worker per available processor.
 */
@API(status = STABLE, since = "0.1")
public final class PoolWorkload implements Workload {

  private Kernel kernel;
  private int elements = 65_536;
  private int rounds = 1;
  private int workers = Runtime.getRuntime().availableProcessors();
  private final DeclaredArm<Pool> baselineArm = new DeclaredArm<>("baseline");
  private final DeclaredArm<Pool> candidateArm = new DeclaredArm<>("candidate");
  private Duration maxDispatchOverhead;
  private SharedBuffer buffer;

  /** The work each worker does on its slice, such as {@link Kernels#lcg()}. */
  public PoolWorkload kernel(Kernel kernel) {
    if (kernel == null) {
      throw new WorkloadDeclarationException("`kernel` is null; pass one such as Kernels.lcg()");
    }
    this.kernel = kernel;
    return this;
  }

  /** How many 32-bit elements the shared buffer holds (0 measures the dispatch alone). */
  public PoolWorkload elements(int elements) {
    if (elements < 0 || elements > Integer.MAX_VALUE / Integer.BYTES) {
      throw new WorkloadDeclarationException(
          "`elements` must be from 0 to " + Integer.MAX_VALUE / Integer.BYTES + ", but it is " + elements);
    }
    this.elements = elements;
    return this;
  }

  /** How many rounds of the kernel each dispatch runs over each slice (0 measures the dispatch alone). */
  public PoolWorkload rounds(int rounds) {
    if (rounds < 0) {
      throw new WorkloadDeclarationException("`rounds` must be at least 0, but it is " + rounds);
    }
    this.rounds = rounds;
    return this;
  }

  /** How many slices a dispatch splits the elements into, one task each. */
  public PoolWorkload workers(int workers) {
    if (workers < 1) {
      throw new WorkloadDeclarationException("`workers` must be at least 1, but it is " + workers);
    }
    this.workers = workers;
    return this;
  }

  /** Declares the baseline pool, such as {@code Pools.threads(4)} or {@code Pools.serial()}. */
  public PoolWorkload baseline(String name, Pool pool) {
    baselineArm.declare(name, checkPool(pool, "baseline"));
    return this;
  }

  /** Declares the candidate pool: the one under budget. */
  public PoolWorkload candidate(String name, Pool pool) {
    candidateArm.declare(name, checkPool(pool, "candidate"));
    return this;
  }

  /**
   * An absolute limit on each arm's warm dispatch overhead (a dispatch of 0 elements), measured
   * before the ratio and judged with it: a generous ceiling, such as 10 times what the machine you
   * record on measures, that catches an order-of-magnitude regression of the dispatch itself.
   * An overhead over the limit is measured again, and only the second measurement counts. An
   * arm over it fails the test like a ratio over its limit, with its own line in the reports.
   */
  public PoolWorkload maxDispatchOverhead(Duration limit) {
    if (limit == null || limit.isNegative() || limit.isZero()) {
      throw new WorkloadDeclarationException(
          "`maxDispatchOverhead` must be a duration above zero, such as Duration.ofMillis(1), but it is " + limit);
    }
    this.maxDispatchOverhead = limit;
    return this;
  }

  @Override
  public String kind() {
    return "pool";
  }

  @Override
  public Arms prepare(WorkloadContext context) {
    if (kernel == null) {
      throw new WorkloadDeclarationException(
          "no kernel is declared; call pool.kernel(Kernels.lcg()) (or your own Kernel) in the method body");
    }
    Pool baseline = baselineArm.required("pool.baseline(\"threads\", Pools.threads(4))");
    Pool candidate = candidateArm.required("pool.candidate(\"name\", Pools....)");
    if (baseline.runsInChildProcesses() || candidate.runsInChildProcesses()) {
      checkCreatableByName(kernel);
    }
    String baselineName = baselineArm.name();
    String candidateName = candidateArm.name();
    PoolOptions options = PoolOptions.from(context::configuration);
    buffer = SharedBuffer.create(options.bufferDir(), elements);
    Job job = new Job(kernel, buffer, elements, rounds, workers);
    RunningPool baselinePool = running(context, baseline, options);
    RunningPool candidatePool = running(context, candidate, options);
    long expected = SerialCheck.expected(job);
    SerialCheck.verify(baselineName, baseline, baselinePool, job, expected);
    SerialCheck.verify(candidateName, candidate, candidatePool, job, expected);
    DispatchFigure baselineOverhead = overhead("baseline", baselineName, baseline, baselinePool, job);
    DispatchFigure candidateOverhead = overhead("candidate", candidateName, candidate, candidatePool, job);

    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("kernel", kernel.toString());
    parameters.put("elements", elements);
    parameters.put("rounds", rounds);
    parameters.put("workers", workers);
    parameters.put("elementRounds", (long) elements * rounds);
    parameters.put("baselinePool", baseline.toString());
    parameters.put("candidatePool", candidate.toString());
    if (maxDispatchOverhead != null) {
      parameters.put("maxDispatchOverheadNs", maxDispatchOverhead.toNanos());
    }
    Arms arms =
        new Arms(
            new PoolArm(baselineName, baselinePool, job, baselineOverhead.nanos()),
            new PoolArm(candidateName, candidatePool, job, candidateOverhead.nanos()),
            null,
            parameters);
    return maxDispatchOverhead == null
        ? arms
        : arms.withAbsoluteLimits(List.of(limitOn(baselineOverhead), limitOn(candidateOverhead)));
  }

  /** Deletes the shared buffer's file; the pools stay up for the class's other tests. */
  @Override
  public void close() {
    if (buffer != null) {
      buffer.close();
    }
  }

  /** Child JVMs create the kernel from its class name, so it must be a class they can create. */
  private static void checkCreatableByName(Kernel kernel) {
    Class<?> type = kernel.getClass();
    String problem = null;
    if (type.isHidden() || type.isSynthetic()) {
      problem = "is a lambda";
    } else if (type.isAnonymousClass() || type.isLocalClass()) {
      problem = "is an anonymous or local class";
    } else if (type.isMemberClass() && !Modifier.isStatic(type.getModifiers())) {
      problem = "is an inner class (not static)";
    } else {
      try {
        type.getDeclaredConstructor();
      } catch (NoSuchMethodException e) {
        problem = "has no no-argument constructor";
      }
    }
    if (problem != null) {
      throw new WorkloadDeclarationException(
          "the kernel " + type.getName() + " " + problem + ", but Pools.processes runs the kernel in "
              + "child JVMs, which create it by class name with its no-argument constructor; make it a "
              + "top-level or static nested class: static final class MyKernel implements Kernel { ... }");
    }
  }

  private static Pool checkPool(Pool pool, String arm) {
    if (pool == null) {
      throw new WorkloadDeclarationException(
          "the " + arm + " pool is null; pass one from Pools, such as Pools.threads(4)");
    }
    return pool;
  }

  private static RunningPool running(WorkloadContext context, Pool pool, PoolOptions options) {
    return context.classResource("dev.perfbudget.pool " + pool.key(), RunningPool.class, () -> pool.start(options));
  }

  /**
   * A warm dispatch's overhead, measured a second time when the first is over {@code
   * maxDispatchOverhead}, so that one slow stretch of the machine does not fail the test.
   */
  private DispatchFigure overhead(String role, String name, Pool pool, RunningPool running, Job job) {
    double nanos = DispatchOverhead.medianNanos(running, job);
    String how = "at 0 elements, median";
    if (maxDispatchOverhead != null && nanos > maxDispatchOverhead.toNanos()) {
      double first = nanos;
      nanos = DispatchOverhead.medianNanos(running, job);
      how = String.format("at 0 elements, median; %s in a first, independent measurement", micros(first));
    }
    String figure = String.format("a warm dispatch on the %s \"%s\" (%s)", role, name, pool);
    return new DispatchFigure(nanos, figure, how);
  }

  /** A measured dispatch overhead, and how it was measured, in words for messages. */
  private record DispatchFigure(double nanos, String figure, String how) {}

  private AbsoluteLimit limitOn(DispatchFigure overhead) {
    return new AbsoluteLimit(
        overhead.figure(), overhead.nanos(), overhead.how(), maxDispatchOverhead.toNanos(),
        "maxDispatchOverhead on the pool workload");
  }

  private static String micros(double nanos) {
    return String.format("%.1f us", nanos / 1000);
  }
}
