package dev.perfbudget.bench;

import dev.perfbudget.Arms;
import dev.perfbudget.Sample;
import dev.perfbudget.testkit.StandaloneContext;
import dev.perfbudget.workloads.ChurnWorkload;

/**
 * What escape analysis does to a churn's bytes per operation: the block an allocator returns
 * always escapes (the churn keeps it live), while scratch objects the allocator drops are removed
 * once C2 compiles the loop. Prints bytes/op per round, from interpreted to compiled code.
 *
 * <pre>
 * mvn -q test-compile exec:exec -Dbench=ChurnEscapeAnalysis
 * mvn -q test-compile exec:exec -Dbench=ChurnEscapeAnalysis -Dbench.jvm="-Xmx1g -XX:-DoEscapeAnalysis"
 * </pre>
 */
public final class ChurnEscapeAnalysis {

  private static final int BATCH = 20_000;

  public static void main(String[] args) throws Exception {
    ChurnWorkload churn = new ChurnWorkload().threads(1).blocks(64).sizes(1000, 1000)
        .baseline("new byte[1000]", size -> new byte[size])
        .candidate("same, plus scratch", size -> {
          Object[] scratch = {new byte[size], new long[4]}; // never leaves this lambda
          return scratch[0];
        });
    try {
      Arms arms = churn.prepare(new StandaloneContext("bench"));
      System.out.println("| Round | new byte[1000], bytes/op | same, plus scratch Object[2] and long[4], bytes/op |");
      System.out.println("|---:|---:|---:|");
      for (int round = 1; round <= 50; round++) {
        Sample plain = arms.baseline().run(BATCH);
        Sample scratch = arms.candidate().run(BATCH);
        if (round == 1 || round % 10 == 0) {
          System.out.printf("| %d | %.1f | %.1f |%n", round,
              plain.allocatedBytes() / (double) BATCH, scratch.allocatedBytes() / (double) BATCH);
        }
      }
    } finally {
      churn.close();
    }
  }
}
