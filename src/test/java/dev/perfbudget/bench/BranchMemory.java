package dev.perfbudget.bench;

import dev.perfbudget.CallSites;
import dev.perfbudget.bench.LoopCost.JmhLoop;
import dev.perfbudget.bench.LoopCost.JmhShapedLoop;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.openjdk.jmh.infra.Blackhole;

/**
 * How much of a cheap op's cost is the CPU's branch predictor remembering its inputs: the
 * agreement panel's cents rounding (with a branch and without) over cycles of 16, 1,024 and
 * 65,536 prices, and {@code ArrayList.contains} of a word among 64 taken in turn or in a random
 * order, alone and in turns with {@code HashSet.contains}. Each case runs in a fresh JVM of its
 * own, in JMH's loop (compiler blackholes), 20 ms rounds, and prints the median round's ns/op.
 *
 * <pre>
 * mvn -q test-compile exec:exec -Dbench=BranchMemory
 * </pre>
 *
 * <p>Results: docs/jmh-agreement.md ("Inputs in a random order").
 */
public final class BranchMemory {

  private static final int ROUNDS = 150;
  private static final int ROUND_MILLIS = 20;
  private static final int WORDS = 64;
  private static final int ORDER = 1 << 16;
  private static final String JMH_CONSENT =
      "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";

  private BranchMemory() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("child")) {
      child(args);
      return;
    }
    System.out.printf(Locale.ROOT, "branch memory, load average %s%n%n", Agreement.loadAverage());
    System.out.println("| op | inputs | beside | ns/op, median 20 ms round |");
    System.out.println("|---|---|---|---:|");
    for (String rounding : List.of("branchy", "branchFree")) {
      for (int cycle : new int[] {16, 1024, ORDER}) {
        fork("rounding", rounding, Integer.toString(cycle));
      }
    }
    for (String order : List.of("cycle", "random")) {
      fork("contains", order, "alone");
      fork("contains", order, "hashSetContains");
    }
    System.out.printf(Locale.ROOT, "%nload average at the end %s%n", Agreement.loadAverage());
  }

  private static void fork(String... caseArgs) throws Exception {
    List<String> command = LoopCost.freshJvm(BranchMemory.class, "child");
    command.addAll(List.of(caseArgs));
    int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
    if (exit != 0) {
      throw new IllegalStateException("the case " + String.join(" ", caseArgs) + " exited with " + exit);
    }
  }

  private static void child(String[] args) throws Exception {
    if (args[1].equals("rounding")) {
      Prices prices = new Prices(Integer.parseInt(args[3]));
      boolean branchy = args[2].equals("branchy");
      LongSupplier op = branchy ? prices::branchy : prices::branchFree;
      String name = branchy ? "cents rounding, a branch on the remainder" : "cents rounding, branch-free";
      String inputs = "a cycle of " + String.format(Locale.ROOT, "%,d", Integer.parseInt(args[3]));
      System.out.printf(Locale.ROOT, "| %s | %s | nothing | %.2f |%n", name, inputs, time(op, null));
    } else {
      Words words = new Words(args[2].equals("random"));
      boolean partner = !args[3].equals("alone");
      double ns = time(() -> words.listContains() ? 1 : 0, partner ? () -> words.setContains() ? 1 : 0 : null);
      String inputs = args[2].equals("random") ? "a random order of 65,536 draws" : "a cycle of 64";
      System.out.printf(Locale.ROOT, "| `ArrayList.contains` of a word among 64 | %s | %s | %.1f |%n",
          inputs, partner ? "`HashSet.contains`, in turns" : "nothing", ns);
    }
  }

  /** Times {@code op} in rounds, each followed by a round of {@code partner} when there is one. */
  private static double time(LongSupplier op, LongSupplier partner) throws Exception {
    JmhLoop loop = CallSites.copyOf(MethodHandles.lookup(), JmhShapedLoop.class, JmhLoop.class);
    JmhLoop partnerLoop = CallSites.copyOf(MethodHandles.lookup(), JmhShapedLoop.class, JmhLoop.class);
    Blackhole sink = new Blackhole(JMH_CONSENT);
    double[] rounds = new double[ROUNDS];
    for (int round = 0; round < ROUNDS; round++) {
      rounds[round] = LoopCost.runFor(loop, op, sink, ROUND_MILLIS);
      if (partner != null) {
        LoopCost.runFor(partnerLoop, partner, sink, ROUND_MILLIS);
      }
    }
    return QualityTable.quantile(rounds, 0.5);
  }

  /** The panel's cents rounding over a cycle of prices. */
  static final class Prices {
    private final long[] cents;
    private final int mask;
    private int index;

    Prices(int cycle) {
      SplittableRandom random = new SplittableRandom(7);
      cents = new long[cycle];
      mask = cycle - 1;
      for (int i = 0; i < cycle; i++) {
        cents[i] = 100 + random.nextInt(1_000_000);
      }
    }

    long branchy() {
      long scaled = cents[index++ & mask] * 10825;
      long whole = scaled / 10000;
      long rest = scaled % 10000;
      return rest > 5000 || (rest == 5000 && (whole & 1) == 1) ? whole + 1 : whole;
    }

    long branchFree() {
      long scaled = cents[index++ & mask] * 10825;
      long whole = scaled / 10000;
      long rest = scaled % 10000;
      return whole + (((5000 - rest) >>> 63) | ((((rest ^ 5000) - 1) >>> 63) & whole & 1));
    }
  }

  /** 64 words in a list and a set, looked up in turn or in a random order. */
  static final class Words {
    private final String[] words = new String[WORDS];
    private final List<String> list = new ArrayList<>();
    private final Set<String> set = new HashSet<>();
    private final int[] order = new int[ORDER];
    private int index;

    Words(boolean random) {
      SplittableRandom draws = new SplittableRandom(7);
      for (int i = 0; i < WORDS; i++) {
        words[i] = "word" + draws.nextInt(1_000_000) + "-" + i;
        list.add(words[i]);
        set.add(words[i]);
      }
      for (int i = 0; i < ORDER; i++) {
        order[i] = random ? draws.nextInt(WORDS) : i % WORDS;
      }
    }

    boolean listContains() {
      return list.contains(words[order[index++ & (ORDER - 1)]]);
    }

    boolean setContains() {
      return set.contains(words[order[index++ & (ORDER - 1)]]);
    }
  }
}
