package dev.perfbudget.bench;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.perfbudget.testkit.PerfTestKit;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
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
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * perfbudget against JMH on everyday JDK-library code ({@link LibraryPanel}): every arm of the
 * ten pairs in {@link LibraryPairs} measured by JMH (3 x 1 s warm-up, 5 x 1 s measured, average
 * time; {@value #JMH_FORKS} forks per arm, each pair's two arms' forks taking turns) and by
 * perfbudget as a user's test class runs: budgets recorded, then the class enforced. JMH runs
 * first; with {@code --jmh-beside} JMH's forks of a pair are taken instead just before a test JVM
 * enforces that pair, while it waits, each mode's test JVM in turn getting one round of forks of
 * each arm until the run's rounds are dealt. Prints, per pair, both tools' ns/op for both arms,
 * both ratios and their difference; with several runs, the medians over the runs, the targets,
 * and how far JMH's own runs stray from JMH's medians. Before each run it prints how much of 10 s
 * the machine spent in its slow state ({@link MachineBursts}), which moves both tools' readings.
 *
 * <p>perfbudget runs in child JVMs of this command (the test JVMs), so that one run's profile
 * does not reach the next; {@code --modes} says how:
 *
 * <ul>
 *   <li>{@code default}: the whole class in one test JVM with the default settings, after its
 *       budgets were recorded (each test's recording is itself taken in a fresh JVM);
 *   <li>{@code always}: the same with {@code perfbudget.fork=always};
 *   <li>{@code never}: the same with {@code perfbudget.fork=never} (recording in the test JVM);
 *   <li>{@code lone}: every test alone in a test JVM of its own, recorded and enforced there.
 * </ul>
 *
 * <p>{@code mvn -q test-compile exec:exec -Dbench=Agreement -Dbench.args="--runs 3 --modes
 * always,default"}; {@code --pairs money,regex} runs some pairs only, {@code --no-jmh} skips
 * JMH (ratios against JMH are then not printed), {@code --quick} checks the wiring in a few minutes
 * (its numbers mean nothing), {@code --jvm-option -XX:...} (once per option) adds an option to
 * perfbudget's test JVMs and so to their fresh JVMs, not to JMH's forks.
 */
public final class Agreement {

  /** The JVM options of every JVM measured, JMH's forks and perfbudget's test JVMs alike. */
  static final List<String> JVM = List.of("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch");

  /**
   * JMH's forks per arm in each run, alternating with the partner's. One fork per arm, run
   * minutes apart, agreed with another such fork on 3 or 4 of the 10 ratios within 10% on this
   * 2-core VM, whose speed moved by up to 2x from one second to the next: too loose a reference to
   * hold anything to 10%.
   */
  static final int JMH_FORKS = 3;

  private Agreement() {}

  /** One pair: the test method and the panel methods of its arms. */
  record Pair(String test, String baseline, String candidate) {}

  /** One measurement of one pair: both arms' ns/op and the ratio, and how it was taken. */
  record Reading(double baselineNs, double candidateNs, double ratio, String how) {
    Reading(double baselineNs, double candidateNs, double ratio) {
      this(baselineNs, candidateNs, ratio, "");
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("child")) {
      child(args);
      return;
    }
    Options options = Options.parse(args);
    List<Pair> pairs = pairs(options.pairs);
    System.out.printf(Locale.ROOT, "perfbudget against JMH, %d pairs, %d run(s), modes %s%n", pairs.size(), options.runs, options.modes);
    System.out.printf(Locale.ROOT, "java %s, %d cores, load average %s%n",
        System.getProperty("java.vm.version"), Runtime.getRuntime().availableProcessors(), loadAverage());
    Map<String, List<Map<String, Reading>>> readings = new LinkedHashMap<>();
    for (int run = 1; run <= options.runs; run++) {
      machineBursts(run, options.quick ? 2 : 10);
      JmhRounds rounds = options.jmh && options.jmhFrom == null ? new JmhRounds(pairs, options.quick) : null;
      boolean beside = rounds != null && !options.modes.isEmpty() && options.jmhBeside;
      if (rounds != null && !beside) {
        long start = System.nanoTime();
        for (Pair pair : pairs) {
          for (int round = 0; round < options.jmhForks; round++) {
            rounds.round(pair.test());
          }
        }
        System.out.printf(Locale.ROOT, "%nrun %d: JMH took %.0f s, load average %s%n", run, (System.nanoTime() - start) / 1e9, loadAverage());
      }
      Map<String, Map<String, Reading>> runReadings = new LinkedHashMap<>();
      for (int m = 0; m < options.modes.size(); m++) {
        String mode = options.modes.get(m);
        int first = m;
        long[] jmhNanos = {0};
        // With --jmh-beside, JMH's rounds of a pair are dealt to the modes in turn and taken just
        // before each mode's test JVM measures that pair: the machine's speed moves by up to 2x
        // for seconds to minutes at a time, and a pair measured by the two tools minutes apart is
        // compared across such stretches. Tried at 2026-12-05 21:21 UTC: no closer than JMH first.
        BeforeTest beforeTest = !beside ? null : test -> {
          long start = System.nanoTime();
          for (int round = first; round < options.jmhForks; round += options.modes.size()) {
            rounds.round(test);
          }
          jmhNanos[0] += System.nanoTime() - start;
        };
        long start = System.nanoTime();
        Map<String, Reading> ours = perfbudget(pairs, mode, options, beforeTest);
        runReadings.put(mode, ours);
        readings.computeIfAbsent(mode, k -> new ArrayList<>()).add(ours);
        System.out.printf(Locale.ROOT, "%nrun %d: perfbudget %s took %.0f s%s, load average %s%n", run, mode,
            (System.nanoTime() - start - jmhNanos[0]) / 1e9,
            beside ? String.format(Locale.ROOT, " (and JMH's forks of its pairs just before each, %.0f s)", jmhNanos[0] / 1e9) : "",
            loadAverage());
      }
      if (options.jmh) {
        Map<String, Map<String, Reading>> jmh =
            options.jmhFrom != null ? JmhReadings.load(options.jmhFrom, run) : rounds.readings();
        if (options.jmhSave != null) {
          JmhReadings.save(options.jmhSave, run, jmh);
        }
        readings.computeIfAbsent("JMH", k -> new ArrayList<>()).add(jmh.get("JMH"));
        readings.computeIfAbsent(JmhRounds.MEDIAN_ITERATION, k -> new ArrayList<>()).add(jmh.get(JmhRounds.MEDIAN_ITERATION));
      }
      for (String mode : options.modes) {
        Map<String, Reading> ours = runReadings.get(mode);
        print("run " + run + ", perfbudget " + mode, pairs, ours, options.jmh ? last(readings.get("JMH")) : null);
        if (options.jmh) {
          summary("against JMH's median iteration", pairs, ours, last(readings.get(JmhRounds.MEDIAN_ITERATION)));
        }
      }
    }
    if (options.runs > 1 || !options.jmh) {
      Map<String, Reading> jmh = options.jmh ? medians(pairs, readings.get("JMH")) : null;
      if (options.jmh) {
        // How far JMH's own runs stray from JMH's medians: the most that agreement with them can show.
        List<String> within = new ArrayList<>();
        for (Map<String, Reading> run : readings.get("JMH")) {
          within.add(Long.toString(pairs.stream()
              .filter(pair -> Math.abs(run.get(pair.test()).ratio() / jmh.get(pair.test()).ratio() - 1) <= 0.10)
              .count()));
        }
        System.out.printf(Locale.ROOT, "%nJMH's runs against JMH's medians: ratios within 10%%, run by run: %s of %d%n",
            String.join(", ", within), pairs.size());
      }
      for (String mode : options.modes) {
        print("medians of " + options.runs + " runs, perfbudget " + mode, pairs, medians(pairs, readings.get(mode)), jmh);
        if (options.jmh) {
          summary("against the medians of JMH's median iterations", pairs, medians(pairs, readings.get(mode)),
              medians(pairs, readings.get(JmhRounds.MEDIAN_ITERATION)));
        }
      }
    }
    System.out.printf(Locale.ROOT, "%nload average at the end %s%n", loadAverage());
    System.exit(0);
  }

  /**
   * Prints how much of 10 s the machine spent in its slow state just before a run, and how far
   * that lifted {@code String.format}'s mean over its median ({@link MachineBursts}, in a JVM of
   * the panel's options): a run taken in such an hour reads both tools' ns/op, and the ratios of
   * pairs whose arms that state slows unevenly, apart by more than the targets allow.
   */
  private static void machineBursts(int run, int seconds) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(JVM);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), MachineBursts.class.getName(),
        "stringFormat", Integer.toString(seconds), "quiet"));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
    if (process.waitFor() != 0) {
      throw new IllegalStateException("MachineBursts exited with " + process.exitValue() + ": " + out);
    }
    System.out.printf(Locale.ROOT, "%nrun %d, the machine just before: %s%n", run, out);
  }

  private static Map<String, Reading> last(List<Map<String, Reading>> list) {
    return list.get(list.size() - 1);
  }

  static List<Pair> pairs(List<String> only) {
    List<Pair> pairs = new ArrayList<>();
    armsOfTests().forEach((test, arms) -> {
      if (only.isEmpty() || only.contains(test)) {
        pairs.add(new Pair(test, arms[0], arms[1]));
      }
    });
    if (pairs.isEmpty()) {
      throw new IllegalArgumentException("no pair named " + only + "; the pairs are " + armsOfTests().keySet());
    }
    return pairs;
  }

  /** The arms of each test of {@link LibraryPairs}, in the order of the class. */
  private static Map<String, String[]> armsOfTests() {
    Map<String, String[]> arms = new LinkedHashMap<>();
    arms.put("money", new String[] {"centsWithTax", "bigDecimalWithTax"});
    arms.put("lookup", new String[] {"hashMapGet", "treeMapGet"});
    arms.put("contains", new String[] {"hashSetContains", "listContains"});
    arms.put("regex", new String[] {"patternMatches", "stringMatches"});
    arms.put("format", new String[] {"builderConcat", "stringFormat"});
    arms.put("printParse", new String[] {"intToString", "parseInt"});
    arms.put("dates", new String[] {"dateToString", "dateParse"});
    arms.put("streams", new String[] {"intStreamSum", "boxedStreamSum"});
    arms.put("sortSmall", new String[] {"sortInts", "sortList"});
    arms.put("sortBig", new String[] {"sortBigInts", "sortBigBoxed"});
    return arms;
  }

  private static void summary(String title, List<Pair> pairs, Map<String, Reading> ours, Map<String, Reading> jmh) {
    int ratiosWithin = 0;
    int armsWithin = 0;
    for (Pair pair : pairs) {
      Reading r = ours.get(pair.test());
      Reading j = jmh.get(pair.test());
      ratiosWithin += Math.abs(r.ratio() / j.ratio() - 1) <= 0.10 ? 1 : 0;
      armsWithin += (Math.abs(r.baselineNs() / j.baselineNs() - 1) <= 0.15 ? 1 : 0) + (Math.abs(r.candidateNs() / j.candidateNs() - 1) <= 0.15 ? 1 : 0);
    }
    System.out.printf(Locale.ROOT, "%s: ratios within 10%%: %d of %d; arms' ns/op within 15%%: %d of %d (%.0f%%)%n",
        title, ratiosWithin, pairs.size(), armsWithin, 2 * pairs.size(), 100.0 * armsWithin / (2 * pairs.size()));
  }

  // perfbudget

  /** What the command does just before a test JVM enforces one test, while that JVM waits. */
  @FunctionalInterface
  interface BeforeTest {
    void run(String test) throws Exception;
  }

  private static Map<String, Reading> perfbudget(List<Pair> pairs, String mode, Options options, BeforeTest beforeTest)
      throws Exception {
    Path dir = Files.createTempDirectory("perfbudget-agreement-" + mode);
    List<String> tests = pairs.stream().map(Pair::test).toList();
    // "default" is perfbudget's default (a blank value), not the test kit's perfbudget.fork=never.
    String fork = mode.equals("lone") ? "never" : mode.equals("default") ? "" : mode;
    if (mode.equals("lone")) {
      for (String test : tests) {
        record(dir, fork, options, test);
        runChild(dir, "enforce", fork, options, List.of(test), beforeTest);
      }
    } else {
      for (String test : tests) {
        // Budgets are recorded test by test, as a user records one with -Dtest=Class#method.
        record(dir, fork, options, test);
      }
      runChild(dir, "enforce", fork, options, tests, beforeTest);
    }
    JsonObject report = JsonParser.parseString(PerfTestKit.read(dir.resolve("report").resolve("report.json"))).getAsJsonObject();
    Map<String, Reading> readings = new LinkedHashMap<>();
    for (Pair pair : pairs) {
      JsonObject result = find(report, LibraryPairs.class.getName() + "#" + pair.test());
      readings.put(
          pair.test(),
          new Reading(
              result.getAsJsonObject("baseline").get("nsPerOp").getAsDouble(),
              result.getAsJsonObject("candidate").get("nsPerOp").getAsDouble(),
              result.get("ratio").getAsDouble(),
              how(result)));
    }
    return readings;
  }

  /** Records one test's budget and prints the ratio recorded, with the recording's note. */
  private static void record(Path dir, String fork, Options options, String test) throws Exception {
    runChild(dir, "record", fork, options, List.of(test), null);
    JsonObject report = JsonParser.parseString(PerfTestKit.read(dir.resolve("report").resolve("report.json"))).getAsJsonObject();
    JsonObject result = find(report, LibraryPairs.class.getName() + "#" + test);
    String note = result.get("note").getAsString();
    System.out.printf(Locale.ROOT, "  %s: recorded %.4g%s%n", test, result.get("ratio").getAsDouble(), note.isEmpty() ? "" : " (" + note + ")");
  }

  /** Verdict, pairs, time and warm-up of one result, for the notes under a table. */
  private static String how(JsonObject result) {
    JsonObject warmUp = result.getAsJsonObject("warmUp");
    String how = String.format(Locale.ROOT, "%s, %d pairs, %d ms; warm-up %d rounds, %d ms%s", result.get("verdict").getAsString(),
        result.get("pairs").getAsInt(), result.get("elapsedMs").getAsLong(), warmUp.get("rounds").getAsInt(), warmUp.get("ms").getAsLong(),
        warmUp.get("capped").getAsBoolean() ? ", capped" : "");
    String note = result.get("note").getAsString();
    return note.isEmpty() ? how : how + "; " + note;
  }

  private static JsonObject find(JsonObject report, String test) {
    for (JsonElement element : report.getAsJsonArray("results")) {
      if (element.getAsJsonObject().get("test").getAsString().equals(test)) {
        return element.getAsJsonObject();
      }
    }
    throw new IllegalStateException("no result for " + test);
  }

  /** The line a test JVM prints before each test when it waits for {@link BeforeTest}. */
  private static final String WAITING = "waiting before ";

  private static void runChild(Path dir, String mode, String fork, Options options, List<String> tests, BeforeTest beforeTest)
      throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(JVM);
    command.addAll(options.jvmOptions()); // the fresh JVMs take the test JVM's options
    if (beforeTest != null) {
      command.add("-Dagreement.wait=true");
    }
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(Agreement.class.getName());
    command.add("child");
    command.add(dir.toString());
    command.add(mode);
    command.add(fork.isEmpty() ? "-" : fork);
    command.add(Boolean.toString(options.quick()));
    command.add(String.join(",", tests));
    command.addAll(options.settings());
    Path log = dir.resolve("child-" + mode + ".log");
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    // A test JVM that prints nothing for 10 minutes, outside the waits it asked for, is stuck.
    AtomicLong quietSince = new AtomicLong(System.nanoTime());
    Thread watchdog = new Thread(() -> {
      while (process.isAlive()) {
        if (System.nanoTime() - quietSince.get() > TimeUnit.MINUTES.toNanos(10)) {
          process.destroyForcibly();
        }
        try {
          Thread.sleep(1_000);
        } catch (InterruptedException e) {
          return;
        }
      }
    });
    watchdog.setDaemon(true);
    watchdog.start();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        Writer logWriter = Files.newBufferedWriter(log, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        Writer in = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8)) {
      for (String line; (line = out.readLine()) != null; ) {
        quietSince.set(System.nanoTime());
        logWriter.write(line + System.lineSeparator());
        if (beforeTest != null && line.startsWith(WAITING)) {
          logWriter.flush();
          beforeTest.run(line.substring(WAITING.length()));
          quietSince.set(System.nanoTime());
          in.write("go" + System.lineSeparator());
          in.flush();
        }
      }
    }
    process.waitFor();
    watchdog.interrupt();
    if (System.nanoTime() - quietSince.get() > TimeUnit.MINUTES.toNanos(10)) {
      throw new IllegalStateException("a test JVM printed nothing for 10 minutes and was stopped; see " + log);
    }
    if (process.exitValue() != 0) {
      throw new IllegalStateException("a test JVM exited with " + process.exitValue() + "; see " + log + ":\n" + tail(log));
    }
  }

  private static String tail(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
  }

  /** A test JVM: runs the given tests of {@link LibraryPairs}, in order, in one JVM. */
  private static void child(String[] args) {
    Path dir = Path.of(args[1]);
    String mode = args[2];
    String fork = args[3];
    boolean quick = Boolean.parseBoolean(args[4]);
    PerfTestKit kit = new PerfTestKit(dir).with("perfbudget.mode", mode).with("perfbudget.ci", "false");
    // The defaults users get, not the test kit's short caps. --quick shortens them, but not below
    // what the slowest pair needs to settle: with 200 ms of warm-up, sortBig's boxed sort (2.6 ms a
    // call) was still being compiled on an AMD EPYC VM, its ratio fell from 10.4 to 2.4 while it
    // was measured, and the recording was rightly judged invalid, which ended the whole command.
    kit.with("perfbudget.time.max", quick ? "500ms" : "").with("perfbudget.warmup.max", quick ? "1s" : "");
    kit.with("perfbudget.report.summary", "false");
    kit.with("perfbudget.fork", fork.equals("-") ? "" : fork);
    for (int i = 6; i < args.length; i++) {
      String[] setting = args[i].split("=", 2);
      kit.with(setting[0], setting[1]);
    }
    boolean wait = Boolean.getBoolean("agreement.wait");
    BufferedReader commands = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    int failed = 0;
    for (String test : args[5].split(",")) {
      if (wait) {
        System.out.println(WAITING + test);
        System.out.flush();
        try {
          commands.readLine();
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
      EngineExecutionResults results = kit.run(LibraryPairs.class, test);
      failed += (int) results.testEvents().failed().count();
      results.testEvents().failed().stream().forEach(event -> System.out.println("FAILED " + test + ": " + event));
    }
    // An enforced test that fails is a reading too (no code changed between recording and
    // enforcing, so a false alarm), shown with its verdict under the tables; a recording that
    // fails leaves nothing to compare.
    System.exit(failed == 0 || mode.equals("enforce") ? 0 : 1);
  }

  // tables

  private static void print(String title, List<Pair> pairs, Map<String, Reading> ours, Map<String, Reading> jmh) {
    System.out.printf(Locale.ROOT, "%n%s%n%n", title);
    if (jmh == null) {
      System.out.println("| pair | baseline | ns/op | candidate | ns/op | ratio |");
      System.out.println("|---|---|---:|---|---:|---:|");
      for (Pair pair : pairs) {
        Reading r = ours.get(pair.test());
        System.out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s | %.3f |%n",
            pair.test(), pair.baseline(), ns(r.baselineNs()), pair.candidate(), ns(r.candidateNs()), r.ratio());
      }
      printHow(pairs, ours);
      return;
    }
    System.out.println("| pair | baseline | JMH ns/op | perfbudget ns/op | diff | candidate | JMH ns/op | perfbudget ns/op | diff | JMH ratio | perfbudget ratio | diff |");
    System.out.println("|---|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|");
    int ratiosWithin = 0;
    int armsWithin = 0;
    for (Pair pair : pairs) {
      Reading r = ours.get(pair.test());
      Reading j = jmh.get(pair.test());
      double db = r.baselineNs() / j.baselineNs() - 1;
      double dc = r.candidateNs() / j.candidateNs() - 1;
      double dr = r.ratio() / j.ratio() - 1;
      ratiosWithin += Math.abs(dr) <= 0.10 ? 1 : 0;
      armsWithin += (Math.abs(db) <= 0.15 ? 1 : 0) + (Math.abs(dc) <= 0.15 ? 1 : 0);
      System.out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %.3f | %.3f | %s |%n",
          pair.test(), pair.baseline(), ns(j.baselineNs()), ns(r.baselineNs()), percent(db),
          pair.candidate(), ns(j.candidateNs()), ns(r.candidateNs()), percent(dc), j.ratio(), r.ratio(), percent(dr));
    }
    System.out.printf(Locale.ROOT, "%nratios within 10%% of JMH's: %d of %d; arms' ns/op within 15%% of JMH's: %d of %d (%.0f%%)%n",
        ratiosWithin, pairs.size(), armsWithin, 2 * pairs.size(), 100.0 * armsWithin / (2 * pairs.size()));
    printHow(pairs, ours);
  }

  private static void printHow(List<Pair> pairs, Map<String, Reading> ours) {
    if (pairs.stream().anyMatch(pair -> !ours.get(pair.test()).how().isEmpty())) {
      System.out.println();
      for (Pair pair : pairs) {
        System.out.printf(Locale.ROOT, "- %s: %s%n", pair.test(), ours.get(pair.test()).how());
      }
    }
  }

  private static Map<String, Reading> medians(List<Pair> pairs, List<Map<String, Reading>> runs) {
    Map<String, Reading> medians = new LinkedHashMap<>();
    for (Pair pair : pairs) {
      medians.put(
          pair.test(),
          new Reading(
              median(runs.stream().mapToDouble(r -> r.get(pair.test()).baselineNs()).toArray()),
              median(runs.stream().mapToDouble(r -> r.get(pair.test()).candidateNs()).toArray()),
              median(runs.stream().mapToDouble(r -> r.get(pair.test()).ratio()).toArray())));
    }
    return medians;
  }

  static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  static String ns(double value) {
    return value >= 100 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.2f", value);
  }

  private static String percent(double fraction) {
    return String.format(Locale.ROOT, "%+.1f%%", 100 * fraction);
  }

  static String loadAverage() {
    try {
      String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
      return fields[0] + " " + fields[1] + " " + fields[2];
    } catch (IOException e) {
      return "unknown";
    }
  }

  private record Options(
      int runs, List<String> modes, List<String> pairs, boolean jmh, int jmhForks, boolean jmhBeside, Path jmhSave, Path jmhFrom,
      boolean quick, List<String> settings, List<String> jvmOptions) {
    static Options parse(String[] args) {
      int runs = 1;
      int jmhForks = JMH_FORKS;
      Path jmhSave = null;
      Path jmhFrom = null;
      List<String> modes = List.of("always", "default");
      List<String> pairs = List.of();
      boolean jmh = true;
      boolean jmhBeside = false;
      boolean quick = false;
      List<String> settings = new ArrayList<>();
      List<String> jvmOptions = new ArrayList<>();
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--runs" -> runs = Integer.parseInt(args[++i]);
          case "--modes" -> {
            String value = args[++i];
            modes = value.equals("none") ? List.of() : List.of(value.split(","));
          }
          case "--pairs" -> pairs = List.of(args[++i].split(","));
          case "--no-jmh" -> jmh = false;
          case "--jmh-forks" -> jmhForks = Integer.parseInt(args[++i]);
          case "--jmh-beside" -> jmhBeside = true;
          case "--jmh-save" -> jmhSave = Path.of(args[++i]);
          case "--jmh-from" -> jmhFrom = Path.of(args[++i]);
          case "--quick" -> quick = true;
          case "--set" -> settings.add(args[++i]);
          case "--jvm-option" -> jvmOptions.add(args[++i]);
          default -> throw new IllegalArgumentException(
              "unknown option " + args[i] + "; expected --runs N, --modes always,default,never,lone, --pairs a,b, --no-jmh, "
                  + "--jmh-forks N, --jmh-beside, --jmh-save FILE, --jmh-from FILE, --quick, --set perfbudget.KEY=VALUE, --jvm-option -XX:...");
        }
      }
      for (String mode : modes) {
        if (!List.of("always", "default", "never", "lone").contains(mode)) {
          throw new IllegalArgumentException("unknown mode " + mode + "; expected always, default, never or lone");
        }
      }
      return new Options(runs, modes, pairs.stream().collect(Collectors.toList()), jmh, jmhForks, jmhBeside, jmhSave, jmhFrom, quick, settings, jvmOptions);
    }
  }
}
