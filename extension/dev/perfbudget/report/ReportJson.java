package dev.perfbudget.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import dev.perfbudget.engine.Measurement.ArmResult;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.engine.TimerFloor;
import dev.perfbudget.environment.Environment;
import dev.perfbudget.files.Json;
import dev.perfbudget.judge.Outcome;
import dev.perfbudget.plan.BytesBudget;
import java.util.Map;

/**
 * The JSON form of outcomes and environments in {@code report.json}. These field names are API
 * for CI scripts: the golden-file test seals them, and a change to them changes {@link
 * ReportFile#SCHEMA_VERSION}.
 */
final class ReportJson {

  private ReportJson() {}

  static JsonObject environment(Environment environment) {
    JsonObject json = new JsonObject();
    json.addProperty("jvm", environment.jvm());
    json.addProperty("jvmFlags", environment.jvmFlags());
    json.addProperty("gc", environment.gc());
    json.addProperty("maxHeapBytes", environment.maxHeapBytes());
    json.addProperty("cpu", environment.cpu());
    json.addProperty("cores", environment.cores());
    json.addProperty("os", environment.os());
    json.addProperty("commit", environment.commit());
    json.addProperty("ci", environment.ci());
    json.addProperty("time", environment.time().toString());
    json.add("timerFloor", timerFloor(environment.timerFloor()));
    JsonArray caveats = new JsonArray();
    caveats.add(environment.timerFloor().caveat());
    json.add("caveats", caveats);
    return json;
  }

  private static JsonObject timerFloor(TimerFloor floor) {
    JsonObject json = new JsonObject();
    json.addProperty("samples", floor.samples());
    JsonArray timers = new JsonArray();
    for (TimerFloor.Landing landing : floor.landings()) {
      JsonObject timer = new JsonObject();
      timer.addProperty("timer", landing.timer());
      timer.addProperty("requestedNs", landing.requestedNanos());
      timer.addProperty("medianNs", landing.medianNanos());
      timer.addProperty("driftNs", landing.driftNanos());
      timers.add(timer);
    }
    json.add("timers", timers);
    return json;
  }

  static JsonObject result(Outcome outcome) {
    JsonObject json = new JsonObject();
    json.addProperty("test", outcome.test());
    json.addProperty("key", outcome.key());
    json.addProperty("kind", outcome.kind());
    json.addProperty("verdict", outcome.verdict().name());
    json.addProperty("fails", outcome.fails());
    Measurement m = outcome.measurement();
    json.add("ratio", m == null ? null : Json.number(m.ratio(), 4));
    json.add("ratioLow", m == null ? null : Json.number(m.interval().low(), 4));
    json.add("ratioHigh", m == null ? null : Json.number(m.interval().high(), 4));
    json.add("ratioOfMedians", m == null ? null : Json.number(m.ratioOfMedians(), 4));
    // The overhead figure of allocation profilers' histories: how much more the candidate costs, in percent (ratio 1.2 -> 20).
    json.add("overhead", m == null ? null : Json.number((m.ratio() - 1) * 100, 1));
    json.add("limit", outcome.limit().isSet() ? Json.number(outcome.limit().value(), 4) : null);
    json.addProperty("limitSource", outcome.limit().source());
    json.addProperty("pairs", m == null ? 0 : m.pairs());
    json.addProperty("pairsHitByGc", m == null ? 0 : m.pairsHitByGc());
    json.addProperty("stop", m == null ? null : m.stop().name());
    json.addProperty("elapsedMs", m == null ? 0 : m.elapsedNanos() / 1_000_000);
    json.add("otherProcessesCpuShare", m == null ? null : Json.number(m.otherProcessesCpuShare(), 3));
    json.add("unconfirmedRatio", Json.number(outcome.unconfirmedRatio(), 4));
    json.add("bytesRatio", m == null ? null : Json.number(m.bytesRatio(), 4));
    BytesBudget bytes = outcome.bytes();
    json.add("maxBytesRatio", bytes.maxRatio() > 0 ? Json.number(bytes.maxRatio(), 4) : null);
    json.add("maxBytesPerOp", bytes.maxPerOp() > 0 ? Json.number(bytes.maxPerOp(), 1) : null);
    json.add("baseline", m == null ? null : arm(m.baseline()));
    json.add("candidate", m == null ? null : arm(m.candidate()));
    json.add("loopNsPerOp", m == null ? null : Json.number(m.loopNsPerOp(), 3));
    json.add("netRatio", m == null ? null : Json.number(netRatio(m), 4));
    if (m != null) {
      JsonObject warmUp = new JsonObject();
      warmUp.addProperty("rounds", m.warmUp().rounds());
      warmUp.addProperty("ms", m.warmUp().millis());
      warmUp.addProperty("capped", m.warmUp().capped());
      warmUp.addProperty("unsteady", m.warmUp().unsteady());
      json.add("warmUp", warmUp);
    }
    json.add("workload", parameters(outcome.parameters()));
    json.addProperty("note", outcome.note());
    json.addProperty("time", outcome.time().toString());
    JsonArray ratios = new JsonArray();
    if (m != null) {
      for (double ratio : m.pairRatios()) {
        ratios.add(Json.number(ratio, 4));
      }
    }
    json.add("pairRatios", ratios);
    return json;
  }

  /** The ratio of the arms' costs net of the measuring loop, NaN when the baseline's is 0. */
  static double netRatio(Measurement m) {
    return m.baseline().netNsPerOp() > 0 ? m.candidate().netNsPerOp() / m.baseline().netNsPerOp() : Double.NaN;
  }

  private static JsonObject arm(ArmResult arm) {
    JsonObject json = new JsonObject();
    json.addProperty("name", arm.name());
    // With the measuring loop, as JMH reports ns/op; the loop's cost is the result's loopNsPerOp.
    json.add("nsPerOp", Json.number(arm.nsPerOp(), 3));
    json.add("netNsPerOp", Json.number(arm.netNsPerOp(), 3));
    // The spread of the samples, loop included: per operation when a workload samples one
    // operation at a time (cold start, timers), else per batch.
    json.add("p50NsPerOp", Json.number(arm.nsPerOp(), 3));
    json.add("p95NsPerOp", Json.number(arm.p95NsPerOp(), 3));
    json.add("maxNsPerOp", Json.number(arm.maxNsPerOp(), 3));
    json.add("bytesPerOp", Json.number(arm.bytesPerOp(), 1));
    json.addProperty("batch", arm.batch());
    json.addProperty("samples", arm.samples());
    json.addProperty("operations", arm.operations());
    json.addProperty("gcCount", arm.gcCount());
    json.addProperty("gcMs", arm.gcMillis());
    double millionOps = arm.operations() / 1e6;
    json.add("gcPerMillionOps", Json.number(arm.gcCount() / millionOps, 3));
    json.add("gcMsPerMillionOps", Json.number(arm.gcMillis() / millionOps, 3));
    json.add("figures", parameters(arm.figures()));
    return json;
  }

  private static JsonObject parameters(Map<String, Object> parameters) {
    JsonObject json = new JsonObject();
    parameters.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(entry -> json.add(entry.getKey(), value(entry.getValue())));
    return json;
  }

  private static JsonElement value(Object value) {
    if (value instanceof Number number) {
      return new JsonPrimitive(number);
    }
    if (value instanceof Boolean bool) {
      return new JsonPrimitive(bool);
    }
    return new JsonPrimitive(String.valueOf(value));
  }
}
