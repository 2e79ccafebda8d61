package dev.perfbudget.fork;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.perfbudget.files.Json;
import dev.perfbudget.judge.Measured;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a fresh JVM sends back to the test JVM, in a file of the fork's private folder: the
 * measurement, or why there is none.
 *
 * @param measured the measurement, or null when the test could not be measured
 * @param failure why not, or null
 */
@API(status = INTERNAL)
public record ChildResult(Measured measured, ForkedTestException failure) {

  public static ChildResult of(Measured measured) {
    return new ChildResult(measured, null);
  }

  public static ChildResult failed(ForkedTestException.Kind kind, String message) {
    return new ChildResult(null, new ForkedTestException(kind, message));
  }

  /** Writes the result whole: the parent never reads half a file. */
  public void write(Path file) throws IOException {
    JsonObject json = new JsonObject();
    if (measured != null) {
      json.add("measured", RecordJson.write(measured));
    } else {
      JsonObject error = new JsonObject();
      error.addProperty("kind", failure.kind().name());
      error.addProperty("message", failure.getMessage());
      json.add("failure", error);
    }
    Path partial = file.resolveSibling(file.getFileName() + ".partial");
    Files.writeString(partial, Json.pretty(json), StandardCharsets.UTF_8);
    Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  /** The result a fresh JVM wrote, or empty when it wrote none. */
  static Optional<ChildResult> read(Path file) throws IOException {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    try {
      JsonObject json = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8)).getAsJsonObject();
      if (json.has("measured")) {
        return Optional.of(of((Measured) RecordJson.read(json.get("measured"), Measured.class)));
      }
      JsonObject error = json.getAsJsonObject("failure");
      return Optional.of(
          failed(ForkedTestException.Kind.valueOf(error.get("kind").getAsString()), error.get("message").getAsString()));
    } catch (JsonParseException | IllegalStateException | IllegalArgumentException e) {
      throw new IOException("the fresh JVM's result " + file + " cannot be read: " + e.getMessage(), e);
    }
  }
}
