package dev.perfbudget.examples;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.workloads.OpWorkload;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Examples of op budgets: README's first command runs these and prints their verdicts. */
class StringBuildingPerfTest {

  private final int[] numbers = IntStream.range(0, 32).toArray();

  @PerfBudget(maxRatio = 25)
  void joiningWithStreamsStaysWithin25xOfAStringBuilder(OpWorkload op) {
    op.baseline("StringBuilder", () -> {
          StringBuilder text = new StringBuilder();
          for (int n : numbers) {
            text.append(n).append(',');
          }
          return text.toString();
        })
        .candidate("stream joining", () -> IntStream.of(numbers).mapToObj(Integer::toString).collect(Collectors.joining(",")));
  }

  @PerfBudget(maxRatio = 1.5)
  void sameWorkTwiceIsWithinNoise(OpWorkload op) {
    op.baseline("sum A", () -> sum(numbers)).candidate("sum B", () -> sum(numbers));
  }

  private static long sum(int[] values) {
    long total = 0;
    for (int value : values) {
      total += value * 31L;
    }
    return total;
  }
}
