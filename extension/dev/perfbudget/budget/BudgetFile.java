package dev.perfbudget.budget;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import dev.perfbudget.files.Json;
import dev.perfbudget.files.LockedFile;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;

/**
 * The versioned budget file: one entry per test key, each with the ratio recorded for it and
 * where and when that was. Its format is described in docs/budget-file.md; entries are sorted by
 * key and pretty-printed, so that a re-recorded budget is a one-entry diff in review.
 */
@API(status = INTERNAL)
public final class BudgetFile {

  static final int SCHEMA_VERSION = 1;

  private final Path path;
  private final Duration lockTimeout;

  public BudgetFile(Path path, Duration lockTimeout) {
    this.path = path;
    this.lockTimeout = lockTimeout;
  }

  public BudgetFile(Path path) {
    this(path, LockedFile.DEFAULT_WAIT);
  }

  public Path path() {
    return path;
  }

  /** The entry recorded for {@code key}, if any; a malformed file is a configuration error. */
  public Optional<BudgetEntry> find(String key) {
    if (!Files.exists(path)) {
      return Optional.empty();
    }
    try {
      // Only this key's entry is read: a malformed entry of another test fails that test alone.
      JsonObject entry = parseObjects(Files.readString(path, StandardCharsets.UTF_8)).get(key);
      return Optional.ofNullable(entry)
          .map(json -> BudgetEntry.fromJson(json, problem -> malformed("$.budgets[\"" + key + "\"]" + problem)));
    } catch (IOException e) {
      throw new ExtensionConfigurationException("Cannot read the budget file " + path + ": " + e, e);
    }
  }

  /** Writes (or replaces) the entry for {@code key}, keeping every other entry as it is. */
  public void record(String key, BudgetEntry entry) {
    try {
      LockedFile.update(
          path,
          lockTimeout,
          current -> {
            Map<String, JsonObject> entries = new TreeMap<>();
            current.ifPresent(text -> parseObjects(text).forEach(entries::put));
            entries.put(key, entry.toJson());
            JsonObject budgets = new JsonObject();
            entries.forEach(budgets::add);
            JsonObject root = new JsonObject();
            root.addProperty("schemaVersion", SCHEMA_VERSION);
            root.add("budgets", budgets);
            return Optional.of(Json.pretty(root));
          });
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write the budget file " + path, e);
    }
  }

  private Map<String, JsonObject> parseObjects(String text) {
    JsonElement root;
    try (JsonReader reader = new JsonReader(new StringReader(text))) {
      reader.setStrictness(Strictness.STRICT);
      root = JsonParser.parseReader(reader);
      if (reader.peek() != JsonToken.END_DOCUMENT) {
        throw malformed("more content after the closing brace");
      }
    } catch (JsonParseException | IOException e) {
      throw malformed(describe(e));
    }
    if (!root.isJsonObject()) {
      throw malformed("expected a JSON object with `schemaVersion` and `budgets`");
    }
    JsonObject object = root.getAsJsonObject();
    JsonElement version = object.get("schemaVersion");
    if (version == null || !version.isJsonPrimitive() || !version.getAsJsonPrimitive().isNumber()) {
      throw malformed("expected a number `schemaVersion` at $.schemaVersion");
    }
    if (version.getAsInt() > SCHEMA_VERSION) {
      throw malformed(
          "`schemaVersion` is " + version.getAsInt() + ", newer than this perfbudget reads ("
              + SCHEMA_VERSION + "); upgrade perfbudget");
    }
    JsonElement budgets = object.get("budgets");
    if (budgets == null || !budgets.isJsonObject()) {
      throw malformed("expected an object `budgets` at $.budgets");
    }
    Map<String, JsonObject> entries = new TreeMap<>();
    for (Map.Entry<String, JsonElement> entry : budgets.getAsJsonObject().entrySet()) {
      if (!entry.getValue().isJsonObject()) {
        throw malformed("expected an object at $.budgets[\"" + entry.getKey() + "\"]");
      }
      entries.put(entry.getKey(), entry.getValue().getAsJsonObject());
    }
    return entries;
  }

  private static String describe(Exception e) {
    Throwable cause = e.getCause() != null ? e.getCause() : e;
    String message = cause.getMessage() == null ? cause.toString() : cause.getMessage();
    // Gson appends a link to its troubleshooting page, which is about Gson, not about this file.
    int see = message.indexOf("\nSee https://");
    return see >= 0 ? message.substring(0, see) : message;
  }

  private ExtensionConfigurationException malformed(String problem) {
    return new ExtensionConfigurationException(
        String.format(
            "The budget file %s is malformed: %s.%nFix it by hand, or delete it and record every "
                + "budget again with -Dperfbudget.mode=record.",
            path, problem));
  }
}
