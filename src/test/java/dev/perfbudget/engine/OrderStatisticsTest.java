package dev.perfbudget.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import org.junit.jupiter.api.Test;

class OrderStatisticsTest {

  @Test
  void theBinomialTailIsExact() {
    // 8 values: P(none below) = 1/256, P(at most one) = 9/256.
    assertThat(OrderStatistics.atMost(8, 0)).isCloseTo(1 / 256.0, offset(1e-15));
    assertThat(OrderStatistics.atMost(8, 1)).isCloseTo(9 / 256.0, offset(1e-15));
    assertThat(OrderStatistics.atMost(20, 20)).isCloseTo(1.0, offset(1e-12));
  }

  @Test
  void eightValuesAreTheFewestThatBoundAMedianAtFourInAThousandPerEnd() {
    assertThat(OrderStatistics.outside(7, 0.004)).isEqualTo(-1);
    assertThat(OrderStatistics.outside(8, 0.004)).isZero();
    assertThat(OrderStatistics.outside(1, 0.004)).isEqualTo(-1);
  }

  @Test
  void theBoundIsTheLargestCountWhoseTailStaysWithinTheLevel() {
    for (int n = 1; n <= 300; n++) {
      for (double alpha : new double[] {1e-6, 1e-4, 0.004, 0.02}) {
        int c = OrderStatistics.outside(n, alpha);
        if (c >= 0) {
          assertThat(OrderStatistics.atMost(n, c)).as("n=%d alpha=%s", n, alpha).isLessThanOrEqualTo(alpha);
        }
        assertThat(OrderStatistics.atMost(n, c + 1)).as("n=%d alpha=%s", n, alpha).isGreaterThan(alpha);
      }
    }
  }

  @Test
  void largeCountsStayNearTheNormalApproximation() {
    // n = 20,000 at 0.5% per end: n/2 - 2.576 sqrt(n)/2, about 9,818; 2^-n underflows here.
    int c = OrderStatistics.outside(20_000, 0.005);
    assertThat(c).isBetween(9_810, 9_825);
  }
}
