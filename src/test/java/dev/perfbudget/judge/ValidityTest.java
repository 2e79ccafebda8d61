package dev.perfbudget.judge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfbudget.engine.Measurement.WarmUp;
import dev.perfbudget.testkit.TestSampling;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Which arms count as doing no work beyond the empty loop. */
class ValidityTest {

  private static final WarmUp STEADY = new WarmUp(4, 300, false);

  @Test
  void anArmWithinNoiseOfTheEmptyLoopIsInvalid() {
    // Removed work, measured beside a 3.3 ns loop whose Blackhole is not in compiler mode: 3.25 ns.
    assertThat(Validity.problems(MeasurementNotesTest.measured(3.25, 106, 3.29, STEADY), TestSampling.settings(Duration.ofSeconds(5))))
        .singleElement()
        .asString()
        .startsWith("the baseline arm `centsWithTax` costs 3.25 ns/op, no more than the empty loop (3.29 ns/op) within noise");
    // Beside a 1.34 ns loop, an arm 0.5 ns above it is within the 0.75 ns copies of one loop differ by.
    assertThat(Validity.problems(MeasurementNotesTest.measured(1.86, 50, 1.34, STEADY), TestSampling.settings(Duration.ofSeconds(5))))
        .hasSize(1);
  }

  @Test
  void realWorkAboveAnExpensiveLoopIsValid() {
    // HashMap.get at 4.46 ns/op beside a 3.17 ns loop, in a test JVM without compiler blackholes.
    assertThat(Validity.problems(MeasurementNotesTest.measured(4.46, 26, 3.17, STEADY), TestSampling.settings(Duration.ofSeconds(5))))
        .isEmpty();
  }
}
