package dev.perfbudget.workloads;

import dev.perfbudget.Arm;
import dev.perfbudget.Sample;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A cold-start arm: one operation starts a fresh JVM on the test's classpath running one main
 * class, and waits for it to exit. The time is the user's wall time, from asking for the
 * process to seeing it gone: fork, JVM start, class loading, the main, exit. Each JVM is
 * handed to the {@link ChildReaper}, which stops it if the test JVM dies before it exits.
 */
final class ColdStartArm implements Arm {

  private static final int OUTPUT_LINES_SHOWN = 8;

  private final String name;
  private final String role;
  private final String mainClass;
  private final List<String> command;
  private final Duration timeout;
  private final Path output;
  private final ChildReaper reaper;
  private int runs;

  ColdStartArm(
      String name, String role, String mainClass, List<String> jvmOptions, Duration timeout, Path output, ChildReaper reaper) {
    this.name = name;
    this.reaper = reaper;
    this.role = role;
    this.mainClass = mainClass;
    this.timeout = timeout;
    this.output = output;
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(mainClass);
    this.command = List.copyOf(command);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Sample run(long operations) throws IOException, InterruptedException {
    long nanos = 0;
    for (long i = 0; i < operations; i++) {
      nanos += spawnOnce();
    }
    return Sample.timed(operations, nanos);
  }

  private long spawnOnce() throws IOException, InterruptedException {
    runs++;
    ProcessBuilder builder =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(Redirect.to(output.toFile()));
    long start = System.nanoTime();
    Process process = builder.start();
    try {
      reaper.watch(process);
      process.getOutputStream().close();
      if (!process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
        stop(process);
        throw new IllegalStateException(
            String.format(
                "cold start of %s (%s \"%s\") did not exit within its %s timeout on run %d; it was "
                    + "killed with its child processes.%s%nIf the main is slow rather than stuck, "
                    + "raise the timeout with timeout(Duration) on the ColdStartWorkload.",
                mainClass, role, name, describe(timeout), runs, outputTail()));
      }
      long nanos = System.nanoTime() - start;
      if (process.exitValue() != 0) {
        throw new IllegalStateException(
            String.format(
                "cold start of %s (%s \"%s\") exited with code %d on run %d.%s",
                mainClass, role, name, process.exitValue(), runs, outputTail()));
      }
      return nanos;
    } finally {
      // Interrupted, or thrown at: never leave the JVM, or what it started, running.
      if (process.isAlive()) {
        stop(process);
      }
    }
  }

  /** Kills the process and everything it started, children first so none is orphaned. */
  private static void stop(Process process) throws InterruptedException {
    List<ProcessHandle> descendants = process.descendants().toList();
    descendants.forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
    process.waitFor(10, TimeUnit.SECONDS);
    for (ProcessHandle child : descendants) {
      child.onExit().completeOnTimeout(child, 10, TimeUnit.SECONDS).join();
    }
  }

  private String outputTail() {
    try {
      List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
      if (lines.isEmpty()) {
        return " It printed nothing.";
      }
      List<String> tail = lines.subList(Math.max(0, lines.size() - OUTPUT_LINES_SHOWN), lines.size());
      return String.format(" Its output ended with:%n  %s", String.join(String.format("%n  "), tail));
    } catch (IOException | RuntimeException e) {
      return " Its output could not be read: " + e;
    }
  }

  static String describe(Duration duration) {
    return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
  }
}
