package dev.perfbudget.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.perfbudget.environment.Environment;
import dev.perfbudget.judge.Verdict;
import dev.perfbudget.testkit.ChildJvm;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryTest {

  @TempDir Path dir;

  @Test
  void oneLinePerResultWithTheFieldsATrendNeeds() throws Exception {
    History history = new History(dir.resolve("history").resolve("perf-history.jsonl"));
    Instant time = ReportSamples.T0.plusSeconds(60);
    history.report(
        ReportSamples.measured("com.example.CodecPerfTest#encode", Verdict.PASS, 4.2, 25, true, time),
        ReportSamples.environment("AMD EPYC 7B13", "0123abc", time));
    List<String> lines = Files.readAllLines(history.path());
    assertThat(lines).hasSize(1);
    JsonObject entry = JsonParser.parseString(lines.get(0)).getAsJsonObject();
    assertThat(entry.keySet())
        .containsExactly("time", "commit", "test", "kind", "verdict", "ratio", "ratioLow", "ratioHigh", "limit", "pairs", "environment");
    assertThat(entry.get("time").getAsString()).isEqualTo("2026-11-02T10:01:00Z");
    assertThat(entry.get("commit").getAsString()).isEqualTo("0123abc");
    assertThat(entry.get("ratio").getAsDouble()).isEqualTo(4.2);
    assertThat(entry.get("limit").getAsDouble()).isEqualTo(25);
    JsonObject environment = entry.getAsJsonObject("environment");
    assertThat(environment.keySet())
        .containsExactly("fingerprint", "jvm", "jvmFlags", "gc", "maxHeapBytes", "cpu", "cores", "os", "ci");
    assertThat(environment.get("fingerprint").getAsString()).matches("[0-9a-f]{8}");
  }

  @Test
  void theFingerprintChangesWithTheMachineNotWithTheCommitOrTime() {
    Instant later = ReportSamples.T0.plusSeconds(3600);
    String here = fingerprint(ReportSamples.environment("AMD EPYC 7B13", "aaa", ReportSamples.T0));
    assertThat(fingerprint(ReportSamples.environment("AMD EPYC 7B13", "bbb", later))).isEqualTo(here);
    assertThat(fingerprint(ReportSamples.environment("Intel Xeon 8375C", "aaa", ReportSamples.T0))).isNotEqualTo(here);
  }

  @Test
  void aCorruptLineIsSkippedWithAWarningNamingItAndTheRestIsKeptAndAppendedTo() throws Exception {
    History history = new History(dir.resolve("perf-history.jsonl"));
    append(history, "com.example.A#one", 0);
    Files.writeString(history.path(), "this is not JSON\n[1, 2]\n{\"test\": \"x\", \"time\": \"yesterday\"}\n",
        StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
    append(history, "com.example.A#one", 1);
    // A JVM killed mid-write leaves a line cut short, without its newline:
    String whole = Files.readString(history.path());
    String cut = whole.lines().reduce((a, b) -> b).orElseThrow();
    Files.writeString(history.path(), cut.substring(0, cut.length() / 2), java.nio.file.StandardOpenOption.APPEND);
    append(history, "com.example.A#one", 2);

    List<String> warnings = new ArrayList<>();
    List<JsonObject> entries = history.read(warnings::add);

    assertThat(entries).extracting(e -> e.get("time").getAsString())
        .containsExactly("2026-11-02T10:00:00Z", "2026-11-02T10:01:00Z", "2026-11-02T10:02:00Z");
    assertThat(warnings).hasSize(4);
    assertThat(warnings.get(0)).startsWith("[perfbudget] WARNING: " + history.path() + " line 2 skipped, not valid JSON")
        .endsWith(": this is not JSON");
    assertThat(warnings.get(1)).contains(" line 3 skipped, not a JSON object: [1, 2]");
    assertThat(warnings.get(2)).contains(" line 4 skipped, no ISO `time`: ");
    assertThat(warnings.get(3)).contains(" line 6 skipped, not valid JSON");
    assertThat(Files.readAllLines(history.path())).hasSize(7).element(6).asString().startsWith("{\"time\":\"2026-11-02T10:02:00Z\"");
  }

  @Test
  void appendsFromThreadsAndOtherJvmsAtOnceAreAllWhole() throws Exception {
    Path file = dir.resolve("perf-history.jsonl");
    int perWriter = 150;
    // All four writers start at once, a moment after the two JVMs have had time to start.
    long startAt = System.currentTimeMillis() + 1500;
    List<Process> children = new ArrayList<>();
    for (int child = 0; child < 2; child++) {
      children.add(ChildJvm.start(Appender.class, Map.of(), dir.resolve("child" + child + ".log"), file.toString(), "jvm" + child, Integer.toString(perWriter), Long.toString(startAt)));
    }
    ExecutorService threads = Executors.newFixedThreadPool(2);
    List<Future<?>> done = new ArrayList<>();
    for (int thread = 0; thread < 2; thread++) {
      String writer = "thread" + thread;
      done.add(threads.submit(() -> {
        Appender.append(file, writer, perWriter, startAt);
        return null;
      }));
    }
    for (Future<?> future : done) {
      future.get(60, TimeUnit.SECONDS);
    }
    threads.shutdown();
    for (int child = 0; child < children.size(); child++) {
      assertThat(children.get(child).waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(children.get(child).exitValue()).as(Files.readString(dir.resolve("child" + child + ".log"))).isZero();
    }

    List<String> warnings = new ArrayList<>();
    List<JsonObject> entries = new History(file).read(warnings::add);
    assertThat(warnings).isEmpty();
    assertThat(Files.readAllLines(file)).hasSize(4 * perWriter);
    Set<String> tests = new HashSet<>();
    entries.forEach(e -> tests.add(e.get("test").getAsString()));
    assertThat(tests).hasSize(4 * perWriter);
  }

  private static String fingerprint(Environment environment) {
    return History.fingerprint(ReportJson.environment(environment));
  }

  private static void append(History history, String test, int minute) throws Exception {
    Instant time = ReportSamples.T0.plusSeconds(60L * minute);
    history.report(ReportSamples.measured(test, Verdict.PASS, 1.1, 2, false, time), ReportSamples.environment("cpu", "abc", time));
  }

  /** Appends numbered results to a history file, as one more test JVM would. */
  static final class Appender {
    public static void main(String[] args) throws Exception {
      append(Path.of(args[0]), args[1], Integer.parseInt(args[2]), Long.parseLong(args[3]));
    }

    static void append(Path file, String writer, int count, long startAt) throws Exception {
      History history = new History(file);
      Thread.sleep(Math.max(0, startAt - System.currentTimeMillis()));
      for (int i = 0; i < count; i++) {
        Instant time = Instant.now();
        history.report(
            ReportSamples.measured("com.example." + writer + "#test" + i, Verdict.PASS, 1 + i / 100.0, 2, false, time),
            ReportSamples.environment("cpu", "abc", time));
      }
    }
  }
}
