package dev.perfbudget.bench;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.workloads.OpWorkload;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.DoubleAdder;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Five {@code DoubleStream} perf tests of one class, in this order: four pipelines that each map
 * the values with a lambda of their own and end differently, then a mapped sum against a loop. {@code DoubleStream} is code that JUnit itself never
 * runs, so the last test's profile in a JVM of its own is its own alone; after the four others,
 * the array spliterator's and the pipeline's call sites have seen their lambdas too. {@link
 * Pollution} measures what that does. (Not named {@code *Tests}: Surefire must not run them.)
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public class DoubleStreamPairs {

  private final double[] values = new SplittableRandom(13).doubles(1000, 0, 100).toArray();

  @Order(1)
  @PerfBudget
  void filteredCount(OpWorkload op) {
    op.baseline("loop", () -> {
      long count = 0;
      for (double value : values) {
        if (value + 1 > 50) {
          count++;
        }
      }
      return count;
    }).candidate("stream", () -> Arrays.stream(values).map(v -> v + 1).filter(v -> v > 50).count());
  }

  @Order(2)
  @PerfBudget
  void maximum(OpWorkload op) {
    op.baseline("loop", () -> {
      double max = Double.NEGATIVE_INFINITY;
      for (double value : values) {
        max = Math.max(max, Math.sqrt(value));
      }
      return max;
    }).candidate("stream", () -> Arrays.stream(values).map(Math::sqrt).max().getAsDouble());
  }

  @Order(3)
  @PerfBudget
  void roundedSum(OpWorkload op) {
    op.baseline("loop", () -> {
      long sum = 0;
      for (double value : values) {
        sum += Math.round(-value);
      }
      return sum;
    }).candidate("stream", () -> Arrays.stream(values).map(v -> -v).mapToLong(Math::round).sum());
  }

  @Order(4)
  @PerfBudget
  void forEachAdd(OpWorkload op) {
    DoubleAdder loopSum = new DoubleAdder();
    DoubleAdder streamSum = new DoubleAdder();
    op.baseline("loop", () -> {
      for (double value : values) {
        loopSum.add(value * value);
      }
      return loopSum.sum();
    }).candidate("stream", () -> {
      Arrays.stream(values).map(v -> v * v).forEach(streamSum::add);
      return streamSum.sum();
    });
  }

  /** The test whose reading earlier tests move: a mapped sum against a loop. */
  @Order(5)
  @PerfBudget
  void mappedSum(OpWorkload op) {
    op.baseline("loop", () -> {
      double sum = 0;
      for (double value : values) {
        sum += value * 1.5;
      }
      return sum;
    }).candidate("stream", () -> Arrays.stream(values).map(v -> v * 1.5).sum());
  }
}
