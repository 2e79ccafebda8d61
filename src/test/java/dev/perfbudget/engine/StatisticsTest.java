package dev.perfbudget.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatisticsTest {

  @Test
  void medianOfOddAndEvenCounts() {
    assertThat(Statistics.median(new double[] {5, 1, 3})).isEqualTo(3);
    assertThat(Statistics.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
    assertThat(Statistics.median(new double[] {7})).isEqualTo(7);
    assertThat(Statistics.median(new double[] {2, 2, 2, 1, 9, 9})).isEqualTo(2);
  }

  @Test
  void medianLeavesItsInputAlone() {
    double[] values = {3, 1, 2};
    Statistics.median(values);
    assertThat(values).containsExactly(3, 1, 2);
  }

  @Test
  void quantilesInterpolate() {
    double[] values = {10, 20, 30, 40, 50};
    assertThat(Statistics.quantile(values, 0)).isEqualTo(10);
    assertThat(Statistics.quantile(values, 1)).isEqualTo(50);
    assertThat(Statistics.quantile(values, 0.5)).isEqualTo(30);
    assertThat(Statistics.quantile(values, 0.125)).isEqualTo(15);
  }
}
