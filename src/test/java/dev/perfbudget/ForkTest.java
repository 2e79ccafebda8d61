package dev.perfbudget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import com.google.gson.JsonObject;
import dev.perfbudget.testkit.PerfTestKit;
import dev.perfbudget.testkit.Work;
import dev.perfbudget.workloads.OpWorkload;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;

/**
 * Measuring in a fresh JVM ({@code perfbudget.fork}): where each measurement is taken, what
 * comes back, how a fresh JVM's crash, hang or error fails the test, and that no fresh JVM
 * outlives its test. The fixtures' ops note the pid of every JVM they run in.
 */
class ForkTest {

  /** The file fixture ops note pids in: a system property, which a fresh JVM gets too. */
  static final String PIDS = "perfbudget.test.pids";

  @TempDir Path dir;

  @BeforeEach
  void notePidsInTheTempDir() {
    System.setProperty(PIDS, dir.resolve("pids").toString());
    ForkTestCase.noted.set(false);
    ForkTestCase.inTestJvm = true;
  }

  @AfterEach
  void forget() {
    System.clearProperty(PIDS);
    ForkTestCase.inTestJvm = false;
  }

  /**
   * A kit whose fresh JVMs get a small heap that is not touched up front: these tests are about
   * which JVM measures and what happens to it, and touching the test JVM's 1 GiB heap in each
   * fresh JVM cost the build a second a JVM on a loaded machine. The first test below keeps the
   * test JVM's own options.
   */
  private PerfTestKit kit(String fork) {
    return kitWithTheTestJvmsOptions(fork).with("perfbudget.fork.jvmArgs", "-Xmx256m");
  }

  private PerfTestKit kitWithTheTestJvmsOptions(String fork) {
    return new PerfTestKit(dir).with("perfbudget.fork", fork).with("perfbudget.time.max", "1s").with("perfbudget.warmup.max", "500ms");
  }

  private Set<Long> pids() {
    Path file = dir.resolve("pids");
    try {
      return Files.exists(file) ? Files.readAllLines(file).stream().map(Long::parseLong).collect(Collectors.toSet()) : Set.of();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String failure(EngineExecutionResults results) {
    return results.testEvents().failed().stream()
        .map(event -> event.getPayload(org.junit.platform.engine.TestExecutionResult.class).orElseThrow())
        .map(result -> result.getThrowable().orElseThrow().toString())
        .findFirst()
        .orElseThrow(() -> new AssertionError("no test failed"));
  }

  private static final long SELF = ProcessHandle.current().pid();

  @Test
  void alwaysMeasuresInAFreshJvmAndTheTestJvmJudgesAndReports() {
    PerfTestKit kit = kitWithTheTestJvmsOptions("always");
    kit.run(ForkTestCase.class, "twice").testEvents().assertStatistics(stats -> stats.succeeded(1));
    assertThat(pids()).as("the op ran in one fresh JVM only").hasSize(1).doesNotContain(SELF);
    long child = pids().iterator().next();
    assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)).as("pid %d is gone", child).isFalse();
    JsonObject result = kit.result(ForkTestCase.class, "twice");
    assertThat(result.get("verdict").getAsString()).isEqualTo("PASS");
    assertThat(result.get("ratio").getAsDouble()).isCloseTo(2.0, offset(0.4));
    assertThat(result.getAsJsonObject("candidate").get("name").getAsString()).isEqualTo("80 steps");
    assertThat(PerfTestKit.read(dir.resolve("pids.blackholes")))
        .as("a fresh JVM uses JMH's compiler blackholes, as JMH's forks do")
        .isEqualTo("-XX:CompileCommand=blackhole,org/openjdk/jmh/infra/Blackhole.consumeCompiler -DcompilerBlackholesEnabled=true");
    assertThat(PerfTestKit.read(dir.resolve("pids.options")).lines().toList())
        .as("a fresh JVM's C1 profiles in full however long C2's queue")
        .contains("-XX:Tier3DelayOn=100000");
    List<String> heapAndJit = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(option -> option.startsWith("-X") && !option.startsWith("-Xrunjdwp") && !option.equals("-Xdebug")).toList();
    assertThat(PerfTestKit.read(dir.resolve("pids.options")).lines().toList())
        .as("a fresh JVM gets the test JVM's own options")
        .containsAll(heapAndJit);
  }

