package dev.perfbudget.fork;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Surefire runs tests with a launcher of its own and a {@code java.class.path} without it: the
 * fresh JVM must get the launcher's jar all the same, or it cannot start a test.
 */
class FreshJvmClassPathTest {

  private final String launcherJar =
      Path.of(LauncherFactory.class.getProtectionDomain().getCodeSource().getLocation().getPath()).toString();

  @Test
  void aClassPathWithoutTheLauncherGetsItsJarLast() {
    String classPath = String.join(File.pathSeparator, "target/test-classes", "lib/perfbudget-junit.jar");
    assertThat(FreshJvm.classPath(classPath, LauncherFactory.class))
        .isEqualTo(classPath + File.pathSeparator + launcherJar);
  }

  @Test
  void aClassPathWithTheLauncherIsKeptAsItIs() {
    String classPath = String.join(File.pathSeparator, "target/test-classes", launcherJar);
    assertThat(FreshJvm.classPath(classPath, LauncherFactory.class)).isEqualTo(classPath);
  }

  @Test
  void aLauncherFromNoFileAddsNothing() {
    assertThat(FreshJvm.classPath("a.jar", String.class)).isEqualTo("a.jar");
  }
}
