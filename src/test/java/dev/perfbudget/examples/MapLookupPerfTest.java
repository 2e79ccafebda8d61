package dev.perfbudget.examples;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.workloads.OpWorkload;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * An example gated by the budget file rather than a fixed limit: the ratio recorded in
 * budgets/perf-budgets.json, times ten. Re-record after an intended change with
 * {@code mvn test -Dtest='dev.perfbudget.examples.MapLookupPerfTest#*' -Dperfbudget.mode=record}.
 */
class MapLookupPerfTest {

  private final Map<Integer, String> hash = new HashMap<>();
  private final Map<Integer, String> tree = new TreeMap<>();
  private final int[] keys = new int[1024];
  private int next;

  MapLookupPerfTest() {
    for (int i = 0; i < keys.length; i++) {
      keys[i] = i * 7919;
      hash.put(keys[i], "v" + i);
      tree.put(keys[i], "v" + i);
    }
  }

  @PerfBudget
  void treeMapLookupStaysWithinAnOrderOfMagnitudeOfItsRecordedRatio(OpWorkload op) {
    op.baseline("HashMap.get", () -> hash.get(keys[next++ & 1023]))
        .candidate("TreeMap.get", () -> tree.get(keys[next++ & 1023]));
  }
}