  @Test
  void aFreshJvmCollectsItsStartUpGarbageBeforeTheTestsFixtureIsMade() throws IOException {
    Path gcLog = dir.resolve("gc.log");
    PerfTestKit kit = kit("always").with("perfbudget.fork.jvmArgs", "-Xmx256m -Xlog:gc:file=" + gcLog);
    kit.run(ForkTestCase.class, "notesWhenItsFixtureWasMade").testEvents().assertStatistics(stats -> stats.succeeded(1));
    List<String> fullCollections = Files.readAllLines(gcLog).stream().filter(line -> line.contains("Pause Full (System.gc())")).toList();
    assertThat(fullCollections).as("the fresh JVM's full collections, in %s", gcLog).hasSize(1);
    double collectedAt = Double.parseDouble(fullCollections.get(0).replaceFirst("^\\[([0-9.]+)s\\].*", "$1"));
    double fixtureMadeAt = Double.parseDouble(PerfTestKit.read(dir.resolve("pids.fixture")).trim()) / 1000;
    assertThat(collectedAt).as("the full collection comes before the test instance is made").isLessThan(fixtureMadeAt);
  }

  @Test
  void aFreshJvmStartsTheJdksProfilesAfreshBeforeTheTestInstanceIsMade() {
    kit("always").run(ForkTestCase.class, "comparesWithAJdkLambdaMadeWithTheInstance")
        .testEvents().assertStatistics(stats -> stats.succeeded(1));
  }

  @Test
  void eachInvocationOfASweepIsMeasuredInAFreshJvmOfItsOwnWithItsArguments() {
    PerfTestKit kit = kit("always");
    kit.run(ForkTestCase.class, "sweep").testEvents().assertStatistics(stats -> stats.succeeded(2));
    assertThat(pids()).as("two fresh JVMs").hasSize(2).doesNotContain(SELF);
    assertThat(kit.result(ForkTestCase.class.getName() + "#sweep[40]").get("ratio").getAsDouble()).isCloseTo(1.0, offset(0.25));
    assertThat(kit.result(ForkTestCase.class.getName() + "#sweep[120]").get("ratio").getAsDouble()).isCloseTo(3.0, offset(0.6));
  }

  @Test
  void confirmMeasuresHereAndConfirmsAFailureInAFreshJvm() {
    EngineExecutionResults results = kit("confirm").run(ForkTestCase.class, "tenfoldOverALimitOfTwo");
    results.testEvents().assertStatistics(stats -> stats.failed(1));
    assertThat(pids()).as("measured here first, then in a fresh JVM").contains(SELF).hasSize(2);
    assertThat(failure(results)).contains("is over its budget", "A first, independent measurement gave");
  }

  @Test
  void confirmRecordsInAFreshJvmCheckedInASecond() {
    PerfTestKit kit = kit("confirm").with("perfbudget.mode", "record");
    kit.run(ForkTestCase.class, "twice").testEvents().assertStatistics(stats -> stats.succeeded(1));
    assertThat(pids()).hasSize(2).doesNotContain(SELF);
    assertThat(PerfTestKit.read(kit.budgetsFile())).contains(ForkTestCase.class.getName() + "#twice");
  }

