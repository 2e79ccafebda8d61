package dev.perfbudget;

import dev.perfbudget.engine.SamplingSettings;
import dev.perfbudget.judge.PerfCheck;
import dev.perfbudget.judge.ThisJvm;
import dev.perfbudget.judge.Verdict;
import dev.perfbudget.plan.Limit;
import dev.perfbudget.testkit.StandaloneContext;
import dev.perfbudget.testkit.Work;
import dev.perfbudget.workloads.OpWorkload;
import java.time.Duration;
import java.util.SplittableRandom;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The engine's own costs that users pay: the time to a clear verdict, and the op harness's
 * overhead per operation, each against an in-run baseline that does the same work without the
 * engine, so that an order-of-magnitude regression in the engine fails for sure.
 *
 * <p>The harness's overhead is gated by the project's budget file, with a tolerance of 5 where
 * the default lets a ratio grow 10x (re-record with {@code mvn test -Dtest=EngineCostPerfTest
 * -Dperfbudget.mode=record}). The verdict's cost has a fixed limit instead: its ratio read 0.71
 * to 1.01 from one VM to the next, so a ratio recorded on one read far from it on the next, and
 * a reading far from the recorded ratio is measured twice more in fresh JVMs: 17 s of a 3-minute
 * build for a test whose baseline is, by design, about what a verdict needs.
 */
class EngineCostPerfTest {

  /** The inner verdicts' settings: short samples, so one verdict lasts about a tenth of a second. */
  private static final SamplingSettings INNER =
      new SamplingSettings(Duration.ofSeconds(2), Duration.ofMillis(200), Duration.ofNanos(100_000), SamplingSettings.DEFAULT_MIN_PAIRS, 1, SamplingSettings.DEFAULT_OP_TIMEOUT);

  private static final int STEPS = 100;
  private static final long ROUND_NANOS = 10_000_000;
  private static final int ROUNDS = 3;

  /**
   * Candidate: a whole verdict on two arms of equal cost against maxRatio = 10, clear after the
   * minimum of pairs (warm-up, pairs, looks, decision). Baseline: a fixed amount of measuring
   * of the same arms, about what such a verdict needs at these settings: three 10 ms rounds per
   * arm and the minimum of pairs of 100 us samples. If the engine warmed up, sampled or computed
   * for ten times longer, the ratio would grow tenfold; past 4 the test fails.
   */
  @PerfBudget(maxRatio = 4)
  void aClearVerdictCostsLittleMoreThanTheMeasuringItNeeds(OpWorkload op) {
    Arm a = new StepsArm("a", STEPS);
    Arm b = new StepsArm("b", STEPS);
    Arms arms = Arms.of(a, b);
    SplittableRandom seeds = new SplittableRandom(3);
    op.baseline("bare measuring", () -> bareMeasuring(a, b))
        .candidate("clear verdict", () -> verdict(arms, seeds.nextLong()));
  }

  /**
   * Candidate: an op arm of the op kind running 1,000 one-step ops (its own copy of the loop,
   * a Blackhole, two timer reads). Baseline: a hand-written loop doing the same into a Blackhole.
   */
  @PerfBudget(tolerance = 5)
  void theOpHarnessAddsLittleToAHandWrittenLoop(OpWorkload op) throws Exception {
    Work harnessed = new Work();
    Work handWritten = new Work();
    OpWorkload inner = new OpWorkload().baseline("one step", () -> harnessed.steps(1)).candidate("unused", () -> null);
    Arm harness = inner.prepare(new StandaloneContext("theOpHarnessAddsLittleToAHandWrittenLoop")).baseline();
    Blackhole sink = new Blackhole("Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
    op.baseline("hand-written loop", () -> handWrittenLoop(handWritten, sink, 1000))
        .candidate("op harness", () -> run(harness, 1000));
    inner.close();
  }

  private static Long handWrittenLoop(Work work, Blackhole sink, int operations) {
    long start = System.nanoTime();
    for (int i = 0; i < operations; i++) {
      sink.consume(work.steps(1));
    }
    return System.nanoTime() - start;
  }

  private static Sample run(Arm arm, long operations) {
    try {
      return arm.run(operations);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Verdict verdict(Arms arms, long seed) {
    SamplingSettings settings =
        new SamplingSettings(INNER.timeMax(), INNER.warmupMax(), INNER.sampleTarget(), INNER.minPairs(), seed, INNER.opTimeout());
    try {
      ThisJvm here = new ThisJvm("a clear verdict", arms, settings);
      Verdict verdict = new PerfCheck(here, here).check(Limit.maxRatio(10)).verdict();
      if (verdict != Verdict.PASS) {
        throw new IllegalStateException("equal arms against maxRatio = 10 should pass at once, but the verdict is " + verdict);
      }
      return verdict;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Long bareMeasuring(Arm a, Arm b) {
    long batch = 100_000 / (STEPS + 20);
    long total = 0;
    for (Arm arm : new Arm[] {a, b}) {
      for (int round = 0; round < ROUNDS; round++) {
        long spent = 0;
        while (spent < ROUND_NANOS) {
          spent += run(arm, batch).nanos();
        }
        total += spent;
      }
    }
    for (int pair = 0; pair < INNER.minPairs(); pair++) {
      total += run(a, batch).nanos() + run(b, batch).nanos();
    }
    return total;
  }

  /** An arm of {@link Work#steps} chains, timed around the whole batch. */
  private static final class StepsArm implements Arm {
    private final String name;
    private final int steps;
    private final Work work = new Work();
    private boolean sink;

    StepsArm(String name, int steps) {
      this.name = name;
      this.steps = steps;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public Sample run(long operations) {
      long start = System.nanoTime();
      boolean any = false;
      for (long i = 0; i < operations; i++) {
        any ^= work.steps(steps);
      }
      long nanos = System.nanoTime() - start;
      sink ^= any;
      return Sample.timed(operations, nanos);
    }
  }

  /** A test name and no configuration: all the op kind asks of its context. */
}
