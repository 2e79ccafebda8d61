package dev.perfbudget.workloads;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.perfbudget.Arms;
import dev.perfbudget.Sampling;
import dev.perfbudget.Workload;
import dev.perfbudget.WorkloadContext;
import dev.perfbudget.WorkloadDeclarationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * What it costs a user to start a JVM that runs one main class: a fresh JVM per operation, on
 * the test's classpath and with the test JVM's {@code java}, timed from the request to the
 * exit, against a baseline main, by default {@link EmptyMain}.
 *
 * <pre>{@code
 * @PerfBudget(maxRatio = 3)
 * void cliStartsWithin3xOfAnEmptyJvm(ColdStartWorkload start) {
 *     start.candidate("cli --version", VersionMain.class).runs(20);
 * }
 * }</pre>
 *
 * <p>Each run of the candidate is paired with a run of the baseline, in random order; after one
 * unmeasured run of each, exactly {@code runs} pairs are measured and the report gives each
 * arm's p50, p95 and max wall time. {@code perfbudget.time.max} does not cut the runs short: a
 * run that takes longer than {@link #timeout} fails the test, so a test takes at most about
 * {@code 2 x (runs + 1) x timeout}, twice that when a failure is confirmed by a second
 * measurement. A main that exits with a code other than 0, or does not exit
 * in time, fails the test with its class, the code or the timeout, and the end of its output;
 * a JVM that hangs is killed together with every process it started.
 *
 * <p>Configuration: {@code perfbudget.coldstart.runs} sets the runs of tests that do not call
 * {@link #runs} (default {@value #DEFAULT_RUNS}).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ColdStartWorkload implements Workload {

  /** The configuration parameter for the number of runs of tests that do not set one. */
  public static final String RUNS_KEY = "perfbudget.coldstart.runs";

  static final int DEFAULT_RUNS = 20;
  /** Which {@code -D} values reports may show; the same key the extension reads. */
  private static final String REPORT_PROPERTIES = "perfbudget.report.properties";
  private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
  private static final int WARM_UP_RUNS = 1;

  private final DeclaredArm<String> baseline =
      new DeclaredArm<>("baseline", "empty main", EmptyMain.class.getName());
  private final DeclaredArm<String> candidate = new DeclaredArm<>("candidate");
  private Integer runs;
  private Duration timeout = DEFAULT_TIMEOUT;
  private final List<String> jvmOptions = new ArrayList<>();
  private final List<Path> outputs = new ArrayList<>();
  private RunFolder.Lease outputFolder;

  /** Declares the baseline main; without one the baseline is {@link EmptyMain}. */
  public ColdStartWorkload baseline(String name, Class<?> mainClass) {
    return baseline(name, mainClass == null ? null : mainClass.getName());
  }

  /** Declares the baseline main by its binary name, such as {@code com.example.Cli}. */
  public ColdStartWorkload baseline(String name, String mainClass) {
    baseline.declare(name, checkClassName(mainClass, "baseline"));
    return this;
  }

  /** Declares the candidate: the main under budget. Declare it once. */
  public ColdStartWorkload candidate(String name, Class<?> mainClass) {
    return candidate(name, mainClass == null ? null : mainClass.getName());
  }

  /** Declares the candidate main by its binary name, such as {@code com.example.Cli}. */
  public ColdStartWorkload candidate(String name, String mainClass) {
    candidate.declare(name, checkClassName(mainClass, "candidate"));
    return this;
  }

  /**
   * How many runs of each main are measured; at least {@value Sampling#LEAST_PAIRS}, the fewest
   * pairs a verdict can rest on. Published cold-start figures usually rest on 100.
   */
  public ColdStartWorkload runs(int runs) {
    this.runs = checkRuns(runs, "runs(" + runs + ")");
    return this;
  }

  /** How long one run may take before it is killed and the test fails; default 30 s. */
  public ColdStartWorkload timeout(Duration timeout) {
    if (timeout == null || timeout.isNegative() || timeout.isZero()) {
      throw new WorkloadDeclarationException(
          "timeout(" + timeout + ") must be positive, such as Duration.ofSeconds(30)");
    }
    this.timeout = timeout;
    return this;
  }

  /** Options for both JVMs, such as {@code -Xshare:off} or {@code -XX:TieredStopAtLevel=1}. */
  public ColdStartWorkload jvmOptions(String... options) {
    for (String option : options) {
      if (option == null || option.isBlank()) {
        throw new WorkloadDeclarationException("jvmOptions(...) must not hold a blank option");
      }
      jvmOptions.add(option);
    }
    return this;
  }

  @Override
  public String kind() {
    return "coldStart";
  }

  @Override
  public Arms prepare(WorkloadContext context) {
    String baselineMain = baseline.required("start.baseline(\"name\", YourMain.class)");
    String candidateMain = candidate.required("start.candidate(\"name\", YourMain.class)");
    int measuredRuns = runs != null ? runs : configuredRuns(context.configuration(RUNS_KEY));
    checkMain(baselineMain, "baseline");
    checkMain(candidateMain, "candidate");
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("runs", measuredRuns);
    parameters.put("warmUpRuns", WARM_UP_RUNS);
    parameters.put("timeoutMs", timeout.toMillis());
    parameters.put("baselineMain", baselineMain);
    parameters.put("candidateMain", candidateMain);
    parameters.put("jvmOptions", reported(jvmOptions, context.configuration(REPORT_PROPERTIES).orElse("")));
    ChildReaper reaper = ChildReaper.shared();
    return new Arms(
        new ColdStartArm(baseline.name(), "baseline", baselineMain, jvmOptions, timeout, newOutputFile(), reaper),
        new ColdStartArm(candidate.name(), "candidate", candidateMain, jvmOptions, timeout, newOutputFile(), reaper),
        null,
        parameters,
        Sampling.oneOperationPerSample(WARM_UP_RUNS, measuredRuns));
  }

  @Override
  public void close() {
    for (Path output : outputs) {
      try {
        Files.deleteIfExists(output);
      } catch (IOException e) {
        // in the private folder, which goes with its last lease
      }
    }
    if (outputFolder != null) {
      outputFolder.close();
    }
  }

  /** In this JVM's private folder: a main's output may hold what no other user should read. */
  private Path newOutputFile() {
    try {
      if (outputFolder == null) {
        outputFolder = RunFolder.lease(Path.of(System.getProperty("java.io.tmpdir")), "java.io.tmpdir");
      }
      Path output = Files.createTempFile(outputFolder.path(), "coldstart-", ".out");
      outputs.add(output);
      return output;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temp file for the child JVM's output", e);
    }
  }

  /**
   * The options as reports show them, which get committed: {@code -X} and {@code -XX} as they
   * are, {@code -D} properties by name only unless listed in {@code perfbudget.report.properties}
   * (a value may be a password), anything else counted, not shown.
   */
  static String reported(List<String> options, String shownProperties) {
    Set<String> shown = new HashSet<>();
    for (String name : shownProperties.split(",")) {
      shown.add(name.trim());
    }
    List<String> kept = new ArrayList<>();
    int hidden = 0;
    for (String option : options) {
      if (option.startsWith("-D")) {
        String name = option.contains("=") ? option.substring(2, option.indexOf('=')) : option.substring(2);
        kept.add(shown.contains(name) ? option : "-D" + name);
      } else if (option.startsWith("-X")) {
        kept.add(option);
      } else {
        hidden++;
      }
    }
    if (hidden > 0) {
      kept.add("(" + hidden + (hidden == 1 ? " more option" : " more options") + " not shown)");
    }
    return String.join(" ", kept);
  }

  private static int configuredRuns(Optional<String> value) {
    if (value.isEmpty() || value.get().isBlank()) {
      return DEFAULT_RUNS;
    }
    String where = "configuration parameter `" + RUNS_KEY + "` = [" + value.get() + "]";
    try {
      return checkRuns(Integer.parseInt(value.get().trim()), where);
    } catch (NumberFormatException e) {
      throw new WorkloadDeclarationException(
          where + " must be a whole number of at least " + Sampling.LEAST_PAIRS + ", such as " + DEFAULT_RUNS);
    }
  }

  private static int checkRuns(int runs, String where) {
    if (runs < Sampling.LEAST_PAIRS) {
      throw new WorkloadDeclarationException(
          where + " must be at least " + Sampling.LEAST_PAIRS + ", such as " + DEFAULT_RUNS
              + ": fewer pairs of runs cannot decide a verdict at 99% confidence");
    }
    return runs;
  }

  private static String checkClassName(String mainClass, String arm) {
    if (mainClass == null || mainClass.isBlank()) {
      throw new WorkloadDeclarationException("the " + arm + " needs a main class; pass YourMain.class");
    }
    return mainClass.trim();
  }

  /** Checks, before any JVM starts, that the class exists here and has a usable main. */
  private static void checkMain(String mainClass, String arm) {
    Class<?> type;
    try {
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      type = Class.forName(mainClass, false, loader != null ? loader : ColdStartWorkload.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new WorkloadDeclarationException(
          "the " + arm + "'s main class " + mainClass + " is not on the test's classpath; check its "
              + "binary name (nested classes are Outer$Inner) or pass the class itself");
    }
    try {
      Method main = type.getMethod("main", String[].class);
      if (Modifier.isStatic(main.getModifiers())) {
        return;
      }
    } catch (NoSuchMethodException e) {
      // fall through to the message
    }
    throw new WorkloadDeclarationException(
        "the " + arm + "'s main class " + mainClass + " has no `public static void main(String[])`");
  }
}
