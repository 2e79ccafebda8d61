package dev.perfbudget.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.perfbudget.Arm;
import dev.perfbudget.Arms;
import dev.perfbudget.Sample;
import dev.perfbudget.engine.Measurement.Stop;
import dev.perfbudget.testkit.FakeArm;
import dev.perfbudget.testkit.TestSampling;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import dev.perfbudget.engine.JitActivity.Seen;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/** The sampler's logic on arms of made-up cost: no result here depends on the machine. */
class InterleavedSamplerTest {

  /**
   * The fewest warm-up rounds of two arms measured for the first time: three of the baseline
   * alone and three more once its loop is renewed, the same of the candidate, then three of both
   * taking turns.
   */
  private static final int LEAST_ROUNDS = 15;

  private static Measurement measure(Arms arms, double limit) throws Exception {
    return sampler(Duration.ofSeconds(2), 7).measure(arms, limit);
  }

  /** A sampler whose JIT is quiet at every look, so that warm-up depends on the arms alone. */
  private static InterleavedSampler sampler(Duration timeMax, long seed) {
    return new InterleavedSampler(TestSampling.settings(timeMax), new SplittableRandom(seed), () -> new ScriptedJit(look -> Seen.QUIET, ""));
  }

  /** A JIT that is seen as {@code seen} says at each look (the first is number 1), compiling {@code method}. */
  private static final class ScriptedJit implements JitActivity {
    private final IntFunction<Seen> seen;
    private final String method;
    private int looks;

    ScriptedJit(IntFunction<Seen> seen, String method) {
      this.seen = seen;
      this.method = method;
    }

    @Override
    public Seen sinceLastLook() {
      return seen.apply(++looks);
    }

    @Override
    public String lastCompiling() {
      return seen.apply(looks) == Seen.COMPILING ? method : "";
    }
  }

  @Test
  void measuresTheRatioOfTwoArmsAndStopsAsSoonAsItIsClear() throws Exception {
    Measurement m = measure(Arms.of(FakeArm.steady("a", 10), FakeArm.steady("b", 20)), 1.5);
    assertThat(m.ratio()).isCloseTo(2.0, offset(0.03));
    assertThat(m.interval().low()).isGreaterThan(1.5);
    assertThat(m.stop()).isEqualTo(Stop.ABOVE_LIMIT);
    assertThat(m.pairs()).isEqualTo(SamplingSettings.DEFAULT_MIN_PAIRS);
    assertThat(m.baseline().nsPerOp()).isCloseTo(10, offset(0.3));
    assertThat(m.candidate().bytesPerOp()).isEqualTo(8);
  }

  @Test
  void identicalArmsStopBelowTheLimit() throws Exception {
    Measurement m = measure(Arms.of(FakeArm.steady("a", 50), FakeArm.steady("b", 50)), 1.5);
    assertThat(m.stop()).isEqualTo(Stop.BELOW_LIMIT);
    assertThat(m.interval().low()).isLessThanOrEqualTo(m.ratio());
    assertThat(m.interval().high()).isGreaterThanOrEqualTo(m.ratio()).isLessThan(1.5);
  }

  @Test
  void aRatioThatStraddlesTheLimitRunsToTheTimeCap() throws Exception {
    // The true median ratio is exactly the limit: no number of pairs can decide it.
    Arms arms = Arms.of(FakeArm.steady("a", 10, 0.3, new ArrayList<>()), FakeArm.steady("b", 15, 0.3, new ArrayList<>()));
    Measurement m = sampler(Duration.ofNanos(1), 3).measure(arms, 1.5);
    assertThat(m.stop()).isEqualTo(Stop.TIME_CAP);
    // Each arm's cost varies by up to 30% either way, so the median of 16 pair ratios has a
    // standard deviation of about 0.12: within 0.4 is more than three of them.
    assertThat(m.ratio()).isCloseTo(1.5, offset(0.4));
    assertThat(m.pairs()).as("the cap never cuts below the minimum of pairs").isEqualTo(SamplingSettings.DEFAULT_MIN_PAIRS);
  }

