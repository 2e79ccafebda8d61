package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.perfbudget.testkit.ChildJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** This JVM's private folder, and what the next run removes of a dead one's: only what it can prove. */
class RunFolderTest {

  @TempDir Path dir;

  @Test
  void theFolderIsPrivateAndGoesWithItsLastLease() throws IOException {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "POSIX file modes");
    RunFolder.Lease first = RunFolder.lease(dir, "a test folder");
    RunFolder.Lease second = RunFolder.lease(dir, "a test folder");
    assertThat(second.path()).isEqualTo(first.path());
    assertThat(first.path().getFileName().toString()).startsWith("perfbudget-" + ProcessHandle.current().pid() + "-");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(first.path()))).isEqualTo("rwx------");
    first.close();
    first.close();
    assertThat(second.path()).as("still leased").isDirectory();
    second.close();
    assertThat(second.path()).as("after the last lease").doesNotExist();
  }

  /**
   * A folder whose name's pid is gone, but whose lock a live process holds (another PID
   * namespace), stays; once that process is killed the lock is free and the folder goes, without
   * following a link inside it to a file of the user's.
   */
  @Test
  void aDeadRunsFolderGoesOnlyOnceItsLockIsFreeAndNoLinkIsFollowed() throws Exception {
    Path precious = Files.writeString(dir.resolve("precious.txt"), "precious");
    Path shared = Files.createDirectories(dir.resolve("shared"));
    Process exited = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
        .redirectErrorStream(true).redirectOutput(dir.resolve("version.out").toFile()).start();
    exited.waitFor();
    Path foreign = shared.resolve("perfbudget-" + exited.pid() + "-0-abcdefgh");
    Path output = dir.resolve("holder.out");
    Process holder = ChildJvm.start(RunFolderLockHolder.class, Map.of(), output, foreign.toString());
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!(Files.exists(output) && Files.readString(output, StandardCharsets.UTF_8).contains("HELD")) && holder.isAlive()
          && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      assertThat(Files.readString(output, StandardCharsets.UTF_8)).contains("HELD");
      Files.createSymbolicLink(foreign.resolve("link"), precious);
      try (RunFolder.Lease own = RunFolder.lease(dir.resolve("own-place"), "a test folder")) {
        RunFolder.sweep(shared, own.path());
        assertThat(foreign).as("its lock is held").isDirectory();

        holder.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        RunFolder.sweep(shared, own.path());
        assertThat(foreign).as("its owner is dead and its lock free").doesNotExist();
      }
      assertThat(precious).hasContent("precious");
    } finally {
      holder.destroyForcibly();
    }
  }
}
