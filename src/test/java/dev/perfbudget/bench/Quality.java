package dev.perfbudget.bench;

import dev.perfbudget.bench.QualityKinds.Kind;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The quality harness: false alarms among A/A verdicts and catches among 2x and 10x regressions,
 * the ratio's error against the true ratio and the time to verdict, each under a quiet machine,
 * a busy machine and heavy GC pressure. Every verdict is a real {@code @PerfBudget} test run
 * through the JUnit Platform, in child JVMs of {@code --batch} verdicts each.
 *
 * <pre>
 * mvn -q test-compile exec:exec -Dbench=Quality -Dbench.args="quiet --kinds pool"
 * mvn -q test-compile exec:exec -Dbench=Quality -Dbench.args="busy --kinds op"
 * </pre>
 *
 * <p>Arguments: conditions ({@code quiet}, {@code busy}, {@code gc}; default quiet), {@code
 * --kinds op,pool,churn} (default all of {@link QualityKinds#ALL}), {@code --aa 200} (A/A verdicts at
 * each limit), {@code --twice 40}, {@code --ten 20} (regression verdicts), {@code --batch 50}
 * (verdicts per child JVM). Raw lines go to {@code target/quality/<condition>.tsv}. Measured
 * tables and how to read them: docs/verdict-quality.md.
 */
public final class Quality {

  private static final String CHILD_HEAP = "-Xms1g";

  private Quality() {}

  public static void main(String[] args) throws Exception {
    List<String> conditions = new ArrayList<>();
    Map<String, String> options = new LinkedHashMap<>(Map.of("--aa", "200", "--twice", "40", "--ten", "20", "--batch", "50", "--fork", "confirm"));
    options.put("--kinds", String.join(",", QualityKinds.ALL.stream().map(Kind::name).toList()));
    for (int i = 0; i < args.length; i++) {
      if (args[i].startsWith("--")) {
        if (!options.containsKey(args[i]) || i + 1 == args.length) {
          throw new IllegalArgumentException("unknown option or missing value: " + args[i] + "; known: " + options.keySet());
        }
        options.put(args[i], args[++i]);
      } else {
        conditions.add(args[i]);
      }
    }
    if (conditions.isEmpty()) {
      conditions.add("quiet");
    }
    Map<Scenario, Integer> counts = new LinkedHashMap<>();
    counts.put(Scenario.AA_AT_1_5, Integer.parseInt(options.get("--aa")));
    counts.put(Scenario.AA_AT_TOLERANCE, Integer.parseInt(options.get("--aa")));
    counts.put(Scenario.TWICE, Integer.parseInt(options.get("--twice")));
    counts.put(Scenario.TEN_TIMES, Integer.parseInt(options.get("--ten")));
    int batch = Integer.parseInt(options.get("--batch"));
    List<Kind> kinds = Arrays.stream(options.get("--kinds").split(",")).map(QualityKinds::named).toList();

    Path out = Path.of("target", "quality");
    Files.createDirectories(out);
    for (String condition : conditions) {
      if (!List.of("quiet", "busy", "gc").contains(condition)) {
        throw new IllegalArgumentException("unknown condition " + condition + "; use quiet, busy or gc");
      }
      Path lines = out.resolve(condition + ".tsv");
      Files.deleteIfExists(lines);
      String loadBefore = loadAverage();
      long start = System.nanoTime();
      Burners burners = condition.equals("busy") ? Burners.start(Runtime.getRuntime().availableProcessors()) : Burners.none();
      try {
        for (Kind kind : kinds) {
          for (var entry : counts.entrySet()) {
            for (int done = 0; done < entry.getValue(); done += batch) {
              runChild(condition, kind, entry.getKey(), Math.min(batch, entry.getValue() - done), options.get("--fork"), lines, out);
            }
          }
        }
      } finally {
        burners.close();
      }
      double minutes = (System.nanoTime() - start) / 60e9;
      String table =
          QualityTable.render(condition, Files.readAllLines(lines, StandardCharsets.UTF_8))
              + String.format(Locale.ROOT, "%ncondition %s: %.1f min; load average before: %s, after: %s%n", condition, minutes, loadBefore, loadAverage());
      System.out.println(table);
    }
  }

  private static void runChild(String condition, Kind kind, Scenario scenario, int count, String fork, Path lines, Path out)
      throws IOException, InterruptedException {
    Path part = Files.createTempFile(out, "batch", ".tsv");
    Path log = out.resolve("child.log");
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            CHILD_HEAP,
            "-Xmx1g",
            "-XX:+AlwaysPreTouch",
            "-cp",
            System.getProperty("java.class.path"),
            QualityChild.class.getName(),
            condition,
            kind.name(),
            scenario.name(),
            Integer.toString(count),
            part.toString(),
            fork);
    Process child =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
            .start();
    // A verdict is capped near 20 s (warm-up, measurement, confirmation); a batch that takes
    // far longer is stuck.
    if (!child.waitFor(30L * count + 60, TimeUnit.SECONDS)) {
      child.destroyForcibly().waitFor();
      throw new IllegalStateException("child JVM for " + kind.name() + " " + scenario + " timed out; see " + log);
    }
    if (child.exitValue() != 0) {
      throw new IllegalStateException("child JVM for " + kind.name() + " " + scenario + " exited with " + child.exitValue() + "; see " + log);
    }
    Files.write(lines, Files.readAllBytes(part), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    Files.delete(part);
  }

  private static String loadAverage() {
    try {
      String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
      return parts[0] + " " + parts[1] + " " + parts[2];
    } catch (IOException e) {
      return "unknown";
    }
  }
}
