package dev.perfbudget.bench;

import dev.perfbudget.CallSites;
import dev.perfbudget.bench.LoopCost.JmhLoop;
import dev.perfbudget.bench.LoopCost.JmhShapedLoop;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import org.openjdk.jmh.infra.Blackhole;

/**
 * How much of a cheap op's cost is the CPU's branch predictor remembering its inputs: the
 * agreement panel's cents rounding (with a branch and without) over cycles of 16, 1,024 and
 * 65,536 prices; {@code ArrayList.contains} of a word among 64, alone and in turns with
 * {@code HashSet.contains}; and {@code HashMap.get} of a key among 1,024, alone and in turns
 * with {@code TreeMap.get}. The lookups draw their inputs in turn, through a fixed random order
 * of 65,536 draws, or through a scrambled call counter, which never repeats (see {@link Draws}).
 * Each case runs in a fresh JVM of its own, in JMH's loop (compiler blackholes), 20 ms rounds,
 * each followed by a round of the partner when there is one, and prints the median round's
 * ns/op.
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
  private static final int KEYS = 1024;
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
    for (Draws draws : Draws.values()) {
      fork("contains", draws.name(), "alone");
      fork("contains", draws.name(), "partner");
    }
    for (Draws draws : List.of(Draws.FIXED_ORDER, Draws.SCRAMBLED)) {
      fork("lookup", draws.name(), "alone");
      fork("lookup", draws.name(), "partner");
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
    } else if (args[1].equals("contains")) {
      Draws draws = Draws.valueOf(args[2]);
      Words words = new Words(draws);
      boolean partner = args[3].equals("partner");
      double ns = time(() -> words.listContains() ? 1 : 0, partner ? () -> words.setContains() ? 1 : 0 : null);
      System.out.printf(Locale.ROOT, "| `ArrayList.contains` of a word among 64 | %s | %s | %.1f |%n",
          draws.inputs(WORDS), partner ? "`HashSet.contains`, in turns" : "nothing", ns);
    } else {
      Draws draws = Draws.valueOf(args[2]);
      Keys keys = new Keys(draws);
      boolean partner = args[3].equals("partner");
      double ns = time(() -> keys.hashMapGet(), partner ? () -> keys.treeMapGet() : null);
      System.out.printf(Locale.ROOT, "| `HashMap.get` of a key among 1,024 | %s | %s | %.2f |%n",
          draws.inputs(KEYS), partner ? "`TreeMap.get`, in turns" : "nothing", ns);
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

  /**
   * How a lookup picks its next input among a power of two. A fixed random order of 65,536 draws
   * is far longer than the inputs, and still one that the branch predictor of the VM of
   * 2026-12-05 learned over seconds of the same op: {@code HashMap.get} read 4.0 ns/op after a
   * long run of its own and 5.2 to 6.3 in the 20 ms after a turn of {@code TreeMap.get}.
   */
  enum Draws {
    CYCLE, FIXED_ORDER, SCRAMBLED;

    String inputs(int count) {
      return switch (this) {
        case CYCLE -> "a cycle of " + String.format(Locale.ROOT, "%,d", count);
        case FIXED_ORDER -> "a fixed random order of 65,536 draws";
        case SCRAMBLED -> "a scrambled call counter (never repeats)";
      };
    }
  }

  /** The index of each call's input, drawn one way for the whole JVM. */
  static final class Inputs {
    private final Draws draws;
    private final int[] order = new int[ORDER];
    private int index;

    Inputs(Draws draws, SplittableRandom random) {
      this.draws = draws;
      for (int i = 0; i < ORDER; i++) {
        order[i] = random.nextInt();
      }
    }

    int next(int mask) {
      int call = index++;
      return switch (draws) {
        case CYCLE -> call & mask;
        case FIXED_ORDER -> order[call & (ORDER - 1)] & mask;
        case SCRAMBLED -> LibraryPanel.scramble(call) & mask;
      };
    }
  }

  /** 64 words in a list and a set. */
  static final class Words {
    private final String[] words = new String[WORDS];
    private final List<String> list = new ArrayList<>();
    private final Set<String> set = new HashSet<>();
    private final Inputs inputs;

    Words(Draws draws) {
      SplittableRandom random = new SplittableRandom(7);
      for (int i = 0; i < WORDS; i++) {
        words[i] = "word" + random.nextInt(1_000_000) + "-" + i;
        list.add(words[i]);
        set.add(words[i]);
      }
      inputs = new Inputs(draws, random);
    }

    boolean listContains() {
      return list.contains(words[inputs.next(WORDS - 1)]);
    }

    boolean setContains() {
      return set.contains(words[inputs.next(WORDS - 1)]);
    }
  }

  /** 1,024 random {@code Integer} keys in a hash map and a tree map, as the panel's lookups have them. */
  static final class Keys {
    private final Integer[] keys = new Integer[KEYS];
    private final Map<Integer, Integer> hashMap = new HashMap<>();
    private final Map<Integer, Integer> treeMap = new TreeMap<>();
    private final Inputs inputs;

    Keys(Draws draws) {
      SplittableRandom random = new SplittableRandom(7);
      for (int i = 0; i < KEYS; i++) {
        keys[i] = random.nextInt();
        hashMap.put(keys[i], i);
        treeMap.put(keys[i], i);
      }
      inputs = new Inputs(draws, random);
    }

    // Whether a value was found, rather than the value unboxed: the panel's lookups return the
    // value itself, and unboxing it would add a load from the value's object to every call.
    long hashMapGet() {
      return hashMap.get(keys[inputs.next(KEYS - 1)]) != null ? 1 : 0;
    }

    long treeMapGet() {
      return treeMap.get(keys[inputs.next(KEYS - 1)]) != null ? 1 : 0;
    }
  }
}
