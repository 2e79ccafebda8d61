package dev.perfbudget.workloads;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * The break-even matrix: the median time of one warm dispatch of the same kernel for every pool
 * at every size, and where each pool first beats a baseline (serial, usually).
 *
 * <pre>{@code
 * PoolMatrix matrix = PoolMatrix.measure(Kernels.lcg(), 2, PoolMatrix.BREAK_EVEN_SIZES,
 *     Map.of("serial", Pools.serial(), "threads", Pools.threads(2)), Duration.ofMillis(300));
 * System.out.println(matrix.table());
 * matrix.breakEven("threads", "serial").ifPresent(b -> System.out.println(b.sentence()));
 * }</pre>
 *
 * <p>Every pool is started once, before anything is measured, and closed at the end. For each
 * size, one shared buffer serves all pools; each pool's first dispatch is checked against
 * serial, then every pool warms up until its time per dispatch is stable and is measured in
 * batches of about 2 ms, the pools taking turns in a random order each round so that a slow
 * stretch of the machine hits all of them.
 */
public final class PoolMatrix {

  /** The rows of the break-even benchmark: (elements, rounds). */
  public static final List<Size> BREAK_EVEN_SIZES =
      List.of(
          new Size(0, 0),
          new Size(4_096, 64),
          new Size(65_536, 1),
          new Size(65_536, 16),
          new Size(1_048_576, 1),
          new Size(1_048_576, 64));

  private static final long BATCH_NANOS = 2_000_000;
  private static final Size WARM_UP = new Size(65_536, 4);
  private static final long WARM_UP_ROUND_NANOS = 20_000_000;
  private static final long WARM_UP_MAX_NANOS = 3_000_000_000L;
  private static final int MIN_SAMPLES = 7;

  /** One row: how many elements a dispatch covers, and how many rounds of the kernel. */
  public record Size(int elements, int rounds) {
    public Size {
      if (elements < 0 || rounds < 0) {
        throw new IllegalArgumentException("elements and rounds must be at least 0: " + elements + " x " + rounds);
      }
    }

    /** The work of one dispatch: kernel steps, such as LCG operations. */
    public long elementRounds() {
      return (long) elements * rounds;
    }
  }

  /**
   * One pool at one size.
   *
   * @param medianNanos median time of one dispatch
   * @param lowNanos first quartile of the batches' time per dispatch
   * @param highNanos third quartile
   * @param samples how many timed batches
   */
  public record Cell(double medianNanos, double lowNanos, double highNanos, int samples) {}

  /**
   * Where a pool first beat the baseline.
   *
   * @param size the smallest size (by elements x rounds) at which the pool's median dispatch was
   *     faster than the baseline's
   * @param speedup the baseline's median over the pool's, above 1
   */
  public record BreakEven(String pool, String baseline, Size size, double speedup) {
    public String sentence() {
      return String.format(
          Locale.ROOT,
          "%s first beat %s at %,d elements x rounds (%,d x %d), by %.2fx.",
          pool, baseline, size.elementRounds(), size.elements(), size.rounds(), speedup);
    }
  }

  private final String kernel;
  private final int workers;
  private final List<Size> sizes;
  private final List<String> pools;
  private final Map<Size, Map<String, Cell>> cells;
  private final Instant time;

  PoolMatrix(String kernel, int workers, List<Size> sizes, List<String> pools, Map<Size, Map<String, Cell>> cells) {
    this.kernel = kernel;
    this.workers = workers;
    this.sizes = List.copyOf(sizes);
    this.pools = List.copyOf(pools);
    this.cells = cells;
    this.time = Instant.now();
  }

  /**
   * Measures every pool at every size.
   *
   * @param pools the columns, by name in the order given; include {@code Pools.serial()} to
   *     find break-evens against it
   * @param perCell how long each pool is measured at each size (at least 7 batches)
   */
  public static PoolMatrix measure(Kernel kernel, int workers, List<Size> sizes, Map<String, Pool> pools, Duration perCell) {
    if (workers < 1) {
      throw new IllegalArgumentException("`workers` must be at least 1, but it is " + workers);
    }
    PoolOptions options = PoolOptions.defaults();
    Map<String, RunningPool> running = new LinkedHashMap<>();
    Map<Size, Map<String, Cell>> cells = new LinkedHashMap<>();
    Random random = new Random(42);
    try {
      pools.forEach((name, pool) -> running.put(name, pool.start(options)));
      warmUpKernel(kernel, workers, running, options);
      for (Size size : sizes) {
        try (SharedBuffer buffer = SharedBuffer.create(options.bufferDir(), size.elements())) {
          Job job = new Job(kernel, buffer, size.elements(), size.rounds(), workers);
          long expected = SerialCheck.expected(job);
          for (Map.Entry<String, RunningPool> pool : running.entrySet()) {
            SerialCheck.verify(pool.getKey(), pools.get(pool.getKey()), pool.getValue(), job, expected);
          }
          cells.put(size, measureRow(job, running, perCell.toNanos(), random));
        }
      }
    } finally {
      running.values().forEach(RunningPool::close);
    }
    return new PoolMatrix(kernel.toString(), workers, sizes, new ArrayList<>(pools.keySet()), cells);
  }