  @Test
  void withoutALimitItSamplesUntilTheIntervalIsNarrow() throws Exception {
    Measurement m = measure(Arms.of(FakeArm.steady("a", 10, 0.2, new ArrayList<>()), FakeArm.steady("b", 30, 0.2, new ArrayList<>())), 0);
    assertThat(m.stop()).isEqualTo(Stop.PRECISE);
    assertThat(m.interval().spread()).isLessThanOrEqualTo(1.10);
    assertThat(m.ratio()).isCloseTo(3.0, offset(0.15));
  }

  @Test
  void placingTheRatioSamplesPastAClearVerdictUntilTheIntervalIsNarrow() throws Exception {
    Arms noisy = Arms.of(FakeArm.steady("a", 10, 0.3, new ArrayList<>()), FakeArm.steady("b", 20, 0.3, new ArrayList<>()));
    Measurement verdict = sampler(Duration.ofSeconds(2), 7).measure(noisy, 20);
    Measurement placed = sampler(Duration.ofSeconds(2), 7).placingTheRatio().measure(noisy, 20);
    assertThat(verdict.stop()).isEqualTo(Stop.BELOW_LIMIT);
    assertThat(verdict.interval().spread()).as("sixteen pairs settle the verdict, not the ratio").isGreaterThan(1.10);
    assertThat(placed.stop()).isEqualTo(Stop.BELOW_LIMIT);
    assertThat(placed.pairs()).isGreaterThan(verdict.pairs());
    assertThat(placed.interval().spread()).isLessThanOrEqualTo(1.10);
    assertThat(placed.ratio()).isCloseTo(2.0, offset(0.15));
  }

  @Test
  void placingTheRatioStopsAtItsOwnTimeCapWithTheVerdictItHas() throws Exception {
    // Each pair's ratio spread over a factor of four: no second of pairs narrows it to 10%.
    Arms wild = Arms.of(FakeArm.steady("a", 10, 0.6, new ArrayList<>()), FakeArm.steady("b", 20, 0.6, new ArrayList<>()));
    Measurement placed = sampler(Duration.ofMillis(50), 7).placingTheRatio().measure(wild, 20);
    assertThat(placed.stop()).isEqualTo(Stop.BELOW_LIMIT);
    assertThat(placed.interval().high()).isLessThan(20);
  }

  @Test
  void warmUpEntersTheLoopOftenSoASlowStartStaysOut() throws Exception {
    // Slow for the first 1,500 calls (profiling code before the JIT compiles the loop).
    FakeArm candidate = new FakeArm("b", call -> call <= 1_500 ? 200 : 20, 0.02, 1, new ArrayList<>());
    Measurement m = measure(Arms.of(FakeArm.steady("a", 10), candidate), 100);
    assertThat(m.candidate().nsPerOp()).isCloseTo(20, offset(1.0));
    assertThat(m.ratio()).isCloseTo(2.0, offset(0.05));
  }

  @Test
  void anArmWithALeastBatchOfItsOwnLeavesTheLoopEntriesAfterTenBatches() throws Exception {
    // Like the churn kind: every batch runs at least 0.5 ms of work, whatever it is asked, so
    // 2,000 short batches would be 2,000 long ones.
    int[] calls = new int[1];
    Arm leastBatch = new Arm() {
      @Override
      public String name() {
        return "least batch";
      }

      @Override
      public Sample run(long operations) {
        calls[0]++;
        long run = Math.max(operations, 25_000);
        return new Sample(run, 20 * run, 0);
      }
    };
    Measurement m = measure(Arms.of(FakeArm.steady("a", 20), leastBatch), 100);
    assertThat(m.ratio()).isCloseTo(1.0, offset(0.05));
    assertThat(calls[0]).as("batches run, warm-up and measurement").isLessThan(500);
  }

