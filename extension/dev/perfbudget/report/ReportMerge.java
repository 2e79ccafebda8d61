package dev.perfbudget.report;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Merges the report.json files of several CI jobs or shards into one report, so that a suite
 * split across machines still has one table. Each input's environment is kept under {@code
 * sources}, because ratios from different machines are read side by side but not compared.
 */
final class ReportMerge {

  private ReportMerge() {}

  /**
   * The merged report. When a test appears in several inputs, the newest result wins and
   * {@code warnings} hears which. An input that is not a report fails the merge, naming it: a
   * merge that quietly left a shard out would hide its failures.
   */
  static JsonObject merge(List<Path> files, Consumer<String> warnings) throws IOException {
    Map<String, JsonObject> results = new TreeMap<>();
    Map<String, String> resultSource = new TreeMap<>();
    JsonArray sources = new JsonArray();
    JsonObject newestEnvironment = new JsonObject();
    Instant newestTime = Instant.MIN;
    for (Path file : files) {
      JsonObject report = read(file);
      JsonArray inputResults = report.getAsJsonArray("results");
      if (report.get("sources") instanceof JsonArray earlier) {
        earlier.forEach(sources::add); // an already merged report keeps its own sources
      } else {
        JsonObject source = new JsonObject();
        source.addProperty("file", file.toString());
        source.addProperty("tests", inputResults.size());
        source.add("environment", report.get("environment"));
        sources.add(source);
      }
      JsonObject environment = ReportText.object(report, "environment").orElseGet(JsonObject::new);
      Instant time = ReportText.instant(environment, "time");
      if (!time.isBefore(newestTime)) {
        newestTime = time;
        newestEnvironment = environment;
      }
      for (JsonElement element : inputResults) {
        JsonObject result = element.getAsJsonObject();
        String test = ReportText.string(result, "test");
        JsonObject earlier = results.get(test);
        if (earlier != null) {
          boolean newer = ReportText.instant(result, "time").isAfter(ReportText.instant(earlier, "time"));
          warnings.accept(String.format(
              "[perfbudget] %s is in both %s and %s; kept the newer result, from %s",
              test, resultSource.get(test), file, newer ? file : resultSource.get(test)));
          if (!newer) {
            continue;
          }
        }
        results.put(test, result);
        resultSource.put(test, file.toString());
      }
    }
    JsonObject merged = new JsonObject();
    merged.addProperty("schemaVersion", ReportFile.SCHEMA_VERSION);
    merged.add("environment", newestEnvironment);
    merged.add("sources", sources);
    JsonArray array = new JsonArray();
    results.values().forEach(array::add);
    merged.add("results", array);
    return merged;
  }

  private static JsonObject read(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.UTF_8);
    JsonElement root;
    try {
      root = JsonParser.parseString(text);
    } catch (JsonParseException e) {
      throw new IllegalArgumentException(file + " is not valid JSON: " + e.getMessage(), e);
    }
    if (!root.isJsonObject() || !(root.getAsJsonObject().get("results") instanceof JsonArray results)) {
      throw new IllegalArgumentException(file + " is not a perfbudget report.json: it has no `results` array");
    }
    double version = ReportText.number(root.getAsJsonObject(), "schemaVersion");
    if (!(version <= ReportFile.SCHEMA_VERSION)) {
      throw new IllegalArgumentException(String.format(
          "%s has schemaVersion %s, which this perfbudget (schema %d) cannot read; merge with the perfbudget that wrote it",
          file, root.getAsJsonObject().get("schemaVersion"), ReportFile.SCHEMA_VERSION));
    }
    for (JsonElement result : results) {
      if (!result.isJsonObject() || ReportText.string(result.getAsJsonObject(), "test").isEmpty()) {
        throw new IllegalArgumentException(file + " has a result without a `test`: " + result);
      }
    }
    return root.getAsJsonObject();
  }
}
