package dev.perfbudget.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Replacing a user's file: its mode kept, no temp file left, those of killed writers removed. */
class AtomicWriteTest {

  @TempDir Path dir;

  @Test
  void aNewFileGetsTheModeAnyNewFileGetsHere() throws IOException {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "POSIX file modes");
    Path plain = Files.createFile(dir.resolve("plain"));
    AtomicWrite.replace(dir.resolve("written"), "text");
    assertThat(Files.getPosixFilePermissions(dir.resolve("written"))).isEqualTo(Files.getPosixFilePermissions(plain));
  }

  /** A link in the target's place (planted, or the user's) is replaced; what it points to is untouched. */
  @Test
  void aLinkInTheTargetsPlaceIsReplacedNotFollowed() throws IOException {
    Path precious = Files.writeString(Files.createDirectories(dir.resolve("elsewhere")).resolve("precious"), "precious");
    Path target = Files.createSymbolicLink(dir.resolve("report.md"), precious);
    AtomicWrite.replace(target, "the report");
    assertThat(Files.isSymbolicLink(target)).isFalse();
    assertThat(target).hasContent("the report");
    assertThat(precious).hasContent("precious");
  }

  @Test
  void noTempFileIsLeftWhenAWriteFails() throws IOException {
    Path target = Files.createDirectories(dir.resolve("report.json"));
    Files.writeString(target.resolve("inside"), "a folder in the way");
    assertThatThrownBy(() -> AtomicWrite.replace(target, "{}")).isInstanceOf(IOException.class);
    assertThatThrownBy(() -> LockedFile.update(dir.resolve("budget.json"), current -> {
      throw new IllegalStateException("the change itself fails");
    })).isInstanceOf(IllegalStateException.class);
    assertThat(names()).containsExactly("report.json");
  }

  /**
   * A temp file a killed JVM left (its name carries the writer's pid and start time) is removed
   * by the next write of the same file; one of a live process, or one that names no process,
   * stays.
   */
  @Test
  void theNextWriteRemovesTempFilesOfDeadWritersOnly() throws Exception {
    Path target = dir.resolve("perf-budgets.json");
    Process finished = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
        .redirectErrorStream(true).redirectOutput(dir.resolve("version.out").toFile()).start();
    long startOfFinished = TempFiles.startMillis(finished.toHandle());
    finished.waitFor();
    String dead = ".perf-budgets.json." + finished.pid() + "-" + startOfFinished + "-abc.tmp";
    String reused = ".perf-budgets.json." + ProcessHandle.current().pid() + "-12345-abc.tmp";
    String live = TempFiles.newTempOf(target).getFileName().toString();
    String unknown = ".perf-budgets.json8203948203.tmp";
    for (String name : List.of(dead, reused, live, unknown)) {
      Files.writeString(dir.resolve(name), "half a file");
    }

    LockedFile.update(target, current -> Optional.of("{}"));

    assertThat(names()).containsExactlyInAnyOrder("perf-budgets.json", "version.out", live, unknown);
  }

  private List<String> names() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