  @Test
  void aConfirmationRightAfterAMeasurementOfTheSameArmsWarmsUpForOneRoundWhileTheJitIsNotCompiling() throws Exception {
    Arms arms = Arms.of(FakeArm.steady("a", 10), FakeArm.steady("b", 20));
    InterleavedSampler quiet = sampler(Duration.ofSeconds(2), 7);
    quiet.measure(arms, 1.5);
    Measurement confirmation = quiet.forArmsMeasuredBefore().confirmingAFailure().measure(arms, 1.5);
    assertThat(confirmation.warmUp().rounds()).isEqualTo(1);
    assertThat(confirmation.candidate().batch()).as("sized by that round").isGreaterThan(10_000);

    // The JIT is compiling at the first three looks: the one before the rounds, and those that
    // end the first two.
    ScriptedJit jit = new ScriptedJit(look -> look <= 3 ? Seen.COMPILING : Seen.QUIET, "java.util.regex.Pattern::compile");
    InterleavedSampler compiling = new InterleavedSampler(TestSampling.settings(Duration.ofSeconds(2)), new SplittableRandom(7), () -> jit);
    Measurement waited = compiling.forArmsMeasuredBefore().confirmingAFailure().measure(arms, 1.5);
    assertThat(waited.warmUp().rounds()).isEqualTo(3);
    // Not a confirmation: rounds until the cost holds, as for any measurement of arms measured before.
    assertThat(quiet.forArmsMeasuredBefore().measure(arms, 1.5).warmUp().rounds()).isGreaterThanOrEqualTo(3);
  }

  @Test
  void eachArmWarmsUpAloneBaselineFirstBeforeTheArmsTakeTurns() throws Exception {
    List<String> log = new ArrayList<>();
    Arms arms = Arms.of(FakeArm.steady("a", 10, 0.02, log), FakeArm.steady("b", 20, 0.02, log));
    Measurement m = sampler(Duration.ofSeconds(2), 7).measure(arms, 1.5);

    int baselineAlone = log.indexOf("b");
    int candidateAlone = log.subList(baselineAlone, log.size()).indexOf("a");
    assertThat(baselineAlone).as("batches of the baseline before the candidate's first").isGreaterThan(2_000);
    assertThat(candidateAlone).as("batches of the candidate alone after them").isGreaterThan(2_000);
    List<String> together = log.subList(baselineAlone + candidateAlone, log.size());
    assertThat(together).containsOnly("a", "b");
    assertThat(together.stream().filter("b"::equals).count()).as("the candidate's batches taking turns")
        .isGreaterThanOrEqualTo(m.pairs() + 3);
    // The arms measured before are not warmed alone again: their code is compiled already.
    log.clear();
    sampler(Duration.ofSeconds(2), 7).forArmsMeasuredBefore().measure(arms, 1.5);
    assertThat(log.indexOf("b")).as("the baseline's batches before the candidate's first").isLessThan(50);
  }

  @Test
  void eachArmsLoopIsRenewedOnceItIsSteadyAloneAndWarmedUpAgainBeforeTheArmsTakeTurns() throws Exception {
    List<String> log = new ArrayList<>();
    FakeArm baseline = FakeArm.steady("a", 10, 0.02, log);
    FakeArm candidate = FakeArm.steady("b", 20, 0.02, log);
    sampler(Duration.ofSeconds(2), 7).measure(Arms.of(baseline, candidate), 1.5);

    assertThat(baseline.renewedAfterCalls()).as("the baseline's calls when its loop was renewed").hasSize(1);
    assertThat(candidate.renewedAfterCalls()).hasSize(1);
    int renewed = baseline.renewedAfterCalls().get(0);
    assertThat(renewed).as("the first loop entered and warmed up before").isGreaterThan(2_000 + 3);
    int firstOfCandidate = log.indexOf("b");
    assertThat(firstOfCandidate - renewed).as("the renewed loop entered and warmed up again, alone").isGreaterThan(2_000 + 3);
    assertThat(candidate.renewedAfterCalls().get(0)).as("renewed before the arms take turns")
        .isLessThan(candidate.calls() - 2_000);

    // Arms measured before in this JVM keep the loops they were measured with.
    sampler(Duration.ofSeconds(2), 7).forArmsMeasuredBefore().measure(Arms.of(baseline, candidate), 1.5);
    assertThat(baseline.renewedAfterCalls()).hasSize(1);
    assertThat(candidate.renewedAfterCalls()).hasSize(1);
  }

