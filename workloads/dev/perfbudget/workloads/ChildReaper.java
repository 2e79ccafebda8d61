package dev.perfbudget.workloads;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A small JVM, started once per test JVM that runs cold starts, that kills the cold-start
 * children it is told about when the test JVM dies: its stdin is a pipe from the test JVM, and
 * the pipe closes when the test JVM exits, however it exits ({@code kill -9} included).
 *
 * <p>IMPLEMENTATION NOTES. Why a process of its own and not a watchdog inside each cold-start
 * child: the child is what is measured. A launcher main that starts a watchdog thread and then
 * calls the user's main by reflection made an empty main's cold start 25 to 45 ms slower (on a
 * 50 to 65 ms start, Java 17 and 25 measured here), and a thread blocked reading stdin delays
 * every JVM's exit by up to 300 ms (HotSpot waits that long for threads in native code). The
 * reaper costs a spawn a line written to a pipe.
 *
 * <p>The reaper notes each child's start time when told about it, and kills only a process
 * that still has that pid and that start time, so a pid reused after the child exited is never
 * touched. It kills a child's descendants first, so none is left re-parented.
 */
final class ChildReaper {

  private static ChildReaper shared;

  private final Process reaper;
  private final OutputStream pipe;
  private boolean broken;

  private ChildReaper(Process reaper) {
    this.reaper = reaper;
    this.pipe = reaper.getOutputStream();
  }

  /** This JVM's reaper, started on first use. */
  static synchronized ChildReaper shared() {
    if (shared == null || !shared.reaper.isAlive()) {
      shared = start();
    }
    return shared;
  }

  private static ChildReaper start() {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    try {
      Process process =
          new ProcessBuilder(
                  java, "-Xmx16m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-XX:-UsePerfData",
                  "-cp", System.getProperty("java.class.path"), ChildReaper.class.getName())
              .redirectOutput(Redirect.DISCARD)
              .redirectError(Redirect.INHERIT)
              .start();
      return new ChildReaper(process);
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot start the process that stops cold-start JVMs when this JVM dies: " + e, e);
    }
  }

  /** Has the reaper kill {@code child} (and what it started) if this JVM dies first. */
  synchronized void watch(Process child) {
    if (broken) {
      return;
    }
    try {
      pipe.write(("+" + child.pid() + "\n").getBytes(StandardCharsets.US_ASCII));
      pipe.flush();
    } catch (IOException e) {
      broken = true;
      System.err.println(
          "[perfbudget] WARNING: the process that stops cold-start JVMs when this JVM dies is gone (" + e
              + "); if this JVM is killed, its cold-start JVMs may be left running");
    }
  }

  /** The reaper's main: reads pids until its stdin closes, then kills those still running. */
  public static void main(String[] args) throws IOException {
    Map<Long, Optional<Instant>> watched = new HashMap<>();
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
    for (String line = in.readLine(); line != null; line = in.readLine()) {
      if (line.startsWith("+")) {
        // Children exit by the hundred in a long run: forget those gone, keep the map small.
        watched.keySet().removeIf(pid -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
        long pid = Long.parseLong(line.substring(1).trim());
        ProcessHandle.of(pid).ifPresent(child -> watched.put(pid, child.info().startInstant()));
      }
    }
    watched.forEach((pid, started) -> ProcessHandle.of(pid)
        .filter(child -> started.isPresent() && child.info().startInstant().equals(started))
        .ifPresent(ChildReaper::kill));
  }

  private static void kill(ProcessHandle child) {
    List<ProcessHandle> descendants = child.descendants().toList();
    descendants.forEach(ProcessHandle::destroyForcibly);
    child.destroyForcibly();
  }
}
