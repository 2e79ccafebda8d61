package dev.perfbudget.environment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How much of the machine other processes used while a measurement ran. */
class MachineLoadTest {

  @TempDir Path dir;

  private MachineLoad counters(long user, long system, long idle, long steal, long ownUser, long ownSystem) throws Exception {
    Path machine = dir.resolve("stat-" + user + "-" + idle);
    Files.writeString(machine, String.format("cpu  %d 0 %d %d 0 0 0 %d 0 0%ncpu0 1 2 3 4 5 6 7 8 0 0%n", user, system, idle, steal));
    Path self = dir.resolve("self-" + ownUser);
    // A command name with a space and a parenthesis, as a thread may be named.
    Files.writeString(self, String.format("4242 (java (x) y) S 1 4242 4242 0 -1 4194304 9 0 0 0 %d %d 0 0 20 0 30%n", ownUser, ownSystem));
    return MachineLoad.read(machine, self);
  }

  @Test
  void othersAreTheBusyTimeLessThisJvmsOwnAndStolenTimeCountsAsTheirs() throws Exception {
    MachineLoad start = counters(1000, 200, 5000, 0, 300, 50);
    // 400 ticks pass on all CPUs: 150 busy in user and system, 50 stolen, 200 idle; 100 of them ours.
    MachineLoad end = counters(1120, 230, 5200, 50, 380, 70);
    assertThat(MachineLoad.othersShare(start, end)).isEqualTo((150 + 50 - 100) / 400.0);
  }

  @Test
  void tooFewTicksOrNoCountersAreUnknown() throws Exception {
    MachineLoad start = counters(1000, 200, 5000, 0, 300, 50);
    assertThat(MachineLoad.othersShare(start, counters(1001, 200, 5002, 0, 300, 50))).isNaN();
    assertThat(MachineLoad.othersShare(null, start)).isNaN();
    assertThat(MachineLoad.read(dir.resolve("absent"), dir.resolve("absent too"))).isNull();
  }

  @Test
  void wordsAreSeparatedByAnyRunOfBlanksAndMustBeWholeNumbers() {
    byte[] line = "cpu \t 12  7\t\t300\n".getBytes(StandardCharsets.US_ASCII);
    assertThat(MachineLoad.word(line, 3, 0)).isEqualTo(12);
    assertThat(MachineLoad.word(line, 3, 2)).isEqualTo(300);
    assertThatThrownBy(() -> MachineLoad.word(line, 3, 3)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> MachineLoad.word(line, 0, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aLayoutItDoesNotKnowIsUnknownNotAFailure() throws Exception {
    Path machine = dir.resolve("stat-short");
    Files.writeString(machine, "cpu  1 2 3\n");
    Path self = dir.resolve("self-short");
    Files.writeString(self, "4242 (java) S 1\n");
    assertThat(MachineLoad.read(machine, self)).isNull();
  }

  @Test
  void aSpinningProcessBesideAnIdleTestJvmIsSeen() throws Exception {
    assumeThat(MachineLoad.now()).as("/proc is readable (Linux)").isNotNull();
    java.util.function.DoubleSupplier othersShare = MachineLoad.othersShareFromNow();
    Process burner = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
    try {
      Thread.sleep(800);
      double share = othersShare.getAsDouble();
      int cpus = Runtime.getRuntime().availableProcessors();
      // One spinning process takes a whole CPU of the machine's: more than half of one is generous.
      assertThat(share).isBetween(0.5 / cpus, 1.0);
    } finally {
      burner.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