  @Test
  void anArmWithNoLoopToRenewIsWarmedUpAloneOnce() throws Exception {
    List<String> log = new ArrayList<>();
    FakeArm baseline = FakeArm.steady("a", 10, 0.0, log);
    FakeArm candidate = FakeArm.steady("b", 20, 0.0, log);
    Measurement m = measure(Arms.of(withoutALoop(baseline), withoutALoop(candidate)), 1.5);

    assertThat(m.warmUp().rounds()).as("three rounds of each alone, three of both").isEqualTo(3 + 3 + 3);
    assertThat(log.indexOf("b")).as("the baseline's batches alone: its loop entered once, not twice")
        .isGreaterThan(2_000).isLessThan(2 * 2_000);
  }

  /** {@code arm}, as an arm that has no loop of its own to renew. */
  private static Arm withoutALoop(FakeArm arm) {
    return new Arm() {
      @Override
      public String name() {
        return arm.name();
      }

      @Override
      public Sample run(long operations) {
        return arm.run(operations);
      }
    };
  }

  @Test
  void armsMeasuredBeforeInThisJvmAreNotEnteredTwoThousandTimesAgain() throws Exception {
    List<String> log = new ArrayList<>();
    Arms arms = Arms.of(FakeArm.steady("a", 10, 0.02, log), FakeArm.steady("b", 20, 0.02, log));
    InterleavedSampler sampler = sampler(Duration.ofSeconds(2), 7);
    Measurement first = sampler.measure(arms, 1.5);
    int firstCalls = log.size();
    Measurement again = sampler.forArmsMeasuredBefore().measure(arms, 1.5);
    int againCalls = log.size() - firstCalls;

    assertThat(firstCalls).as("the first measurement enters each loop 2,000 times").isGreaterThan(4_000);
    assertThat(againCalls).as("batches the second measurement ran").isLessThan(200);
    assertThat(again.warmUp().rounds()).as("warm-up rounds still run").isGreaterThanOrEqualTo(3);
    assertThat(again.ratio()).isCloseTo(first.ratio(), offset(0.03));
    assertThat(again.stop()).isEqualTo(Stop.ABOVE_LIMIT);
  }

  @Test
  void warmUpWaitsUntilTheCostStopsMoving() throws Exception {
    // After the 2,000 short batches the cost still falls, by half every 10 calls or so.
    FakeArm candidate =
        new FakeArm("b", call -> 20 + 180 * Math.exp(-Math.max(0, call - 2_000) / 15.0), 0.0, 1, new ArrayList<>());
    Measurement m = measure(Arms.of(FakeArm.steady("a", 10), candidate), 100);
    assertThat(m.warmUp().capped()).isFalse();
    assertThat(m.warmUp().rounds()).isGreaterThanOrEqualTo(5);
    assertThat(m.candidate().nsPerOp()).isCloseTo(20, offset(1.0));
  }

  @Test
  void noisySamplesOfSteadyCodeEndWarmUpWithoutWaitingForTwoRoundsWithinTenPercent() throws Exception {
    // Each sample varies by up to 60% either way, as an allocating arm's did under GC pressure:
    // two rounds' medians differ by more than 10% about half the time by chance alone.
    // With these arms' random streams, "within 10%" alone took 24 rounds.
    Arms arms = Arms.of(FakeArm.steady("e", 100, 0.6, new ArrayList<>()), FakeArm.steady("ee", 100, 0.6, new ArrayList<>()));
    Measurement m = measure(arms, 1.5);
    assertThat(m.warmUp().capped()).isFalse();
    assertThat(m.warmUp().rounds()).isLessThanOrEqualTo(LEAST_ROUNDS + 3);
  }

