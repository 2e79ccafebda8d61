package dev.perfbudget.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.perfbudget.Sampling;
import dev.perfbudget.engine.ConfidenceSequence.Look;
import dev.perfbudget.engine.ConfidenceSequence.Side;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ConfidenceSequenceTest {

  /** Adds pairs until a look is due and returns it; lognormal ratios around {@code ratio}. */
  private static Look nextLook(ConfidenceSequence sequence, double ratio, double sigma, SplittableRandom random, double limit) {
    do {
      sequence.add(ratio * Math.exp(sigma * random.nextGaussian()));
    } while (!sequence.lookDue());
    return sequence.look(limit, Resolution.NONE);
  }

  @Test
  void eightPairsAreTheFewestADecisionCanRestOn() {
    assertThat(ConfidenceSequence.LEAST_PAIRS).isEqualTo(8).isEqualTo(Sampling.LEAST_PAIRS);
    assertThat(SamplingSettings.DEFAULT_MIN_PAIRS).isEqualTo(16);
    assertThatThrownBy(() -> new ConfidenceSequence(7))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 8 pairs");
  }

  @Test
  void aClearCaseIsDecidedAtTheFirstLook() {
    ConfidenceSequence sequence = new ConfidenceSequence(16);
    SplittableRandom random = new SplittableRandom(1);
    for (int i = 0; i < 15; i++) {
      sequence.add(Math.exp(0.2 * random.nextGaussian()));
      assertThat(sequence.lookDue()).isFalse();
    }
    sequence.add(1.0);
    assertThat(sequence.lookDue()).isTrue();
    Look look = sequence.look(10, Resolution.NONE);
    assertThat(look.pairs()).isEqualTo(16);
    assertThat(look.side()).isEqualTo(Side.BELOW_LIMIT);
    assertThat(look.decision().low()).isLessThanOrEqualTo(look.reported().low());
    assertThat(look.reported().low()).isLessThanOrEqualTo(look.ratio());
    assertThat(look.ratio()).isLessThanOrEqualTo(look.reported().high());
    assertThat(look.reported().high()).isLessThanOrEqualTo(look.decision().high());
  }

  @Test
  void aRatioFarAboveTheLimitStopsAboveIt() {
    Look look = nextLook(new ConfidenceSequence(16), 2.0, 0.05, new SplittableRandom(2), 1.5);
    assertThat(look.side()).isEqualTo(Side.ABOVE_LIMIT);
    assertThat(look.ratio()).isCloseTo(2.0, offset(0.1));
  }

  @Test
  void withoutALimitNothingIsDecided() {
    Look look = nextLook(new ConfidenceSequence(16), 2.0, 0.05, new SplittableRandom(3), 0);
    assertThat(look.side()).isEqualTo(Side.UNDECIDED);
  }

  @Test
  void aTrueRatioAtTheLimitIsRarelyDecidedHoweverLongItIsWatched() {
    // 99% per measurement, whatever the number of looks: at most 1% of 2,000 measurements of
    // 1,000 pairs each decide, on either side. The rule's own error here is far lower.
    SplittableRandom random = new SplittableRandom(4);
    int decided = 0;
    for (int run = 0; run < 2_000; run++) {
      ConfidenceSequence sequence = new ConfidenceSequence(16);
      while (sequence.pairs() < 1_000) {
        if (nextLook(sequence, 1.5, 0.2, random, 1.5).side() != Side.UNDECIDED) {
          decided++;
          break;
        }
      }
    }
    assertThat(decided).isLessThanOrEqualTo(20);
  }

  @Test
  void theIntervalNarrowsAsPairsComeIn() {
    ConfidenceSequence sequence = new ConfidenceSequence(16);
    SplittableRandom random = new SplittableRandom(5);
    Look first = nextLook(sequence, 1.0, 0.1, random, 0);
    Look later = first;
    while (later.pairs() < 2_000) {
      later = nextLook(sequence, 1.0, 0.1, random, 0);
    }
    assertThat(later.reported().spread()).isLessThan(1.05).isLessThan(first.reported().spread());
    assertThat(later.reported().low()).isGreaterThanOrEqualTo(first.reported().low());
    assertThat(later.reported().high()).isLessThanOrEqualTo(first.reported().high());
  }

  @Test
  void aRatioThatSettlesLowerIsNeverReportedOutsideItsOwnInterval() {
    ConfidenceSequence sequence = new ConfidenceSequence(16);
    SplittableRandom random = new SplittableRandom(7);
    Look look = nextLook(sequence, 2.7, 0.05, random, 0);
    while (look.pairs() < 200) {
      look = nextLook(sequence, 2.7, 0.05, random, 0);
    }
    boolean movedOut = false;
    while (look.pairs() < 1_000) {
      look = nextLook(sequence, 2.3, 0.05, random, 0);
      assertThat(look.reported().low()).as("at %d pairs", look.pairs()).isLessThanOrEqualTo(look.ratio());
      assertThat(look.reported().high()).as("at %d pairs", look.pairs()).isGreaterThanOrEqualTo(look.ratio());
      assertThat(look.decision().low()).isLessThanOrEqualTo(look.ratio());
      assertThat(look.decision().high()).isGreaterThanOrEqualTo(look.ratio());
      movedOut |= look.ratio() < 2.6;
    }
    assertThat(movedOut).as("the median left the first looks' interval").isTrue();
  }

  @Test
  void equalRatiosWithAnUnseenClockStepDecideNothing() {
    ConfidenceSequence sequence = new ConfidenceSequence(16);
    for (int i = 0; i < 64; i++) {
      sequence.add(1.0);
    }
    long[] equal = new long[64];
    java.util.Arrays.fill(equal, 1_000);
    double step = Resolution.relativeStep(equal, equal.length, 1);
    Look look = sequence.look(1.5, new Resolution(step, step));
    assertThat(step).isEqualTo(1.0);
    assertThat(look.decision().low()).isZero();
    assertThat(look.decision().high()).isInfinite();
    assertThat(look.side()).isEqualTo(Side.UNDECIDED);
  }

  @Test
  void aFineClockStepWidensTheIntervalByItsShare() {
    long[] nanos = {1_000_000, 1_000_020, 1_000_040, 999_980};
    assertThat(Resolution.relativeStep(nanos, nanos.length, 1)).isCloseTo(2e-5, offset(1e-7));
    assertThat(Resolution.relativeStep(nanos, nanos.length, 4)).isCloseTo(8e-5, offset(1e-7));
    ConfidenceSequence sequence = new ConfidenceSequence(16);
    for (int i = 0; i < 16; i++) {
      sequence.add(1.0);
    }
    Look look = sequence.look(1.5, new Resolution(0.01, 0.02));
    assertThat(look.decision().low()).isCloseTo(0.98 / 1.01, offset(1e-9));
    assertThat(look.decision().high()).isCloseTo(1.02 / 0.99, offset(1e-9));
    assertThat(look.side()).isEqualTo(Side.BELOW_LIMIT);
  }

  @Test
  void aLookForcedBeforeItIsDueSpendsTheNextShare() {
    ConfidenceSequence sequence = new ConfidenceSequence(8);
    SplittableRandom random = new SplittableRandom(6);
    Look first = nextLook(sequence, 1.0, 0.1, random, 1.05);
    sequence.add(1.0);
    // 9 pairs at the second look's share (0.05% per end) cannot bound a median (2^-9 = 0.2%):
    // the interval of the first look stands.
    Look forced = sequence.look(1.05, Resolution.NONE);
    assertThat(forced.pairs()).isEqualTo(9);
    assertThat(forced.decision()).isEqualTo(first.decision());
  }

  @Test
  void theFirstLookOfSixteenPairsLeavesTwoStrayPairsAtEachEndOut() {
    // A loaded machine slows one sample of a pair now and then, by several times: the ratio of
    // that pair lands far out, on either side. Two such pairs on each side do not hold a clear
    // case up at the first look.
    ConfidenceSequence sequence = new ConfidenceSequence(16);
    SplittableRandom random = new SplittableRandom(7);
    double[] strays = {5.0, 0.2, 8.0, 0.15};
    for (int i = 0; i < 16; i++) {
      sequence.add(i < strays.length ? strays[i] : Math.exp(0.02 * random.nextGaussian()));
    }
    Look look = sequence.look(1.5, Resolution.NONE);
    assertThat(look.side()).isEqualTo(Side.BELOW_LIMIT);
    assertThat(look.decision().high()).isLessThan(1.5);
  }

  @Test
  void aConfirmationFindsTheRatioAboveTheLimitSoonerThanAFirstMeasurement() {
    // The same pairs: a quarter of them far below the limit, as a pool's dispatches read on a
    // busy machine whenever the baseline's workers waited for a core.
    ConfidenceSequence first = new ConfidenceSequence(16);
    ConfidenceSequence confirming = ConfidenceSequence.confirming(16);
    SplittableRandom random = new SplittableRandom(8);
    int firstDecided = 0;
    int confirmedAt = 0;
    for (int pair = 1; pair <= 2_000 && firstDecided == 0; pair++) {
      double ratio = random.nextDouble() < 0.25 ? 4 * Math.exp(0.1 * random.nextGaussian()) : 10 * Math.exp(0.05 * random.nextGaussian());
      first.add(ratio);
      confirming.add(ratio);
      if (first.lookDue() && first.look(5, Resolution.NONE).side() == Side.ABOVE_LIMIT) {
        firstDecided = pair;
      }
      if (confirmedAt == 0 && confirming.lookDue() && confirming.look(5, Resolution.NONE).side() == Side.ABOVE_LIMIT) {
        confirmedAt = pair;
      }
    }
    assertThat(firstDecided).isPositive();
    assertThat(confirmedAt).isPositive().isLessThan(firstDecided);
  }

  @Test
  void aConfirmationFindsTheRatioBelowTheLimitAtTheFullConfidence() {
    // Below the limit a confirmation decides as a first measurement does, on the same pairs.
    ConfidenceSequence first = new ConfidenceSequence(16);
    ConfidenceSequence confirming = ConfidenceSequence.confirming(16);
    SplittableRandom random = new SplittableRandom(9);
    while (first.pairs() < 500) {
      double ratio = 1.3 * Math.exp(0.3 * random.nextGaussian());
      first.add(ratio);
      confirming.add(ratio);
      if (first.lookDue()) {
        Look one = first.look(1.5, Resolution.NONE);
        Look other = confirming.look(1.5, Resolution.NONE);
        assertThat(other.side() == Side.BELOW_LIMIT).isEqualTo(one.side() == Side.BELOW_LIMIT);
        assertThat(other.decision()).isEqualTo(one.decision());
      }
    }
  }

  @Test
  void aConfirmationOfATrueRatioAtTheLimitFindsItAboveInAtMostFivePercent() {
    SplittableRandom random = new SplittableRandom(10);
    int above = 0;
    for (int run = 0; run < 1_000; run++) {
      ConfidenceSequence sequence = ConfidenceSequence.confirming(16);
      while (sequence.pairs() < 500) {
        Side side = nextLook(sequence, 1.5, 0.2, random, 1.5).side();
        if (side != Side.UNDECIDED) {
          above += side == Side.ABOVE_LIMIT ? 1 : 0;
          break;
        }
      }
    }
    assertThat(above).isLessThanOrEqualTo(50);
  }
}
