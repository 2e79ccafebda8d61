package dev.perfbudget.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * report-jmh.json and report-bmf.json against the formats' published shapes, and against the
 * report.json they are made from: every measured result is there, with its numbers.
 *
 * <p>{@code formats/jmh-1.37-result.json} is what JMH 1.37 itself wrote for a one-method
 * benchmark with one {@code @Param} ({@code java -cp ... org.openjdk.jmh.Main -f 1 -wi 1 -w 100ms
 * -i 2 -r 100ms -rf json -prof gc Tiny}). {@code formats/bmf.schema.json} is the JSON schema that
 * Bencher publishes for its metric format.
 */
class ReportExportTest {

  private final JsonObject report = ReportSamples.mixedReport();

  @Test
  void everyJmhEntryHasEveryFieldJmhWritesWithTheSameKindOfValue() {
    JsonObject jmh = resource("formats/jmh-1.37-result.json").getAsJsonArray().get(0).getAsJsonObject();
    JsonArray export = JsonParser.parseString(JmhExport.of(report)).getAsJsonArray();

    assertThat(export).hasSize(9);
    for (JsonElement element : export) {
      JsonObject entry = element.getAsJsonObject();
      assertSameShape(jmh, entry, entry.get("benchmark").getAsString());
    }
  }

  @Test
  void githubActionBenchmarkReadsANameAValueAndAUnitFromEveryJmhEntry() {
    // What github-action-benchmark's jmh extractor reads: benchmark, params (added to the name),
    // primaryMetric.score and .scoreUnit, measurementIterations, forks, threads. Its name must be
    // unique, or two series become one.
    List<String> names = new ArrayList<>();
    for (JsonElement element : JsonParser.parseString(JmhExport.of(report)).getAsJsonArray()) {
      JsonObject entry = element.getAsJsonObject();
      names.add(entry.get("benchmark").getAsString() + " ( " + entry.get("params") + " )");
      assertThat(entry.getAsJsonObject("primaryMetric").get("score").getAsJsonPrimitive().isNumber()).isTrue();
      assertThat(entry.getAsJsonObject("primaryMetric").get("scoreUnit").getAsString()).isIn("ns/op", "ratio");
      for (String count : new String[] {"measurementIterations", "forks", "threads"}) {
        assertThat(entry.get(count).getAsJsonPrimitive().isNumber()).as(count).isTrue();
      }
    }
    assertThat(names).doesNotHaveDuplicates().contains(
        "com.example.CodecPerfTest.encodeStaysWithin25x ( {\"arm\":\"baseline\",\"name\":\"baseline arm\"} )",
        "com.example.CodecPerfTest.encodeStaysWithin25x ( {\"arm\":\"candidate\",\"name\":\"candidate arm\"} )",
        "com.example.CodecPerfTest.encodeStaysWithin25x ( {\"arm\":\"ratio\",\"name\":\"candidate arm / baseline arm\"} )");
  }

  @Test
  void theJmhExportCarriesEveryMeasuredResultWithItsNumbers() {
    JsonArray export = JsonParser.parseString(JmhExport.of(report)).getAsJsonArray();

    for (JsonElement element : report.getAsJsonArray("results")) {
      JsonObject result = element.getAsJsonObject();
      String benchmark = result.get("test").getAsString().replace('#', '.');
      if (result.get("ratio").isJsonNull()) {
        assertThat(entries(export, benchmark)).as("a skipped test has no number to carry").isEmpty();
        continue;
      }
      Map<String, JsonObject> arms = entries(export, benchmark);
      assertThat(arms).containsOnlyKeys("baseline", "candidate", "ratio");
      for (String arm : new String[] {"baseline", "candidate"}) {
        JsonObject metric = arms.get(arm).getAsJsonObject("primaryMetric");
        JsonObject figures = result.getAsJsonObject(arm);
        assertThat(metric.get("score").getAsDouble()).isEqualTo(figures.get("nsPerOp").getAsDouble());
        assertThat(metric.getAsJsonObject("scorePercentiles").get("50.0").getAsDouble()).isEqualTo(figures.get("p50NsPerOp").getAsDouble());
        assertThat(metric.getAsJsonObject("scorePercentiles").get("95.0").getAsDouble()).isEqualTo(figures.get("p95NsPerOp").getAsDouble());
        assertThat(metric.getAsJsonObject("scorePercentiles").get("100.0").getAsDouble()).isEqualTo(figures.get("maxNsPerOp").getAsDouble());
        assertThat(arms.get(arm).getAsJsonObject("secondaryMetrics").getAsJsonObject("netNsPerOp").get("score").getAsDouble())
            .isEqualTo(figures.get("netNsPerOp").getAsDouble());
      }
      JsonObject ratio = arms.get("ratio").getAsJsonObject("primaryMetric");
      assertThat(ratio.get("score").getAsDouble()).isEqualTo(result.get("ratio").getAsDouble());
      assertThat(ratio.getAsJsonArray("scoreConfidence").get(0).getAsDouble()).isEqualTo(result.get("ratioLow").getAsDouble());
      assertThat(ratio.getAsJsonArray("scoreConfidence").get(1).getAsDouble()).isEqualTo(result.get("ratioHigh").getAsDouble());
      assertThat(ratio.getAsJsonArray("rawData").get(0)).isEqualTo(result.getAsJsonArray("pairRatios"));
      assertThat(arms.get("ratio").get("measurementIterations").getAsLong()).isEqualTo(result.get("pairs").getAsLong());
    }
  }