  @Test
  void aPauseLongerThanAWarmUpRoundDoesNotHoldWarmUpBack() throws Exception {
    // Past the loop entries, one sample of the candidate in six is stopped for 200 times its
    // length, as a collector's pause stretched 1 ms samples to 10 to 40 ms under GC pressure:
    // such a sample fills a round alone.
    // A round that ended on one read it as the cost, and the rounds on either side of it moved
    // by 200 times: 8 of these 20 measurements warmed up in the least rounds (3, when the arms
    // warmed up only taking turns), and the others took up to 8.
    int leastRounds = 0;
    for (int seed = 0; seed < 20; seed++) {
      SplittableRandom pauses = new SplittableRandom(seed);
      FakeArm paused = new FakeArm("b", call -> call > 2_000 && pauses.nextInt(6) == 0 ? 20 * 200 : 20, 0.02, seed, new ArrayList<>());
      Measurement m = sampler(Duration.ofSeconds(2), seed).measure(Arms.of(FakeArm.steady("a", 10), paused), 100);
      assertThat(m.warmUp().capped()).isFalse();
      assertThat(m.warmUp().rounds()).isLessThanOrEqualTo(LEAST_ROUNDS + 2);
      assertThat(m.candidate().nsPerOp()).isCloseTo(20, offset(1.0));
      leastRounds += m.warmUp().rounds() == LEAST_ROUNDS ? 1 : 0;
    }
    assertThat(leastRounds).isGreaterThanOrEqualTo(15);
  }

  @Test
  void collectionsInHalfTheSamplesOfARoundDoNotHoldWarmUpBack() throws Exception {
    // Past the loop entries, a collection stops two samples in five of the candidate for 3 to
    // 12 times their length, as collectors' pauses did under GC pressure, where about one round
    // in six had more than half its samples stopped and a median several times the cost. With
    // rounds read from the medians of all their samples, 8 of these 20 measurements warmed up
    // in the least rounds (3, when the arms warmed up only taking turns), and the others took up to 10.
    int leastRounds = 0;
    for (int seed = 0; seed < 20; seed++) {
      SplittableRandom pauses = new SplittableRandom(seed);
      AtomicLong collections = new AtomicLong();
      IntToDoubleFunction cost = call -> {
        if (call > 2_000 && pauses.nextInt(5) < 2) {
          collections.incrementAndGet();
          return 20 * (3 + pauses.nextInt(10));
        }
        return 20;
      };
      FakeArm paused = new FakeArm("b", cost, 0.02, seed, new ArrayList<>());
      InterleavedSampler sampler =
          new InterleavedSampler(TestSampling.settings(Duration.ofSeconds(2)), new SplittableRandom(seed),
              () -> new ScriptedJit(look -> Seen.QUIET, ""), collections::get);
      Measurement m = sampler.measure(Arms.of(FakeArm.steady("a", 10), paused), 100);
      assertThat(m.warmUp().capped()).isFalse();
      leastRounds += m.warmUp().rounds() == LEAST_ROUNDS ? 1 : 0;
    }
    assertThat(leastRounds).isGreaterThanOrEqualTo(15);
  }

  @Test
  void aCostThatMovesBothWaysFromRoundToRoundEndsWarmUpOnceItStopsFalling() throws Exception {
    // Past the loop entries the candidate costs 100 or 180 ns, drawn afresh every ten calls
    // (about a round), as a churn arm's cost moved with the collector's state under GC pressure
    // while the JIT was settled. With rounds asked to agree with the one before, 14 of these 20
    // warmed up in one round more than the least or fewer (4, when the arms warmed up only taking
    // turns), and the others took up to 11.
    int leastRounds = 0;
    for (int seed = 0; seed < 20; seed++) {
      long stream = seed;
      IntToDoubleFunction cost =
          call -> call > 2_000 && new SplittableRandom(stream * 100_000 + call / 10).nextBoolean() ? 180 : 100;
      FakeArm moving = new FakeArm("b", cost, 0.02, seed, new ArrayList<>());
      Measurement m = sampler(Duration.ofSeconds(2), seed).measure(Arms.of(FakeArm.steady("a", 10), moving), 100);
      assertThat(m.warmUp().capped()).isFalse();
      leastRounds += m.warmUp().rounds() <= LEAST_ROUNDS + 1 ? 1 : 0;
    }
    assertThat(leastRounds).isGreaterThanOrEqualTo(18);
  }

