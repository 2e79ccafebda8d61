package dev.perfbudget.fork;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.engine.SamplingSettings;
import dev.perfbudget.fork.ForkedTestException.Kind;
import dev.perfbudget.judge.Measured;
import dev.perfbudget.judge.Measurer;
import dev.perfbudget.plan.Fork;
import dev.perfbudget.units.Format;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.security.CodeSource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * Measures a test in a fresh JVM that runs only that test, through the JUnit Platform launcher
 * ({@link ForkMain}), and reads the measurement back: a JVM whose JIT has seen no other test's
 * code, as JMH's forks are.
 *
 * <p>The fresh JVM gets this JVM's class path (with the launcher's jar, which Surefire keeps
 * off it), options (without a debugger agent) or {@code perfbudget.fork.jvmArgs}, JMH's compiler
 * blackholes, a JIT option that keeps C1 profiling in full ({@link #JIT_OPTIONS}), an attach
 * listener for the engine's looks at the JIT ({@link #ATTACH_LISTENER}), the agent that starts
 * the JDK's profiles afresh before it measures ({@link JdkProfiles}), system
 * properties, and the test's configuration; all but the options through a file in a folder
 * only this user can read. The options keep {@code -XX:+AlwaysPreTouch} where
 * the test JVM has it, though touching a 1 GiB heap costs the fresh JVM 0.5 to 3.7 s of start
 * here: without it, an op that allocates pays the first touch of each page of the young
 * generation while it is measured, and {@code Integer.toString} measured 36.8 ns/op in a fresh
 * JVM against 15.5 ns/op with it (JMH: 16.2). Its crash, a result it could not write, or a run
 * longer than {@code perfbudget.fork.timeout} fails the test with a message naming the test, the
 * exit code and the end of its output; it is killed then, with any process it started, and also
 * when this JVM exits first.
 */
@API(status = INTERNAL)
public final class FreshJvm implements Measurer {

  /** Time for a JVM to start and the launcher to find the test, on a slow, busy machine. */
  static final Duration START_ALLOWANCE = Duration.ofSeconds(60);

  private static final int OUTPUT_LINES = 30;

  /**
   * What a fresh JVM needs to run one test.
   *
   * @param test {@code <class FQN>#<method>}, for messages
   * @param uniqueId the test's JUnit unique ID, which the fresh JVM selects
   * @param testClass the test's class, which must be on this JVM's class path
   * @param configuration the JUnit configuration parameters the test JVM runs with
   */
  public record Request(
      String test, String uniqueId, Class<?> testClass, Map<String, String> configuration, Fork fork, SamplingSettings sampling) {

    public Request {
      configuration = Map.copyOf(configuration);
    }
  }

  private static final String COMPILER_BLACKHOLES = "compilerBlackholesEnabled";
  /**
   * JMH's Blackhole as JMH's own forks use it on Java 17 and later: a sink the JIT itself keeps,
   * which costs next to nothing where the Blackhole's default mode costs about half a ns per
   * value. Without them a 1.7 ns op read 2.3 ns/op and its ratio to a 10 ns op 4.5 where JMH's
   * was 6.1. The test JVM cannot be given JIT options after it started, so only a fresh JVM
   * gets them (docs/measuring.md says how a project gives them to its test JVM); a JIT that
   * ignores them is caught by the Blackhole check, which then fails the test.
   */
  static final List<String> COMPILER_BLACKHOLE_OPTIONS = List.of(
      "-XX:+UnlockExperimentalVMOptions",
      "-XX:CompileCommand=quiet",
      "-XX:CompileCommand=blackhole,org/openjdk/jmh/infra/Blackhole.consumeCompiler",
      "-D" + COMPILER_BLACKHOLES + "=true");

  /**
   * C1 always compiles with full profiling, however long C2's queue. By default, while C2 has
   * more than five methods queued per thread (as in a fresh JVM's first second, when the
   * launcher's code is compiling), C1 compiles at its tier that keeps no type profiles, and such
   * a method can go from there to C2 with none: its calls then stay virtual, for good. A boxed
   * stream sum ran 9 to 11 times slower so in about two fresh JVMs of five here (the JIT's log:
   * the mapping sink's {@code accept} compiled at tier 2, then queued for C2 a millisecond
   * later), and in none of 30 with this option. The test JVM's options come after it, so a
   * project's own value wins.
   */
  static final List<String> JIT_OPTIONS = List.of("-XX:Tier3DelayOn=100000");

  /**
   * The JVM's attach listener (the thread that answers {@code jcmd}) runs from the start, so that
   * the engine's looks at the JIT go to it rather than through the platform MBean server, whose
   * own code (every platform MXBean's descriptor in a case-insensitive {@code TreeMap}) gave
   * {@code TreeMap.get} a profile that kept it from being inlined into an arm: 15.6 to 16.0 ns/op
   * against 13.1 to 14.2 with the listener, JMH's 13.3 to 13.6. The engine uses the server when a
   * project's options turn the listener off, and from Java 22 on, where the listener answers at
   * a safepoint (see the engine's {@code AttachListener}).
   */
  static final String ATTACH_LISTENER = "-XX:+StartAttachListener";

  private static final String LAUNCHER = "org.junit.platform.launcher.core.LauncherFactory";

  private final Request request;
  private final SplittableRandom seeds;
  /** The launcher this JVM runs tests with, found by {@link #checkClassPath()}. */
  private Class<?> launcher;

  public FreshJvm(Request request) {
    this.request = request;
    this.seeds = new SplittableRandom(request.sampling().seed());
  }

  @Override
  public Measured measure(double limit) throws IOException, InterruptedException {
    return measure(limit, false);
  }

  @Override
  public Measured measureToConfirm(double limit) throws IOException, InterruptedException {
    return measure(limit, true);
  }

  private Measured measure(double limit, boolean confirming) throws IOException, InterruptedException {
    checkClassPath();
    Path dir = privateFolder();
    try {
      writeRequest(dir, limit, confirming);
      JdkProfiles.writeAgentJar(dir);
      Path output = dir.resolve("output.log");
      Process process =
          new ProcessBuilder(command(dir))
              .directory(Path.of("").toAbsolutePath().toFile())
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      // Its stdin stays open until the child is done: ForkMain ends itself when it closes, so a
      // child cannot outlive this JVM even when this JVM is killed.
      OutputStream stdin = process.getOutputStream();
      Children.add(process);
      Duration timeout = timeout();
      // Processes the child starts (a pool's workers) are noted while it runs: once it is gone,
      // its orphans are no longer its descendants, and they must go with it.
      Set<ProcessHandle> started = new HashSet<>();
      try {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean finished = false;
        while (!finished && System.nanoTime() < deadline) {
          process.descendants().forEach(started::add);
          finished = process.waitFor(Math.min(100, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)), TimeUnit.MILLISECONDS);
        }
        if (!finished) {
          Children.kill(process);
          throw new ForkedTestException(
              Kind.FAILED,
              String.format(
                  "@PerfBudget test %s: the fresh JVM measuring it (pid %d) did not finish within %s "
                      + "(perfbudget.fork.timeout), so it was killed. End of its output:%n%s",
                  request.test(), process.pid(), Format.millis(timeout.toNanos()), tail(output)));
        }
      } finally {
        Children.kill(process);
        Children.kill(started.stream().filter(ProcessHandle::isAlive).toList());
        Children.remove(process);
        stdin.close();
      }
      ChildResult result =
          ChildResult.read(dir.resolve(ForkMain.RESULT))
              .orElseThrow(
                  () ->
                      new ForkedTestException(
                          Kind.FAILED,
                          String.format(
                              "@PerfBudget test %s: the fresh JVM measuring it (pid %d) exited with code %d "
                                  + "without a result. End of its output:%n%s",
                              request.test(), process.pid(), process.exitValue(), tail(output))));
      if (result.failure() != null) {
        throw new ForkedTestException(result.failure().kind(), result.failure().getMessage() + " (in a fresh JVM)");
      }
      return result.measured();
    } finally {
      deleteAll(dir);
    }
  }

  /**
   * The fork's folder: the request (the test's configuration and system properties), the agent
   * the fresh JVM starts with, its output and result. Only this user may list, read or replace
   * them ({@code 0700} on POSIX file systems, as {@code Files.createTempDirectory} makes it).
   */
  static Path privateFolder() throws IOException {
    return Files.createTempDirectory("perfbudget-fork-");
  }

  /** The fresh JVM finds the test class on this JVM's class path, and needs the launcher there. */
  private void checkClassPath() {
    ClassLoader system = ClassLoader.getSystemClassLoader();
    if (request.testClass().getClassLoader() != system) {
      throw new ForkedTestException(
          Kind.CONFIGURATION,
          String.format(
              "@PerfBudget test %s cannot be measured in a fresh JVM: its class is loaded by %s, not from this "
                  + "JVM's class path (java.class.path), which the fresh JVM gets. Set perfbudget.fork=never to "
                  + "measure in the test JVM.",
              request.test(), request.testClass().getClassLoader()));
    }
    try {
      launcher = Class.forName(LAUNCHER, false, system);
    } catch (ClassNotFoundException e) {
      throw new ForkedTestException(
          Kind.CONFIGURATION,
          String.format(
              "@PerfBudget test %s cannot be measured in a fresh JVM: it runs the test through the JUnit Platform "
                  + "launcher, which is not on the test class path. Add org.junit.platform:junit-platform-launcher "
                  + "(test scope), or set perfbudget.fork=never to measure in the test JVM.",
              request.test()));
    }
  }

  private void writeRequest(Path dir, double limit, boolean confirming) throws IOException {
    Properties properties = new Properties();
    request.configuration().forEach((key, value) -> properties.setProperty(ForkMain.CONFIG + key, value));
    properties.setProperty(ForkMain.CONFIG + ForkMain.CHILD_RESULT, dir.resolve(ForkMain.RESULT).toString());
    properties.setProperty(ForkMain.CONFIG + ForkMain.CHILD_LIMIT, Double.toString(limit));
    properties.setProperty(ForkMain.CONFIG + ForkMain.CHILD_CONFIRMS, Boolean.toString(confirming));
    // Each fresh measurement gets a seed of its own: independent of the others, and repeatable
    // when perfbudget.seed is set.
    properties.setProperty(ForkMain.CONFIG + "perfbudget.seed", Long.toString(seeds.nextLong()));
    properties.setProperty(ForkMain.UNIQUE_ID, request.uniqueId());
    // The test's own system properties (Surefire sets them after the JVM starts, so they are not
    // among its options), through this private file rather than a command line others can read.
    Properties system = System.getProperties();
    for (String key : system.stringPropertyNames()) {
      if (!ForkMain.ownedByTheJvm(key)) {
        properties.setProperty(ForkMain.SYSTEM + key, system.getProperty(key));
      }
    }
    try (var out = Files.newBufferedWriter(dir.resolve(ForkMain.REQUEST), StandardCharsets.UTF_8)) {
      properties.store(out, "one perf test to measure in a fresh JVM");
    }
  }

  List<String> command(Path dir) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-javaagent:" + dir.resolve(JdkProfiles.AGENT_JAR));
    List<String> options = request.fork().jvmArgs().orElseGet(FreshJvm::thisJvmsOptions);
    command.addAll(JIT_OPTIONS);
    command.add(ATTACH_LISTENER);
    command.addAll(options);
    if (options.stream().noneMatch(option -> option.startsWith("-D" + COMPILER_BLACKHOLES))) {
      command.addAll(COMPILER_BLACKHOLE_OPTIONS);
    }
    command.add("-cp");
    command.add(classPath(System.getProperty("java.class.path"), launcher));
    command.add(ForkMain.class.getName());
    command.add(dir.toString());
    return command;
  }

  /**
   * This JVM's class path, with the launcher's jar after it when the class path lacks it.
   * Surefire keeps the launcher on a class path of its own and sets {@code java.class.path} to
   * the project's test class path, which has no launcher unless the project declares one; the
   * fresh JVM takes the very jar this JVM runs tests with, so that its version matches the
   * project's JUnit.
   */
  static String classPath(String classPath, Class<?> launcher) {
    Path jar = launcher == null ? null : codeSource(launcher);
    if (jar == null) {
      return classPath;
    }
    for (String entry : classPath.split(File.pathSeparator)) {
      if (!entry.isEmpty() && Path.of(entry).toAbsolutePath().normalize().equals(jar)) {
        return classPath;
      }
    }
    return classPath.isEmpty() ? jar.toString() : classPath + File.pathSeparator + jar;
  }

  private static Path codeSource(Class<?> type) {
    CodeSource source = type.getProtectionDomain().getCodeSource();
    if (source == null || source.getLocation() == null) {
      return null;
    }
    try {
      return Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
    } catch (URISyntaxException | IllegalArgumentException e) {
      return null; // not a file: nothing the fresh JVM could put on its class path
    }
  }

  /** This JVM's options, less those a second JVM must not or need not repeat. */
  static List<String> thisJvmsOptions() {
    return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(arg -> !arg.startsWith("-agentlib:jdwp") && !arg.startsWith("-Xrunjdwp") && !arg.equals("-Xdebug"))
        .filter(arg -> !arg.startsWith("-Djava.class.path="))
        .toList();
  }

  /** The fork's own timeout, else time to start plus one measurement's caps and the op timeout. */
  Duration timeout() {
    SamplingSettings sampling = request.sampling();
    return request
        .fork()
        .timeout()
        .orElse(START_ALLOWANCE.plus(sampling.warmupMax()).plus(sampling.timeMax()).plus(sampling.opTimeout()));
  }

  /** The last lines of the fresh JVM's output, read from at most its last 16 KiB. */
  static String tail(Path output) {
    try (RandomAccessFile file = new RandomAccessFile(output.toFile(), "r")) {
      long start = Math.max(0, file.length() - 16_384);
      byte[] bytes = new byte[(int) (file.length() - start)];
      file.seek(start);
      file.readFully(bytes);
      List<String> lines = List.of(new String(bytes, StandardCharsets.UTF_8).split("\\R"));
      List<String> last = lines.subList(Math.max(0, lines.size() - OUTPUT_LINES), lines.size());
      return String.join("", last).isBlank() ? "  (no output)" : "  " + String.join(String.format("%n  "), last);
    } catch (IOException e) {
      return "  (its output cannot be read: " + e.getMessage() + ")";
    }
  }

  private static void deleteAll(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(file -> file.toFile().delete());
    } catch (IOException e) {
      // A temporary folder left behind is no reason to fail the test.
    }
  }
}