  @Test
  void ratioPercentilesAreComputedAsJmhComputesThem() {
    // JMH's own percentiles of its own raw data, from the file JMH wrote.
    JsonObject jmh = resource("formats/jmh-1.37-result.json").getAsJsonArray().get(0).getAsJsonObject().getAsJsonObject("primaryMetric");
    double[] raw = jmh.getAsJsonArray("rawData").get(0).getAsJsonArray().asList().stream().mapToDouble(JsonElement::getAsDouble).toArray();
    for (Map.Entry<String, JsonElement> percentile : jmh.getAsJsonObject("scorePercentiles").entrySet()) {
      assertThat(JmhExport.percentile(raw, Double.parseDouble(percentile.getKey())))
          .as(percentile.getKey()).isCloseTo(percentile.getValue().getAsDouble(), org.assertj.core.data.Offset.offset(1e-12));
    }
    double[] five = {5, 1, 4, 2, 3};
    assertThat(JmhExport.percentile(five, 50)).isEqualTo(3);
    assertThat(JmhExport.percentile(five, 90)).isEqualTo(5);
    assertThat(JmhExport.percentile(five, 0)).isEqualTo(1);
  }

  @Test
  void theBencherExportMatchesThePublishedSchema() {
    JsonElement bmf = JsonParser.parseString(BencherExport.of(report));

    List<String> problems = new ArrayList<>();
    validate(resource("formats/bmf.schema.json").getAsJsonObject(), bmf, "$", problems);
    assertThat(problems).isEmpty();
    // Bencher's limits: a benchmark name up to 1024 characters, a measure slug up to 64.
    for (Map.Entry<String, JsonElement> benchmark : bmf.getAsJsonObject().entrySet()) {
      assertThat(benchmark.getKey()).hasSizeLessThanOrEqualTo(1024);
      benchmark.getValue().getAsJsonObject().keySet().forEach(measure -> assertThat(measure).hasSizeLessThanOrEqualTo(64));
    }
  }

  @Test
  void aSchemaViolationIsFound() {
    // The validator below must be able to fail, or the test above proves nothing.
    List<String> problems = new ArrayList<>();
    validate(resource("formats/bmf.schema.json").getAsJsonObject(),
        JsonParser.parseString("{\"a#b\": {\"ratio\": {\"lower_value\": 1.0}}, \"c\": {\"latency\": {\"value\": \"fast\"}}}"),
        "$", problems);
    assertThat(problems).containsExactlyInAnyOrder(
        "$.a#b.ratio: `value` is required", "$.c.latency.value: expected number, found \"fast\"");
  }

  @Test
  void theBencherExportCarriesEveryMeasuredResultWithItsNumbers() {
    JsonObject bmf = JsonParser.parseString(BencherExport.of(report)).getAsJsonObject();

    assertThat(bmf.keySet()).containsExactlyInAnyOrder(
        "com.example.CodecPerfTest#decodeRegressed",
        "com.example.CodecPerfTest#decodeRegressed baseline baseline arm",
        "com.example.CodecPerfTest#decodeRegressed candidate candidate arm",
        "com.example.CodecPerfTest#encodeStaysWithin25x",
        "com.example.CodecPerfTest#encodeStaysWithin25x baseline baseline arm",
        "com.example.CodecPerfTest#encodeStaysWithin25x candidate candidate arm",
        "com.example.MapPerfTest#firstRecord",
        "com.example.MapPerfTest#firstRecord baseline baseline arm",
        "com.example.MapPerfTest#firstRecord candidate candidate arm");
    JsonObject result = report.getAsJsonArray("results").get(0).getAsJsonObject();
    assertThat(result.get("test").getAsString()).isEqualTo("com.example.CodecPerfTest#encodeStaysWithin25x");
    JsonObject ratio = bmf.getAsJsonObject("com.example.CodecPerfTest#encodeStaysWithin25x").getAsJsonObject("ratio");
    assertThat(ratio.get("value").getAsDouble()).isEqualTo(result.get("ratio").getAsDouble());
    assertThat(ratio.get("lower_value").getAsDouble()).isEqualTo(result.get("ratioLow").getAsDouble());
    assertThat(ratio.get("upper_value").getAsDouble()).isEqualTo(result.get("ratioHigh").getAsDouble());
    JsonObject candidate = bmf.getAsJsonObject("com.example.CodecPerfTest#encodeStaysWithin25x candidate candidate arm");
    assertThat(candidate.getAsJsonObject("latency").get("value").getAsDouble())
        .isEqualTo(result.getAsJsonObject("candidate").get("nsPerOp").getAsDouble());
    assertThat(candidate.getAsJsonObject("bytes-per-op").get("value").getAsDouble()).isEqualTo(2304.0);
    assertThat(bmf.getAsJsonObject("com.example.CodecPerfTest#decodeRegressed candidate candidate arm").has("bytes-per-op"))
        .as("an arm that does not count bytes").isFalse();
  }

