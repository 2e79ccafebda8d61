package dev.perfbudget.fork;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import dev.perfbudget.files.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Why a fresh JVM could not run its arms for the test JVM (the method body threw, an assumption
 * did not hold, the declaration is wrong), in a file of its private folder, which the test JVM
 * reads when the fresh JVM ends without having connected.
 *
 * @param failure which way the test failed, and its message
 */
@API(status = INTERNAL)
public record ChildResult(ForkedTestException failure) {

  public static ChildResult failed(ForkedTestException.Kind kind, String message) {
    return new ChildResult(new ForkedTestException(kind, message));
  }

  /** Writes the result whole: the parent never reads half a file. */
  public void write(Path file) throws IOException {
    JsonObject json = new JsonObject();
    JsonObject error = new JsonObject();
    error.addProperty("kind", failure.kind().name());
    error.addProperty("message", failure.getMessage());
    json.add("failure", error);
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
      JsonObject error = JsonParser.parseString(Files.readString(file, StandardCharsets.UTF_8)).getAsJsonObject().getAsJsonObject("failure");
      return Optional.of(
          failed(ForkedTestException.Kind.valueOf(error.get("kind").getAsString()), error.get("message").getAsString()));
    } catch (JsonParseException | IllegalStateException | IllegalArgumentException | NullPointerException e) {
      throw new IOException("the fresh JVM's result " + file + " cannot be read: " + e.getMessage(), e);
    }
  }
}
