package dev.perfbudget.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SerialCorrelationTest {

  private static double[] ar1(double phi, int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double[] values = new double[n];
    double x = random.nextGaussian();
    for (int i = 0; i < n; i++) {
      x = phi * x + Math.sqrt(1 - phi * phi) * random.nextGaussian();
      values[i] = x;
    }
    return values;
  }

  private static double widening(double[] values) {
    return SerialCorrelation.widening(Ranking.of(values, values.length).ranks());
  }

  private static double lag1(double[] values) {
    return SerialCorrelation.lag1(Ranking.of(values, values.length).ranks());
  }

  @Test
  void theRankAutocorrelationFindsTheSeriesCorrelation() {
    assertThat(lag1(ar1(0.0, 4_000, 1))).isBetween(-0.05, 0.05);
    assertThat(lag1(ar1(0.6, 4_000, 2))).isBetween(0.52, 0.64);
    // A trend: every value above the last.
    double[] rising = new double[100];
    Arrays.setAll(rising, i -> i);
    assertThat(lag1(rising)).isGreaterThan(0.95);
  }

  @Test
  void independentPairsAreWidenedLittleOnceThereAreMany() {
    assertThat(widening(ar1(0.0, 4_000, 3))).isBetween(1.0, 1.08);
  }

  @Test
  void correlatedPairsAreWidenedByTheVarianceInflationOfTheirMean() {
    // AR(1) with phi 0.6: a mean's variance is (1 + 0.6) / (1 - 0.6) = 4 times that of
    // independent values, so the interval widens by about 2.
    assertThat(widening(ar1(0.6, 4_000, 4))).isBetween(2.0, 2.4);
  }

  @Test
  void aShortSeriesIsWidenedAsIfItWereCorrelatedBecauseItCannotShowOtherwise() {
    assertThat(widening(ar1(0.0, 8, 5))).isGreaterThan(1.8);
    assertThat(widening(new double[] {1})).isCloseTo(Math.sqrt(1.9 / 0.1), org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void outliersWeighNoMoreThanAnyOtherValue() {
    double[] units = ar1(0.0, 1_000, 6);
    double[] withOutliers = units.clone();
    for (int i = 0; i < withOutliers.length; i += 50) {
      withOutliers[i] = 1e6;
    }
    assertThat(lag1(withOutliers)).isCloseTo(lag1(units), org.assertj.core.data.Offset.offset(0.05));
  }

  @Test
  void negativeAndPositiveValuesRankInTheirOrder() {
    // Ranks 0, 4, 1, 3, 2 alternate: a strongly negative lag-1 correlation.
    assertThat(lag1(new double[] {-3.5, 2.0, -0.25, 1e-9, -1e-9})).isLessThan(-0.5);
    assertThat(lag1(new double[] {-3, -2, -1, 0, 1, 2, 3})).isGreaterThan(0.5);
  }

  @Test
  void equalValuesHaveNoCorrelationToMeasure() {
    double[] equal = new double[20];
    Arrays.fill(equal, 3.0);
    assertThat(lag1(equal)).isZero();
  }
}