  /** Our entry has each key JMH's has, no other, and the same kind of value under each. */
  private static void assertSameShape(JsonElement jmh, JsonElement ours, String path) {
    if (jmh.isJsonObject() && !path.endsWith(".params") && !path.endsWith(".secondaryMetrics")) {
      assertThat(ours.isJsonObject()).as(path + " is an object").isTrue();
      assertThat(ours.getAsJsonObject().keySet()).as(path + " keys").containsExactlyInAnyOrderElementsOf(jmh.getAsJsonObject().keySet());
      for (String key : jmh.getAsJsonObject().keySet()) {
        assertSameShape(jmh.getAsJsonObject().get(key), ours.getAsJsonObject().get(key), path + "." + key);
      }
    } else if (jmh.isJsonObject()) {
      // params and secondary metrics are named by the benchmark: values of JMH's kind under any name.
      assertThat(ours.isJsonObject()).as(path + " is an object").isTrue();
      JsonElement sample = jmh.getAsJsonObject().entrySet().iterator().next().getValue();
      for (Map.Entry<String, JsonElement> entry : ours.getAsJsonObject().entrySet()) {
        assertSameShape(sample, entry.getValue(), path + "." + entry.getKey());
      }
    } else if (jmh.isJsonArray()) {
      assertThat(ours.isJsonArray()).as(path + " is an array").isTrue();
    } else {
      String kind = kind(jmh).equals("NaN") ? "number" : kind(jmh);
      assertThat(kind(ours)).as(path).isIn(kind, kind.equals("number") ? "NaN" : kind);
    }
  }

  /** JMH writes a number it could not compute as the string "NaN": a number all the same. */
  private static String kind(JsonElement value) {
    if (value.isJsonPrimitive() && value.getAsJsonPrimitive().isNumber()) {
      return "number";
    }
    if (value.isJsonPrimitive() && value.getAsString().equals("NaN")) {
      return "NaN";
    }
    return value.isJsonPrimitive() ? "string" : value.toString();
  }

  private static Map<String, JsonObject> entries(JsonArray export, String benchmark) {
    Map<String, JsonObject> byArm = new java.util.TreeMap<>();
    for (JsonElement element : export) {
      JsonObject entry = element.getAsJsonObject();
      if (entry.get("benchmark").getAsString().equals(benchmark)) {
        byArm.put(entry.getAsJsonObject("params").get("arm").getAsString(), entry);
      }
    }
    return byArm;
  }

  /** The part of JSON Schema (draft-07) that BMF's schema uses: type, properties, patternProperties, required. */
  private static void validate(JsonObject schema, JsonElement value, String path, List<String> problems) {
    if (schema.has("type")) {
      String type = schema.get("type").getAsString();
      boolean fits = switch (type) {
        case "object" -> value.isJsonObject();
        case "number" -> value.isJsonPrimitive() && value.getAsJsonPrimitive().isNumber();
        case "string" -> value.isJsonPrimitive() && value.getAsJsonPrimitive().isString();
        default -> throw new IllegalArgumentException("type " + type + " is not supported here");
      };
      if (!fits) {
        problems.add(path + ": expected " + type + ", found " + value);
        return;
      }
    }
    if (!value.isJsonObject()) {
      return;
    }
    JsonObject object = value.getAsJsonObject();
    if (schema.has("required")) {
      for (JsonElement key : schema.getAsJsonArray("required")) {
        if (!object.has(key.getAsString())) {
          problems.add(path + ": `" + key.getAsString() + "` is required");
        }
      }
    }
    for (Map.Entry<String, JsonElement> member : object.entrySet()) {
      String at = path + "." + member.getKey();
      if (schema.has("properties") && schema.getAsJsonObject("properties").has(member.getKey())) {
        validate(schema.getAsJsonObject("properties").getAsJsonObject(member.getKey()), member.getValue(), at, problems);
      }
      if (schema.has("patternProperties")) {
        for (Map.Entry<String, JsonElement> pattern : schema.getAsJsonObject("patternProperties").entrySet()) {
          if (member.getKey().matches(pattern.getKey())) {
            validate(pattern.getValue().getAsJsonObject(), member.getValue(), at, problems);
          }
        }
      }
    }
  }

  private static JsonElement resource(String name) {
    try (InputStream in = ReportExportTest.class.getClassLoader().getResourceAsStream(name)) {
      assertThat(in).as(name).isNotNull();
      return JsonParser.parseString(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }
}
