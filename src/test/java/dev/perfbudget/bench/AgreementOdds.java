package dev.perfbudget.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How often a row of {@link Agreement} (the medians of three runs of each tool) would meet the
 * ratio targets, estimated from the saved output of many runs: rows are drawn again and again
 * from the runs in the logs, three JMH runs and three perfbudget runs of a mode at a time, and
 * each draw's pairs within 10% are counted. One row says little when a pair's reference itself
 * moves by more than 10% from run to run, as JMH's does where its forks land at different
 * speeds (docs/jmh-agreement.md); the same draws of JMH's runs against three other JMH runs show
 * how often JMH would meet the targets against itself.
 *
 * <pre>
 * ./mvnw -q test-compile exec:exec -Dbench=AgreementOdds -Dbench.args="panel-1.log panel-2.log"
 * </pre>
 *
 * <p>A log named as {@code jmh:panel-0.log} adds its JMH runs only: the rows of an earlier
 * perfbudget, whose JMH runs are still a fair reference for the present one.
 *
 * <p>Rows are also drawn as the panel takes them: three of its runs, each perfbudget run with the
 * JMH run taken in the same run of the command, minutes before it, so that a row's two tools read
 * the machine in the same hour. Drawn apart, a perfbudget run meets JMH runs from any hour of the
 * day; the two estimates differ where JMH's reference moves with the hour (its forks read
 * {@code LocalDate.toString} at its faster speed in 5 of 12 one evening and 3 of 27 the next
 * night).
 *
 * <p>Rows are drawn a third way, against every JMH run in the logs pooled (each pair's median over
 * them): JMH's own three runs against the median of the others, and three perfbudget runs against
 * the median of all. Where JMH's runs spread, a reference of three of them moves as much as the
 * runs compared with it; the pooled one is the nearest to what JMH measures on the machine, so
 * these rows show how steady each tool's median of three runs is by itself.
 *
 * <p>Takes JMH's runs from the "JMH pair: ... ratio R; fork by fork" lines (a log of a run with
 * {@code --jmh-from} has none, so kept JMH runs are not counted twice) and perfbudget's from the
 * "run N, perfbudget MODE" tables. Only runs with every pair are drawn.
 */
public final class AgreementOdds {

  private static final Pattern JMH_RUN_LINE = Pattern.compile("^JMH (\\w+): .* ratio ([0-9.]+); fork by fork");
  private static final Pattern PERFBUDGET_RUN = Pattern.compile("^run \\d+, perfbudget (\\w+)$");
  private static final String JMH_ONLY = "jmh:";
  private static final int DRAWS = 20_000;
  private static final int RUNS_PER_ROW = 3;
  private static final double WITHIN = 0.10;

  private AgreementOdds() {}

  public static void main(String[] args) throws IOException {
    if (args.length == 0) {
      throw new IllegalArgumentException("name the saved output of one or more Agreement runs");
    }
    Runs runs = new Runs();
    for (String log : args) {
      boolean jmhOnly = log.startsWith(JMH_ONLY);
      runs.read(Files.readAllLines(Path.of(jmhOnly ? log.substring(JMH_ONLY.length()) : log)), !jmhOnly);
    }
    List<Map<String, Double>> jmh = runs.complete(runs.jmh);
    if (jmh.size() < 2 * RUNS_PER_ROW) {
      throw new IllegalArgumentException("the logs hold " + jmh.size() + " complete JMH runs; at least "
          + 2 * RUNS_PER_ROW + " are needed, from Agreement runs without --jmh-from");
    }
    System.out.printf(Locale.ROOT, "from %s: %d JMH runs%n%n", String.join(", ", args), jmh.size());
    System.out.println("| rows drawn | runs | 10 of 10 | at least 9 | at least 8 | pairs outside 10% (share of draws) |");
    System.out.println("|---|---:|---:|---:|---:|---|");
    Random random = new Random(1);
    print("JMH against 3 other JMH runs", jmh.size(), draw(jmh, null, runs.pairs, random));
    for (Map.Entry<String, List<Map<String, Double>>> mode : runs.perfbudget.entrySet()) {
      List<Map<String, Double>> ours = runs.complete(mode.getValue());
      if (!ours.isEmpty()) {
        print("perfbudget " + mode.getKey() + " against JMH", ours.size(), draw(jmh, ours, runs.pairs, random));
      }
      List<Beside> beside = runs.completeBeside(mode.getKey());
      if (beside.size() >= RUNS_PER_ROW) {
        print("perfbudget " + mode.getKey() + " against the JMH runs beside it", beside.size(), drawBeside(beside, runs.pairs, random));
      }
    }
    print("JMH against the median of all its other runs", jmh.size(), drawAgainstPool(jmh, null, runs.pairs, random));
    for (Map.Entry<String, List<Map<String, Double>>> mode : runs.perfbudget.entrySet()) {
      List<Map<String, Double>> ours = runs.complete(mode.getValue());
      if (!ours.isEmpty()) {
        print("perfbudget " + mode.getKey() + " against the median of all JMH runs", ours.size(),
            drawAgainstPool(jmh, ours, runs.pairs, random));
      }
    }
  }