  @Test
  void warmUpLastsUntilTheJitHasBeenQuietForTwoRounds() throws Exception {
    // Looks 1 to 20 exercise the look itself, look 21 follows the baseline's short batches, and
    // looks 22 to 32 end its rounds alone 1 to 11, during which the JIT is at work (a C2
    // compilation of 200 ms reads so); its rounds 12 and 13 are the first quiet ones. Then three
    // rounds of its renewed loop, three of the candidate alone and three of its renewed loop, and
    // three of both.
    ScriptedJit jit = new ScriptedJit(look -> look <= 32 ? Seen.COMPILING : Seen.QUIET, "java.util.regex.Pattern::compile");
    Arms arms = Arms.of(FakeArm.steady("a", 10, 0.0, new ArrayList<>()), FakeArm.steady("b", 20, 0.0, new ArrayList<>()));
    Measurement m = new InterleavedSampler(TestSampling.settings(Duration.ofSeconds(2)), new SplittableRandom(7), () -> jit).measure(arms, 1.5);
    assertThat(m.warmUp().rounds()).isEqualTo(13 + 3 + 3 + 3 + 3);
    assertThat(m.warmUp().capped()).isFalse();
    assertThat(m.warmUp().unsteady()).isEmpty();
  }

  @Test
  void codeInstalledBetweenLooksWhileEveryArmsCostHoldsDoesNotHoldWarmUpBack() throws Exception {
    // Every look finds a method installed since the one before and nothing compiling now, as
    // under GC pressure the compiler threads installed the JVM's other code one method every 50
    // to 100 ms: warm-up waited for a quiet look until its cap, through rounds of the same cost.
    ScriptedJit jit = new ScriptedJit(look -> Seen.INSTALLED, "");
    Arms arms = Arms.of(FakeArm.steady("a", 10, 0.0, new ArrayList<>()), FakeArm.steady("b", 20, 0.0, new ArrayList<>()));
    Measurement m = new InterleavedSampler(TestSampling.settings(Duration.ofSeconds(2)), new SplittableRandom(7), () -> jit).measure(arms, 1.5);
    assertThat(m.warmUp().capped()).isFalse();
    assertThat(m.warmUp().rounds()).isEqualTo(LEAST_ROUNDS);
  }

  @Test
  void codeInstalledBetweenLooksWhileAnArmsCostStillMovesIsWaitedFor() throws Exception {
    // As in warmUpWaitsUntilTheCostStopsMoving, the candidate's cost still falls after the loop
    // entries; the methods installed meanwhile may be its own.
    FakeArm candidate =
        new FakeArm("b", call -> 20 + 180 * Math.exp(-Math.max(0, call - 2_000) / 15.0), 0.0, 1, new ArrayList<>());
    ScriptedJit jit = new ScriptedJit(look -> Seen.INSTALLED, "");
    Measurement m =
        new InterleavedSampler(TestSampling.settings(Duration.ofSeconds(2)), new SplittableRandom(7), () -> jit)
            .measure(Arms.of(FakeArm.steady("a", 10), candidate), 100);
    assertThat(m.warmUp().capped()).isFalse();
    assertThat(m.warmUp().rounds()).isGreaterThanOrEqualTo(5);
    assertThat(m.candidate().nsPerOp()).isCloseTo(20, offset(1.0));
  }

  @Test
  void aJitThatNeverGoesQuietCapsWarmUpAndTheResultSaysWhatItWasCompiling() throws Exception {
    ScriptedJit jit = new ScriptedJit(look -> Seen.COMPILING, "java.util.Formatter::parse");
    Arms arms = Arms.of(FakeArm.steady("a", 10), FakeArm.steady("b", 20));
    Measurement m = new InterleavedSampler(TestSampling.settings(Duration.ofSeconds(2)), new SplittableRandom(7), () -> jit).measure(arms, 1.5);
    assertThat(m.warmUp().capped()).isTrue();
    assertThat(m.warmUp().unsteady()).isEqualTo("the JIT was still compiling (java.util.Formatter::parse)");
    assertThat(m.warmUp().millis()).as("the cap, perfbudget.warmup.max, is 1 s").isBetween(1000L, 1900L);
  }

