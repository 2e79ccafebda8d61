package dev.perfbudget;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfbudget.engine.InterleavedSampler;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.engine.SamplingSettings;
import dev.perfbudget.testkit.TestSampling;
import dev.perfbudget.testkit.Work;
import dev.perfbudget.workloads.OpWorkload;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * One loop class per arm: what else runs through the measuring loop must not change an arm's cost.
 *
 * <p>With one loop class shared by every arm, the op's call site sees every arm's class. Here
 * (JDK 17, this 2-core VM) that costs a 5 ns op about 2x once a different candidate and the
 * empty loop take turns with it (measured 8.6 to 9.6 ns against 4.6 ns); each arm's private
 * copy of the loop keeps the op at its own cost, whatever ran before or beside it.
 */
class CallSiteIsolationTest {

  private final Work work = new Work();
  private final int[] numbers = java.util.stream.IntStream.range(0, 64).toArray();
  private final Map<Integer, String> map = new HashMap<>();

  @Test
  void anOpCostsTheSameAloneAndBesideOthersAfterThreeOtherWorkloads() throws Exception {
    Supplier<Object> op = () -> work.steps(2);
    double alone = lowestCostOf(op, op);

    for (int i = 0; i < 64; i++) {
      map.put(i, "v" + i);
    }
    measure(() -> "n=" + numbers.length, () -> numbers.length);
    measure(() -> {
      long total = 0;
      for (int n : numbers) {
        total += n;
      }
      return total;
    }, () -> numbers[3]);
    measure(() -> map.get(numbers.length & 63), () -> map.size());

    double after = lowestCostOf(op, () -> work);
    System.out.printf("call-site isolation: alone %.2f ns, beside others after three workloads %.2f ns%n", alone, after);
    // A shared loop costs 2x; the machine alone moves the lowest of five readings by up to a
    // quarter between the two (1.23 on Java 25 in one run of the suite), and further down when
    // a slow stretch of the machine, seconds long, takes all five alone readings (0.65 once in
    // the suite: 2.87 after, 4.39 alone), so the band is wider below than above.
    assertThat(after / alone).as("cost after / alone (%.2f / %.2f ns)", after, alone).isBetween(0.5, 1.4);
  }

  /**
   * The lowest of five short measurements: other processes on the machine can only make an op
   * slower, so the lowest is the one least disturbed.
   */
  private double lowestCostOf(Supplier<Object> op, Supplier<Object> beside) throws Exception {
    double lowest = Double.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      lowest = Math.min(lowest, measure(op, beside).baseline().nsPerOp());
    }
    return lowest;
  }

  private static Measurement measure(Supplier<Object> op, Supplier<Object> beside) throws Exception {
    OpWorkload workload = new OpWorkload().baseline("op", op).candidate("beside", beside);
    SamplingSettings settings = TestSampling.settings(Duration.ofSeconds(1));
    return new InterleavedSampler(settings, new SplittableRandom(1)).measure(workload.prepare(null), 100);
  }
}