  /** A perfbudget run and the JMH run taken in the same run of the command. */
  record Beside(Map<String, Double> jmh, Map<String, Double> ours) {}

  /** Each draw's count of pairs within 10%, and how often each pair fell outside. */
  record Odds(int[] withinCounts, Map<String, Integer> misses) {}

  /**
   * Draws rows: three JMH runs as the reference and three of {@code ours} (with replacement), or,
   * when {@code ours} is null, three other JMH runs.
   */
  static Odds draw(List<Map<String, Double>> jmh, List<Map<String, Double>> ours, Set<String> pairs, Random random) {
    Odds odds = new Odds(new int[pairs.size() + 1], new LinkedHashMap<>());
    for (int d = 0; d < DRAWS; d++) {
      List<Integer> shuffled = shuffledIndexes(jmh.size(), random);
      List<Map<String, Double>> reference = new ArrayList<>();
      List<Map<String, Double>> candidate = new ArrayList<>();
      for (int i = 0; i < RUNS_PER_ROW; i++) {
        reference.add(jmh.get(shuffled.get(i)));
        candidate.add(ours == null ? jmh.get(shuffled.get(RUNS_PER_ROW + i)) : ours.get(random.nextInt(ours.size())));
      }
      count(reference, candidate, pairs, odds);
    }
    return odds;
  }

  /**
   * Draws rows against JMH's runs pooled: three of {@code ours} (with replacement) against every JMH
   * run, or, when {@code ours} is null, three JMH runs against all the others, so that no run is
   * compared with itself.
   */
  static Odds drawAgainstPool(List<Map<String, Double>> jmh, List<Map<String, Double>> ours, Set<String> pairs, Random random) {
    Odds odds = new Odds(new int[pairs.size() + 1], new LinkedHashMap<>());
    for (int d = 0; d < DRAWS; d++) {
      List<Integer> shuffled = shuffledIndexes(jmh.size(), random);
      List<Map<String, Double>> reference = new ArrayList<>();
      List<Map<String, Double>> candidate = new ArrayList<>();
      for (int i = 0; i < jmh.size(); i++) {
        Map<String, Double> run = jmh.get(shuffled.get(i));
        if (ours == null && i < RUNS_PER_ROW) {
          candidate.add(run);
        } else {
          reference.add(run);
        }
      }
      for (int i = 0; ours != null && i < RUNS_PER_ROW; i++) {
        candidate.add(ours.get(random.nextInt(ours.size())));
      }
      count(reference, candidate, pairs, odds);
    }
    return odds;
  }

  /** Draws rows of three different runs of the command, each perfbudget run against its own JMH run. */
  static Odds drawBeside(List<Beside> runs, Set<String> pairs, Random random) {
    Odds odds = new Odds(new int[pairs.size() + 1], new LinkedHashMap<>());
    for (int d = 0; d < DRAWS; d++) {
      List<Integer> shuffled = shuffledIndexes(runs.size(), random);
      List<Map<String, Double>> reference = new ArrayList<>();
      List<Map<String, Double>> candidate = new ArrayList<>();
      for (int i = 0; i < RUNS_PER_ROW; i++) {
        reference.add(runs.get(shuffled.get(i)).jmh());
        candidate.add(runs.get(shuffled.get(i)).ours());
      }
      count(reference, candidate, pairs, odds);
    }
    return odds;
  }

  /** Adds one drawn row to {@code odds}: its count of pairs whose medians lie within 10%, and its misses. */
  private static void count(
      List<Map<String, Double>> reference, List<Map<String, Double>> candidate, Set<String> pairs, Odds odds) {
    int count = 0;
    for (String pair : pairs) {
      double difference = median(candidate, pair) / median(reference, pair) - 1;
      if (Math.abs(difference) <= WITHIN) {
        count++;
      } else {
        odds.misses().merge(pair, 1, Integer::sum);
      }
    }
    odds.withinCounts()[count]++;
  }

