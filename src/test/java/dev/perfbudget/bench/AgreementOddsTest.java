package dev.perfbudget.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class AgreementOddsTest {

  @Test
  void readsJmhRunsFromTheirRoundLinesAndPerfbudgetRunsFromTheirTablesByMode() {
    AgreementOdds.Runs runs = new AgreementOdds.Runs();
    runs.read(log(4.0, 4.4, 3.6), true);

    assertThat(runs.jmh).hasSize(1);
    assertThat(runs.jmh.get(0)).containsEntry("dates", 4.0).containsEntry("money", 7.5);
    assertThat(runs.perfbudget.get("always")).singleElement()
        .satisfies(run -> assertThat(run).containsEntry("dates", 4.4).containsEntry("money", 7.5));
    assertThat(runs.perfbudget.get("default")).singleElement()
        .satisfies(run -> assertThat(run).containsEntry("dates", 3.6).containsEntry("money", 7.5));
    assertThat(runs.beside.get("always")).singleElement()
        .satisfies(run -> assertThat(run.jmh()).isSameAs(runs.jmh.get(0)))
        .satisfies(run -> assertThat(run.ours()).isSameAs(runs.perfbudget.get("always").get(0)));
  }

  @Test
  void aLogNamedForJmhOnlyAddsNoPerfbudgetRuns() {
    AgreementOdds.Runs runs = new AgreementOdds.Runs();
    runs.read(log(4.0, 4.4, 3.6), false);

    assertThat(runs.jmh).hasSize(1);
    assertThat(runs.perfbudget).isEmpty();
    assertThat(runs.beside).isEmpty();
  }

  @Test
  void countsAPairWithinTenPercentOnlyWhenItsMediansAre() {
    AgreementOdds.Runs runs = new AgreementOdds.Runs();
    for (int run = 0; run < 6; run++) {
      runs.read(log(4.0, 4.3, 3.0), true); // dates: always +7.5%, default -25%
    }

    List<Map<String, Double>> jmh = runs.complete(runs.jmh);
    AgreementOdds.Odds always = AgreementOdds.draw(jmh, runs.complete(runs.perfbudget.get("always")), runs.pairs, new Random(1));
    AgreementOdds.Odds byDefault = AgreementOdds.draw(jmh, runs.complete(runs.perfbudget.get("default")), runs.pairs, new Random(1));
    AgreementOdds.Odds itself = AgreementOdds.draw(jmh, null, runs.pairs, new Random(1));

    int draws = itself.withinCounts()[2];
    assertThat(draws).isPositive();
    assertThat(always.withinCounts()[2]).isEqualTo(draws);
    assertThat(byDefault.withinCounts()[1]).isEqualTo(draws);
    assertThat(byDefault.misses()).containsOnlyKeys("dates").containsEntry("dates", draws);
    assertThat(itself.misses()).isEmpty();
  }

  @Test
  void drawnBesideTheirOwnJmhRunsRunsThatMoveWithTheirHourStillAgree() {
    AgreementOdds.Runs runs = new AgreementOdds.Runs();
    for (int run = 0; run < 3; run++) {
      runs.read(log(3.6, 3.7, 3.7), true); // an hour when both tools read dates slow
      runs.read(log(4.6, 4.7, 4.7), true); // one when both read it fast
    }

    AgreementOdds.Odds beside = AgreementOdds.drawBeside(runs.completeBeside("always"), runs.pairs, new Random(1));
    AgreementOdds.Odds apart =
        AgreementOdds.draw(runs.complete(runs.jmh), runs.complete(runs.perfbudget.get("always")), runs.pairs, new Random(1));

    assertThat(runs.completeBeside("always")).hasSize(6);
    assertThat(beside.misses()).isEmpty();
    assertThat(apart.misses()).containsOnlyKeys("dates");
  }

  @Test
  void againstAllJmhRunsPooledTwoSlowJmhRunsNoLongerMoveTheReference() {
    AgreementOdds.Runs runs = new AgreementOdds.Runs();
    for (double jmhDates : new double[] {4.0, 4.0, 4.0, 4.0, 5.0, 5.0}) { // two JMH runs read dates 25% over
      runs.read(log(jmhDates, 4.2, 4.2), true);
    }
    List<Map<String, Double>> jmh = runs.complete(runs.jmh);
    List<Map<String, Double>> always = runs.complete(runs.perfbudget.get("always"));

    AgreementOdds.Odds againstThree = AgreementOdds.draw(jmh, always, runs.pairs, new Random(1));
    AgreementOdds.Odds againstPool = AgreementOdds.drawAgainstPool(jmh, always, runs.pairs, new Random(1));
    AgreementOdds.Odds jmhAgainstPool = AgreementOdds.drawAgainstPool(jmh, null, runs.pairs, new Random(1));

    assertThat(againstThree.misses()).containsOnlyKeys("dates"); // the draws holding both slow runs
    assertThat(againstPool.misses()).isEmpty();
    // Against the other three, JMH's own three runs miss when either side holds both slow runs:
    // 8 of the 20 ways to draw three runs of six, 8,000 of 20,000 draws
    assertThat(jmhAgainstPool.misses()).containsOnlyKeys("dates");
    assertThat(jmhAgainstPool.misses().get("dates")).isBetween(7_000, 9_000);
  }

  /** One run of a two-pair panel as Agreement prints it: JMH's round lines, then a table per mode. */
  private static List<String> log(double jmhDates, double alwaysDates, double defaultDates) {
    List<String> lines = new ArrayList<>();
    lines.add("JMH money: centsWithTax 2.80/2.90/2.85 and bigDecimalWithTax 21.0/21.5/21.2 ns/op, ratio 7.500; fork by fork: 7.5, 7.4, 7.6");
    lines.add(String.format(Locale.ROOT,
        "JMH dates: dateToString 31.0/38.0/36.0 and dateParse 140/150/145 ns/op, ratio %.3f; fork by fork: 4.5, 3.9, 4.0", jmhDates));
    table(lines, "always", alwaysDates);
    table(lines, "default", defaultDates);
    lines.add("");
    lines.add("medians of 1 runs, perfbudget always");
    lines.add("");
    lines.add("| pair | baseline | JMH ns/op | perfbudget ns/op | diff | candidate | JMH ns/op | perfbudget ns/op | diff | JMH ratio | perfbudget ratio | diff |");
    lines.add("| dates | dateToString | 36.00 | 38.00 | +5.6% | dateParse | 145 | 140 | -3.4% | 4.000 | 99.000 | +0.0% |");
    return lines;
  }

  private static void table(List<String> lines, String mode, double dates) {
    lines.add("");
    lines.add("run 1, perfbudget " + mode);
    lines.add("");
    lines.add("| pair | baseline | JMH ns/op | perfbudget ns/op | diff | candidate | JMH ns/op | perfbudget ns/op | diff | JMH ratio | perfbudget ratio | diff |");
    lines.add("|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|");
    lines.add("| money | centsWithTax | 2.85 | 2.80 | -1.8% | bigDecimalWithTax | 21.2 | 21.0 | -0.9% | 7.500 | 7.500 | +0.0% |");
    lines.add(String.format(Locale.ROOT,
        "| dates | dateToString | 36.00 | 38.00 | +5.6%% | dateParse | 1,450 | 1,400 | -3.4%% | 4.000 | %.3f | +0.0%% |", dates));
    lines.add("");
    lines.add("ratios within 10% of JMH's: 1 of 2; arms' ns/op within 15% of JMH's: 4 of 4 (100%)");
  }
}
