package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.Arm;
import dev.perfbudget.Arms;
import dev.perfbudget.Sample;
import dev.perfbudget.Sampling;
import dev.perfbudget.engine.ConfidenceSequence.Look;
import dev.perfbudget.engine.JitActivity.Seen;
import dev.perfbudget.engine.Measurement.ArmResult;
import dev.perfbudget.engine.Measurement.Stop;
import dev.perfbudget.engine.Measurement.WarmUp;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * Measures a baseline and a candidate: warms both up, then times them in pairs of randomized
 * order until the ratio's confidence interval is clearly on one side of the limit, or time runs
 * out.
 *
 * <p>IMPLEMENTATION NOTES. Each sample is a batch of operations sized to last about {@code
 * perfbudget.sample.target} (0.5 ms), far above the timer's ~30 ns cost and 20 ns steps; the
 * batch is fixed once warm-up ends so that every sample of an arm is alike. The ratio is the
 * median of per-pair ratios: both samples of a pair ran half a millisecond apart, so a slow stretch of
 * the machine moves both and cancels out. A sample's ns/op include the measuring loop, as JMH's
 * do, and so does the ratio: how much of the loop an op hides (the CPU runs both at once) is not
 * the loop's cost, and subtracting a 1 ns loop from a 2 ns op moved its ratio by a third. An
 * empty loop, when the workload has one, is sampled in every pair too, at a random place among
 * the arms, and reported beside the arms with each arm's cost net of it. Pairs in which a GC ran
 * are kept and counted: leaving them out depends on which arm allocates, and so on the outcome,
 * while the median needs no help against a few slow pairs.
 *
 * <p>The decision is a {@link ConfidenceSequence}'s: its first look comes after {@code
 * perfbudget.pairs.min} pairs (16; at least {@link ConfidenceSequence#LEAST_PAIRS}, 8), the next
 * after every quarter more; each look spends a share of the 1% error, so that stopping at the
 * first clear look keeps the error stated however many looks it takes. The interval reported is
 * its 95% one.
 *
 * <p>Arms that ask for {@link Sampling#oneOperationPerSample} (a JVM spawn, a timer) skip the
 * adaptive part: a fixed warm-up of single operations, then exactly the pairs they asked for,
 * each sample one operation, and one look at the interval at the end. Sizing batches to a
 * millisecond and waiting for the JIT to go quiet mean nothing for an operation that takes 50
 * ms in another process, and would spend seconds on warm-up alone.
 */
@API(status = INTERNAL)
public final class InterleavedSampler {

  private static final int MIN_WARMUP_ROUNDS = 3;
  /** How often warm-up runs the engine's own looks before its loops, to get them compiled. */
  private static final int BOOKKEEPING_RUNS = 20;
  /** Rounds in a row through which the JIT must have settled before warm-up may end. */
  private static final int SETTLED_ROUNDS = 2;
  private static final int LOOP_ENTRIES = 2000;
  /** An op slower than this leaves the loop entries: next to it, the loop's own cost is noise. */
  private static final long SHORT_BATCH_NANOS = 20_000;
  /** The shortest short batch: enough for the timer, a fraction of the time it takes to enter. */
  private static final long SHORTEST_BATCH_NANOS = 5_000;
  /**
   * Operations per loop entry that a short batch runs at least, so that the loop's back-edges
   * add up with its entries: C2 compiles a method entered 600 times once entries and back-edges
   * reach 15,000, which 2,000 entries of 5 us batches of a 1 us op would not.
   */
  private static final int SHORT_BATCH_OPERATIONS = 25;
  /** A batch that lasts this many short batches is not a short batch, whatever it was asked. */
  private static final int SLOW_BATCH_SHORT_BATCHES = 5;
  private static final double STABLE_WITHIN = 0.10;
  /**
   * Noisy samples widen "stable" up to this much: two rounds of the same code differ by chance by
   * about their samples' interquartile range, and under GC pressure a churn arm's rounds moved
   * by more than 10% in most rounds, so that its warm-up took 1.2 s. A JIT still at work is the
   * compile queue's to see; a cost that still falls by a third a round is not steady however
   * noisy its samples.
   */
  private static final double STABLE_WITHIN_NOISY = 0.30;
  /** The fewest samples in a warm-up round whose interquartile range says how noisy they are. */
  private static final int SAMPLES_FOR_SPREAD = 4;
  private static final int MAX_PAIRS = 50_000;
  /** With no limit to decide against, sampling stops once high / low is within this spread. */
  private static final double PRECISE_SPREAD = 1.10;
  /**
   * How long a measurement that places its ratio ({@link #placingTheRatio}) samples at most: a
   * second, about the time a fresh JVM would take to measure it again, so that placing a reading
   * never costs more than the fresh JVM it may save.
   */
  private static final Duration PLACING_TIME_MAX = Duration.ofSeconds(1);
  /**
   * The largest batch that a sample timed at 0 ns grows to. A timer that reads 0 for a batch of
   * a million operations is not ticking for this arm (or the arm does not time itself): growing
   * on would only make a real op run for hours. The judge calls such an arm INVALID.
   */
  static final long MAX_ZERO_TIME_BATCH = 1L << 20;
  private static final Supplier<DoubleSupplier> NO_MACHINE_LOAD = () -> () -> Double.NaN;

  private final SamplingSettings settings;
  private final SplittableRandom random;
  private final Supplier<JitActivity> jitActivity;
  /**
   * Starts a stretch of time and gives the share of the machine's CPU time other processes used
   * since, NaN where unknown: read by the environment, which may touch files, where the engine
   * does not.
   */
  private final Supplier<DoubleSupplier> othersShareFromNow;
  /** The JVM's count of collections so far, over all its collectors. */
  private final LongSupplier collections;
  private final boolean measuredBefore;
  private final boolean confirming;
  private final boolean placing;

  public InterleavedSampler(SamplingSettings settings, SplittableRandom random) {
    this(settings, random, JitActivity::ofThisJvm, GcActivity::collections);
  }

  /** A sampler that watches the JIT through {@code jitActivity}, for tests. */
  InterleavedSampler(SamplingSettings settings, SplittableRandom random, Supplier<JitActivity> jitActivity) {
    this(settings, random, jitActivity, GcActivity::collections);
  }

  /** A sampler that also counts collections through {@code collections}, for tests. */
  InterleavedSampler(
      SamplingSettings settings, SplittableRandom random, Supplier<JitActivity> jitActivity, LongSupplier collections) {
    this(settings, random, jitActivity, NO_MACHINE_LOAD, collections, false, false, false);
  }

  private InterleavedSampler(
      SamplingSettings settings, SplittableRandom random, Supplier<JitActivity> jitActivity,
      Supplier<DoubleSupplier> othersShareFromNow, LongSupplier collections, boolean measuredBefore, boolean confirming,
      boolean placing) {
    this.settings = settings;
    this.random = random;
    this.jitActivity = jitActivity;
    this.othersShareFromNow = othersShareFromNow;
    this.collections = collections;
    this.measuredBefore = measuredBefore;
    this.confirming = confirming;
    this.placing = placing;
  }

  /**
   * A sampler for arms that this JVM has measured before, as when a failure is confirmed in the
   * test JVM: their loops were entered thousands of times already and the engine's own code is
   * compiled, so warm-up goes straight to its rounds, which still wait until every arm is steady
   * and the JIT settled. Under GC pressure the loop entries alone took 0.4 to 0.6 s of a 1 s
   * warm-up, and a confirmed failure took twice as long as a pass.
   */
  public InterleavedSampler forArmsMeasuredBefore() {
    return new InterleavedSampler(settings, random, jitActivity, othersShareFromNow, collections, true, confirming, placing);
  }

  /**
   * A sampler for the measurement that confirms a failure: it finds the ratio above the limit at
   * {@value ConfidenceSequence#CONFIRMING_CONFIDENCE} one-sided ({@link
   * ConfidenceSequence#confirming}). For arms measured before in this JVM (a failure confirmed
   * with {@code perfbudget.fork=never}), the confirmation follows that measurement at once, so
   * the arms ran their steady code until a moment ago: its warm-up is one round, which sizes
   * the batches, and lasts longer only while the JIT is compiling at the round's end. Rounds
   * until the cost holds again spent 0.2 to 0.4 s of a failure's 2 to 3 s under GC pressure, and
   * a cost that moves during the confirmation is still caught by its drift check.
   */
  public InterleavedSampler confirmingAFailure() {
    return new InterleavedSampler(settings, random, jitActivity, othersShareFromNow, collections, measuredBefore, true, placing);
  }

  /**
   * A sampler whose measurement goes on past a clear verdict until its interval is within
   * {@value #PRECISE_SPREAD} (high / low), or for {@link #PLACING_TIME_MAX} at most (never past
   * {@code perfbudget.time.max}). The verdict is the same; the ratio is precise enough to say
   * whether it lies near the recorded ratio. Sixteen pairs settle a verdict against a limit ten
   * times the recorded ratio long before they settle the ratio: a test JVM's reading of
   * {@code String.matches} against a precompiled {@code Pattern} read 2.33 [1.69, 4.63] against a
   * recorded 2.37, an interval that reaches any ratio near it.
   */
  public InterleavedSampler placingTheRatio() {
    return new InterleavedSampler(settings, random, jitActivity, othersShareFromNow, collections, measuredBefore, confirming, true);
  }

  /**
   * This sampler, reporting how much of the machine other processes used while it measured,
   * through {@code othersShareFromNow}: called when the pairs start, its function is read when
   * they end.
   */
  public InterleavedSampler reportingMachineLoad(Supplier<DoubleSupplier> othersShareFromNow) {
    return new InterleavedSampler(
        settings, random, jitActivity, othersShareFromNow, collections, measuredBefore, confirming, placing);
  }

  /**
   * Measures the arms against {@code limit}; a limit of 0 means none (sample until the
   * interval is narrow, to record it).
   *
   * @throws IllegalArgumentException before anything runs, when the arms sample one operation
   *     at a time and ask for fewer than {@link ConfidenceSequence#LEAST_PAIRS} (8) pairs
   */
  public Measurement measure(Arms arms, double limit) throws Exception {
    long start = System.nanoTime();
    Sampling sampling = arms.sampling();
    boolean fixed = !sampling.adapts();
    int firstLook = fixed ? sampling.pairs() : settings.minPairs();
    ConfidenceSequence sequence =
        confirming ? ConfidenceSequence.confirming(firstLook) : new ConfidenceSequence(firstLook);
    Side baseline = new Side(arms.baseline(), collections);
    Side candidate = new Side(arms.candidate(), collections);
    Side emptyLoop = arms.emptyLoop() == null ? null : new Side(arms.emptyLoop(), collections);
    WarmUp warmUp =
        fixed
            ? warmUpOneByOne(sampling.warmUpOperations(), baseline, candidate, emptyLoop)
            : warmUp(jitActivity.get(), baseline, candidate, emptyLoop);
    boolean slow = !fixed && tooSlowForMinPairs(baseline, candidate);

    Side[] order = emptyLoop == null ? new Side[] {baseline, candidate} : new Side[] {baseline, candidate, emptyLoop};
    Duration cap = placing && PLACING_TIME_MAX.compareTo(settings.timeMax()) < 0 ? PLACING_TIME_MAX : settings.timeMax();
    long timeMax = cap.toNanos();
    long measuringStart = System.nanoTime();
    DoubleSupplier othersShare = othersShareFromNow.get();
    int pairsHitByGc = 0;
    while (true) {
      shuffle(order);
      boolean hit = false;
      for (Side side : order) {
        hit |= side.measureOne();
      }
      sequence.add(candidate.lastNsPerOp / baseline.lastNsPerOp);
      pairsHitByGc += hit ? 1 : 0;
      int pairs = sequence.pairs();

      // The time cap never cuts a measurement below the minimum of pairs, unless single
      // operations are so slow that the minimum cannot fit in it; a workload sampled one
      // operation at a time runs exactly the pairs it asked for, and looks once, at the end.
      boolean outOfTime =
          fixed
              ? pairs >= sampling.pairs()
              : (pairs >= settings.minPairs() || slow)
                  && (System.nanoTime() - measuringStart >= timeMax || pairs >= MAX_PAIRS);
      double medianLoopNs = emptyLoop == null ? 0 : emptyLoop.medianNsPerOp();
      if (slow && outOfTime && pairs < settings.minPairs()) {
        double[] used = sequence.ratios();
        return new Measurement(
            Statistics.median(used), new Interval(Statistics.min(used), Statistics.max(used)),
            candidate.medianNsPerOp() / baseline.medianNsPerOp(),
            pairs, pairsHitByGc, Stop.TOO_SLOW, baseline.result(medianLoopNs), candidate.result(medianLoopNs),
            medianLoopNs, warmUp, System.nanoTime() - start, othersShare.getAsDouble(), used);
      }
      if ((!fixed && sequence.lookDue()) || outOfTime) {
        Look look = sequence.look(limit, new Resolution(baseline.relativeStep(), candidate.relativeStep()));
        Stop stop = decide(look, limit, outOfTime, fixed, placing);
        if (stop != null) {
          double ratioOfMedians = candidate.medianNsPerOp() / baseline.medianNsPerOp();
          return new Measurement(
              look.ratio(),
              look.reported(),
              ratioOfMedians,
              pairs,
              pairsHitByGc,
              stop,
              baseline.result(medianLoopNs),
              candidate.result(medianLoopNs),
              medianLoopNs,
              warmUp,
              System.nanoTime() - start,
              othersShare.getAsDouble(),
              sequence.ratios());
        }
      }
    }
  }

  /**
   * Whether one operation per sample already takes so long that {@code perfbudget.pairs.min}
   * pairs cannot fit in {@code perfbudget.time.max}: then the time cap may end the measurement
   * with fewer pairs, and says so ({@link Stop#TOO_SLOW}).
   */
  private boolean tooSlowForMinPairs(Side baseline, Side candidate) {
    double pairNanos = baseline.batch * baseline.costNs() + candidate.batch * candidate.costNs();
    boolean unbatched = baseline.batch == 1 || candidate.batch == 1; // its samples cannot get shorter
    return unbatched && pairNanos * settings.minPairs() > settings.timeMax().toNanos();
  }

  /** A new random order of the sides, for this pair (Fisher-Yates). */
  private void shuffle(Side[] sides) {
    for (int i = sides.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      Side t = sides[i];
      sides[i] = sides[j];
      sides[j] = t;
    }
  }

  private static Stop decide(Look look, double limit, boolean outOfTime, boolean fixed, boolean placing) {
    boolean placed = !placing || look.reported().spread() <= PRECISE_SPREAD || outOfTime;
    switch (look.side()) {
      case BELOW_LIMIT:
        return placed ? Stop.BELOW_LIMIT : null;
      case ABOVE_LIMIT:
        return Stop.ABOVE_LIMIT;
      default:
        break;
    }
    if (limit <= 0 && look.reported().spread() <= PRECISE_SPREAD) {
      return Stop.PRECISE;
    }
    if (!outOfTime) {
      return null;
    }
    return fixed ? Stop.PAIRS_DONE : Stop.TIME_CAP;
  }

  /**
   * Warms every arm up within {@code perfbudget.warmup.max}: first each arm alone, one after the
   * other (unless this JVM has measured the arms before), then the arms taking turns, as they are
   * measured.
   *
   * <p>Alone, an arm's loop is first entered {@value #LOOP_ENTRIES} times with short batches (5 to
   * 20 us, see {@link Side#shortBatch()}), so that the JIT compiles the loop method itself: a loop
   * entered only a few hundred times, each time for a millisecond, keeps running in profiling
   * code, measured here at 3 to 7 times the cost of the compiled loop for a 20 ns op. An arm
   * whose single operation lasts longer than 20 us, or whose batches last five times that
   * whatever they were asked (ten times in a row), leaves that phase: next to such an op or batch
   * the loop's own cost does not matter, and 2,000 entries of a 3 ms sort took 6 s here. Then
   * rounds of full samples run until the arm is steady ({@link #roundsUntilSteady}).
   *
   * <p>Each arm is warmed alone so that library code it shares with the other arm is compiled
   * with one arm's profile, as in a JMH fork that runs one benchmark, and not with a mixture of
   * both: the regex pair's arms both run {@code Pattern}'s matching code, and warmed up taking
   * turns the precompiled {@code Pattern}'s match read 238 to 297 ns/op against JMH's 110 (its
   * ratio to {@code String.matches} 2.01 against 3.50); warmed alone first, 145 to 168 (ratio
   * 3.45). The baseline goes first, so that the order, and the arm whose profile the shared code
   * takes first, is the same in every run.
   *
   * <p>Once an arm is steady alone, its loop is renewed ({@link Arm#renewLoop}) and warmed up
   * alone again, entries and rounds, so that the loop the arm is measured with is compiled after
   * the operation has compiled code of its own, as JMH's is.
   *
   * <p>The rounds taking turns then run until every arm is steady beside the other, for a
   * measurement's samples take turns too.
   */
  private WarmUp warmUp(JitActivity jit, Side... sides) throws Exception {
    long start = System.nanoTime();
    long deadline = start + settings.warmupMax().toNanos();
    int rounds = 0;
    if (!measuredBefore) {
      exerciseTheEnginesOwnCode(jit);
      long loopDeadline = start + settings.warmupMax().toNanos() / 4;
      long aloneDeadline = start + settings.warmupMax().toNanos() / 2;
      List<Side> arms = Arrays.stream(sides).filter(Objects::nonNull).toList();
      for (int i = 0; i < arms.size(); i++) {
        // Each arm gets an equal share of what is left of the loop entries' and the alone rounds'
        // time, half of it for its first loop and half for the renewed one (an arm with no loop to
        // renew leaves its half to the arms after it).
        int shares = 2 * (arms.size() - i);
        Side side = arms.get(i);
        rounds += warmUpAlone(jit, side, loopDeadline, aloneDeadline, shares);
        if (side.renewLoop()) {
          rounds += warmUpAlone(jit, side, loopDeadline, aloneDeadline, shares - 1);
        }
      }
    }
    Steadiness together = roundsUntilSteady(jit, deadline, sides);
    rounds += together.rounds;
    long millis = (System.nanoTime() - start) / 1_000_000;
    if (together.steady) {
      return new WarmUp(rounds, millis, false, "");
    }
    String unsteady =
        together.settledRounds < SETTLED_ROUNDS ? compiling(jit) : "the cost per operation still moved by more than 10% a round";
    return new WarmUp(rounds, millis, true, unsteady);
  }

  /**
   * Enters the arm's loop, then runs its rounds alone until steady, each within a {@code 1 /
   * shares} share of the time left until its deadline; returns the rounds run.
   */
  private int warmUpAlone(JitActivity jit, Side side, long loopDeadline, long aloneDeadline, int shares) throws Exception {
    side.enterTheLoop(share(loopDeadline, shares));
    return roundsUntilSteady(jit, share(aloneDeadline, shares), side).rounds;
  }

  /** A {@code 1 / shares} share of the time from now until {@code deadline}. */
  private static long share(long deadline, int shares) {
    long now = System.nanoTime();
    return now + Math.max(0, deadline - now) / shares;
  }

  /** How a run of warm-up rounds ended: after how many rounds, whether steady, and how many of the last had the JIT settled. */
  private record Steadiness(int rounds, boolean steady, int settledRounds) {}

  /**
   * Runs warm-up rounds of {@code sides} until they are steady, or {@code deadline} passes: the
   * JIT settled through the last {@value #SETTLED_ROUNDS} rounds (nothing running or queued at
   * the round's end, and nothing installed since the round before unless every arm's cost held:
   * see {@link CompilerQueue}), so every arm ran the same code in both, and each arm's cost per
   * operation moved by less than 10% between them (or less than its samples' spread, up to 30%,
   * when they are noisier). Past the deadline, an arm that has had a round gets no more.
   */
  private Steadiness roundsUntilSteady(JitActivity jit, long deadline, Side... sides) throws Exception {
    jit.sinceLastLook();
    long roundNanos = Math.max(10 * settings.sampleTarget().toNanos(), 10_000_000L);
    int rounds = 0;
    int settledRounds = 0;
    while (true) {
      boolean stable = true;
      for (Side side : sides) {
        // Past the deadline an arm that has had a round, or whose one op outlasts a round (an op
        // of seconds), gets no more: the cap is checked per arm, not only per round.
        boolean late = System.nanoTime() >= deadline;
        if (side != null && !(late && (!Double.isNaN(side.lastRoundNsPerOp) || side.firstOpNs > roundNanos))) {
          stable &= side.warmUpRound(roundNanos, settings.sampleTarget().toNanos());
        }
      }
      rounds++;
      // A method installed between two looks, with nothing compiling at the second and every
      // arm's cost held, is not the arms' final code arriving: the JVM's other code (the test
      // framework's, the engine's own bookkeeping) gets compiled too, and under GC pressure, with
      // the compiler threads short of a core, one such method every 50 to 100 ms kept warm-up
      // going through rounds in which every arm read the same cost. A compilation that is
      // running or queued at the look always counts: it may be the arm's.
      Seen seen = jit.sinceLastLook();
      boolean settled = seen == Seen.QUIET || (seen == Seen.INSTALLED && stable);
      settledRounds = settled ? settledRounds + 1 : 0;
      boolean steady =
          measuredBefore && confirming
              ? seen != Seen.COMPILING
              : rounds >= MIN_WARMUP_ROUNDS && settledRounds >= SETTLED_ROUNDS && stable;
      if (steady || System.nanoTime() >= deadline) {
        return new Steadiness(rounds, steady, settledRounds);
      }
    }
  }

  /**
   * Runs the engine's own code of later phases (a look at the JIT, the confidence sequence's
   * looks) often enough for the JIT to compile it while the loops are entered, below. Else its
   * compilation, not the arms', is what keeps the JIT busy through the rounds: in a fresh JVM,
   * the JIT looks' reflective calls and the interval's sort and random numbers were most of what
   * compiled during them, and warm-up took 18 to 28 rounds instead of 4 or 5.
   */
  private static void exerciseTheEnginesOwnCode(JitActivity jit) {
    for (int look = 0; look < BOOKKEEPING_RUNS; look++) {
      jit.sinceLastLook();
    }
    SplittableRandom scratch = new SplittableRandom(1);
    for (int run = 0; run < 3; run++) {
      ConfidenceSequence sequence = new ConfidenceSequence(ConfidenceSequence.LEAST_PAIRS);
      for (int pair = 0; pair < 64; pair++) {
        sequence.add(1 + scratch.nextDouble());
        if (sequence.lookDue()) {
          sequence.look(2);
        }
      }
      sequence.look(2);
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
    private final LongSupplier collections;
    private long batch = 1;
    private long shortBatch = 1;
    private int slowCalls;
    private boolean slowerThanAShortBatch;
    private double lastRoundNsPerOp = Double.NaN;
    /** The cheapest round's cost per op so far. */
    private double lowestRoundNsPerOp = Double.POSITIVE_INFINITY;
    /** The last round's interquartile range of samples over its median. */
    private double lastRoundSpread = Double.NaN;
    /** The first operation's cost, cold: what an op too slow for warm-up rounds is known by. */
    private double firstOpNs = Double.NaN;
    private double lastNsPerOp;
    private double[] nsPerOp = new double[64];
    private long[] sampleNanos = new long[64];
    private int samples;
    private long operations;
    private long allocatedBytes;
    private boolean countsBytes = true;
    private long gcCount;
    private long gcMillis;

    Side(Arm arm, LongSupplier collections) {
      this.arm = arm;
      this.collections = collections;
    }

    /**
     * Runs one short batch: {@value #SHORT_BATCH_OPERATIONS} operations, but at least {@value
     * #SHORTEST_BATCH_NANOS} and at most {@value #SHORT_BATCH_NANOS} ns. Batches of a fixed 20 us
     * spent 120 ms of a quiet 0.3 s verdict of a 20 ns op entering loops, and half of a 1 s warm-up
     * under GC pressure.
     */
    void shortBatch() throws Exception {
      Sample sample = arm.run(shortBatch);
      if (Double.isNaN(firstOpNs) && shortBatch == 1) {
        firstOpNs = sample.nanosPerOp();
      }
      // Ten in a row, as the first calls of a cheap op can be slow too (class loading, interpreter).
      slowCalls = slowBatch(sample) ? slowCalls + 1 : 0;
      slowerThanAShortBatch = slowCalls >= 10;
      long target = (long) Math.min(SHORT_BATCH_NANOS, Math.max(SHORTEST_BATCH_NANOS, SHORT_BATCH_OPERATIONS * sample.nanosPerOp()));
      shortBatch = nextBatch(shortBatch, sample, target);
      batch = Math.max(batch, shortBatch);
    }

    /**
     * Renews the arm's loop, if it has one; returns whether it did. A renewed loop's rounds start
     * over: the cheapest round so far was the old loop's, and the fresh one's cost is its own (a
     * big op called from it can cost more than inlined).
     */
    boolean renewLoop() {
      if (!arm.renewLoop()) {
        return false;
      }
      lowestRoundNsPerOp = Double.POSITIVE_INFINITY;
      lastRoundSpread = Double.NaN;
      return true;
    }

    /**
     * Enters this arm's loop {@value #LOOP_ENTRIES} times with short batches, until {@code
     * deadline}, or until it is {@link #slowerThanAShortBatch}.
     */
    void enterTheLoop(long deadline) throws Exception {
      for (int entry = 0; entry < LOOP_ENTRIES && !slowerThanAShortBatch && System.nanoTime() < deadline; entry++) {
        shortBatch();
      }
    }

    /**
     * Whether entering this arm's loop once more buys nothing: one op outlasts a short batch, or
     * a batch lasts several short batches whatever it was asked to run (an arm with a least batch
     * of its own, such as the churn kind's 0.5 ms: 2,000 entries of it made the warm-up 2.4 s,
     * where its whole verdicts had taken 0.6 s).
     */
    private static boolean slowBatch(Sample sample) {
      return (sample.operations() == 1 && sample.nanos() > SHORT_BATCH_NANOS)
          || sample.nanos() > SLOW_BATCH_SHORT_BATCHES * SHORT_BATCH_NANOS;
    }

    /**
     * Runs one warm-up round; returns whether its median cost per op (of the samples no
     * collection ran in, where there are any) is no more than 10% below the cheapest earlier
     * round's, or no more than the rounds' interquartile range of samples below it when that is
     * wider (at most 30%).
     */
    boolean warmUpRound(long roundNanos, long sampleTarget) throws Exception {
      double[] costs = new double[16];
      double[] withoutCollections = new double[16];
      int count = 0;
      int clean = 0;
      long spent = 0;
      // A batched sample lasts about the sample target, a twentieth of a round; one that a
      // collector's pause stretched to the round's length would end the round alone, and a
      // median of one or two samples is that pause's. Under GC pressure such rounds read 10 to
      // 150 times the cost, and each held warm-up back by two rounds. So a batched arm's round
      // runs at least as many samples as show their spread; an arm whose single op outlasts the
      // sample target keeps rounds bounded by time alone.
      int leastSamples = batch > 1 ? SAMPLES_FOR_SPREAD : 1;
      while ((spent < roundNanos || count < leastSamples) && count < costs.length) {
        long collectionsBefore = collections.getAsLong();
        GcActivity.millis(); // read as measuring reads it, so that this code is compiled before pairs are measured
        Sample sample = arm.run(batch);
        spent += sample.nanos();
        costs[count++] = sample.nanosPerOp();
        if (collections.getAsLong() == collectionsBefore) {
          withoutCollections[clean++] = sample.nanosPerOp();
        }
        batch = nextBatch(batch, sample, sampleTarget);
      }
      double[] round = Arrays.copyOf(costs, count);
      // The round's cost is read from the samples no collection ran in, where there are any: a
      // collector's pause only adds time to the samples it stops, while the code's cost moves
      // them all. Under GC pressure pauses stopped more than half the samples of about one round
      // in six (of the op kind's warm-ups), whose median read 3 to 12 times the cost, and each
      // such round held warm-up back by two. An arm whose every sample collects (the churn kind
      // under pressure) is read from all of them.
      double cost = Statistics.median(clean > 0 ? Arrays.copyOf(withoutCollections, clean) : round);
      double spread = (Statistics.quantile(round, 0.75) - Statistics.quantile(round, 0.25)) / cost;
      if (cost > 0) {
        // Sized from the round's median, so that one slow last sample cannot leave a tiny batch
        // for the whole measurement.
        batch = (long) Math.max(1, Math.min(sampleTarget / cost, 1L << 40));
      }
      // A round of fewer samples than it takes to see their spread (an op of milliseconds, such as
      // a pool's dispatch) cannot show how noisy it is: it is held to the noisy bound. On a busy
      // machine a 20 ms dispatch moves by more than 10% from round to round, and such an arm
      // warmed up for 15 to 40 rounds (0.5 to 2 s) after the JIT was quiet.
      double within =
          count < SAMPLES_FOR_SPREAD
              ? STABLE_WITHIN_NOISY
              : Math.min(STABLE_WITHIN_NOISY, Math.max(STABLE_WITHIN, (spread + lastRoundSpread) / 2));
      // Steady once a round is no cheaper than the cheapest round before it, by more than the
      // band: new compiled code makes an arm cheaper, while what the machine or the collector is
      // doing moves it either way. Under GC pressure a churn arm's cost moved from round to round
      // by 10% to 60% either way with the JIT settled (87, 86, 138, 121, 138, 136, 164, 225 ns per
      // replacement), and rounds asked to agree with the one before kept warm-up going for up to
      // 4.8 s.
      boolean stable = cost >= lowestRoundNsPerOp * (1 - within);
      lastRoundNsPerOp = cost;
      lowestRoundNsPerOp = Math.min(lowestRoundNsPerOp, cost);
      lastRoundSpread = spread;
      return stable;
    }

    /** The batch that should take {@code target} ns, moving by at most 16x per sample. */
    private static long nextBatch(long batch, Sample sample, long target) {
      if (sample.nanos() <= 0) {
        return Math.max(batch, Math.min(batch * 16, MAX_ZERO_TIME_BATCH));
      }
      double wanted = target / sample.nanosPerOp();
      return (long) Math.max(1, Math.min(Math.min(wanted, batch * 16.0), 1L << 40));
    }

    /** Measures one sample; returns whether a GC ran during it. */
    boolean measureOne() throws Exception {
      long collectionsBefore = collections.getAsLong();
      long millis = GcActivity.millis();
      Sample sample = arm.run(batch);
      long collected = collections.getAsLong() - collectionsBefore;
      gcCount += collected;
      gcMillis += GcActivity.millis() - millis;
      if (samples == nsPerOp.length) {
        nsPerOp = Arrays.copyOf(nsPerOp, samples * 2);
        sampleNanos = Arrays.copyOf(sampleNanos, samples * 2);
      }
      lastNsPerOp = sample.nanosPerOp();
      sampleNanos[samples] = sample.nanos();
      nsPerOp[samples++] = lastNsPerOp;
      operations += sample.operations();
      countsBytes &= sample.allocatedBytes() != Sample.NOT_COUNTED;
      allocatedBytes += Math.max(0, sample.allocatedBytes());
      return collected > 0;
    }

    /** The cost per op of the last warm-up round, or of the first op when no round ran. */
    double costNs() {
      return Double.isNaN(lastRoundNsPerOp) ? firstOpNs : lastRoundNsPerOp;
    }

    double medianNsPerOp() {
      return Statistics.median(Arrays.copyOf(nsPerOp, samples));
    }

    /** The step of this arm's clock over its median sample, whose cost the ratio is of ({@link Resolution}). */
    double relativeStep() {
      return Resolution.relativeStep(sampleNanos, samples, 1);
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