  @Test
  void pairsRunInRandomizedOrderNeverThreeOfOneArmInARow() throws Exception {
    List<String> log = new ArrayList<>();
    Arms arms = Arms.of(FakeArm.steady("a", 10, 0.3, log), FakeArm.steady("b", 15, 0.3, log));
    Measurement m = sampler(Duration.ofMillis(100), 5).measure(arms, 1.5);
    int measured = 2 * m.pairs();
    List<String> pairs = log.subList(log.size() - measured, log.size());
    int abFirst = 0;
    for (int i = 0; i < pairs.size(); i += 2) {
      assertThat(pairs.get(i)).isNotEqualTo(pairs.get(i + 1));
      abFirst += pairs.get(i).equals("a") ? 1 : 0;
    }
    int total = pairs.size() / 2;
    assertThat(abFirst).as("baseline first in %d of %d pairs", abFirst, total).isBetween(total / 4, 3 * total / 4);
  }

  @Test
  void theMachinesLoadIsReadOverThePairsAndReported() throws Exception {
    Arms arms =
        new Arms(FakeArm.steady("a", 1000, 0.001, new ArrayList<>()), FakeArm.steady("b", 1000, 0.001, new ArrayList<>()), null, Map.of());
    List<String> calls = new ArrayList<>();
    InterleavedSampler sampler =
        sampler(Duration.ofSeconds(2), 7).reportingMachineLoad(() -> {
          calls.add("start");
          return () -> {
            calls.add("read");
            return 0.42;
          };
        });
    Measurement m = sampler.measure(arms, 1.5);
    assertThat(m.otherProcessesCpuShare()).isEqualTo(0.42);
    assertThat(calls).containsExactly("start", "read");
    assertThat(measure(arms, 1.5).otherProcessesCpuShare()).as("with no reading of the machine").isNaN();
  }

  @Test
  void nsPerOpAndTheRatioIncludeTheLoopAndItsCostAndTheNetFiguresAreReportedBeside() throws Exception {
    Arms arms =
        new Arms(FakeArm.steady("a", 12, 0.001, new ArrayList<>()), FakeArm.steady("b", 22, 0.001, new ArrayList<>()),
            FakeArm.steady("loop", 2, 0.001, new ArrayList<>()), Map.of());
    Measurement m = measure(arms, 1.5);
    assertThat(m.loopNsPerOp()).isCloseTo(2, offset(0.01));
    assertThat(m.baseline().nsPerOp()).isCloseTo(12, offset(0.01));
    assertThat(m.candidate().nsPerOp()).isCloseTo(22, offset(0.01));
    assertThat(m.baseline().netNsPerOp()).isCloseTo(10, offset(0.01));
    assertThat(m.candidate().netNsPerOp()).isCloseTo(20, offset(0.01));
    // As JMH computes it: 22 / 12, not (22 - 2) / (12 - 2).
    assertThat(m.ratio()).isCloseTo(22.0 / 12, offset(0.01));
    assertThat(m.ratioOfMedians()).isCloseTo(22.0 / 12, offset(0.01));
  }

  @Test
  void theEmptyLoopIsSampledInEveryPairAtARandomPlace() throws Exception {
    List<String> log = new ArrayList<>();
    Arms arms =
        new Arms(FakeArm.steady("a", 12, 0.01, log), FakeArm.steady("b", 22, 0.01, log), FakeArm.steady("loop", 2, 0.01, log), Map.of());
    Measurement m = sampler(Duration.ofMillis(200), 5).measure(arms, 1.9);
    List<String> measured = log.subList(log.size() - 3 * m.pairs(), log.size());
    int[] loopAt = new int[3];
    for (int i = 0; i < measured.size(); i += 3) {
      List<String> triple = measured.subList(i, i + 3);
      assertThat(triple).containsExactlyInAnyOrder("a", "b", "loop");
      loopAt[triple.indexOf("loop")]++;
    }
    assertThat(java.util.Arrays.stream(loopAt).min().orElseThrow()).as("pairs with the loop first, second, third: %s", java.util.Arrays.toString(loopAt)).isPositive();
    assertThat(m.baseline().samples()).isEqualTo(m.pairs());
  }

