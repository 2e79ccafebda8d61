package dev.perfbudget.bench;

import dev.perfbudget.Arm;
import dev.perfbudget.WorkloadDeclarationException;
import dev.perfbudget.testkit.StandaloneContext;
import dev.perfbudget.workloads.ChurnScenario;
import dev.perfbudget.workloads.ChurnWorkload;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import jdk.jfr.Recording;

/**
 * The overhead of JFR allocation profiling (the {@code jdk.ObjectAllocationSample} event) on the
 * churn scenarios of heapline's overhead history and on a real program (javac), as heapline's
 * "Release comparison" table:
 * one column per throttle, each figure the median of three rounds, each round the median time of
 * the runs with the recording on over the median of the runs with it off, minus one, the runs of a
 * round alternating on and off (ABBA).
 *
 * <pre>
 * mvn -q test-compile exec:exec -Dbench=ChurnTable \
 *     -Dbench.jvm="-Xms2g -Xmx2g -XX:+AlwaysPreTouch" \
 *     -Dbench.args="--rounds 3 --runs 7"
 * </pre>
 *
 * <p>Options: {@code --rounds N} (3), {@code --runs N} runs of each configuration per round (7),
 * {@code --throttles A,B,...} (none, 150/s as in the JDK's default.jfc, and 100000/s; "none"
 * enables no event, an A/A column that shows the table's own noise), {@code --scenarios id,...}
 * (all: churn-1t, churn-4t, resident-4t, large-4t, javac), {@code --compiles N} javac
 * compilations per run (2).
 */
public final class ChurnTable {

  private static final String EVENT = "jdk.ObjectAllocationSample";
  private static final long WARM_UP_NANOS = 5_000_000_000L;
  private static final long SETTLE_MILLIS = 100;
  /** A throttle that enables nothing: its column measures the table's own noise (A/A). */
  private static final String NO_EVENT = "none";
  private static final int WALL = 0;
  private static final int CPU = 1;

  /** One scenario, ready to run: a timed run of fixed work. */
  private interface Scenario extends AutoCloseable {
    long runNanos() throws Exception;

    @Override
    void close();
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = options(args);
    int rounds = Integer.parseInt(options.getOrDefault("rounds", "3"));
    int runs = Integer.parseInt(options.getOrDefault("runs", "7"));
    int compiles = Integer.parseInt(options.getOrDefault("compiles", "2"));
    List<String> throttles = Arrays.asList(options.getOrDefault("throttles", "none,150/s,100000/s").split(","));
    List<String> scenarios =
        Arrays.asList(options.getOrDefault("scenarios", "churn-1t,churn-4t,resident-4t,large-4t,javac").split(","));

    warmUpJfr();
    StringBuilder table = new StringBuilder();
    table.append("| Scenario | What it runs | ms/run, off |");
    throttles.forEach(t -> table.append(' ').append(t).append(" |"));
    table.append("\n|---|---|---:|");
    throttles.forEach(t -> table.append("---:|"));
    table.append('\n');
    for (String id : scenarios) {
      String row = row(id, throttles, rounds, runs, compiles);
      System.out.println(row);
      table.append(row).append('\n');
    }
    System.out.println();
    System.out.println("JFR allocation profiling (" + EVENT + ") on versus off: overhead = median(on) / median(off) - 1,");
    System.out.println("of the wall time of a run and, in parentheses, of the JVM's CPU time during it.");
    System.out.printf(
        "Each figure: median of %d rounds; each round: %d runs with the recording on and %d without, "
            + "alternating (ABBA).%n%n",
        rounds, runs, runs);
    System.out.print(table);
    System.out.println();
    System.out.println(machine());
  }

