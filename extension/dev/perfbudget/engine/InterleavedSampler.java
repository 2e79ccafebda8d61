package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.Arm;
import dev.perfbudget.Arms;
import dev.perfbudget.Sample;
import dev.perfbudget.Sampling;
import dev.perfbudget.engine.Measurement.ArmResult;
import dev.perfbudget.engine.Measurement.Stop;
import dev.perfbudget.engine.Measurement.WarmUp;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * Measures a baseline and a candidate: warms both up, then times them in pairs of randomized
 * order until the ratio's confidence interval is clearly on one side of the limit, or time runs
 * out.
 *
 * <p>IMPLEMENTATION NOTES. Each sample is a batch of operations sized to last about {@code
 * perfbudget.sample.target} (1 ms), far above the timer's ~30 ns cost and 20 ns steps; the
 * batch is fixed once warm-up ends so that every sample of an arm is alike. The ratio is the
 * median of per-pair ratios: both samples of a pair ran a millisecond apart, so a slow stretch of
 * the machine moves both and cancels out. A sample's ns/op include the measuring loop, as JMH's
 * do; the empty loop's cost is reported beside them, and each arm's cost net of it, but ratios
 * are not computed from net costs: on a 2 ns op, subtracting a 1 ns loop moved the ratio by a
 * third, and how much of the loop an op hides (the CPU overlaps both) is not the loop's cost. Pairs in which a GC hit either sample are left out
 * while at least half of the pairs, and never fewer than {@code perfbudget.pairs.min}, remain.
 * The interval is looked at after {@code perfbudget.pairs.min} pairs and then every eighth more
 * pairs, which keeps the cost of the bootstrap small against the time spent measuring; each
 * look decides on a 99% interval, so that looking often does not buy false verdicts.
 *
 * <p>Arms that ask for {@link Sampling#oneOperationPerSample} (a JVM spawn, a timer) skip all of
 * that: a fixed warm-up of single operations, then exactly the pairs they asked for, each sample
 * one operation, and one look at the interval at the end. Sizing batches to a millisecond and
 * waiting for the JIT to go quiet mean nothing for an operation that takes 50 ms in another
 * process, and would spend seconds on warm-up alone.
 */
@API(status = INTERNAL)
public final class InterleavedSampler {

  /** The interval reported. */
  static final double CONFIDENCE = 0.95;
  /**
   * The interval decisions rest on: wider than the reported one, because sampling looks at the
   * interval many times and stops at the first look that seems clear; every look is another
   * chance to be fooled by noise.
   */
  static final double DECISION_CONFIDENCE = 0.99;
  private static final int MIN_WARMUP_ROUNDS = 3;
  /** How often warm-up runs the engine's own looks before its loops, to get them compiled. */
  private static final int BOOKKEEPING_RUNS = 20;
  /** Rounds in a row through which the JIT must be quiet before warm-up may end. */
  private static final int QUIET_ROUNDS = 2;
  private static final int LOOP_ENTRIES = 2000;
  private static final long SHORT_BATCH_NANOS = 20_000;
  private static final double STABLE_WITHIN = 0.10;
  private static final int MAX_PAIRS = 50_000;
  /** With no limit to decide against, sampling stops once high / low is within this spread. */
  private static final double PRECISE_SPREAD = 1.10;

  private final SamplingSettings settings;
  private final SplittableRandom random;
  private final Supplier<JitActivity> jitActivity;

  public InterleavedSampler(SamplingSettings settings, SplittableRandom random) {
    this(settings, random, JitActivity::ofThisJvm);
  }

  /** A sampler that watches the JIT through {@code jitActivity}, for tests. */
  InterleavedSampler(SamplingSettings settings, SplittableRandom random, Supplier<JitActivity> jitActivity) {
    this.settings = settings;
    this.random = random;
    this.jitActivity = jitActivity;
  }

  /**
   * Measures the arms against {@code limit}; a limit of 0 means none (sample until the
   * interval is narrow, to record it).
   */
  public Measurement measure(Arms arms, double limit) throws Exception {
    long start = System.nanoTime();
    Side baseline = new Side(arms.baseline());
    Side candidate = new Side(arms.candidate());
    Side emptyLoop = arms.emptyLoop() == null ? null : new Side(arms.emptyLoop());

    Sampling sampling = arms.sampling();
    boolean fixed = !sampling.adapts();
    WarmUp warmUp =
        fixed
            ? warmUpOneByOne(sampling.warmUpOperations(), baseline, candidate, emptyLoop)
            : warmUp(jitActivity.get(), baseline, candidate, emptyLoop);
    double loopNs = emptyLoop == null ? 0 : emptyLoop.lastRoundNsPerOp;

    long timeMax = settings.timeMax().toNanos();
    long measuringStart = System.nanoTime();
    double[] ratios = new double[64];
    boolean[] gcHit = new boolean[64];
    int pairs = 0;
    int nextLook = fixed ? sampling.pairs() : settings.minPairs();
    while (true) {
      if (pairs == ratios.length) {
        ratios = Arrays.copyOf(ratios, pairs * 2);
        gcHit = Arrays.copyOf(gcHit, pairs * 2);
      }
      boolean baselineFirst = random.nextBoolean();
      Side first = baselineFirst ? baseline : candidate;
      Side second = baselineFirst ? candidate : baseline;
      boolean hit = first.measureOne() | second.measureOne();
      ratios[pairs] = candidate.lastNsPerOp / baseline.lastNsPerOp;
      gcHit[pairs] = hit;
      pairs++;

      // The time cap never cuts a measurement below the minimum of pairs; a workload sampled one
      // operation at a time runs exactly the pairs it asked for.
      boolean outOfTime =
          fixed
              ? pairs >= sampling.pairs()
              : pairs >= settings.minPairs()
                  && (System.nanoTime() - measuringStart >= timeMax || pairs >= MAX_PAIRS);
      if (pairs >= nextLook || outOfTime) {
        double[] used = leaveOutGcHits(ratios, gcHit, pairs);
        double ratio = Statistics.median(used);
        double[] medians = Statistics.bootstrapMedians(used, random);
        Interval interval = Statistics.interval(medians, CONFIDENCE);
        Stop stop = decide(Statistics.interval(medians, DECISION_CONFIDENCE), limit, outOfTime, fixed);
        if (stop != null) {
          double ratioOfMedians = candidate.medianNsPerOp() / baseline.medianNsPerOp();
          return new Measurement(
              ratio,
              interval,
              ratioOfMedians,
              used.length,
              pairs - used.length,
              stop,
              baseline.result(loopNs),
              candidate.result(loopNs),
              loopNs,
              warmUp,
              System.nanoTime() - start,
              used);
        }
        nextLook = pairs + Math.max(2, pairs / 8);
      }
    }
  }

  private static Stop decide(Interval interval, double limit, boolean outOfTime, boolean fixed) {
    if (limit > 0 && interval.below(limit)) {
      return Stop.BELOW_LIMIT;
    }
    if (limit > 0 && interval.above(limit)) {
      return Stop.ABOVE_LIMIT;
    }
    if (limit <= 0 && interval.spread() <= PRECISE_SPREAD) {
      return Stop.PRECISE;
    }
    if (!outOfTime) {
      return null;
    }
    return fixed ? Stop.PAIRS_DONE : Stop.TIME_CAP;
  }

  private double[] leaveOutGcHits(double[] ratios, boolean[] gcHit, int pairs) {
    double[] clean = new double[pairs];
    int kept = 0;
    for (int i = 0; i < pairs; i++) {
      if (!gcHit[i]) {
        clean[kept++] = ratios[i];
      }
    }
    boolean enoughLeft = kept >= settings.minPairs() && kept * 2 >= pairs;
    return enoughLeft ? Arrays.copyOf(clean, kept) : Arrays.copyOf(ratios, pairs);
  }

  /**
   * Warms every arm up in two phases, within {@code perfbudget.warmup.max}.
   *
   * <p>First each arm's loop is entered {@value #LOOP_ENTRIES} times with short batches (about
   * 20 us), so that the JIT compiles the loop method itself: a loop entered only a few hundred
   * times, each time for a millisecond, keeps running in profiling code, measured here at 3 to
   * 7 times the cost of the compiled loop for a 20 ns op. An arm whose single operation already
   * lasts longer than a short batch (ten times in a row) leaves that phase: next to such an op the loop's own cost
   * does not matter, and 2,000 entries of a 3 ms sort took 6 s here. Then rounds of full samples
   * run until every arm is steady: the JIT was quiet (nothing compiled, installed, running or
   * queued: see {@link CompilerQueue}) through the last {@value #QUIET_ROUNDS} rounds, so every
   * arm ran the same code in both, and each arm's cost per operation moved by less than 10%
   * between them.
   */
  private WarmUp warmUp(JitActivity jit, Side... sides) throws Exception {
    long start = System.nanoTime();
    long deadline = start + settings.warmupMax().toNanos();
    exerciseTheEnginesOwnCode(jit);
    long loopDeadline = start + settings.warmupMax().toNanos() / 4;
    for (int entry = 0; entry < LOOP_ENTRIES && System.nanoTime() < loopDeadline; entry++) {
      boolean entered = false;
      for (Side side : sides) {
        if (side != null && !side.slowerThanAShortBatch) {
          side.shortBatch();
          entered = true;
        }
      }
      if (!entered) {
        break;
      }
    }
    jit.quietSinceLastLook();
    long roundNanos = Math.max(10 * settings.sampleTarget().toNanos(), 10_000_000L);
    int rounds = 0;
    int quietRounds = 0;
    while (true) {
      boolean stable = true;
      for (Side side : sides) {
        if (side != null) {
          stable &= side.warmUpRound(roundNanos, settings.sampleTarget().toNanos());
        }
      }
      rounds++;
      quietRounds = jit.quietSinceLastLook() ? quietRounds + 1 : 0;
      boolean steady = rounds >= MIN_WARMUP_ROUNDS && quietRounds >= QUIET_ROUNDS && stable;
      if (steady || System.nanoTime() >= deadline) {
        String unsteady =
            steady ? "" : quietRounds < QUIET_ROUNDS ? compiling(jit) : "the cost per operation still moved by more than 10% a round";
        return new WarmUp(rounds, (System.nanoTime() - start) / 1_000_000, !steady, unsteady);
      }
    }
  }

  /**
   * Runs the engine's own code of later phases (a look at the JIT, a bootstrap at its usual
   * size) often enough for the JIT to compile it while the loops are entered, below. Else its
   * compilation, not the arms', is what keeps the JIT busy through the rounds: in a fresh JVM,
   * the looks' reflective calls and the bootstrap's sort and random numbers were most of what
   * compiled during them, and warm-up took 18 to 28 rounds instead of a few.
   */
  private static void exerciseTheEnginesOwnCode(JitActivity jit) {
    for (int look = 0; look < BOOKKEEPING_RUNS; look++) {
      jit.quietSinceLastLook();
    }
    SplittableRandom scratch = new SplittableRandom(1);
    double[] values = new double[64];
    for (int i = 0; i < values.length; i++) {
      values[i] = 1 + scratch.nextDouble();
    }
    for (int run = 0; run < 3; run++) {
      Statistics.interval(Statistics.bootstrapMedians(values, scratch), CONFIDENCE);
    }
  }

  private static String compiling(JitActivity jit) {
    return jit.lastCompiling().isEmpty()
        ? "the JIT was still compiling"
        : "the JIT was still compiling (" + jit.lastCompiling() + ")";
  }

  /** Runs each arm {@code operations} times, one operation at a time, interleaved. */
  private static WarmUp warmUpOneByOne(int operations, Side... sides) throws Exception {
    long start = System.nanoTime();
    for (int i = 0; i < operations; i++) {
      for (Side side : sides) {
        if (side != null) {
          side.lastRoundNsPerOp = side.arm.run(1).nanosPerOp();
        }
      }
    }
    return new WarmUp(operations, (System.nanoTime() - start) / 1_000_000, false);
  }

  /** One arm's batch size and the samples measured so far. */
  private static final class Side {
    private final Arm arm;
    private long batch = 1;
    private long shortBatch = 1;
    private int slowCalls;
    private boolean slowerThanAShortBatch;
    private double lastRoundNsPerOp = Double.NaN;
    private double lastNsPerOp;
    private double[] nsPerOp = new double[64];
    private int samples;
    private long operations;
    private long allocatedBytes;
    private boolean countsBytes = true;
    private long gcCount;
    private long gcMillis;

    Side(Arm arm) {
      this.arm = arm;
    }

    /** Runs one short batch of about {@value #SHORT_BATCH_NANOS} ns. */
    void shortBatch() throws Exception {
      Sample sample = arm.run(shortBatch);
      // Ten in a row, as the first calls of a cheap op can be slow too (class loading, interpreter).
      slowCalls = sample.operations() == 1 && sample.nanos() > SHORT_BATCH_NANOS ? slowCalls + 1 : 0;
      slowerThanAShortBatch = slowCalls >= 10;
      shortBatch = nextBatch(shortBatch, sample, SHORT_BATCH_NANOS);
      batch = Math.max(batch, shortBatch);
    }

    /** Runs one warm-up round; returns whether the cost per op is within 10% of last round's. */
    boolean warmUpRound(long roundNanos, long sampleTarget) throws Exception {
      double[] costs = new double[16];
      int count = 0;
      long spent = 0;
      while (spent < roundNanos && count < costs.length) {
        // Read as measuring reads them, so that this code is compiled before pairs are measured.
        GcActivity.collections();
        GcActivity.millis();
        Sample sample = arm.run(batch);
        spent += sample.nanos();
        costs[count++] = sample.nanosPerOp();
        batch = nextBatch(batch, sample, sampleTarget);
      }
      double cost = Statistics.median(Arrays.copyOf(costs, count));
      if (cost > 0) {
        // Sized from the round's median, so that one slow last sample cannot leave a tiny batch
        // for the whole measurement.
        batch = (long) Math.max(1, Math.min(sampleTarget / cost, 1L << 40));
      }
      boolean stable = Math.abs(cost / lastRoundNsPerOp - 1) <= STABLE_WITHIN;
      lastRoundNsPerOp = cost;
      return stable;
    }

    /** The batch that should take {@code target} ns, moving by at most 16x per sample. */
    private static long nextBatch(long batch, Sample sample, long target) {
      if (sample.nanos() <= 0) {
        return batch * 16;
      }
      double wanted = target / sample.nanosPerOp();
      return (long) Math.max(1, Math.min(Math.min(wanted, batch * 16.0), 1L << 40));
    }

    /** Measures one sample; returns whether a GC ran during it. */
    boolean measureOne() throws Exception {
      long collections = GcActivity.collections();
      long millis = GcActivity.millis();
      Sample sample = arm.run(batch);
      long collected = GcActivity.collections() - collections;
      gcCount += collected;
      gcMillis += GcActivity.millis() - millis;
      if (samples == nsPerOp.length) {
        nsPerOp = Arrays.copyOf(nsPerOp, samples * 2);
      }
      lastNsPerOp = sample.nanosPerOp();
      nsPerOp[samples++] = lastNsPerOp;
      operations += sample.operations();
      countsBytes &= sample.allocatedBytes() != Sample.NOT_COUNTED;
      allocatedBytes += Math.max(0, sample.allocatedBytes());
      return collected > 0;
    }

    double medianNsPerOp() {
      return Statistics.median(Arrays.copyOf(nsPerOp, samples));
    }

    ArmResult result(double loopNs) {
      double[] measured = Arrays.copyOf(nsPerOp, samples);
      double median = Statistics.median(measured);
      double net = Math.max(0, median - loopNs);
      return new ArmResult(
          arm.name(),
          median,
          net,
          Statistics.quantile(measured, 0.95),
          Arrays.stream(measured).max().orElse(Double.NaN),
          countsBytes ? (double) allocatedBytes / operations : Double.NaN,
          batch,
          samples,
          operations,
          gcCount,
          gcMillis,
          arm.figures(net));
    }
  }
}