  private static List<Integer> shuffledIndexes(int size, Random random) {
    List<Integer> indexes = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      indexes.add(i);
    }
    Collections.shuffle(indexes, random);
    return indexes;
  }

  private static double median(List<Map<String, Double>> runs, String pair) {
    return Agreement.median(runs.stream().mapToDouble(run -> run.get(pair)).toArray());
  }

  private static void print(String rows, int runs, Odds odds) {
    int pairs = odds.withinCounts().length - 1;
    List<String> misses = new ArrayList<>();
    odds.misses().entrySet().stream()
        .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
        .filter(miss -> miss.getValue() >= DRAWS / 100)
        .forEach(miss -> misses.add(String.format(Locale.ROOT, "%s %.0f%%", miss.getKey(), 100.0 * miss.getValue() / DRAWS)));
    System.out.printf(Locale.ROOT, "| %s | %d | %s | %s | %s | %s |%n", rows, runs,
        share(odds, pairs), share(odds, pairs - 1), share(odds, pairs - 2), misses.isEmpty() ? "none" : String.join(", ", misses));
  }

  /** The share of draws with at least {@code least} pairs within 10%. */
  private static String share(Odds odds, int least) {
    int hits = 0;
    for (int count = Math.max(0, least); count < odds.withinCounts().length; count++) {
      hits += odds.withinCounts()[count];
    }
    return String.format(Locale.ROOT, "%.0f%%", 100.0 * hits / DRAWS);
  }

  /** The runs read from the logs: JMH's, and perfbudget's by mode, each a map of pair to ratio. */
  static final class Runs {
    final List<Map<String, Double>> jmh = new ArrayList<>();
    final Map<String, List<Map<String, Double>>> perfbudget = new LinkedHashMap<>();
    final Map<String, List<Beside>> beside = new LinkedHashMap<>();
    final Set<String> pairs = new LinkedHashSet<>();

    void read(List<String> lines, boolean withPerfbudget) {
      Map<String, Double> jmhRun = null;
      Map<String, Double> lastJmhRun = null; // this log's, printed just before the perfbudget runs it was taken with
      Map<String, Double> ourRun = null;
      int ratioColumn = -1;
      for (String line : lines) {
        Matcher jmhLine = JMH_RUN_LINE.matcher(line);
        if (jmhLine.find()) {
          if (jmhRun == null || jmhRun.containsKey(jmhLine.group(1))) {
            jmhRun = new LinkedHashMap<>();
            jmh.add(jmhRun);
            lastJmhRun = jmhRun;
          }
          jmhRun.put(jmhLine.group(1), Double.parseDouble(jmhLine.group(2)));
          pairs.add(jmhLine.group(1));
          continue;
        }
        Matcher ourTitle = PERFBUDGET_RUN.matcher(line.strip());
        if (ourTitle.find()) {
          ourRun = new LinkedHashMap<>();
          if (withPerfbudget) {
            perfbudget.computeIfAbsent(ourTitle.group(1), mode -> new ArrayList<>()).add(ourRun);
            if (lastJmhRun != null) {
              beside.computeIfAbsent(ourTitle.group(1), mode -> new ArrayList<>()).add(new Beside(lastJmhRun, ourRun));
            }
          }
          ratioColumn = -1;
          jmhRun = null;
          continue;
        }
        if (ourRun == null || !line.startsWith("| ")) { // not a table row: "|---|" and blank lines too
          if (ourRun != null && ratioColumn >= 0 && !line.startsWith("|")) {
            ourRun = null; // the run's table has ended
          }
          continue;
        }
        String[] cells = line.split("\\|");
        if (ratioColumn < 0) {
          ratioColumn = ratioColumn(cells);
          continue;
        }
        String pair = cells[1].strip();
        ourRun.put(pair, Double.parseDouble(cells[ratioColumn].strip().replace(",", "")));
        pairs.add(pair);
      }
    }

    /** perfbudget's ratio column in a table's header: "perfbudget ratio" beside JMH, "ratio" alone. */
    private static int ratioColumn(String[] header) {
      for (int i = 0; i < header.length; i++) {
        if (header[i].strip().equals("perfbudget ratio")) {
          return i;
        }
      }
      for (int i = 0; i < header.length; i++) {
        if (header[i].strip().equals("ratio")) {
          return i;
        }
      }
      throw new IllegalArgumentException("a perfbudget table without a ratio column: " + String.join("|", header));
    }

    List<Map<String, Double>> complete(List<Map<String, Double>> runs) {
      return runs.stream().filter(run -> run.keySet().containsAll(pairs)).toList();
    }

    /** A mode's perfbudget runs with the JMH runs beside them, both with every pair. */
    List<Beside> completeBeside(String mode) {
      return beside.getOrDefault(mode, List.of()).stream()
          .filter(run -> run.jmh().keySet().containsAll(pairs) && run.ours().keySet().containsAll(pairs))
          .toList();
    }
  }
}
