package dev.perfbudget.fork;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent that starts a fresh JVM's JDK profiles afresh. */
class JdkProfilesTest {

  @Test
  void aJvmStartedWithoutTheAgentResetsNothing() {
    assertThat(JdkProfiles.reset()).isZero();
  }

  @Test
  void theAgentJarNamesTheClassOnTheClassPathAndMayRetransform(@TempDir Path dir) throws Exception {
    Path jar = JdkProfiles.writeAgentJar(dir);

    assertThat(jar).isEqualTo(dir.resolve(JdkProfiles.AGENT_JAR));
    try (JarFile file = new JarFile(jar.toFile())) {
      var attributes = file.getManifest().getMainAttributes();
      assertThat(attributes.getValue("Premain-Class")).isEqualTo(JdkProfiles.class.getName());
      assertThat(attributes.getValue("Can-Retransform-Classes")).isEqualTo("true");
    }
  }

  @Test
  void theForksFolderWithTheAgentIsThisUsersAlone() throws Exception {
    Path dir = FreshJvm.privateFolder();
    try {
      assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"), "a POSIX file system");
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir))).isEqualTo("rwx------");
    } finally {
      Files.delete(dir);
    }
  }

  @Test
  void aJvmStartedWithTheAgentRetransformsTheJdksLoadedClasses(@TempDir Path dir) throws Exception {
    Path jar = JdkProfiles.writeAgentJar(dir);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process process =
        new ProcessBuilder(List.of(java, "-Xmx64m", "-javaagent:" + jar, "-cp", System.getProperty("java.class.path"), ResetTwice.class.getName()))
            .redirectErrorStream(true)
            .start();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the JVM with the agent ended").isTrue();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();

    assertThat(process.exitValue()).as(output).isZero();
    String[] counts = output.split(" ");
    assertThat(Integer.parseInt(counts[0])).as("classes retransformed: " + output).isGreaterThan(100);
    assertThat(Integer.parseInt(counts[1])).as("a second reset finds them again").isGreaterThanOrEqualTo(Integer.parseInt(counts[0]));
  }

  /** Resets twice, with a JDK collection used in between, and prints both counts. */
  static final class ResetTwice {
    public static void main(String[] args) {
      int first = JdkProfiles.reset();
      List<String> used = new java.util.ArrayList<>(List.of("a", "b"));
      used.sort(null);
      System.out.println(first + " " + JdkProfiles.reset() + " " + used.size());
    }
  }
}
