package dev.perfbudget.bench;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.workloads.OpWorkload;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Five stream perf tests of one class, as a user's test class has them, run in this order: four
 * pipelines of different shapes, then a boxed {@code List<Integer>} sum against an int loop.
 * The stream library's shared call sites ({@code ArrayList}'s spliterator, the pipeline stages)
 * see the lambdas of all five, so the last test's profile depends on the tests before it:
 * {@link Pollution} measures how much. (Not named {@code *Tests}: Surefire must not run them.)
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public class StreamPairs {

  private static final int SIZE = 1000;

  private final List<String> words = new ArrayList<>();
  private final List<Long> longs = new ArrayList<>();
  private final List<Integer> ints = new ArrayList<>();

  public StreamPairs() {
    SplittableRandom random = new SplittableRandom(11);
    for (int i = 0; i < SIZE; i++) {
      words.add("w" + random.nextInt(100_000));
      longs.add(random.nextLong(1_000_000));
      ints.add(random.nextInt(1000));
    }
  }

  @Order(1)
  @PerfBudget
  void stringLengths(OpWorkload op) {
    op.baseline("loop", () -> {
      int sum = 0;
      for (String word : words) {
        sum += word.length();
      }
      return sum;
    }).candidate("stream", () -> words.stream().mapToInt(String::length).sum());
  }

  @Order(2)
  @PerfBudget
  void longSum(OpWorkload op) {
    op.baseline("loop", () -> {
      long sum = 0;
      for (Long value : longs) {
        sum += value;
      }
      return sum;
    }).candidate("stream", () -> longs.stream().mapToLong(Long::longValue).sum());
  }

  @Order(3)
  @PerfBudget
  void mappedCount(OpWorkload op) {
    op.baseline("loop", () -> {
      long count = 0;
      for (Integer value : ints) {
        if ((value * 3 & 1) == 0) {
          count++;
        }
      }
      return count;
    }).candidate("stream", () -> ints.stream().map(v -> v * 3).filter(v -> (v & 1) == 0).count());
  }

  @Order(4)
  @PerfBudget
  void forEachAdd(OpWorkload op) {
    LongAdder loopSum = new LongAdder();
    LongAdder streamSum = new LongAdder();
    op.baseline("loop", () -> {
      for (Integer value : ints) {
        loopSum.add(value);
      }
      return loopSum.sum();
    }).candidate("stream", () -> {
      ints.forEach(streamSum::add);
      return streamSum.sum();
    });
  }

  /** The test whose reading earlier tests move: a boxed stream sum against a loop. */
  @Order(5)
  @PerfBudget
  void boxedSum(OpWorkload op) {
    op.baseline("loop", () -> {
      int sum = 0;
      for (Integer value : ints) {
        sum += value;
      }
      return sum;
    }).candidate("boxed stream", () -> ints.stream().mapToInt(Integer::intValue).sum());
  }
}
