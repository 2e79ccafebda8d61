package dev.perfbudget.bench;

import dev.perfbudget.fork.JdkProfiles;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * How much of JMH's own reading of each panel arm belongs to the one compilation its fork times.
 * A fork compiles an arm once, after JMH's start-up has run JDK methods the arm calls ({@code
 * StringBuilder.append}, {@code String.equals}) and while other code is still compiling; another
 * compilation of the same arm can cost 10% to 30% more or less (docs/jmh-agreement.md, "One
 * compilation's figure"). Each
 * fork here reads an arm as the panel's forks do (3 x 1 s warm-up, then 1 s iterations), then
 * starts its JIT history afresh twice, as perfbudget's fresh JVMs do once after the test
 * framework's start-up: every JDK class and every class of this package is retransformed with
 * its own bytes, which discards their compiled code and profiles, and the arm is compiled again
 * from its own calls alone. (Once is not enough: after the first, {@code builderConcat} still read
 * JMH's first figure; after the second, and every one after it, another.) Prints, per arm, the
 * median iteration of its first compilation (iterations 1 to 3) and of the code compiled after
 * the second fresh start (iterations 7 to 10), fork by fork. Part of what it shows is the
 * measuring loop's own compilation: the retransformation discards the arm's compiled code along
 * with the loop's, so the loop compiled afresh inlines an op that JMH's loop, compiled again after
 * its first iteration, calls ({@code builderConcat}: docs/jmh-agreement.md, "The loop compiled
 * after the op").
 *
 * <p>{@code mvn -q test-compile exec:exec -Dbench=JitHistory [-Dbench.args="--arms
 * builderConcat,dateToString --forks 2"]}; all of the panel's arms by default, 1 fork each.
 */
public final class JitHistory {

  private static final int WARMUP = 3;
  private static final int MEASURED = 10;

  /**
   * The iterations (counted from 1, warm-up included) before which a fork starts afresh: before
   * measured iterations 4 and 6.
   */
  static final Set<Integer> REJIT_BEFORE = Set.of(WARMUP + 4, WARMUP + 6);
  /** Iterations of the first compilation, and of the code compiled after the second fresh start. */
  private static final int[] FIRST = {1, 3};
  private static final int[] AFTER = {7, 10};

  private static volatile Instrumentation instrumentation;

  private JitHistory() {}

  /** The agent's entry point, in JMH's forks. */
  public static void premain(String arguments, Instrumentation given) {
    instrumentation = given;
  }

  /**
   * Retransforms the JDK's loaded classes and this package's, generated benchmark code included,
   * with their own bytes: their methods start with no profile and no compiled code.
   */
  static void rejit() {
    Instrumentation inst = instrumentation;
    if (inst == null) {
      throw new IllegalStateException("the fork was started without JitHistory's agent");
    }
    Class<?>[] classes =
        Arrays.stream(inst.getAllLoadedClasses())
            .filter(inst::isModifiableClass)
            .filter(type -> isJdk(type.getClassLoader()) || type.getName().startsWith(JitHistory.class.getPackageName() + "."))
            .toArray(Class<?>[]::new);
    try {
      inst.retransformClasses(classes);
    } catch (UnmodifiableClassException e) {
      throw new IllegalStateException(e);
    }
  }

  private static boolean isJdk(ClassLoader loader) {
    return loader == null || loader == ClassLoader.getPlatformClassLoader();
  }

  public static void main(String[] args) throws Exception {
    List<String> arms = new ArrayList<>();
    int forks = 1;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--arms" -> arms.addAll(List.of(args[++i].split(",")));
        case "--forks" -> forks = Integer.parseInt(args[++i]);
        default -> throw new IllegalArgumentException("unknown argument " + args[i] + "; give --arms a,b and --forks N");
      }
    }
    if (arms.isEmpty()) {
      arms = benchmarks();
    }
    Path agent = JdkProfiles.writeAgentJar(Files.createTempDirectory("perfbudget-jit-history").resolve("agent.jar"), JitHistory.class);
    System.out.printf(Locale.ROOT, "JMH's reading of the panel's arms, first compilation against compiled afresh, %d fork(s) each; load %s%n",
        forks, Agreement.loadAverage());
    System.out.println("| arm | first compilation, ns/op | compiled afresh, ns/op | change | fork by fork |");
    System.out.println("|---|---:|---:|---:|---|");
    for (String arm : arms) {
      double[][] iterations = forks(arm, forks, agent);
      List<String> byFork = new ArrayList<>();
      List<Double> first = new ArrayList<>();
      List<Double> after = new ArrayList<>();
      for (double[] fork : iterations) {
        double f = Agreement.median(slice(fork, FIRST));
        double a = Agreement.median(slice(fork, AFTER));
        first.add(f);
        after.add(a);
        byFork.add(Agreement.ns(f) + " to " + Agreement.ns(a));
      }
      double f = Agreement.median(first.stream().mapToDouble(Double::doubleValue).toArray());
      double a = Agreement.median(after.stream().mapToDouble(Double::doubleValue).toArray());
      System.out.printf(Locale.ROOT, "| %s | %s | %s | %+.1f%% | %s |%n", arm, Agreement.ns(f), Agreement.ns(a), 100 * (a / f - 1),
          String.join("; ", byFork));
    }
    System.out.printf(Locale.ROOT, "load %s%n", Agreement.loadAverage());
  }

  /** The measured iterations numbered {@code range[0]} to {@code range[1]}, from 1. */
  private static double[] slice(double[] measured, int[] range) {
    return Arrays.copyOfRange(measured, range[0] - 1, range[1]);
  }

  private static List<String> benchmarks() {
    return Arrays.stream(LibraryBenchmarks.class.getDeclaredMethods())
        .filter(method -> method.isAnnotationPresent(org.openjdk.jmh.annotations.Benchmark.class))
        .map(java.lang.reflect.Method::getName)
        .sorted()
        .toList();
  }

  /** Each fork's measured iterations, ns/op. */
  private static double[][] forks(String arm, int forks, Path agent) throws Exception {
    List<String> jvm = new ArrayList<>(Agreement.JVM);
    jvm.add("-javaagent:" + agent);
    RunResult result =
        new Runner(
                new OptionsBuilder()
                    .include(RejitBenchmarks.class.getName().replace(".", "\\.") + "\\." + arm + "$")
                    .forks(forks)
                    .warmupIterations(WARMUP)
                    .warmupTime(TimeValue.seconds(1))
                    .measurementIterations(MEASURED)
                    .measurementTime(TimeValue.seconds(1))
                    .mode(Mode.AverageTime)
                    .timeUnit(TimeUnit.NANOSECONDS)
                    .jvmArgs(jvm.toArray(String[]::new))
                    .verbosity(VerboseMode.SILENT)
                    .build())
            .run()
            .iterator()
            .next();
    return result.getBenchmarkResults().stream()
        .map(fork -> fork.getIterationResults().stream().mapToDouble(iteration -> iteration.getPrimaryResult().getScore()).toArray())
        .toArray(double[][]::new);
  }
}