  private static String row(String id, List<String> throttles, int rounds, int runs, int compiles) throws Exception {
    Scenario scenario;
    String what;
    try {
      if (id.equals("javac")) {
        JavacCompile javac = new JavacCompile();
        scenario = scenarioOf(() -> { for (int i = 0; i < compiles; i++) { javac.compile(); } }, javac);
        what = compiles + " javac compilations of a 40-line source, in-process (javax.tools)";
      } else {
        ChurnScenario preset = ChurnScenario.byId(id);
        scenario = churn(preset);
        what = describe(preset);
      }
    } catch (WorkloadDeclarationException e) {
      return "| `" + id + "` | not run: " + e.getMessage() + " |";
    }
    try (scenario) {
      // Let the JIT compile the scenario, with the recording on and off, before anything
      // counts: javac needs dozens of runs.
      long warmUntil = System.nanoTime() + WARM_UP_NANOS;
      for (int i = 0; i < 4 || System.nanoTime() < warmUntil; i++) {
        timed(scenario, i % 2 == 0 ? null : throttles.get(0), new double[2][1], 0);
      }
      StringBuilder row = new StringBuilder("| `" + id + "` | " + what + " | ");
      List<Double> offMedians = new ArrayList<>();
      List<String> cells = new ArrayList<>();
      for (String throttle : throttles) {
        double[] overheads = new double[rounds];
        double[] cpuOverheads = new double[rounds];
        for (int round = 0; round < rounds; round++) {
          double[][] on = new double[2][runs];
          double[][] off = new double[2][runs];
          for (int run = 0; run < runs; run++) {
            boolean onFirst = run % 2 == 1;
            if (onFirst) {
              timed(scenario, throttle, on, run);
              timed(scenario, null, off, run);
            } else {
              timed(scenario, null, off, run);
              timed(scenario, throttle, on, run);
            }
          }
          overheads[round] = median(on[WALL]) / median(off[WALL]) - 1;
          cpuOverheads[round] = median(on[CPU]) / median(off[CPU]) - 1;
          offMedians.add(median(off[WALL]));
          System.err.printf("  %s %s round %d: %+.1f%% wall (off %.1f ms, on %.1f ms), %+.1f%% cpu%n",
              id, throttle, round + 1, overheads[round] * 100, median(off[WALL]) / 1e6,
              median(on[WALL]) / 1e6, cpuOverheads[round] * 100);
        }
        cells.add(String.format("%.0f%% (%.0f%%)", median(overheads) * 100, median(cpuOverheads) * 100));
      }
      double offMs = median(offMedians.stream().mapToDouble(Double::doubleValue).toArray()) / 1e6;
      row.append(String.format("%.0f |", offMs));
      cells.forEach(cell -> row.append(' ').append(cell).append(" |"));
      return row.toString();
    }
  }

  /**
   * One run of the scenario, with the allocation-sample event on at {@code throttle}, or off
   * (null). Off runs start and stop a recording too, with no event enabled, so that the only
   * difference between on and off is the event: starting a recording has effects of its own (a
   * safepoint, JFR's threads waking up) that made the on runs look faster than bare off runs.
   */
  private static void timed(Scenario scenario, String throttle, double[][] times, int run) throws Exception {
    // JFR finishes a stopped recording in the background: let that, and whatever else the last
    // run left behind, settle before the next run is timed.
    Thread.sleep(SETTLE_MILLIS);
    try (Recording recording = new Recording()) {
      if (throttle != null && !throttle.equals(NO_EVENT)) {
        recording.enable(EVENT).with("throttle", throttle);
      }
      recording.setToDisk(false);
      recording.start();
      long cpu = processCpuNanos();
      times[WALL][run] = scenario.runNanos();
      times[CPU][run] = processCpuNanos() - cpu;
      recording.stop();
    }
  }

  /** The first recording of a JVM sets JFR up, which takes a second or more; not in any run. */
  private static void warmUpJfr() {
    try (Recording recording = new Recording()) {
      recording.enable(EVENT);
      recording.setToDisk(false);
      recording.start();
      recording.stop();
    }
  }

  /** CPU time of the whole JVM: the scenario's threads and JFR's, GC and JIT threads. */
  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static Scenario churn(ChurnScenario preset) {
    ChurnWorkload churn = preset.applyTo(new ChurnWorkload())
        .baseline("new byte[]", size -> new byte[size])
        .candidate("new byte[], unused", size -> new byte[size]);
    Arm arm = churn.prepare(new StandaloneContext("bench")).baseline();
    long operations = preset.operations();
    return new Scenario() {
      @Override
      public long runNanos() throws Exception {
        return arm.run(operations).nanos();
      }

      @Override
      public void close() {
        churn.close();
      }
    };
  }

  private static Scenario scenarioOf(Runnable work, AutoCloseable resource) {
    return new Scenario() {
      @Override
      public long runNanos() {
        long start = System.nanoTime();
        work.run();
        return System.nanoTime() - start;
      }

      @Override
      public void close() {
        try {
          resource.close();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }
    };
  }

  private static String describe(ChurnScenario preset) {
    ChurnWorkload shape = preset.applyTo(new ChurnWorkload());
    return String.format("%,d replacements, %s", preset.operations(), shape);
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static String machine() {
    String cpu = "unknown CPU";
    try {
      cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
          .filter(line -> line.startsWith("model name"))
          .map(line -> line.substring(line.indexOf(':') + 1).trim())
          .findFirst()
          .orElse(cpu);
    } catch (IOException e) {
      // not Linux: the JVM's figures below still say something
    }
    String gcs = ManagementFactory.getGarbageCollectorMXBeans().stream()
        .map(GarbageCollectorMXBean::getName)
        .collect(Collectors.joining(", "));
    return String.format(
        "Measured on %s, %d cores (availableProcessors), %s %s, max heap %d MiB, collectors %s.",
        cpu, Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
        System.getProperty("java.vm.version"), Runtime.getRuntime().maxMemory() >> 20, gcs);
  }

  private static Map<String, String> options(String[] args) {
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (!args[i].startsWith("--")) {
        throw new IllegalArgumentException("expected --name value pairs, got " + args[i]);
      }
      options.put(args[i].substring(2), args[i + 1]);
    }
    return options;
  }
}
