package dev.perfbudget.bench;

import com.google.gson.JsonObject;
import dev.perfbudget.PerfBudget;
import dev.perfbudget.testkit.PerfTestKit;
import dev.perfbudget.testkit.Work;
import dev.perfbudget.workloads.OpWorkload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * The op kind's speed and accuracy: time to a clear verdict and the measured ratio for
 * candidates doing k = 1, 2 and 10 times a ~50 ns baseline's work, and false failures among A/A
 * verdicts at maxRatio = 1.5. Every verdict is a real @PerfBudget test run through the JUnit
 * Platform, one after another in this JVM.
 *
 * <p>{@code mvn -q test-compile exec:exec -Dbench=Verdicts -Dbench.args="20 100 always"} (runs
 * per k, A/A verdicts, and {@code perfbudget.fork}: {@code confirm}, the default, {@code always}
 * or {@code never}). A fourth argument, {@code inherit}, gives the fresh JVMs this JVM's own
 * options; by default they get those this project's own perf tests give theirs (its Surefire
 * configuration), a 256 MiB pre-touched heap, since the ops measured here allocate nothing and
 * touching the bench JVM's 1 GiB would add 0.5 to 2.1 s to each fresh JVM's start.
 */
public final class Verdicts {

  /** The options this project's Surefire configuration gives the fresh JVMs of its own perf tests. */
  static final String FRESH_JVM_OPTIONS = "-Xms256m -Xmx256m -XX:+AlwaysPreTouch";

  private Verdicts() {}

  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 20;
    int aa = args.length > 1 ? Integer.parseInt(args[1]) : 100;
    String fork = args.length > 2 ? args[2] : "";
    boolean inherit = args.length > 3 && args[3].equals("inherit");
    Path dir = Files.createTempDirectory("perfbudget-verdicts");
    // The defaults users get (a blank value is the default), not the test kit's short caps and
    // its perfbudget.fork=never.
    PerfTestKit kit =
        new PerfTestKit(dir)
            .with("perfbudget.time.max", "")
            .with("perfbudget.warmup.max", "")
            .with("perfbudget.fork", fork)
            .with("perfbudget.fork.jvmArgs", inherit ? "" : FRESH_JVM_OPTIONS);
    System.out.printf(Locale.ROOT, "perfbudget.fork=%s, fresh JVMs' options %s, load average %s%n",
        fork.isEmpty() ? "confirm (the default)" : fork, inherit ? "this JVM's" : FRESH_JVM_OPTIONS, Agreement.loadAverage());

    System.out.printf(Locale.ROOT, "%-4s %6s %18s %14s %14s %14s%n", "k", "runs", "median to verdict", "p95 to verdict", "median ratio", "worst error");
    for (int k : new int[] {1, 2, 10}) {
      // A system property, which a fresh JVM (perfbudget.fork=always) gets too; a static field it would not.
      System.setProperty(VerdictsFixture.K, Integer.toString(k));
      double[] seconds = new double[runs];
      double[] ratios = new double[runs];
      for (int i = 0; i < runs; i++) {
        long start = System.nanoTime();
        kit.run(VerdictsFixture.class, "kTimesTheWork");
        seconds[i] = (System.nanoTime() - start) / 1e9;
        JsonObject result = kit.result(VerdictsFixture.class, "kTimesTheWork");
        ratios[i] = result.get("ratio").getAsDouble();
      }
      double worst = Arrays.stream(ratios).map(r -> Math.abs(r / k - 1)).max().orElse(0);
      System.out.printf(Locale.ROOT, "%-4d %6d %16.3f s %12.3f s %14.3f %13.1f%%%n",
          k, runs, median(seconds), quantile(seconds, 0.95), median(ratios), 100 * worst);
    }

    int failures = 0;
    double[] seconds = new double[aa];
    for (int i = 0; i < aa; i++) {
      long start = System.nanoTime();
      var results = kit.run(VerdictsFixture.class, "sameWork");
      seconds[i] = (System.nanoTime() - start) / 1e9;
      failures += (int) results.testEvents().failed().count();
    }
    System.out.printf(Locale.ROOT, "A/A at maxRatio = 1.5: %d false failures in %d verdicts (median %.3f s to verdict)%n",
        failures, aa, median(seconds));
  }

  private static double median(double[] values) {
    return quantile(values, 0.5);
  }

  private static double quantile(double[] values, double q) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    double position = q * (sorted.length - 1);
    int below = (int) Math.floor(position);
    int above = Math.min(below + 1, sorted.length - 1);
    return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
  }

  /** The perf tests the benchmark runs. */
  public static class VerdictsFixture {
    static final String K = "perfbudget.bench.k";
    private final Work work = new Work();

    @PerfBudget(maxRatio = 100)
    void kTimesTheWork(OpWorkload op) {
      int steps = 40 * Integer.getInteger(K, 1);
      op.baseline("40 steps", () -> work.steps(40)).candidate(steps + " steps", () -> work.steps(steps));
    }

    @PerfBudget(maxRatio = 1.5)
    void sameWork(OpWorkload op) {
      op.baseline("40 steps", () -> work.steps(40)).candidate("40 steps again", () -> work.steps(40));
    }
  }
}
