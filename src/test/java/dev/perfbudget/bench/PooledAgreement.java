package dev.perfbudget.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Each tool's centre and spread over many JVMs, pooled from the saved output of {@link
 * Agreement} runs: every ratio a fresh JVM of perfbudget read while it recorded a budget (two
 * per test, mode and run) and every ratio of a JMH round (one fork of each arm). The medians of
 * three runs that {@link Agreement} judges mix what separates the two tools with the noise of
 * the few JVMs in each run; pooled over dozens, the two come apart.
 *
 * <pre>
 * ./mvnw -q test-compile exec:exec -Dbench=PooledAgreement -Dbench.args="panel-1.log panel-2.log"
 * </pre>
 *
 * <p>A log of a run with {@code --jmh-from} adds perfbudget's readings and no JMH rounds (its
 * JMH rounds are in the log of the run that saved them). Results: docs/jmh-agreement.md.
 */
public final class PooledAgreement {

  private static final Pattern RECORDED =
      Pattern.compile("^\\s+(\\w+): recorded .*the ratio read ([0-9.]+) and ([0-9.]+) in two fresh JVMs");
  private static final Pattern JMH_ROUNDS = Pattern.compile("^JMH (\\w+): .*; fork by fork: (.*)$");

  private PooledAgreement() {}

  public static void main(String[] args) throws IOException {
    if (args.length == 0) {
      throw new IllegalArgumentException("name the saved output of one or more Agreement runs");
    }
    Map<String, List<Double>> fresh = new LinkedHashMap<>();
    Map<String, List<Double>> jmh = new LinkedHashMap<>();
    for (String log : args) {
      for (String line : Files.readAllLines(Path.of(log))) {
        Matcher recorded = RECORDED.matcher(line);
        if (recorded.find()) {
          List<Double> ratios = fresh.computeIfAbsent(recorded.group(1), test -> new ArrayList<>());
          ratios.add(Double.parseDouble(recorded.group(2)));
          ratios.add(Double.parseDouble(recorded.group(3)));
        }
        Matcher rounds = JMH_ROUNDS.matcher(line);
        if (rounds.find()) {
          for (String ratio : rounds.group(2).split(",\\s*")) {
            jmh.computeIfAbsent(rounds.group(1), test -> new ArrayList<>()).add(Double.parseDouble(ratio));
          }
        }
      }
    }
    System.out.printf(Locale.ROOT, "pooled from %s%n%n", String.join(", ", args));
    System.out.println("| pair | perfbudget's fresh JVMs: n, median [10th, 90th percentile], width | JMH's rounds: the same | medians apart |");
    System.out.println("|---|---|---|---:|");
    int within = 0;
    int compared = 0;
    for (Map.Entry<String, List<Double>> pair : fresh.entrySet()) {
      double[] ours = sorted(pair.getValue());
      double[] theirs = sorted(jmh.getOrDefault(pair.getKey(), List.of()));
      String apart = "";
      if (theirs.length > 0) {
        double difference = Agreement.median(ours) / Agreement.median(theirs) - 1;
        apart = String.format(Locale.ROOT, "%+.1f%%", 100 * difference);
        compared++;
        within += Math.abs(difference) <= 0.10 ? 1 : 0;
      }
      System.out.printf(Locale.ROOT, "| %s | %s | %s | %s |%n", pair.getKey(), describe(ours), describe(theirs), apart);
    }
    System.out.printf(Locale.ROOT, "%npooled medians within 10%%: %d of %d pairs%n", within, compared);
  }

  private static double[] sorted(List<Double> values) {
    double[] array = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(array);
    return array;
  }

  /**
   * n, median, the 10th and 90th percentiles (nearest rank) and how many times the one is the
   * other, or a dash when there are none.
   */
  private static String describe(double[] sorted) {
    if (sorted.length == 0) {
      return "-";
    }
    double low = percentile(sorted, 0.10);
    double high = percentile(sorted, 0.90);
    return String.format(Locale.ROOT, "%d, %.3g [%.3g, %.3g], %.2fx wide", sorted.length, Agreement.median(sorted), low, high, high / low);
  }

  private static double percentile(double[] sorted, double fraction) {
    int rank = (int) Math.ceil(fraction * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }
}
