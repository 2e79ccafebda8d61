package dev.perfbudget.examples;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.workloads.Kernels;
import dev.perfbudget.workloads.PoolWorkload;
import dev.perfbudget.workloads.Pools;
import java.time.Duration;

/**
 * The project's own pool budgets, the break-even benchmark's CI policy: generous absolute limits
 * on the warm dispatch overhead (maxDispatchOverhead, in code), and in-run ratios against the
 * plain thread pool, recorded in budgets/perf-budgets.json and allowed to grow 10x (the default
 * tolerance) before a test fails. Re-record with:
 * {@code mvn test -Dtest=PoolDispatchPerfTest -Dperfbudget.mode=record}.
 */
class PoolDispatchPerfTest {

  @PerfBudget
  void forkJoinDispatchStaysNearThePlainThreadPool(PoolWorkload pool) {
    pool.kernel(Kernels.lcg()).elements(65_536).rounds(16).workers(2)
        .maxDispatchOverhead(Duration.ofMillis(5))
        .baseline("threads", Pools.threads(2))
        .candidate("forkJoin", Pools.forkJoin(2));
  }

  @PerfBudget
  void processDispatchStaysNearThePlainThreadPool(PoolWorkload pool) {
    pool.kernel(Kernels.lcg()).elements(65_536).rounds(16).workers(2)
        .maxDispatchOverhead(Duration.ofMillis(20))
        .baseline("threads", Pools.threads(2))
        .candidate("processes", Pools.processes(2));
  }

  @PerfBudget
  void threadsAtAMillionElementRoundsStayNearSerial(PoolWorkload pool) {
    pool.kernel(Kernels.lcg()).elements(1_048_576).rounds(1).workers(2)
        .maxDispatchOverhead(Duration.ofMillis(5))
        .baseline("serial", Pools.serial())
        .candidate("threads", Pools.threads(2));
  }
}
