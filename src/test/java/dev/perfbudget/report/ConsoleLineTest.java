package dev.perfbudget.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfbudget.engine.Interval;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.engine.Measurement.ArmResult;
import dev.perfbudget.engine.Measurement.Stop;
import dev.perfbudget.engine.Measurement.WarmUp;
import dev.perfbudget.judge.Outcome;
import dev.perfbudget.judge.Verdict;
import dev.perfbudget.plan.BytesBudget;
import dev.perfbudget.plan.Limit;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The console line: ns/op with the measuring loop, and the loop where it weighs. */
class ConsoleLineTest {

  private static Outcome outcome(double baselineNs, double candidateNs, double loopNs) {
    Measurement measurement =
        new Measurement(
            candidateNs / baselineNs, new Interval(candidateNs / baselineNs * 0.98, candidateNs / baselineNs * 1.02),
            candidateNs / baselineNs, 12, 0, Stop.BELOW_LIMIT,
            new ArmResult("centsWithTax", baselineNs, baselineNs - loopNs, baselineNs, baselineNs, 0, 100_000, 12, 1_200_000, 0, 0, Map.of()),
            new ArmResult("bigDecimalWithTax", candidateNs, candidateNs - loopNs, candidateNs, candidateNs, 0, 100_000, 12, 1_200_000, 0, 0, Map.of()),
            loopNs, new WarmUp(4, 300, false), 400_000_000L, Double.NaN, new double[] {candidateNs / baselineNs});
    return new Outcome(
        "Money#tax", "Money#tax", "op", Verdict.PASS, false, Limit.maxRatio(100), measurement, Double.NaN, Map.of(), "",
        Instant.EPOCH, BytesBudget.NONE);
  }

  @Test
  void theConsoleLineShowsTheLoopWhereItWeighsOnTheBaseline() {
    Outcome cheap = outcome(5, 20, 3);
    assertThat(ConsoleLine.of(cheap)).contains("centsWithTax 5.00 ns/op, bigDecimalWithTax 20.0 ns/op (loop 3.00 ns)  12 pairs");
    Outcome dear = outcome(400, 1600, 3);
    assertThat(ConsoleLine.of(dear)).contains("centsWithTax 400 ns/op, bigDecimalWithTax 1.60 us/op  12 pairs");
  }

}
