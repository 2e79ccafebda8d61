package dev.perfbudget.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ErrorSpendingTest {

  @Test
  void overAnyNumberOfLooksNoMoreThanTheWholeErrorIsSpent() {
    ErrorSpending spending = new ErrorSpending(0.005);
    Looks looks = new Looks(16);
    for (int k = 1; k <= 60; k++) {
      spending.outside(k, looks.pairs(k));
      assertThat(spending.spent()).isLessThanOrEqualTo(0.005);
    }
    // Almost all of it, in the end: what one look cannot use, a later one does.
    assertThat(spending.spent()).isGreaterThan(0.0045);
  }

  @Test
  void whatAFirstLookCannotSpendWidensTheNext() {
    ErrorSpending spending = new ErrorSpending(0.005);
    // 16 pairs at 0.4%: 2 out per end, which spends 0.21% (3 out would spend 1.06%).
    assertThat(spending.outside(1, 16)).isEqualTo(2);
    assertThat(spending.spent()).isCloseTo(OrderStatistics.atMost(16, 2), org.assertj.core.data.Offset.offset(1e-15));
    // 20 pairs: its own share (0.05%) leaves 2 out; with the 0.19% carried, 3 (0.13%).
    assertThat(OrderStatistics.outside(20, Looks.share(2) * 0.005)).isEqualTo(2);
    assertThat(spending.outside(2, 20)).isEqualTo(3);
  }

  @Test
  void tooFewPairsSpendNothing() {
    ErrorSpending spending = new ErrorSpending(0.005);
    assertThat(spending.outside(1, 4)).isEqualTo(-1);
    assertThat(spending.spent()).isZero();
    assertThat(new ErrorSpending(0).outside(1, 1000)).isEqualTo(-1);
  }
}