  @Test
  void aReadingFarFromTheRecordedRatioIsMeasuredAgainInAFreshJvmAndThatIsReported() throws IOException {
    PerfTestKit kit = kit("confirm");
    String key = ForkTestCase.class.getName() + "#fiveTimesSlowerInTheTestJvm";
    Files.createDirectories(kit.budgetsFile().getParent());
    Files.writeString(kit.budgetsFile(), "{\"schemaVersion\": 1, \"budgets\": {\"" + key + "\": {\"ratio\": 1.0}}}");
    kit.run(ForkTestCase.class, "fiveTimesSlowerInTheTestJvm").testEvents().assertStatistics(stats -> stats.succeeded(1));
    JsonObject result = kit.result(ForkTestCase.class, "fiveTimesSlowerInTheTestJvm");
    assertThat(result.get("unconfirmedRatio").isJsonNull()).as("a first reading was replaced: %s", result).isFalse();
    assertThat(result.get("unconfirmedRatio").getAsDouble()).as("the test JVM's reading").isGreaterThan(3);
    assertThat(result.get("ratio").getAsDouble()).as("the fresh JVM's reading, reported").isCloseTo(1.0, offset(0.25));
    assertThat(result.get("note").getAsString()).startsWith("measured again in a fresh JVM: the first reading");
    assertThat(pids()).contains(SELF).hasSize(2);
  }

  @Test
  void aFreshJvmThatCrashesFailsItsTestWithItsExitCodeAndOutput() {
    EngineExecutionResults results = kit("always").run(ForkTestCase.class, "crashes");
    assertThat(failure(results))
        .contains(ForkTestCase.class.getName() + "#crashes", "exited with code 13 without a result", "about to halt the JVM");
    assertThat(pids()).hasSize(1).doesNotContain(SELF);
  }

