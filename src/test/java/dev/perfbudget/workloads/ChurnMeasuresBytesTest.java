package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonObject;
import com.sun.management.HotSpotDiagnosticMXBean;
import dev.perfbudget.PerfBudget;
import dev.perfbudget.testkit.PerfTestKit;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Churn arms count the bytes every churn thread allocates, at the JVM's real object sizes. */
class ChurnMeasuresBytesTest {

  private static final int SIZE = 1000;

  @TempDir Path dir;
  private PerfTestKit kit;

  @BeforeEach
  void kit() {
    // Bytes per op need no long measurement: report mode, a short cap.
    kit = new PerfTestKit(dir).with("perfbudget.mode", "report").with("perfbudget.time.max", "1s");
  }

  /**
   * On 64-bit HotSpot with compressed class pointers an array has a 16-byte header (8-byte mark
   * word, 4-byte class pointer, 4-byte length) and every object is aligned to 8 bytes.
   */
  private static long byteArrayBytes(int length) {
    HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
    assumeTrue("true".equals(hotSpot.getVMOption("UseCompressedClassPointers").getValue()),
        "the expected size assumes compressed class pointers");
    assumeTrue("8".equals(hotSpot.getVMOption("ObjectAlignmentInBytes").getValue()),
        "the expected size assumes 8-byte alignment");
    return (16L + length + 7) / 8 * 8;
  }

  @Test
  void aByteArrayIsCountedAtItsRealSizeWithHeaderAndAlignment() {
    long expected = byteArrayBytes(SIZE); // 1016
    kit.run(TestCase.class, "oneThread").testEvents().assertStatistics(stats -> stats.succeeded(1));
    JsonObject result = kit.result(TestCase.class, "oneThread");
    assertThat(result.get("kind").getAsString()).isEqualTo("churn");
    for (String arm : new String[] {"baseline", "candidate"}) {
      double bytesPerOp = result.getAsJsonObject(arm).get("bytesPerOp").getAsDouble();
      assertThat(bytesPerOp).as(arm + " bytes/op").isCloseTo(expected, within(expected * 0.02));
    }
  }

  @Test
  void allocationOnEveryChurnThreadIsCounted() {
    long expected = byteArrayBytes(SIZE);
    kit.run(TestCase.class, "threeThreads").testEvents().assertStatistics(stats -> stats.succeeded(1));
    JsonObject result = kit.result(TestCase.class, "threeThreads");
    // Counting the calling thread only would give a third of this.
    double bytesPerOp = result.getAsJsonObject("baseline").get("bytesPerOp").getAsDouble();
    assertThat(bytesPerOp).isCloseTo(expected, within(expected * 0.02));
    assertThat(result.getAsJsonObject("workload").get("threads").getAsInt()).isEqualTo(3);
    // Twin arms: a batch too small for its threads' wake-up once made one of them measure 135x.
    assertThat(result.get("ratio").getAsDouble()).as("ratio of twin arms").isBetween(1 / 3.0, 3.0);
  }

  @Test
  void anAllocatorOfTwiceTheBytesShowsABytesRatioNearTwo() {
    kit.run(TestCase.class, "twiceTheBytes").testEvents().assertStatistics(stats -> stats.succeeded(1));
    JsonObject result = kit.result(TestCase.class, "twiceTheBytes");
    double baseline = result.getAsJsonObject("baseline").get("bytesPerOp").getAsDouble();
    double candidate = result.getAsJsonObject("candidate").get("bytesPerOp").getAsDouble();
    assertThat(candidate / baseline).isCloseTo(2.0, within(0.05));
  }

  @Test
  void theReportCarriesOverheadAndGcFiguresPerMillionOps() {
    kit.run(TestCase.class, "twiceTheBytes");
    JsonObject result = kit.result(TestCase.class, "twiceTheBytes");
    double ratio = result.get("ratio").getAsDouble();
    assertThat(result.get("overhead").getAsDouble()).isCloseTo((ratio - 1) * 100, within(0.1));
    JsonObject candidate = result.getAsJsonObject("candidate");
    double millionOps = candidate.get("operations").getAsLong() / 1e6;
    assertThat(millionOps).isGreaterThanOrEqualTo(candidate.get("batch").getAsLong() * candidate.get("samples").getAsDouble() / 1e6);
    assertThat(candidate.get("gcPerMillionOps").getAsDouble())
        .isCloseTo(candidate.get("gcCount").getAsLong() / millionOps, within(0.01));
    assertThat(candidate.get("gcMsPerMillionOps").getAsDouble())
        .isCloseTo(candidate.get("gcMs").getAsLong() / millionOps, within(0.01));
  }

  static class TestCase {

    @PerfBudget
    void oneThread(ChurnWorkload churn) {
      churn.sizes(SIZE, SIZE).baseline("new byte[]", size -> new byte[size]).candidate("same", size -> new byte[size]);
    }

    @PerfBudget
    void threeThreads(ChurnWorkload churn) {
      churn.threads(3).blocks(16).sizes(SIZE, SIZE)
          .baseline("new byte[]", size -> new byte[size])
          .candidate("same", size -> new byte[size]);
    }

    @PerfBudget
    void twiceTheBytes(ChurnWorkload churn) {
      // align8(16 + 2n + 16) = 2 x align8(16 + n) when n is a multiple of 8, and close otherwise.
      churn.threads(2).sizes(16, 4096)
          .baseline("new byte[n]", size -> new byte[size])
          .candidate("new byte[2n + 16]", size -> new byte[2 * size + 16]);
    }
  }
}