  /**
   * Runs every pool on a mid-sized job first. The first row has no elements; a kernel whose
   * first thousands of calls never enter their loops is compiled as if they never would, and
   * child JVMs then took seconds to recover from that (measured: 6x slower processes column).
   */
  private static void warmUpKernel(Kernel kernel, int workers, Map<String, RunningPool> running, PoolOptions options) {
    try (SharedBuffer buffer = SharedBuffer.create(options.bufferDir(), WARM_UP.elements())) {
      Job job = new Job(kernel, buffer, WARM_UP.elements(), WARM_UP.rounds(), workers);
      for (RunningPool pool : running.values()) {
        pool.attach(job);
        warmUp(pool, job);
      }
    }
  }

  /**
   * Dispatches in rounds of at least 20 ms until a round's time per dispatch is within 10% of
   * the round before, for at most 3 s; returns the last round's time per dispatch.
   */
  private static double warmUp(RunningPool pool, Job job) {
    long deadline = System.nanoTime() + WARM_UP_MAX_NANOS;
    double last = Double.NaN;
    int rounds = 0;
    while (true) {
      long start = System.nanoTime();
      int dispatches = 0;
      while (dispatches < 3 || System.nanoTime() - start < WARM_UP_ROUND_NANOS) {
        pool.dispatch(job);
        dispatches++;
      }
      double nanos = (double) (System.nanoTime() - start) / dispatches;
      boolean stable = Math.abs(nanos / last - 1) <= 0.10;
      last = nanos;
      if ((++rounds >= 3 && stable) || System.nanoTime() > deadline) {
        return nanos;
      }
    }
  }

  private static Map<String, Cell> measureRow(Job job, Map<String, RunningPool> running, long perCell, Random random) {
    Map<String, Integer> batches = new LinkedHashMap<>();
    for (Map.Entry<String, RunningPool> pool : running.entrySet()) {
      double nanos = warmUp(pool.getValue(), job);
      batches.put(pool.getKey(), (int) Math.max(1, Math.min(1_000_000, BATCH_NANOS / nanos)));
    }
    Map<String, double[]> samples = new LinkedHashMap<>();
    Map<String, Long> spent = new LinkedHashMap<>();
    running.keySet().forEach(name -> {
      samples.put(name, new double[0]);
      spent.put(name, 0L);
    });
    List<String> order = new ArrayList<>(running.keySet());
    int count = 0;
    while (count < MIN_SAMPLES || spent.values().stream().anyMatch(nanos -> nanos < perCell)) {
      Collections.shuffle(order, random);
      for (String name : order) {
        RunningPool pool = running.get(name);
        int batch = batches.get(name);
        long start = System.nanoTime();
        for (int i = 0; i < batch; i++) {
          pool.dispatch(job);
        }
        long nanos = System.nanoTime() - start;
        double[] before = samples.get(name);
        double[] after = Arrays.copyOf(before, before.length + 1);
        after[before.length] = (double) nanos / batch;
        samples.put(name, after);
        spent.merge(name, nanos, Long::sum);
      }
      count++;
    }
    Map<String, Cell> row = new LinkedHashMap<>();
    samples.forEach((name, values) -> {
      double[] sorted = values.clone();
      Arrays.sort(sorted);
      row.put(name, new Cell(quantile(sorted, 0.5), quantile(sorted, 0.25), quantile(sorted, 0.75), sorted.length));
    });
    return row;
  }

  private static double quantile(double[] sorted, double q) {
    double position = q * (sorted.length - 1);
    int below = (int) Math.floor(position);
    int above = Math.min(sorted.length - 1, below + 1);
    return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
  }

  public List<Size> sizes() {
    return sizes;
  }

  public List<String> pools() {
    return pools;
  }

  public Cell cell(Size size, String pool) {
    Cell cell = cells.getOrDefault(size, Map.of()).get(pool);
    if (cell == null) {
      throw new IllegalArgumentException("no cell for " + pool + " at " + size);
    }
    return cell;
  }

  /**
   * The break-even finder: the smallest size, by elements x rounds (0 excluded), at which {@code
   * pool}'s median dispatch beats {@code baseline}'s, and by how much; empty when it never does
   * at these sizes.
   */
  public Optional<BreakEven> breakEven(String pool, String baseline) {
    return sizes.stream()
        .filter(size -> size.elementRounds() > 0)
        .sorted(Comparator.comparingLong(Size::elementRounds))
        .filter(size -> cell(size, pool).medianNanos() < cell(size, baseline).medianNanos())
        .findFirst()
        .map(size -> new BreakEven(pool, baseline, size, cell(size, baseline).medianNanos() / cell(size, pool).medianNanos()));
  }