  @Test
  void anOpThatHangsInAFreshJvmFailsItsTestWithinTheOpTimeoutAndTheJvmIsGone() {
    long start = System.nanoTime();
    EngineExecutionResults results = kit("always").with("perfbudget.op.timeout", "1s").run(ForkTestCase.class, "hangs");
    assertThat(failure(results)).contains("did not return from a batch", "perfbudget.op.timeout", "(in a fresh JVM)");
    assertThat((System.nanoTime() - start) / 1e9).as("seconds, with the fresh JVM's start").isLessThan(30);
    long child = pids().iterator().next();
    assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false)).as("pid %d is gone", child).isFalse();
  }

  @Test
  void aFreshJvmPastItsTimeoutIsKilledWithWhatItStarted() {
    EngineExecutionResults results = kit("always").with("perfbudget.fork.timeout", "3s").run(ForkTestCase.class, "neverDeclares");
    assertThat(failure(results)).contains(ForkTestCase.class.getName() + "#neverDeclares", "did not finish within 3.0 s", "was killed");
    assertThat(pids()).hasSize(2).doesNotContain(SELF);
    for (long pid : pids()) {
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("pid %d is gone", pid).isFalse();
    }
  }

  @Test
  void aDeclarationErrorInAFreshJvmIsAConfigurationError() {
    EngineExecutionResults results = kit("always").run(ForkTestCase.class, "noCandidate");
    assertThat(failure(results))
        .startsWith("org.junit.jupiter.api.extension.ExtensionConfigurationException")
        .contains("declares a workload that cannot be measured", "no candidate is declared", "(in a fresh JVM)");
  }

  /** Perf tests run by the tests above, each in the test JVM or a fresh one as they say. */
  static class ForkTestCase {
    static final AtomicBoolean noted = new AtomicBoolean();
    /** True in the test JVM only: a fresh JVM loads this class anew. */
    static volatile boolean inTestJvm;
    private final Work work = new Work();
    private final long madeAtUptimeMillis = ManagementFactory.getRuntimeMXBean().getUptime();
    private final Comparator<Map.Entry<String, Integer>> byKey = Map.Entry.comparingByKey();

    /** Notes this JVM's pid, once per JVM and test. */
    static void notePid() {
      if (!noted.getAndSet(true)) {
        notePid(ProcessHandle.current().pid());
      }
    }

    static void notePid(long pid) {
      try {
        Files.writeString(
            Path.of(System.getProperty(PIDS)), pid + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private Boolean noted(int steps) {
      notePid();
      return work.steps(steps);
    }

    @PerfBudget(maxRatio = 100)
    void twice(OpWorkload op) {
      String blackholes = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
          .filter(option -> option.contains("lackhole"))
          .collect(Collectors.joining(" "));
      String options = String.join("\n", ManagementFactory.getRuntimeMXBean().getInputArguments());
      try {
        Files.writeString(Path.of(System.getProperty(PIDS) + ".blackholes"), blackholes, StandardCharsets.UTF_8);
        Files.writeString(Path.of(System.getProperty(PIDS) + ".options"), options, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      op.baseline("40 steps", () -> noted(40)).candidate("80 steps", () -> noted(80));
    }

    @PerfBudget(maxRatio = 100)
    void notesWhenItsFixtureWasMade(OpWorkload op) throws IOException {
      Files.writeString(Path.of(System.getProperty(PIDS) + ".fixture"), Long.toString(madeAtUptimeMillis), StandardCharsets.UTF_8);
      op.baseline("40 steps", () -> noted(40)).candidate("80 steps", () -> noted(80));
    }

    /**
     * Fails in the op when a JDK lambda made with the test instance is of another class than the
     * same lambda made in the op: as when the JDK's profiles were started afresh in between, which
     * links the JDK's lambda call sites anew.
     */
    @PerfBudget(maxRatio = 100)
    void comparesWithAJdkLambdaMadeWithTheInstance(OpWorkload op) {
      op.baseline("40 steps", () -> noted(40)).candidate("80 steps", () -> {
        if (Map.Entry.<String, Integer>comparingByKey().getClass() != byKey.getClass()) {
          throw new IllegalStateException("Map.Entry.comparingByKey() made in the op is of another class than the one made with the test instance");
        }
        return noted(80);
      });
    }

    @ParameterizedTest
    @ValueSource(ints = {40, 120})
    @PerfBudget(maxRatio = 100)
    void sweep(int steps, OpWorkload op) {
      op.baseline("40 steps", () -> noted(40)).candidate(steps + " steps", () -> noted(steps));
    }

    @PerfBudget(maxRatio = 2)
    void tenfoldOverALimitOfTwo(OpWorkload op) {
      op.baseline("40 steps", () -> noted(40)).candidate("400 steps", () -> noted(400));
    }

    @PerfBudget
    void fiveTimesSlowerInTheTestJvm(OpWorkload op) {
      int candidateSteps = inTestJvm ? 200 : 40;
      op.baseline("40 steps", () -> noted(40)).candidate("40 steps", () -> noted(candidateSteps));
    }

    @PerfBudget(maxRatio = 100)
    void crashes(OpWorkload op) {
      op.baseline("40 steps", () -> noted(40))
          .candidate("halts", () -> {
            System.out.println("about to halt the JVM");
            System.out.flush();
            Runtime.getRuntime().halt(13);
            return false;
          });
    }

    @PerfBudget(maxRatio = 100)
    void hangs(OpWorkload op) {
      op.baseline("40 steps", () -> noted(40))
          .candidate("spins", () -> {
            long x = 1;
            while (x != 0) {
              x = x * 6364136223846793005L + 1; // never 0 again, and never looks at interrupts
            }
            return x;
          });
    }

    @PerfBudget(maxRatio = 100)
    void neverDeclares(OpWorkload op) throws Exception {
      notePid();
      // A process of its own, which must go with the fresh JVM.
      Process sleeper = new ProcessBuilder("sleep", "600").start();
      notePid(sleeper.pid());
      Thread.sleep(600_000);
    }

    @PerfBudget(maxRatio = 100)
    void noCandidate(OpWorkload op) {
      op.baseline("40 steps", () -> noted(40));
    }
  }
}
