package dev.perfbudget.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.perfbudget.testkit.ConcurrentWriter;
import dev.perfbudget.testkit.PerfTestKit;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BudgetFileTest {

  @TempDir Path dir;

  private static BudgetEntry entry(double ratio) {
    return new BudgetEntry(ratio, "op", "copy", "encode", "2026-11-30T00:00:00Z", "abc123", "jvm", "cpu", 0, 0);
  }

  @Test
  void recordsEntriesSortedByKeyAndReadsThemBack() {
    BudgetFile file = new BudgetFile(dir.resolve("budgets/perf-budgets.json"));
    file.record("b.Test#two", entry(2.5));
    file.record("a.Test#one", entry(1.25));
    file.record("b.Test#two", entry(3.0));
    assertThat(file.find("a.Test#one")).hasValueSatisfying(e -> assertThat(e.ratio()).isEqualTo(1.25));
    assertThat(file.find("b.Test#two")).hasValueSatisfying(e -> assertThat(e.commit()).isEqualTo("abc123"));
    assertThat(file.find("b.Test#two").orElseThrow().ratio()).isEqualTo(3.0);
    assertThat(file.find("c.Test#three")).isEmpty();
    String text = PerfTestKit.read(file.path());
    assertThat(text).startsWith("{\n  \"schemaVersion\": 1,\n  \"budgets\": {\n    \"a.Test#one\": {");
    assertThat(text.indexOf("a.Test#one")).isLessThan(text.indexOf("b.Test#two"));
  }

  @Test
  void aMissingFileHasNoEntries() {
    assertThat(new BudgetFile(dir.resolve("none.json")).find("x")).isEmpty();
  }

  @Test
  void unknownFieldsOfOtherEntriesAreKept() throws IOException {
    Path path = dir.resolve("perf-budgets.json");
    Files.writeString(path, "{\"schemaVersion\": 1, \"budgets\": {\"old\": {\"ratio\": 2, \"note\": \"keep me\"}}}");
    new BudgetFile(path).record("new", entry(1.5));
    assertThat(PerfTestKit.read(path)).contains("\"note\": \"keep me\"").contains("\"new\"");
  }

  /** Each JVM with a temp folder of its own, as Surefire forks or other users may have: the lock is beside the file. */
  @Test
  void twoJvmsRecordingAtOnceLoseNothing() throws Exception {
    Path path = dir.resolve("perf-budgets.json");
    List<Process> writers = new ArrayList<>();
    for (String prefix : new String[] {"first", "second"}) {
      writers.add(
          new ProcessBuilder(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-Djava.io.tmpdir=" + Files.createDirectories(dir.resolve("tmp-" + prefix)),
                  "-cp", System.getProperty("java.class.path"),
                  ConcurrentWriter.class.getName(), "budget", path.toString(), prefix, "40")
              .inheritIO()
              .start());
    }
    for (Process writer : writers) {
      assertThat(writer.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(writer.exitValue()).isZero();
    }
    BudgetFile file = new BudgetFile(path);
    for (int i = 0; i < 40; i++) {
      assertThat(file.find("first#" + i)).as("first#" + i).isPresent();
      assertThat(file.find("second#" + i)).as("second#" + i).isPresent();
    }
    try (var left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString()))
          .as("no lock or temp file left beside the budget file")
          .containsExactlyInAnyOrder("perf-budgets.json", "tmp-first", "tmp-second");
    }
  }

  /** A teammate's or a CI step's read access survives re-recording; so does a private file's privacy. */
  @Test
  void recordingKeepsTheFilesMode() throws IOException {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "POSIX file modes");
    for (String mode : new String[] {"rw-r--r--", "rw-------", "rw-rw-r--"}) {
      Path path = dir.resolve(mode.replace('-', '_') + ".json");
      new BudgetFile(path).record("first", entry(1.5));
      Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(mode));
      new BudgetFile(path).record("second", entry(2.5));
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(path))).as("mode after record").isEqualTo(mode);
      assertThat(new BudgetFile(path).find("first")).isPresent();
    }
  }
}
