package dev.perfbudget.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.perfbudget.fork.JdkProfiles;
import dev.perfbudget.units.Format;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * What the test framework's own code does to a library op's cost: an op of {@link LibraryPanel}
 * timed in a plain loop for 8 s in a fresh JVM, alone, and after a few ordinary unit tests ran
 * in that JVM through the JUnit Platform, as they do in every test JVM and in every fresh JVM
 * that runs one test through the launcher. The tests call none of the ops; library methods that
 * the framework calls too (the {@code Formatter} behind {@code String.format}, {@code TreeMap})
 * keep the type profiles it gave them, and the JIT compiles the op with those.
 *
 * <pre>
 * mvn -q test-compile exec:exec -Dbench=FrameworkProfiles -Dbench.args="--runs 3 --ops stringFormat,treeMapGet"
 * </pre>
 *
 * <p>Options: {@code --before nothing,junit,formats,classes,reset} (what runs before the op: nothing,
 * the three unit tests, the unit tests and then the two strings the extension formats before
 * it measures (the limit's description and the record command), or the loading, without running
 * any, of every class in the jars a fresh JVM's test start-up loads from); {@code --jvm-option -XX:...} (once
 * per option, for every JVM); an op {@code a+b} times {@code a} in slices that alternate with
 * slices of {@code b}, as an arm measured beside another arm runs; {@code --slice-us N} (the
 * slices' length, default 10,000 us; perfbudget's arms take turns about every 500 us).
 *
 * <p>Each line: the op, what ran before it, and the median of each run's ns/op over seconds 4 to
 * 8 (the median slice). Results: docs/jmh-agreement.md.
 */
public final class FrameworkProfiles {

  /** How long each slice lasts, in a child JVM: its {@code --slice-us}, passed on as this property. */
  private static final String SLICE_PROPERTY = "framework.slice.us";
  private static final long SLICE_NANOS = Long.getLong(SLICE_PROPERTY, 10_000) * 1_000;
  private static final int SECONDS = 8;
  private static final int SETTLED_FROM_SECOND = 4;

  private static volatile Object sink;

  private FrameworkProfiles() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("child")) {
      System.out.println("ns/op " + child(args[1], Before.valueOf(args[2].toUpperCase(Locale.ROOT))));
      System.exit(0);
    }
    int runs = 3;
    List<String> ops = List.of("stringFormat", "treeMapGet");
    List<Before> befores = List.of(Before.NOTHING, Before.JUNIT);
    List<String> jvmOptions = new ArrayList<>();
    long sliceMicros = 10_000;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--runs" -> runs = Integer.parseInt(args[++i]);
        case "--ops" -> ops = Arrays.asList(args[++i].split(","));
        case "--before" -> befores = Arrays.stream(args[++i].split(",")).map(name -> Before.valueOf(name.toUpperCase(Locale.ROOT))).toList();
        case "--jvm-option" -> jvmOptions.add(args[++i]);
        case "--slice-us" -> sliceMicros = Long.parseLong(args[++i]);
        default -> throw new IllegalArgumentException(
            "unknown option " + args[i] + "; expected --runs N, --ops a,b+c, --before nothing,junit,formats,classes,reset, --jvm-option -XX:..., --slice-us N");
      }
    }
    jvmOptions.add("-D" + SLICE_PROPERTY + "=" + sliceMicros);
    System.out.printf(Locale.ROOT, "framework profiles: %d runs, %d us slices, JVM options %s, load average %s%n%n", runs, sliceMicros, jvmOptions, Agreement.loadAverage());
    System.out.println("| op | before it, in the same JVM | ns/op, run by run | median |");
    System.out.println("|---|---|---|---:|");
    for (String op : ops) {
      for (String one : op.split("\\+")) {
        ops(one); // fails before any JVM starts if the op is unknown
      }
      for (Before before : befores) {
        double[] readings = new double[runs];
        for (int run = 0; run < runs; run++) {
          readings[run] = runChild(op, before, jvmOptions);
        }
        String each = String.join(", ", Arrays.stream(readings).mapToObj(r -> String.format(Locale.ROOT, "%.1f", r)).toList());
        System.out.printf(Locale.ROOT, "| %s | %s | %s | %.1f |%n", op, before.description, each, QualityTable.quantile(readings, 0.5));
      }
    }
    System.out.printf(Locale.ROOT, "%nload average at the end %s%n", Agreement.loadAverage());
  }

  /** What runs in the fresh JVM before the op is timed. */
  enum Before {
    NOTHING("nothing"),
    JUNIT("three unit tests through the JUnit Platform"),
    FORMATS("the unit tests, then the extension's two strings formatted before it measures"),
    CLASSES("every class of the JUnit Platform's, Jupiter's and Gson's jars loaded, none run"),
    RESET("the unit tests, then the JDK's profiles started afresh");

    final String description;

    Before(String description) {
      this.description = description;
    }
  }

  private static double runChild(String op, Before before, List<String> jvmOptions) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    if (before == Before.RESET) {
      command.add("-javaagent:" + JdkProfiles.writeAgentJar(Files.createTempDirectory("perfbudget-framework-profiles")));
    }
    command.addAll(List.of("-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch", "-cp", System.getProperty("java.class.path")));
    command.addAll(List.of(FrameworkProfiles.class.getName(), "child", op, before.name()));
    Path log = Files.createTempFile("perfbudget-framework-profiles", ".log");
    Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    int exit = process.waitFor();
    List<String> lines = Files.readAllLines(log);
    Files.delete(log);
    for (String line : lines) {
      if (line.startsWith("ns/op ")) {
        return Double.parseDouble(line.substring("ns/op ".length()));
      }
    }
    throw new IllegalStateException("child for " + op + " after " + before + " exited with " + exit + ": " + lines);
  }

  /**
   * Runs what comes before, then times the op (alternating with its partner after a {@code +});
   * returns the settled ns/op.
   */
  private static double child(String op, Before before) {
    String[] both = op.split("\\+");
    Supplier<Object> call = ops(both[0]);
    Supplier<Object> partner = both.length > 1 ? ops(both[1]) : null;
    if (before != Before.NOTHING) {
      SummaryGeneratingListener listener = new SummaryGeneratingListener();
      LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(UnitTests.class)).build(), listener);
      if (listener.getSummary().getTestsSucceededCount() != 3) {
        throw new IllegalStateException("the unit tests did not all pass: " + listener.getSummary().getFailures());
      }
    }
    if (before == Before.RESET && JdkProfiles.reset() == 0) {
      throw new IllegalStateException("started without the agent that resets the JDK's profiles");
    }
    if (before == Before.CLASSES) {
      sink = loadEveryClassBeside(LauncherFactory.class, org.junit.platform.engine.TestEngine.class,
          org.junit.platform.commons.util.ReflectionUtils.class, org.junit.jupiter.engine.JupiterTestEngine.class,
          Test.class, com.google.gson.Gson.class);
    }
    if (before == Before.FORMATS) {
      sink = String.format("recorded ratio %s x tolerance %s (%s) in %s", Format.ratio(12.345), Format.factor(10), "default", "budgets/perf-budgets.json");
      sink = String.format("mvn test -Dtest='%s' -Dperfbudget.mode=record", "com.example.CodecPerfTest#encode");
    }
    List<Double> settled = new ArrayList<>();
    long start = System.nanoTime();
    long end = start + SECONDS * 1_000_000_000L;
    long now = start;
    while (now < end) {
      long sliceStart = now;
      long calls = 0;
      do {
        for (int i = 0; i < 16; i++) {
          sink = call.get();
        }
        calls += 16;
        now = System.nanoTime();
      } while (now - sliceStart < SLICE_NANOS);
      if (now - start >= SETTLED_FROM_SECOND * 1_000_000_000L) {
        settled.add((double) (now - sliceStart) / calls);
      }
      if (partner != null) {
        long partnerStart = now;
        do {
          for (int i = 0; i < 16; i++) {
            sink = partner.get();
          }
          now = System.nanoTime();
        } while (now - partnerStart < SLICE_NANOS);
      }
    }
    return QualityTable.quantile(settled.stream().mapToDouble(Double::doubleValue).toArray(), 0.5);
  }

  /** Loads, without initializing, every class of the jars these classes come from; returns the count. */
  private static int loadEveryClassBeside(Class<?>... types) {
    int loaded = 0;
    for (Class<?> type : types) {
      try (JarFile jar = new JarFile(Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toFile())) {
        for (JarEntry entry : Collections.list(jar.entries())) {
          String name = entry.getName();
          if (name.endsWith(".class") && !name.contains("-")) {
            try {
              Class.forName(name.substring(0, name.length() - ".class".length()).replace('/', '.'), false, FrameworkProfiles.class.getClassLoader());
              loaded++;
            } catch (ClassNotFoundException | LinkageError e) {
              // a class whose optional dependency is absent: it loads nothing more
            }
          }
        }
      } catch (IOException | java.net.URISyntaxException e) {
        throw new IllegalStateException("cannot read the jar of " + type, e);
      }
    }
    return loaded;
  }

  private static Supplier<Object> ops(String op) {
    LibraryPanel panel = new LibraryPanel();
    Map<String, Supplier<Object>> ops = new LinkedHashMap<>();
    ops.put("stringFormat", panel::stringFormat);
    ops.put("builderConcat", panel::builderConcat);
    ops.put("treeMapGet", panel::treeMapGet);
    ops.put("dateParse", panel::dateParse);
    ops.put("sortList", panel::sortList);
    ops.put("hashMapGet", panel::hashMapGet);
    ops.put("patternMatches", panel::patternMatches);
    ops.put("stringMatches", panel::stringMatches);
    ops.put("intStreamSum", panel::intStreamSum);
    ops.put("boxedStreamSum", panel::boxedStreamSum);
    ops.put("sortInts", panel::sortInts);
    ops.put("listContains", panel::listContains);
    ops.put("hashSetContains", panel::hashSetContains);
    Supplier<Object> call = ops.get(op);
    if (call == null) {
      throw new IllegalArgumentException("unknown op " + op + "; expected one of " + ops.keySet());
    }
    return call;
  }

  /**
   * Three small unit tests that call none of the panel's ops themselves: what they leave in the
   * library's profiles is the framework's (JUnit, AssertJ) doing.
   */
  public static class UnitTests {

    @Test
    void adds() {
      assertThat(2 + 2).isEqualTo(4);
    }

    @Test
    void keepsOrder() {
      assertThat(List.of(1, 2, 3)).containsExactly(1, 2, 3);
    }

    @Test
    void comparesText() {
      assertThat("perf" + "budget").startsWith("perf").hasSize(10);
    }
  }
}
