package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.perfbudget.workloads.PoolMatrix.Cell;
import dev.perfbudget.workloads.PoolMatrix.Size;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PoolMatrixTest {

  private static final Size EMPTY = new Size(0, 0);
  private static final Size SMALL = new Size(4096, 64); // 262,144
  private static final Size MEMORY = new Size(65_536, 1); // 65,536
  private static final Size LARGE = new Size(65_536, 16); // 1,048,576

  @Test
  void breakEvenIsTheSmallestElementRoundsAtWhichThePoolBeatsSerial() {
    PoolMatrix matrix = matrix(Map.of(
        EMPTY, Map.of("serial", 10.0, "pool", 20_000.0),
        SMALL, Map.of("serial", 135_000.0, "pool", 100_000.0),
        MEMORY, Map.of("serial", 30_000.0, "pool", 35_000.0),
        LARGE, Map.of("serial", 500_000.0, "pool", 250_000.0)));

    PoolMatrix.BreakEven found = matrix.breakEven("pool", "serial").orElseThrow();
    assertThat(found.size()).isEqualTo(SMALL);
    assertThat(found.speedup()).isCloseTo(1.35, within(1e-9));
    assertThat(found.sentence()).isEqualTo("pool first beat serial at 262,144 elements x rounds (4,096 x 64), by 1.35x.");
  }

  @Test
  void aPoolThatNeverBeatsSerialHasNoBreakEven() {
    PoolMatrix matrix = matrix(Map.of(
        EMPTY, Map.of("serial", 10.0, "pool", 5.0),
        MEMORY, Map.of("serial", 30_000.0, "pool", 35_000.0),
        LARGE, Map.of("serial", 500_000.0, "pool", 600_000.0)));

    assertThat(matrix.breakEven("pool", "serial")).as("a faster empty dispatch is no break-even").isEmpty();
    assertThat(matrix.breakEvenLines("serial"))
        .containsExactly("pool never beat serial up to 1,048,576 elements x rounds.");
  }

  @Test
  void tableAndJsonCarryEveryCell() {
    PoolMatrix matrix = matrix(Map.of(
        MEMORY, Map.of("serial", 35_000.0, "pool", 18_500.0),
        LARGE, Map.of("serial", 20_320_000.0, "pool", 999.0)));

    assertThat(matrix.table())
        .contains("|    65,536 |      1 |    35.0 µs |    18.5 µs |")
        .contains("|    65,536 |     16 |   20.32 ms |     999 ns |");
    JsonObject json = JsonParser.parseString(matrix.json("serial")).getAsJsonObject();
    JsonObject cell = json.getAsJsonArray("rows").get(0).getAsJsonObject().getAsJsonObject("pools").getAsJsonObject("pool");
    assertThat(cell.get("medianNs").getAsDouble()).isEqualTo(18_500.0);
    assertThat(cell.get("elementRoundsPerSecond").getAsLong()).isEqualTo(Math.round(65_536 * 1e9 / 18_500));
    JsonObject breakEven = json.getAsJsonArray("breakEven").get(0).getAsJsonObject();
    assertThat(breakEven.get("elementRounds").getAsLong()).isEqualTo(65_536);
    assertThat(breakEven.get("speedup").getAsDouble()).isEqualTo(1.892);
  }

  @Test
  void measuresEveryPoolAtEverySizeAndClosesThem() {
    Map<String, Pool> pools = new LinkedHashMap<>();
    pools.put("serial", Pools.serial());
    pools.put("threads", Pools.threads(1));
    PoolMatrix matrix =
        PoolMatrix.measure(Kernels.lcg(), 2, List.of(EMPTY, new Size(1024, 2)), pools, Duration.ofMillis(20));

    for (Size size : matrix.sizes()) {
      for (String pool : matrix.pools()) {
        Cell cell = matrix.cell(size, pool);
        assertThat(cell.samples()).isGreaterThanOrEqualTo(7);
        assertThat(cell.medianNanos()).isPositive();
        assertThat(cell.lowNanos()).isLessThanOrEqualTo(cell.medianNanos());
      }
    }
    assertThat(PoolWorkloadTest.poolThreads()).isEmpty();
  }

  @Test
  void slicesCoverEveryElementOnceWhateverTheSplit() {
    for (int elements : new int[] {0, 1, 7, 1000, 65_536}) {
      for (int workers : new int[] {1, 2, 3, 8, 1001}) {
        Job job = new Job(Kernels.lcg(), null, elements, 1, workers);
        assertThat(job.from(0)).isZero();
        assertThat(job.to(workers - 1)).isEqualTo(elements);
        for (int slice = 0; slice < workers; slice++) {
          int length = job.to(slice) - job.from(slice);
          assertThat(length).isBetween(elements / workers, elements / workers + 1);
          if (slice > 0) {
            assertThat(job.from(slice)).isEqualTo(job.to(slice - 1));
          }
        }
      }
    }
  }

  private static PoolMatrix matrix(Map<Size, Map<String, Double>> medians) {
    List<Size> sizes = medians.keySet().stream().sorted((a, b) -> a.elements() != b.elements() ? a.elements() - b.elements() : a.rounds() - b.rounds()).toList();
    Map<Size, Map<String, Cell>> cells = new LinkedHashMap<>();
    for (Size size : sizes) {
      Map<String, Cell> row = new LinkedHashMap<>();
      for (String pool : List.of("serial", "pool")) {
        double median = medians.get(size).get(pool);
        row.put(pool, new Cell(median, median, median, 7));
      }
      cells.put(size, row);
    }
    return new PoolMatrix("lcg", 2, sizes, List.of("serial", "pool"), cells);
  }
}
