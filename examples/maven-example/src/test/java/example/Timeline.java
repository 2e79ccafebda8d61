package example;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.extension.AfterTestExecutionCallback;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Writes when each test started and ended, one file per test JVM, so that the check can tell
 * whether an ordinary test ran while a perf test measured in the same JVM. Registered for every
 * test through extension autodetection (META-INF/services).
 */
public final class Timeline implements BeforeTestExecutionCallback, AfterTestExecutionCallback {

  private static final Path FILE =
      Path.of(System.getProperty("timeline.dir", "target/timeline"), ProcessHandle.current().pid() + ".txt");

  @Override
  public void beforeTestExecution(ExtensionContext context) {
    write("start", context);
  }

  @Override
  public void afterTestExecution(ExtensionContext context) {
    write("end", context);
  }

  private static synchronized void write(String event, ExtensionContext context) {
    boolean perf = context.getTags().contains("perf");
    String line = String.format("%d %s %s %s#%s%n", System.nanoTime(), event, perf ? "perf" : "ordinary",
        context.getRequiredTestClass().getName(), context.getRequiredTestMethod().getName());
    try {
      Files.createDirectories(FILE.getParent());
      Files.writeString(FILE, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