  /** The break-even line of every pool against {@code baseline}. */
  public List<String> breakEvenLines(String baseline) {
    long largest = sizes.stream().mapToLong(Size::elementRounds).max().orElse(0);
    List<String> lines = new ArrayList<>();
    for (String pool : pools) {
      if (!pool.equals(baseline)) {
        lines.add(
            breakEven(pool, baseline)
                .map(BreakEven::sentence)
                .orElse(String.format(Locale.ROOT, "%s never beat %s up to %,d elements x rounds.", pool, baseline, largest)));
      }
    }
    return lines;
  }

  /** The matrix as a Markdown table of median time per dispatch. */
  public String table() {
    StringBuilder table = new StringBuilder("|  Elements | Rounds |");
    StringBuilder rule = new StringBuilder("| --------: | -----: |");
    for (String pool : pools) {
      table.append(String.format(" %10s |", pool));
      rule.append(" ---------: |");
    }
    table.append('\n').append(rule).append('\n');
    for (Size size : sizes) {
      table.append(String.format(Locale.ROOT, "| %,9d | %6d |", size.elements(), size.rounds()));
      for (String pool : pools) {
        table.append(String.format(" %10s |", duration(cell(size, pool).medianNanos())));
      }
      table.append('\n');
    }
    return table.toString();
  }

  /** Such as {@code 18.5 µs} or {@code 20.32 ms}, as in the break-even table. */
  static String duration(double nanos) {
    if (nanos >= 1e6) {
      return String.format(Locale.ROOT, "%.2f ms", nanos / 1e6);
    }
    if (nanos >= 1e3) {
      return String.format(Locale.ROOT, "%.1f µs", nanos / 1e3);
    }
    return String.format(Locale.ROOT, "%.0f ns", nanos);
  }

  /** The whole matrix, the break-evens against {@code baseline}, and the machine, as JSON. */
  public String json(String baseline) {
    JsonObject root = new JsonObject();
    root.addProperty("schemaVersion", 1);
    root.addProperty("kernel", kernel);
    root.addProperty("workers", workers);
    root.addProperty("time", time.toString());
    root.add("environment", environment());
    JsonArray poolNames = new JsonArray();
    pools.forEach(poolNames::add);
    root.add("pools", poolNames);
    JsonArray rows = new JsonArray();
    for (Size size : sizes) {
      JsonObject row = new JsonObject();
      row.addProperty("elements", size.elements());
      row.addProperty("rounds", size.rounds());
      row.addProperty("elementRounds", size.elementRounds());
      JsonObject columns = new JsonObject();
      for (String pool : pools) {
        Cell cell = cell(size, pool);
        JsonObject json = new JsonObject();
        json.addProperty("medianNs", Math.round(cell.medianNanos() * 10) / 10.0);
        json.addProperty("q1Ns", Math.round(cell.lowNanos() * 10) / 10.0);
        json.addProperty("q3Ns", Math.round(cell.highNanos() * 10) / 10.0);
        json.addProperty("samples", cell.samples());
        json.addProperty(
            "elementRoundsPerSecond",
            cell.medianNanos() > 0 ? Math.round(size.elementRounds() * 1e9 / cell.medianNanos()) : 0);
        columns.add(pool, json);
      }
      row.add("pools", columns);
      rows.add(row);
    }
    root.add("rows", rows);
    JsonArray breakEvens = new JsonArray();
    for (String pool : pools) {
      if (pool.equals(baseline)) {
        continue;
      }
      JsonObject json = new JsonObject();
      json.addProperty("pool", pool);
      json.addProperty("baseline", baseline);
      Optional<BreakEven> found = breakEven(pool, baseline);
      json.addProperty("beats", found.isPresent());
      found.ifPresent(b -> {
        json.addProperty("elements", b.size().elements());
        json.addProperty("rounds", b.size().rounds());
        json.addProperty("elementRounds", b.size().elementRounds());
        json.addProperty("speedup", Math.round(b.speedup() * 1000) / 1000.0);
      });
      breakEvens.add(json);
    }
    root.add("breakEven", breakEvens);
    return new GsonBuilder().setPrettyPrinting().disableHtmlEscaping().create().toJson(root) + "\n";
  }

  private static JsonObject environment() {
    JsonObject json = new JsonObject();
    json.addProperty("jvm", System.getProperty("java.vm.name") + " " + Runtime.version());
    json.addProperty("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    json.addProperty("cores", Runtime.getRuntime().availableProcessors());
    json.addProperty("cpu", cpuModel());
    return json;
  }

  private static String cpuModel() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
        if (line.startsWith("model name")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: the architecture says enough
    }
    return System.getProperty("os.arch");
  }
}
