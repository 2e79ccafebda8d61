package dev.perfbudget.environment;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.DoubleSupplier;
import org.apiguardian.api.API;

/**
 * How much of the machine's CPU time other processes used while a measurement ran: the share of
 * all CPUs' time that was busy, less this JVM's own. A pool's wall time on a machine whose other
 * processes hold the cores is the machine's as much as the pool's, and the result says so with
 * this figure.
 *
 * <p>Read from {@code /proc/stat} and {@code /proc/self/stat}, which count in the same clock
 * ticks, so no tick rate is needed. The time the hypervisor gave other guests ({@code steal}) is
 * counted as the others' too: this VM wanted the CPU and did not get it. Child processes of this
 * JVM (a pool of processes) count as others. Elsewhere than on Linux the share is unknown (NaN).
 */
@API(status = INTERNAL)
public final class MachineLoad {

  private static final Path MACHINE = Path.of("/proc/stat");
  private static final Path SELF = Path.of("/proc/self/stat");
  /** Ticks of all CPUs together below which the share is too coarse to tell (at 100 Hz: 0.1 s of one CPU). */
  private static final long MIN_TICKS = 10;

  private final long busyTicks;
  private final long totalTicks;
  private final long ownTicks;

  private MachineLoad(long busyTicks, long totalTicks, long ownTicks) {
    this.busyTicks = busyTicks;
    this.totalTicks = totalTicks;
    this.ownTicks = ownTicks;
  }

  /**
   * Starts a stretch of time: the function returned gives, each time it is called, the share of
   * all CPUs' time that other processes used from now until then ({@link #othersShare}).
   */
  public static DoubleSupplier othersShareFromNow() {
    MachineLoad start = now();
    return () -> othersShare(start, now());
  }

  /** The machine's counters now, or null where they cannot be read. */
  static MachineLoad now() {
    return read(MACHINE, SELF);
  }

  /** The counters in {@code machine} (as {@code /proc/stat}) and {@code self} (as {@code /proc/self/stat}). */
  static MachineLoad read(Path machine, Path selfStat) {
    try {
      // cpu user nice system idle iowait irq softirq steal [guest guest_nice, inside user and nice]
      byte[] cpu = Files.readAllBytes(machine);
      int fields = "cpu".length();
      long total = 0;
      for (int i = 0; i < 8; i++) {
        total += word(cpu, fields, i);
      }
      long idle = word(cpu, fields, 3) + word(cpu, fields, 4);
      byte[] self = Files.readAllBytes(selfStat);
      // The command name may hold spaces and parentheses: the fields start after the last ')'.
      int afterName = lastIndexOf(self, (byte) ')') + 1;
      long own = word(self, afterName, 11) + word(self, afterName, 12); // utime, stime
      return new MachineLoad(total - idle, total, own);
    } catch (IOException | RuntimeException e) {
      // no /proc, or a layout this reading does not know: the share is unknown, never a failure
      return null;
    }
  }

  /**
   * The {@code index}-th word (0 first) of {@code text} from {@code from}, words being separated by
   * blanks, read as a whole number. Read by hand, without {@code String.split("\\s+")}: this runs
   * as the pairs start, and a regular expression here gave the JDK's regex code a profile of its
   * own just before the arms were measured. An arm that matches text then ran recompiled code
   * whose every character test was a virtual call: a precompiled {@code Pattern}'s match read
   * 143 to 165 ns/op, against 102 to 107 in JMH's fork and in a fresh JVM that ran no regex of its own.
   */
  static long word(byte[] text, int from, int index) {
    int at = from;
    for (int word = 0; ; word++) {
      while (at < text.length && isBlank(text[at])) {
        at++;
      }
      int start = at;
      while (at < text.length && !isBlank(text[at])) {
        at++;
      }
      if (start == at) {
        throw new IllegalArgumentException("fewer than " + (index + 1) + " words");
      }
      if (word == index) {
        return wholeNumber(text, start, at);
      }
    }
  }

  private static long wholeNumber(byte[] text, int from, int to) {
    long value = 0;
    for (int i = from; i < to; i++) {
      int digit = text[i] - '0';
      if (digit < 0 || digit > 9) {
        throw new IllegalArgumentException("not a whole number");
      }
      value = Math.addExact(Math.multiplyExact(value, 10), digit);
    }
    return value;
  }

  private static boolean isBlank(byte b) {
    return b == ' ' || b == '\t' || b == '\n' || b == '\r';
  }

  private static int lastIndexOf(byte[] text, byte b) {
    for (int i = text.length - 1; i >= 0; i--) {
      if (text[i] == b) {
        return i;
      }
    }
    throw new IllegalArgumentException("no '" + (char) b + "'");
  }

  /**
   * The share of all CPUs' time from {@code start} to {@code end} that other processes used, 0 to
   * 1; NaN when unknown or when too little time passed to tell.
   */
  static double othersShare(MachineLoad start, MachineLoad end) {
    if (start == null || end == null) {
      return Double.NaN;
    }
    long total = end.totalTicks - start.totalTicks;
    if (total < MIN_TICKS) {
      return Double.NaN;
    }
    long others = (end.busyTicks - start.busyTicks) - (end.ownTicks - start.ownTicks);
    return Math.max(0, Math.min(1, (double) others / total));
  }
}
