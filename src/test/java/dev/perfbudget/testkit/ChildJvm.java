package dev.perfbudget.testkit;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Starts a main class of the test classpath in a JVM of its own, as a second test JVM would be. */
public final class ChildJvm {

  private ChildJvm() {}

  public static Process start(Class<?> main, Map<String, String> environment, Path output, String... args) throws IOException {
    // C1 only: these children test files and exits, not compiled code, and start faster.
    return start(List.of("-XX:TieredStopAtLevel=1"), main, environment, output, args);
  }

  /** A child JVM with {@code jvmOptions} (such as system properties) before the main class. */
  public static Process start(List<String> jvmOptions, Class<?> main, Map<String, String> environment, Path output, String... args)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xshare:auto");
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(main.getName());
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
    builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.environment().putAll(environment);
    return builder.start();
  }
}
