package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.Sampling;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.IntBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;

/**
 * A test JVM killed with {@code kill -9}, once in the middle of a cold start and once in the
 * middle of a pool test, leaves no child running (the reaper stops the cold-start JVM, the pool
 * child halts when its stdin closes), and the next run removes what the killed runs left in
 * {@code /tmp} and {@code /dev/shm}. Both victims run with the defaults, as a user's would.
 */
class KilledRunTest {

  /** Where the sleeping children say they are up: a folder named by this variable. */
  static final String MARKERS = "PERFBUDGET_TEST_MARKERS";

  private static final Path TMP = Path.of(System.getProperty("java.io.tmpdir"));
  private static final Path SHM = Path.of("/dev/shm");

  @TempDir Path dir;

  @Test
  void aKilledTestJvmLeavesNoLiveChildAndTheNextRunRemovesItsFiles() throws Exception {
    assumeTrue(Files.isDirectory(Path.of("/proc/self")) && Files.isWritable(SHM), "Linux, with /dev/shm");
    Path markers = Files.createDirectories(dir.resolve("markers"));
    Process coldStart = testJvm("cold-start", markers, "coldStartThatSleeps", ColdStartWorkload.class);
    Process pool = testJvm("pool", markers, "poolWhoseChildSleeps", PoolWorkload.class);
    try {
      long coldStartChild = awaitMarker(markers, "coldstart-", coldStart, "cold-start");
      long poolChild = awaitMarker(markers, "pool-", pool, "pool");
      List<ProcessHandle> children = new ArrayList<>();
      coldStart.descendants().forEach(children::add);
      pool.descendants().forEach(children::add);
      assertThat(children).extracting(ProcessHandle::pid).contains(coldStartChild, poolChild);
      Set<Long> killed = new TreeSet<>(List.of(coldStart.pid(), pool.pid()));
      children.forEach(child -> killed.add(child.pid()));

      coldStart.destroyForcibly().waitFor();
      pool.destroyForcibly().waitFor();
      long killedAt = System.nanoTime();
      while (children.stream().anyMatch(KilledRunTest::running) && System.nanoTime() - killedAt < TimeUnit.SECONDS.toNanos(5)) {
        Thread.sleep(10);
      }
      long goneMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killedAt);
      assertThat(children).as("children of the killed test JVMs still running 5 s after the kill")
          .noneMatch(KilledRunTest::running);
      System.out.printf("[KilledRunTest] the %d children of the killed test JVMs were gone %d ms after the kill%n",
          children.size(), goneMillis);
      // Exited children wait for the machine's first process to reap them; until then HotSpot
      // counts them alive and keeps their perf data files.
      long reapDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (children.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < reapDeadline) {
        Thread.sleep(10);
      }

      assertThat(leftBy(coldStart.pid(), TMP)).as("the killed cold-start run's folder, before the next run").isNotEmpty();
      assertThat(leftBy(pool.pid(), SHM)).as("the killed pool run's folder, before the next run").isNotEmpty();

      Process next = testJvm("next", markers, "quickColdStart", ColdStartWorkload.class, "quickPool", PoolWorkload.class);
      assertThat(next.waitFor(90, TimeUnit.SECONDS)).as("the next run finished").isTrue();
      assertThat(next.exitValue()).as("the next run passed; its output: %s", output(dir.resolve("next.out"))).isZero();

      for (long pid : killed) {
        assertThat(leftBy(pid, TMP)).as("files of killed process %d in %s", pid, TMP).isEmpty();
        assertThat(leftBy(pid, SHM)).as("files of killed process %d in %s", pid, SHM).isEmpty();
        if (ProcessHandle.of(pid).isEmpty()) {
          assertThat(TMP.resolve("hsperfdata_" + System.getProperty("user.name")).resolve(Long.toString(pid)))
              .as("the JVM's own perf data file of killed process %d", pid).doesNotExist();
        }
      }
      assertThat(leftBy(next.pid(), TMP)).as("files of the next run, which exited").isEmpty();
      assertThat(leftBy(next.pid(), SHM)).as("files of the next run, which exited").isEmpty();
    } finally {
      coldStart.destroyForcibly();
      pool.destroyForcibly();
    }
  }

  /**
   * Whether the process still runs. One that exited but that no one has reaped yet (a zombie:
   * its parent is gone, and a container's first process may be slow to reap, or never reap)
   * runs no code and holds no resources but its process table entry.
   */
  private static boolean running(ProcessHandle process) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(process.pid()), "stat"), StandardCharsets.US_ASCII);
      return process.isAlive() && stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
    } catch (IOException e) {
      return false; // no such process any more
    }
  }

  /** The entries of {@code place} that process {@code pid} made: perfbudget names them after it. */
  private static List<Path> leftBy(long pid, Path place) throws IOException {
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(place, "perfbudget-" + pid + "-*")) {
      List<Path> found = new ArrayList<>();
      entries.forEach(found::add);
      return found;
    }
  }

  private Process testJvm(String name, Path markers, Object... tests) throws IOException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-Xshare:auto",
        "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), Run.class.getName(),
        Files.createDirectories(dir.resolve(name)).toString()));
    for (int i = 0; i < tests.length; i += 2) {
      command.add(Fixtures.class.getName() + "#" + tests[i] + "(" + ((Class<?>) tests[i + 1]).getName() + ")");
    }
    ProcessBuilder builder = new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve(name + ".out").toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.environment().put(MARKERS, markers.toString());
    return builder.start();
  }

  private long awaitMarker(Path markers, String prefix, Process testJvm, String name) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      try (Stream<Path> files = Files.list(markers)) {
        var marker = files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(prefix)).findFirst();
        if (marker.isPresent()) {
          return Long.parseLong(marker.get().substring(prefix.length()));
        }
      }
      if (!testJvm.isAlive()) {
        break;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("no " + prefix + "* marker in " + markers + "; the test JVM's output:\n" + output(dir.resolve(name + ".out")));
  }

  private static String output(Path file) throws IOException {
    return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "(none)";
  }

  private static void mark(String prefix) {
    try {
      Files.createFile(Path.of(System.getenv(MARKERS), prefix + ProcessHandle.current().pid()));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** A test JVM: runs the given fixture methods through the JUnit Platform launcher, then exits. */
  static final class Run {
    public static void main(String[] args) {
      LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
          .configurationParameter("perfbudget.mode", "report")
          .configurationParameter("perfbudget.report.dir", args[0])
          .configurationParameter("perfbudget.budgets.file", Path.of(args[0], "budgets.json").toString())
          .configurationParameter("perfbudget.time.max", "1s")
          .configurationParameter("perfbudget.warmup.max", "300ms")
          .configurationParameter("perfbudget.report.summary", "false");
      for (String method : Arrays.copyOfRange(args, 1, args.length)) {
        request.selectors(selectMethod(method));
      }
      LauncherDiscoveryRequest built = request.build();
      SummaryGeneratingListener listener = new SummaryGeneratingListener();
      LauncherFactory.create().execute(built, listener);
      listener.getSummary().printTo(new PrintWriter(System.out, true));
      listener.getSummary().printFailuresTo(new PrintWriter(System.out, true), 20);
      System.exit(listener.getSummary().getTotalFailureCount() == 0 && listener.getSummary().getTestsSucceededCount() > 0 ? 0 : 1);
    }
  }

  /** A main that says it is up and then sleeps far longer than the test runs. */
  static final class SleepingMain {
    public static void main(String[] args) throws InterruptedException {
      mark("coldstart-");
      Thread.sleep(120_000);
    }
  }

  /** Sleeps in the child JVM, in the middle of its first dispatch. */
  static final class SleepInChildKernel implements Kernel {
    @Override
    public void run(IntBuffer elements, int from, int to, int rounds) {
      if (System.getProperty(PoolChild.CHILD_PROPERTY) != null) {
        mark("pool-");
        try {
          Thread.sleep(120_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  static class Fixtures {
    @PerfBudget(maxRatio = 1000)
    void coldStartThatSleeps(ColdStartWorkload start) {
      start.candidate("sleeps", SleepingMain.class).runs(Sampling.LEAST_PAIRS).timeout(Duration.ofMinutes(3));
    }

    @PerfBudget(maxRatio = 1000)
    void poolWhoseChildSleeps(PoolWorkload pool) {
      pool.kernel(new SleepInChildKernel()).elements(1024).workers(1)
          .baseline("serial", Pools.serial())
          .candidate("processes", Pools.processes(1));
    }

    @PerfBudget(maxRatio = 1000)
    void quickColdStart(ColdStartWorkload start) {
      start.candidate("empty again", EmptyMain.class).runs(Sampling.LEAST_PAIRS);
    }

    @PerfBudget(maxRatio = 1000)
    void quickPool(PoolWorkload pool) {
      pool.kernel(Kernels.lcg()).elements(1024).workers(1)
          .baseline("serial", Pools.serial())
          .candidate("threads", Pools.threads(1));
    }
  }
}
