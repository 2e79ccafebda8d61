package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The project's own Gson is the only Gson its tests see: perfbudget adds none beside it. */
class UserGsonTest {

  private static final String GSON_METADATA = "META-INF/maven/com.google.code.gson/gson/pom.properties";

  @Test
  void theProjectsOwnGsonIsTheOneOnTheClasspath() throws IOException {
    List<URL> copies = Collections.list(getClass().getClassLoader().getResources(GSON_METADATA));
    assertEquals(1, copies.size(), "Gson jars on the test classpath: " + copies);
    Properties gson = new Properties();
    try (InputStream in = copies.get(0).openStream()) {
      gson.load(in);
    }
    assertEquals(System.getProperty("user.gson.version"), gson.getProperty("version"));
    String jar = JsonParser.class.getProtectionDomain().getCodeSource().getLocation().getPath();
    assertTrue(jar.endsWith("/gson-" + gson.getProperty("version") + ".jar"),
        "com.google.gson is loaded from " + jar + ", not from the project's Gson jar");
  }

  @Test
  void theProjectsOwnGsonWorks() {
    // JsonParser.parseString is in every Gson from 2.8.6 on.
    JsonObject slug = JsonParser.parseString("{\"slug\": \"hello-world\"}").getAsJsonObject();
    assertEquals(Slugs.slugify("Hello, World!"), slug.get("slug").getAsString());
  }
}
