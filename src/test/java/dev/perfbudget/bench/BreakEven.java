package dev.perfbudget.bench;

import dev.perfbudget.workloads.Kernels;
import dev.perfbudget.workloads.Pool;
import dev.perfbudget.workloads.PoolMatrix.Size;
import dev.perfbudget.workloads.PoolMatrix;
import dev.perfbudget.workloads.Pools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The break-even matrix of warm persistent pools over the in-place LCG kernel on this machine:
 * prints the table and the break-even lines, and writes the whole matrix as JSON.
 *
 * <pre>
 * mvn -q test-compile exec:exec -Dbench=BreakEven [-Dbench.args="--workers 2 --cell-ms 300
 *     --json target/perfbudget/break-even.json --sweep"]
 * </pre>
 *
 * {@code --sweep} measures a finer grid as well (rounds 1 and 16, elements 1,024 to 1,048,576
 * by powers of 4) and prints its break-even lines.
 */
public final class BreakEven {

  private BreakEven() {}

  public static void main(String[] args) throws IOException {
    int workers = Runtime.getRuntime().availableProcessors();
    Duration perCell = Duration.ofMillis(300);
    Path json = Path.of("target", "perfbudget", "break-even.json");
    boolean sweep = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--workers" -> workers = Integer.parseInt(args[++i]);
        case "--cell-ms" -> perCell = Duration.ofMillis(Long.parseLong(args[++i]));
        case "--json" -> json = Path.of(args[++i]);
        case "--sweep" -> sweep = true;
        default -> throw new IllegalArgumentException(
            "unknown argument " + args[i] + "; use --workers N, --cell-ms N, --json PATH, --sweep");
      }
    }
    Map<String, Pool> pools = new LinkedHashMap<>();
    pools.put("serial", Pools.serial());
    pools.put("threads", Pools.threads(workers));
    pools.put("forkJoin", Pools.forkJoin(workers));
    pools.put("processes", Pools.processes(workers));
    if (Pools.virtualThreadsAvailable()) {
      pools.put("virtual", Pools.virtualThreads());
    }

    System.out.printf(
        "Break-even: LCG kernel, %d workers, %s per cell, Java %s, %d cores%n%n",
        workers, perCell, Runtime.version(), Runtime.getRuntime().availableProcessors());
    PoolMatrix matrix = PoolMatrix.measure(Kernels.lcg(), workers, PoolMatrix.BREAK_EVEN_SIZES, pools, perCell);
    System.out.println(matrix.table());
    matrix.breakEvenLines("serial").forEach(System.out::println);
    if (!Pools.virtualThreadsAvailable()) {
      System.out.println("virtual threads: not measured, this JVM (Java " + Runtime.version().feature() + ") has none; run on Java 21+.");
    }
    Files.createDirectories(json.toAbsolutePath().getParent());
    Files.writeString(json, matrix.json("serial"), StandardCharsets.UTF_8);
    System.out.println("\nmatrix written to " + json);

    if (sweep) {
      List<Size> grid = new ArrayList<>();
      for (int rounds : new int[] {1, 16}) {
        for (int elements = 1024; elements <= 1 << 20; elements *= 4) {
          grid.add(new Size(elements, rounds));
        }
      }
      PoolMatrix fine = PoolMatrix.measure(Kernels.lcg(), workers, grid, pools, perCell);
      System.out.println("\nSweep:\n");
      System.out.println(fine.table());
      fine.breakEvenLines("serial").forEach(System.out::println);
      Path sweepJson = json.resolveSibling(json.getFileName().toString().replace(".json", "-sweep.json"));
      Files.writeString(sweepJson, fine.json("serial"), StandardCharsets.UTF_8);
      System.out.println("\nsweep written to " + sweepJson);
    }
  }
}
