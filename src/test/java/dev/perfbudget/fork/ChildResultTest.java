package dev.perfbudget.fork;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonParser;
import dev.perfbudget.AbsoluteLimit;
import dev.perfbudget.Sampling;
import dev.perfbudget.fork.ArmServer.Hello;
import dev.perfbudget.fork.ForkedTestException.Kind;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a fresh JVM sends the test JVM arrives whole: what the workload prepared, an arm's figures, a failure. */
class ChildResultTest {

  @TempDir Path dir;

  @Test
  void whatTheWorkloadPreparedTravelsExactlyWithItsParametersAndLimits() {
    Hello hello =
        new Hello(
            "copy", "encode", true, Map.of("elements", 65_536, "kernel", "lcg", "warm", true, "share", 0.5),
            Sampling.oneOperationPerSample(3, 16),
            List.of(new AbsoluteLimit("a warm dispatch on the baseline \"threads\"", 41_000, "at 0 elements, median", 50_000, "maxDispatchOverhead")),
            List.of("the results go into a Blackhole that the JIT sees through"));

    Hello back = (Hello) RecordJson.read(JsonParser.parseString(RecordJson.write(hello).toString()), Hello.class);
    assertThat(back).usingRecursiveComparison().ignoringFields("parameters").isEqualTo(hello);
    // Whole numbers come back whole (as Long), so that reports print them as they were.
    assertThat(new TreeMap<>(back.parameters())).hasToString("{elements=65536, kernel=lcg, share=0.5, warm=true}");
  }

  @Test
  void anArmsFiguresTravelWithTheirNumbersWholeOrNot() {
    Map<String, Object> figures = Map.of("dispatchesPerSecond", 9.7e6, "threads", 2, "share", Double.NaN);
    @SuppressWarnings("unchecked")
    Map<String, Object> back = (Map<String, Object>) RecordJson.read(JsonParser.parseString(RecordJson.write(figures).toString()), Map.class);
    assertThat(new TreeMap<>(back)).hasToString("{dispatchesPerSecond=9700000.0, share=NaN, threads=2}");
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
