package dev.perfbudget.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The quality harness's table, in Markdown, from the verdict lines of one condition. */
final class QualityTable {

  private QualityTable() {}

  /**
   * One verdict; lines written before pairs, warm-up and re-measurements were recorded read NaN
   * and "?" for them.
   */
  private record Verdict(
      String verdict,
      boolean failed,
      double ratio,
      double seconds,
      double pairs,
      double warmUpSeconds,
      String measuredAgain,
      String trusted) {}

  static String render(String condition, List<String> lines) {
    Map<String, List<Verdict>> groups = new LinkedHashMap<>();
    for (String line : lines) {
      String[] f = line.split("\t");
      groups.computeIfAbsent(f[0] + "\t" + f[1], key -> new ArrayList<>())
          .add(
              new Verdict(
                  f[2],
                  f[3].equals("1"),
                  Double.parseDouble(f[4]),
                  Double.parseDouble(f[5]),
                  f.length > 6 ? Double.parseDouble(f[6]) : Double.NaN,
                  f.length > 7 ? Double.parseDouble(f[7]) : Double.NaN,
                  f.length > 8 ? f[8] : "?",
                  f.length > 9 ? f[9] : "?"));
    }
    StringBuilder table = new StringBuilder();
    table.append(String.format(Locale.ROOT, "%n### %s%n%n", condition));
    table.append("| kind | case | limit | verdicts | failed | target | met | NOISY | median ratio | median abs error | worst abs error | median s to verdict | p95 s | median pairs | median s of warm-up | measured again: drifted, far | said not to be trusted (median ratio of the rest) |\n");
    table.append("|---|---|---|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
    for (var group : groups.entrySet()) {
      String[] key = group.getKey().split("\t");
      Scenario scenario = Scenario.valueOf(key[1]);
      List<Verdict> verdicts = group.getValue();
      int n = verdicts.size();
      long failed = verdicts.stream().filter(Verdict::failed).count();
      long noisy = verdicts.stream().filter(v -> v.verdict().equals("NOISY")).count();
      double[] ratios = verdicts.stream().mapToDouble(Verdict::ratio).toArray();
      double[] errors = Arrays.stream(ratios).map(r -> Math.abs(r - scenario.trueRatio)).toArray();
      double[] seconds = verdicts.stream().mapToDouble(Verdict::seconds).toArray();
      double[] pairs = verdicts.stream().mapToDouble(Verdict::pairs).toArray();
      double[] warmUps = verdicts.stream().mapToDouble(Verdict::warmUpSeconds).toArray();
      String measuredAgain =
          verdicts.stream().anyMatch(v -> v.measuredAgain().equals("?"))
              ? "n/a"
              : verdicts.stream().filter(v -> v.measuredAgain().equals("drift")).count() + ", "
                  + verdicts.stream().filter(v -> v.measuredAgain().equals("far")).count();
      String untrusted;
      if (verdicts.stream().anyMatch(v -> v.trusted().equals("?"))) {
        untrusted = "n/a";
      } else {
        double[] rest = verdicts.stream().filter(v -> v.trusted().equals("-")).mapToDouble(Verdict::ratio).toArray();
        untrusted = (n - rest.length) + (rest.length == 0 ? "" : String.format(Locale.ROOT, " (%.3f)", quantile(rest, 0.5)));
      }
      String target;
      boolean met;
      switch (scenario) {
        case AA_AT_1_5 -> {
          target = "<= 1% fail";
          met = failed <= 0.01 * n;
        }
        case AA_AT_TOLERANCE -> {
          target = "no failure";
          met = failed == 0;
        }
        case TWICE -> {
          target = ">= 95% caught";
          met = failed >= 0.95 * n;
        }
        default -> {
          target = "all caught";
          met = failed == n;
        }
      }
      table.append(
          String.format(
              Locale.ROOT,
              "| %s | %s | %s | %d | %d (%.1f%%) | %s | %s | %d | %.3f | %.3f | %.3f | %.2f | %.2f | %.0f | %.2f | %s | %s |%n",
              key[0],
              scenario.label,
              scenario.limit,
              n,
              failed,
              100.0 * failed / n,
              target,
              met ? "yes" : "**NO**",
              noisy,
              quantile(ratios, 0.5),
              quantile(errors, 0.5),
              quantile(errors, 1),
              quantile(seconds, 0.5),
              quantile(seconds, 0.95),
              quantile(pairs, 0.5),
              quantile(warmUps, 0.5),
              measuredAgain,
              untrusted));
    }
    return table.toString();
  }

  static double quantile(double[] values, double q) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    double position = q * (sorted.length - 1);
    int below = (int) Math.floor(position);
    int above = Math.min(below + 1, sorted.length - 1);
    return sorted[below] + (position - below) * (sorted[above] - sorted[below]);
  }
}
