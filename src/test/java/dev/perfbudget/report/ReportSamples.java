package dev.perfbudget.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import dev.perfbudget.engine.Interval;
import dev.perfbudget.engine.Measurement.ArmResult;
import dev.perfbudget.engine.Measurement.Stop;
import dev.perfbudget.engine.Measurement.WarmUp;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.environment.Environment;
import dev.perfbudget.judge.Outcome;
import dev.perfbudget.judge.Verdict;
import dev.perfbudget.plan.BytesBudget;
import dev.perfbudget.plan.Limit;
import dev.perfbudget.units.Format;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;

/** Outcomes and report.json content made directly, so report tests need not measure anything. */
final class ReportSamples {

  static final Instant T0 = Instant.parse("2026-11-02T10:00:00Z");

  private ReportSamples() {}

  static Environment environment(String cpu, String commit, Instant time) {
    return new Environment(
        "Eclipse Adoptium OpenJDK 64-Bit Server VM 17.0.15+6", "-Xms1g -Xmx1g", "G1 Young Generation, G1 Old Generation",
        1L << 30, cpu, 2, "Linux 6.1 amd64", commit, false, time);
  }

  /** A measured outcome whose per-pair ratios spread around {@code ratio}. */
  static Outcome measured(String test, Verdict verdict, double ratio, double limit, boolean bytes, Instant time) {
    SplittableRandom random = new SplittableRandom(test.hashCode());
    double[] pairs = new double[40];
    for (int i = 0; i < pairs.length; i++) {
      pairs[i] = ratio * Math.exp(random.nextGaussian() * 0.05);
    }
    Arrays.sort(pairs);
    double low = pairs[14];
    double high = pairs[25];
    double bytesPerOp = bytes ? 96 : Double.NaN;
    Measurement measurement = new Measurement(
        ratio, new Interval(low, high), ratio * 1.01, pairs.length, 0,
        verdict == Verdict.FAIL ? Stop.ABOVE_LIMIT : Stop.BELOW_LIMIT,
        new ArmResult("baseline arm", 50, 49.7, 53, 60, bytesPerOp, 2000, 40, 80_000, 0, 0, java.util.Map.of()),
        new ArmResult("candidate arm", 50 * ratio, 50 * ratio - 0.3, 53 * ratio, 60 * ratio, bytes ? 2304 : Double.NaN, 800, 40, 32_000, 1, 3, java.util.Map.of()),
        0.3, new WarmUp(4, 120, false), 900_000_000L, 0.0, pairs);
    Limit theLimit = limit > 0 ? Limit.maxRatio(limit) : Limit.NONE;
    String note = verdict == Verdict.RECORDED ? "recorded ratio " + Format.ratio(ratio) + " in budgets/perf-budgets.json; commit it" : "";
    return new Outcome(test, test, "op", verdict, verdict == Verdict.FAIL, theLimit, measurement, Double.NaN, Map.of("operations", 1), note, time, BytesBudget.NONE);
  }

  static Outcome skipped(String test, Instant time) {
    Outcome skipped = Outcome.skipped(test, test, "op", "aborted: needs 4 cores");
    return new Outcome(test, test, "op", Verdict.SKIPPED, false, Limit.NONE, null, Double.NaN, Map.of(), skipped.note(), time, BytesBudget.NONE);
  }

  /** A report.json of the given outcomes, as ReportFile writes it. */
  static JsonObject report(Environment environment, Outcome... outcomes) {
    JsonObject root = new JsonObject();
    root.addProperty("schemaVersion", ReportFile.SCHEMA_VERSION);
    root.add("environment", ReportJson.environment(environment));
    JsonArray results = new JsonArray();
    for (Outcome outcome : outcomes) {
      results.add(ReportJson.result(outcome));
    }
    root.add("results", results);
    return root;
  }

  /** A parameter sweep of four invocations, the last over its limit, and one INVALID result. */
  static JsonObject sweepReport() {
    return report(
        environment("AMD EPYC 7B13", "0123456789abcdef0123456789abcdef01234567", T0),
        measured("com.example.CodecPerfTest#encode[16]", Verdict.PASS, 1.1, 8, false, T0),
        measured("com.example.CodecPerfTest#encode[256]", Verdict.PASS, 1.9, 8, false, T0),
        measured("com.example.CodecPerfTest#encode[4096]", Verdict.PASS, 4.4, 8, false, T0),
        measured("com.example.CodecPerfTest#encode[65536]", Verdict.FAIL, 12.5, 8, false, T0),
        measured("com.example.CodecPerfTest#decode", Verdict.INVALID, 0.01, 8, false, T0));
  }

  /** Four results: each verdict a reader must tell apart, with and without counted bytes. */
  static JsonObject mixedReport() {
    return report(
        environment("AMD EPYC 7B13", "0123456789abcdef0123456789abcdef01234567", T0),
        measured("com.example.CodecPerfTest#encodeStaysWithin25x", Verdict.PASS, 4.2, 25, true, T0),
        measured("com.example.CodecPerfTest#decodeRegressed", Verdict.FAIL, 3.1, 1.5, false, T0),
        measured("com.example.MapPerfTest#firstRecord", Verdict.RECORDED, 0.8, 0, false, T0),
        skipped("com.example.MapPerfTest#needsFourCores", T0));
  }
}
