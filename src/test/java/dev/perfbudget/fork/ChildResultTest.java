package dev.perfbudget.fork;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfbudget.AbsoluteLimit;
import dev.perfbudget.engine.Interval;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.engine.Measurement.ArmResult;
import dev.perfbudget.engine.Measurement.Stop;
import dev.perfbudget.engine.Measurement.WarmUp;
import dev.perfbudget.fork.ForkedTestException.Kind;
import dev.perfbudget.judge.Measured;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a fresh JVM sends back arrives whole: every component of the measurement, exactly. */
class ChildResultTest {

  @TempDir Path dir;

  @Test
  void aMeasurementTravelsExactlyWithItsParametersAndLimits() throws Exception {
    Measurement measurement =
        new Measurement(
            2.0123456789, new Interval(1.95, Double.POSITIVE_INFINITY), 2.01, 24, 3, Stop.TIME_CAP,
            new ArmResult("copy", 52.1, 51.3, 55.5, 61.25, Double.NaN, 20_000, 27, 540_000, 0, 0, Map.of()),
            new ArmResult("encode", 104.9, 104.1, 110.75, 131.5, 48.25, 10_000, 27, 270_000, 2, 7, Map.of("dispatchesPerSecond", 9.7e6, "threads", 2)),
            0.766, new WarmUp(7, 312, true, "the JIT was still compiling (java.util.Formatter::parse)"), 845_000_000L, 0.125,
            new double[] {1.95, 2.0123, 2.08, Double.NaN});
    Measured measured =
        new Measured(
            measurement, Map.of("elements", 65_536, "kernel", "lcg", "warm", true, "share", 0.5),
            List.of(new AbsoluteLimit("a warm dispatch on the baseline \"threads\"", 41_000, "at 0 elements, median", 50_000, "maxDispatchOverhead")),
            List.of("the results go into a Blackhole that the JIT sees through"));
    Path file = dir.resolve("result.json");
    ChildResult.of(measured).write(file);

    Measured back = ChildResult.read(file).orElseThrow().measured();
    assertThat(back)
        .usingRecursiveComparison()
        .withEqualsForType((a, b) -> Double.compare(a, b) == 0, Double.class)
        .ignoringFields("parameters", "measurement.candidate.figures")
        .isEqualTo(measured);
    // Whole numbers come back whole (as Long), so that reports print them as they were.
    assertThat(new java.util.TreeMap<>(back.parameters())).hasToString("{elements=65536, kernel=lcg, share=0.5, warm=true}");
    assertThat(new java.util.TreeMap<>(back.measurement().candidate().figures())).hasToString("{dispatchesPerSecond=9700000.0, threads=2}");
  }

  @Test
  void aFailureTravelsWithItsKindAndMessage() throws Exception {
    Path file = dir.resolve("result.json");
    ChildResult.failed(Kind.CONFIGURATION, "no candidate is declared").write(file);
    ForkedTestException failure = ChildResult.read(file).orElseThrow().failure();
    assertThat(failure.kind()).isEqualTo(Kind.CONFIGURATION);
    assertThat(failure).hasMessage("no candidate is declared");
  }

  @Test
  void noFileIsNoResult() throws Exception {
    assertThat(ChildResult.read(dir.resolve("result.json"))).isEmpty();
  }
}
