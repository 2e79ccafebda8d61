package dev.perfbudget.bench;

import dev.perfbudget.Arm;
import dev.perfbudget.Arms;
import dev.perfbudget.CallSites;
import dev.perfbudget.testkit.StandaloneContext;
import dev.perfbudget.workloads.OpWorkload;
import java.lang.invoke.MethodHandles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What perfbudget's op loop costs against JMH's own measuring loop: cheap ops of {@link
 * LibraryPanel} timed in one fresh JVM (compiler blackholes, as both tools' forks have them),
 * in turns, by an op arm's loop and by a loop of JMH's shape (call, count, read a volatile flag
 * that a timer sets after 1 ms). Prints each loop's median ns/op and perfbudget's over JMH's.
 * The op arm's loop is first entered 2,000 times with short batches, as the engine's warm-up
 * enters it, so that what is timed is the compiled form the engine measures with.
 *
 * <pre>
 * mvn -q test-compile exec:exec -Dbench=LoopCost
 * </pre>
 *
 * <p>Results: docs/measuring.md ("The measuring loop").
 */
public final class LoopCost {

  private static final int ROUNDS = 400;
  private static final int SETTLED_FROM = 200;
  private static final long OPERATIONS = 500_000;
  private static final int LOOP_ENTRIES = 2000;
  private static final long SHORT_BATCH = 2000;
  private static final String JMH_CONSENT =
      "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";

  private LoopCost() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("child")) {
      child();
      return;
    }
    List<String> command = freshJvm(LoopCost.class, "child");
    System.out.printf(Locale.ROOT, "loop cost, load average %s%n%n", Agreement.loadAverage());
    int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
    System.out.printf(Locale.ROOT, "%nload average at the end %s%n", Agreement.loadAverage());
    System.exit(exit);
  }

  /** The command of a fresh JVM with the panel's options and compiler blackholes, as both tools' forks have them. */
  static List<String> freshJvm(Class<?> main, String... args) {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch",
        "-XX:+UnlockExperimentalVMOptions", "-XX:CompileCommand=quiet",
        "-XX:CompileCommand=blackhole,org/openjdk/jmh/infra/Blackhole.consumeCompiler",
        "-DcompilerBlackholesEnabled=true",
        "-cp", System.getProperty("java.class.path"), main.getName()));
    command.addAll(List.of(args));
    return command;
  }

  private static void child() throws Exception {
    LibraryPanel panel = new LibraryPanel();
    System.out.println("| op | perfbudget's loop, ns/op | JMH's loop, ns/op | perfbudget / JMH |");
    System.out.println("|---|---:|---:|---:|");
    compare("nothing (an empty op)", () -> 0L);
    compare("centsWithTax", panel::centsWithTax);
    compare("hashSetContains", () -> panel.hashSetContains() ? 1 : 0);
    compare("hashMapGet", () -> panel.hashMapGet());
    compare("treeMapGet", () -> panel.treeMapGet());
    compare("bigDecimalWithTax", () -> panel.bigDecimalWithTax().scale());
    compare("listContains", () -> panel.listContains() ? 1 : 0);
  }

  private static void compare(String name, LongSupplier op) throws Exception {
    // An arm of its own per op, as in a perf test: the loop's call site sees this op alone.
    Arm ours = opArm(op);
    JmhLoop theirs = CallSites.copyOf(MethodHandles.lookup(), JmhShapedLoop.class, JmhLoop.class);
    Blackhole sink = new Blackhole(JMH_CONSENT);
    // Entered as the engine's warm-up enters an arm's loop, so that the loop is compiled as it is
    // when the engine measures: without these entries the loop counted in a long read
    // centsWithTax at JMH's cost here, where the engine read it 10% over.
    for (int entry = 0; entry < LOOP_ENTRIES; entry++) {
      ours.run(SHORT_BATCH);
    }
    double[] perfbudget = new double[ROUNDS - SETTLED_FROM];
    double[] jmh = new double[ROUNDS - SETTLED_FROM];
    for (int round = 0; round < ROUNDS; round++) {
      double oursNs = ours.run(OPERATIONS).nanosPerOp();
      double jmhNs = runForAMillisecond(theirs, op, sink);
      if (round >= SETTLED_FROM) {
        perfbudget[round - SETTLED_FROM] = oursNs;
        jmh[round - SETTLED_FROM] = jmhNs;
      }
    }
    double a = QualityTable.quantile(perfbudget, 0.5);
    double b = QualityTable.quantile(jmh, 0.5);
    System.out.printf(Locale.ROOT, "| %s | %.3f | %.3f | %.2f |%n", name, a, b, a / b);
  }

  private static Arm opArm(LongSupplier op) {
    Arms arms = new OpWorkload().baseline("op", op).candidate("same", op).prepare(new StandaloneContext("LoopCost"));
    return arms.baseline();
  }

  /** The flag JMH's loop reads after every call; a timer sets it. */
  static final class Flag {
    volatile boolean done;
  }

  /** What a copy of {@link JmhShapedLoop} is used through. */
  public interface JmhLoop {
    /** Calls the op until {@code flag} is set; returns ns per call. */
    double run(LongSupplier op, Blackhole sink, Flag flag);
  }

  /**
   * JMH's measuring loop (its generated {@code _avgt_jmhStub}): call, count, until a flag is read
   * set. Run only as private copies, one per op, as JMH generates one per benchmark: one loop
   * shared by several ops would call them through a megamorphic site.
   */
  static final class JmhShapedLoop implements JmhLoop {
    @Override
    public double run(LongSupplier op, Blackhole sink, Flag flag) {
      long operations = 0;
      long start = System.nanoTime();
      do {
        sink.consume(op.getAsLong());
        operations++;
      } while (!flag.done);
      return (double) (System.nanoTime() - start) / operations;
    }
  }

  /** Runs a copy of JMH's loop for about 1 ms, as a JMH iteration runs until its timer fires. */
  private static double runForAMillisecond(JmhLoop loop, LongSupplier op, Blackhole sink) throws InterruptedException {
    return runFor(loop, op, sink, 1);
  }

  /** Runs a copy of JMH's loop for about {@code millis} ms and returns its ns per call. */
  static double runFor(JmhLoop loop, LongSupplier op, Blackhole sink, long millis) throws InterruptedException {
    Flag flag = new Flag();
    Thread timer = new Thread(() -> {
      try {
        Thread.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      flag.done = true;
    });
    timer.start();
    double nsPerOp = loop.run(op, sink, flag);
    timer.join();
    return nsPerOp;
  }
}
