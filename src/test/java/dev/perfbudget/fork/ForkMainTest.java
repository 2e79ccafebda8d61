package dev.perfbudget.fork;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.core.LauncherFactory;

/** A fresh JVM's main class on its own: it ends itself when the test JVM that started it goes away. */
class ForkMainTest {

  /** The system property naming the file the fixture writes once it runs. */
  static final String STARTED = "perfbudget.test.started";

  @TempDir Path dir;

  @Test
  void aFreshJvmEndsItselfWhenItsTestJvmGoesAway() throws Exception {
    Path started = dir.resolve("started");
    Process child = start(started);
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!Files.exists(started) && child.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertThat(started).as("the fixture ran in the fresh JVM (its output: %s)", dir.resolve("output.log")).exists();

      // What the operating system does to the pipe when the test JVM dies, however it dies.
      child.getOutputStream().close();

      assertThat(child.waitFor(30, TimeUnit.SECONDS)).as("the fresh JVM ended after its stdin closed").isTrue();
      assertThat(child.exitValue()).isEqualTo(ForkMain.ORPHANED);
    } finally {
      child.destroyForcibly();
    }
  }

  private Process start(Path started) throws IOException {
    Properties request = new Properties();
    request.setProperty(ForkMain.CONFIG + ForkMain.CHILD_RESULT, dir.resolve(ForkMain.RESULT).toString());
    request.setProperty(
        ForkMain.UNIQUE_ID, "[engine:junit-jupiter]/[class:" + SleepingCase.class.getName() + "]/[method:sleeps()]");
    request.setProperty(ForkMain.SYSTEM + STARTED, started.toString());
    try (Writer out = Files.newBufferedWriter(dir.resolve(ForkMain.REQUEST), StandardCharsets.UTF_8)) {
      request.store(out, null);
    }
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classPath = FreshJvm.classPath(System.getProperty("java.class.path"), LauncherFactory.class);
    return new ProcessBuilder(List.of(java, "-Xmx64m", "-cp", classPath, ForkMain.class.getName(), dir.toString()))
        .redirectErrorStream(true)
        .redirectOutput(dir.resolve("output.log").toFile())
        .start();
  }

  /** A test that says it runs, then sleeps far longer than the test above waits. */
  static class SleepingCase {
    @Test
    void sleeps() throws Exception {
      Files.writeString(Path.of(System.getProperty(STARTED)), "running");
      Thread.sleep(120_000);
    }
  }
}
