package dev.perfbudget.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.google.gson.JsonObject;
import dev.perfbudget.testkit.PerfTestKit;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs the per-call example through the JUnit Platform and checks what its report says. */
class BoundaryCallTest {

  @TempDir Path dir;

  @Test
  void reportsEachCallNetOfTheLoopAndTheSerializingCallCostsMore() {
    PerfTestKit kit = new PerfTestKit(dir).with("perfbudget.mode", "report");
    String method = "serializingHostInfoStaysWithin50xOfReadingTheClock";
    kit.run(BoundaryCallPerfTest.class, method).testEvents().assertStatistics(stats -> stats.succeeded(1));

    JsonObject result = kit.result(BoundaryCallPerfTest.class, method);
    assertThat(result.get("kind").getAsString()).isEqualTo("op");
    assertThat(result.get("verdict").getAsString()).isEqualTo("PASS");
    double loop = result.get("loopNsPerOp").getAsDouble();
    for (String arm : new String[] {"baseline", "candidate"}) {
      JsonObject json = result.getAsJsonObject(arm);
      double withLoop = json.get("nsPerOp").getAsDouble();
      assertThat(json.get("netNsPerOp").getAsDouble()).as("%s net of the loop", arm).isCloseTo(withLoop - loop, within(0.01));
    }
    assertThat(result.getAsJsonObject("baseline").get("name").getAsString()).isEqualTo("host.now()");
    // Building and serializing a record does a clock read and more: generous, it is ~7x here.
    assertThat(result.get("ratio").getAsDouble()).isGreaterThan(1.5);
  }
}
