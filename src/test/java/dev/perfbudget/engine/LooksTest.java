package dev.perfbudget.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LooksTest {

  @Test
  void theSharesNeverAddUpToMoreThanTheWholeError() {
    double spent = 0;
    for (int k = 1; k <= 1_000_000; k++) {
      spent += Looks.share(k);
    }
    assertThat(spent).isLessThanOrEqualTo(1.0).isGreaterThan(0.9999);
    assertThat(Looks.share(1)).isEqualTo(0.8);
    assertThat(Looks.share(2)).isCloseTo(0.1, org.assertj.core.data.Offset.offset(1e-15));
  }

  @Test
  void looksComeAfterEveryQuarterMorePairs() {
    Looks looks = new Looks(16);
    assertThat(looks.pairs(1)).isEqualTo(16);
    assertThat(looks.pairs(2)).isEqualTo(20);
    assertThat(looks.pairs(3)).isEqualTo(25);
    for (int k = 1; k < 40; k++) {
      assertThat(looks.pairs(k + 1)).isGreaterThan(looks.pairs(k)).isLessThanOrEqualTo((int) Math.ceil(looks.pairs(k) * 1.25));
    }
    assertThat(new Looks(1).pairs(2)).isEqualTo(2);
  }

  @Test
  void eightPairsAreTheFewestThatDecideAt99Percent() {
    assertThat(Looks.leastPairs(0.99)).isEqualTo(8);
    assertThat(Looks.leastPairs(0.95)).isEqualTo(6);
  }

  @Test
  void aFirstLookWithoutPairsIsRejected() {
    assertThatThrownBy(() -> new Looks(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
