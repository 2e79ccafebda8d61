package dev.perfbudget.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RankingTest {

  @Test
  void sortsExactlyAndRanksInTheValuesOwnOrder() {
    double[] values = {0.5, -2.0, 3.25, -0.0001, 1e-9};
    Ranking ranking = Ranking.of(values, values.length);
    assertThat(ranking.sorted()).containsExactly(-2.0, -0.0001, 1e-9, 0.5, 3.25);
    assertThat(ranking.ranks()).containsExactly(3, 0, 4, 1, 2);
  }

  @Test
  void valuesThatAgreeToAMillionthAreStillSortedExactly() {
    double base = Math.log(1.2345);
    double[] values = {base + 3e-12, base, base + 1e-12, base + 2e-12, -1};
    Ranking ranking = Ranking.of(values, values.length);
    double[] expected = values.clone();
    Arrays.sort(expected);
    assertThat(ranking.sorted()).containsExactly(expected);
    assertThat(ranking.ranks()).containsExactly(2.5, 2.5, 2.5, 2.5, 0);
  }

  @Test
  void onlyTheFirstCountValuesCount() {
    SplittableRandom random = new SplittableRandom(3);
    double[] values = new double[1_000];
    Arrays.setAll(values, i -> random.nextGaussian());
    Ranking ranking = Ranking.of(values, 600);
    double[] expected = Arrays.copyOf(values, 600);
    Arrays.sort(expected);
    assertThat(ranking.sorted()).containsExactly(expected);
    for (int i = 0; i < 600; i++) {
      assertThat(ranking.sorted()[(int) ranking.ranks()[i]]).isEqualTo(values[i]);
    }
  }
}
