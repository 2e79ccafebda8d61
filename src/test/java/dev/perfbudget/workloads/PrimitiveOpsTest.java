package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfbudget.Arm;
import dev.perfbudget.Arms;
import dev.perfbudget.Sample;
import dev.perfbudget.testkit.StandaloneContext;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Ops with primitive results are consumed as they are: no boxing, so no bytes and no boxing
 * cost measured as if they were the op's. Each op returns values far outside the small range
 * that {@code Integer.valueOf} and {@code Long.valueOf} cache, so a boxed result would allocate.
 */
class PrimitiveOpsTest {

  /** A source of fresh values; the ops read it, so the JIT cannot fold them. */
  static final class Counter {
    private long next = 1L << 40;

    long nextLong() {
      return next += 1_000_003;
    }

    int nextInt() {
      return (int) nextLong() | 1 << 20;
    }

    double nextDouble() {
      return nextLong() * 0.5;
    }

    boolean nextBoolean() {
      return (nextLong() & 2) == 0;
    }
  }

  private static double bytesPerOp(Arm arm) throws Exception {
    arm.run(50_000); // past the interpreter and the first compilations
    Sample sample = arm.run(200_000);
    assertThat(sample.allocatedBytes()).as("allocation is counted on this JVM").isNotEqualTo(Sample.NOT_COUNTED);
    return (double) sample.allocatedBytes() / sample.operations();
  }

  private static Arms prepare(OpWorkload op) {
    return op.prepare(new StandaloneContext("PrimitiveOpsTest"));
  }

  @Test
  void aLambdaWithALongResultIsALongSupplierAndAllocatesNothingWhereTheBoxedOneDoes() throws Exception {
    Counter counter = new Counter();
    Arms arms = prepare(new OpWorkload().baseline("long", () -> counter.nextLong()).candidate("boxed", (Supplier<Long>) () -> counter.nextLong()));
    assertThat(bytesPerOp(arms.baseline())).isLessThan(1);
    assertThat(bytesPerOp(arms.candidate())).as("Long.valueOf outside its cache").isGreaterThanOrEqualTo(15);
  }

  @Test
  void intAndDoubleResultsAreConsumedWithoutBoxingToo() throws Exception {
    Counter counter = new Counter();
    Arms arms = prepare(new OpWorkload().baseline("int", counter::nextInt).candidate("double", () -> counter.nextDouble()));
    assertThat(bytesPerOp(arms.baseline())).isLessThan(1);
    assertThat(bytesPerOp(arms.candidate())).isLessThan(1);
    Arms boxed = prepare(new OpWorkload().baseline("boxed int", (Supplier<Integer>) counter::nextInt).candidate("boxed double", (Supplier<Double>) counter::nextDouble));
    assertThat(bytesPerOp(boxed.baseline())).isGreaterThanOrEqualTo(15);
    assertThat(bytesPerOp(boxed.candidate())).isGreaterThanOrEqualTo(15);
  }

  @Test
  void aBooleanOpRunsAndTheEmptyLoopTakesTheBaselinesShape() throws Exception {
    Counter counter = new Counter();
    Arms arms = prepare(new OpWorkload().baseline("boolean", counter::nextBoolean).candidate("object", () -> "x" + counter.nextLong()));
    long before = counter.next;
    arms.baseline().run(1_000);
    assertThat(counter.next - before).as("the op ran once per operation").isEqualTo(1_000 * 1_000_003L);
    assertThat(bytesPerOp(arms.baseline())).isLessThan(1);
    assertThat(bytesPerOp(arms.emptyLoop())).as("an empty boolean loop").isLessThan(1);
    assertThat(bytesPerOp(arms.candidate())).isGreaterThan(15);
  }
}