  @Test
  void anArmCheaperThanTheEmptyLoopIsReportedAtZeroNetNotBelow() throws Exception {
    Arms arms =
        new Arms(FakeArm.steady("a", 1, 0.001, new ArrayList<>()), FakeArm.steady("b", 1, 0.001, new ArrayList<>()),
            FakeArm.steady("loop", 2, 0.001, new ArrayList<>()), Map.of());
    Measurement m = measure(arms, 1.5);
    assertThat(m.baseline().netNsPerOp()).isZero();
    assertThat(m.baseline().nsPerOp()).isCloseTo(1, offset(0.01));
    assertThat(m.ratio()).isCloseTo(1.0, offset(0.01));
  }

  @Test
  void armsWhoseSamplesAreAllEqualGetNoIntervalThatDecides() throws Exception {
    // Without noise every sample of an arm takes the same time, as behind a coarse clock: the
    // ratios are all 1.0, and their order statistics would make an interval of width zero.
    Arms arms = Arms.of(FakeArm.steady("a", 10, 0.0, new ArrayList<>()), FakeArm.steady("b", 10, 0.0, new ArrayList<>()));
    Measurement m = sampler(Duration.ofMillis(100), 7).measure(arms, 1.5);
    assertThat(m.ratio()).isEqualTo(1.0);
    assertThat(m.interval().low()).isLessThan(m.interval().high());
    assertThat(m.interval().low()).isZero();
    assertThat(m.interval().high()).isInfinite();
    assertThat(m.stop()).isEqualTo(Stop.TIME_CAP);
  }

  @Test
  void batchesAreSizedToTheSampleTarget() throws Exception {
    Measurement m = measure(Arms.of(FakeArm.steady("a", 50), FakeArm.steady("b", 100)), 1.5);
    // 1 ms at 50 ns per operation is 20,000 operations; at 100 ns, 10,000.
    assertThat(m.baseline().batch()).isBetween(18_000L, 22_000L);
    assertThat(m.candidate().batch()).isBetween(9_000L, 11_000L);
  }

  @Test
  void pairsHitByAGcAreKeptAndCountedWhicheverArmWasSlow() throws Exception {
    // Every fifth candidate sample triggers a GC and looks ten times slower; the rest cost 20.
    // Leaving those pairs out would depend on which arm allocates: they stay, and the median
    // of the ratios is that of the pairs no GC hit.
    SplittableRandom noise = new SplittableRandom(9);
    Arm collecting =
        new Arm() {
          private int calls;

          @Override
          public String name() {
            return "b";
          }

          @Override
          public Sample run(long operations) {
            boolean collect = ++calls % 5 == 0 && calls > 2_000;
            if (collect) {
              System.gc();
            }
            double perOp = (collect ? 200 : 20) * (1 + 0.02 * noise.nextDouble());
            return Sample.timed(operations, Math.round(operations * perOp));
          }
        };
    Measurement m = measure(Arms.of(FakeArm.steady("a", 10, 0.02, new ArrayList<>()), collecting), 0);
    assertThat(m.pairsHitByGc()).isPositive();
    assertThat(m.candidate().gcCount()).isGreaterThanOrEqualTo(m.pairsHitByGc());
    assertThat(m.pairRatios()).hasSize(m.pairs());
    assertThat(java.util.Arrays.stream(m.pairRatios()).filter(ratio -> ratio > 10).count())
        .as("the slow pairs are among those measured")
        .isPositive();
    assertThat(m.ratio()).isCloseTo(2.0, offset(0.1));
  }

  @Test
  void oneSlowLastWarmUpSampleDoesNotShrinkTheBatch() throws Exception {
    // Every 10th call is 100 times slower: a warm-up round may well end on one.
    FakeArm hiccups = new FakeArm("b", call -> call % 10 == 0 ? 5_000 : 50, 0.0, 1, new ArrayList<>());
    Measurement m = measure(Arms.of(FakeArm.steady("a", 50), hiccups), 100);
    assertThat(m.candidate().batch()).isBetween(18_000L, 22_000L);
  }
}
