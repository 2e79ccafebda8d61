package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.google.gson.JsonObject;
import dev.perfbudget.PerfBudget;
import dev.perfbudget.testkit.PerfTestKit;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** heapline's churn scenarios run as churn shapes through the extension. */
class ChurnScenarioTest {

  @TempDir Path dir;

  @Test
  void largeBlocksRunWithTheSeedsShapeAndTheirMeanSize() {
    PerfTestKit kit = new PerfTestKit(dir).with("perfbudget.mode", "report").with("perfbudget.time.max", "1s");
    kit.run(TestCase.class, "large4t").testEvents().assertStatistics(stats -> stats.succeeded(1));
    JsonObject result = kit.result(TestCase.class, "large4t");
    JsonObject workload = result.getAsJsonObject("workload");
    assertThat(workload.get("threads").getAsInt()).isEqualTo(4);
    assertThat(workload.get("blocks").getAsInt()).isEqualTo(64);
    assertThat(workload.get("minBytes").getAsInt()).isEqualTo(64 << 10);
    assertThat(workload.get("maxBytes").getAsInt()).isEqualTo(1 << 20);
    // Sizes are uniform in 64 KiB..1 MiB: a new byte[] of the mean size, plus its 16-byte header.
    double meanArray = ((64 << 10) + (1 << 20)) / 2.0 + 16;
    assertThat(result.getAsJsonObject("baseline").get("bytesPerOp").getAsDouble())
        .isCloseTo(meanArray, within(meanArray * 0.05));
  }

  @Test
  void scenariosAreFoundByTheSeedsNames() {
    assertThat(ChurnScenario.byId("resident-4t")).isEqualTo(ChurnScenario.RESIDENT_4T);
    assertThat(ChurnScenario.RESIDENT_4T.applyTo(new ChurnWorkload()))
        .hasToString("4 threads x 64 blocks of 16..4096 bytes, 512 MiB resident");
    assertThatThrownBy(() -> ChurnScenario.byId("churn-8t"))
        .hasMessage("no churn scenario \"churn-8t\"; the scenarios are churn-1t, churn-4t, resident-4t, large-4t");
  }

  static class TestCase {

    @PerfBudget
    void large4t(ChurnWorkload churn) {
      ChurnScenario.LARGE_4T.applyTo(churn)
          .baseline("new byte[]", size -> new byte[size])
          .candidate("ByteBuffer.allocate", ByteBuffer::allocate);
    }
  }
}
