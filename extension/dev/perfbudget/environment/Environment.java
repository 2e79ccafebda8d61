package dev.perfbudget.environment;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.engine.TimerFloor;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * Where a measurement ran: the figures a reader needs before comparing two reports, and the
 * fingerprint kept with every recorded budget.
 *
 * @param jvmFlags the JVM's arguments without secrets (see {@code JvmFlags})
 * @param timerFloor what waiting really costs here, reported as a caveat
 */
@API(status = INTERNAL)
public record Environment(
    String jvm,
    String jvmFlags,
    String gc,
    long maxHeapBytes,
    String cpu,
    int cores,
    String os,
    String commit,
    boolean ci,
    Instant time,
    TimerFloor timerFloor) {

  private static final List<String> COMMIT_VARIABLES =
      List.of(
          "GITHUB_SHA", "CI_COMMIT_SHA", "GIT_COMMIT", "BUILDKITE_COMMIT", "CIRCLE_SHA1",
          "BUILD_SOURCEVERSION", "BITBUCKET_COMMIT", "TRAVIS_COMMIT", "DRONE_COMMIT_SHA");

  /** Set by CI servers that do not set {@code CI=true} (Jenkins, Azure Pipelines, TeamCity). */
  private static final List<String> CI_MARKERS = List.of("JENKINS_URL", "TF_BUILD", "TEAMCITY_VERSION");

  private static volatile Environment current;

  /**
   * This JVM's environment, probed once (the commit may take a {@code git} call, the timer
   * floor about 60 ms).
   */
  public static Environment current() {
    Environment environment = current;
    if (environment == null) {
      environment = probe();
    current = environment;
    }
    return environment;
  }

  private static Environment probe() {
    Runtime runtime = Runtime.getRuntime();
    return new Environment(
        System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
            + System.getProperty("java.runtime.version"),
        JvmFlags.describe(ManagementFactory.getRuntimeMXBean().getInputArguments(), Set.of()),
        ManagementFactory.getGarbageCollectorMXBeans().stream()
            .map(GarbageCollectorMXBean::getName)
            .collect(Collectors.joining(", ")),
        runtime.maxMemory(),
        cpuModel(),
        runtime.availableProcessors(),
        System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
            + System.getProperty("os.arch"),
        gitCommit(),
      underCi(System.getenv()),
        Instant.now(),
        TimerFloor.measure(TimerFloor.SAMPLES));
  }

  /** An environment whose timer floor was not measured (tests, tools that only read it). */
  public Environment(
      String jvm, String jvmFlags, String gc, long maxHeapBytes, String cpu, int cores, String os,
      String commit, boolean ci, Instant time) {
    this(jvm, jvmFlags, gc, maxHeapBytes, cpu, cores, os, commit, ci, time, TimerFloor.NOT_MEASURED);
  }

  /** Whether these environment variables are a CI server's: {@code CI=true}, or a server's own marker. */
  public static boolean underCi(Map<String, String> variables) {
    String ci = variables.get("CI");
    if (ci != null && (ci.equalsIgnoreCase("true") || ci.equals("1"))) {
      return true;
    }
    return CI_MARKERS.stream().anyMatch(name -> variables.get(name) != null && !variables.get(name).isBlank());
  }

  /**
   * This JVM's environment with the values of {@code properties} among its {@code -D} flags
   * shown ({@code perfbudget.report.properties}); every other value stays out of reports.
   */
  public Environment showing(Set<String> properties) {
    if (properties.isEmpty()) {
      return this;
    }
    String flags = JvmFlags.describe(ManagementFactory.getRuntimeMXBean().getInputArguments(), properties);
    return new Environment(jvm, flags, gc, maxHeapBytes, cpu, cores, os, commit, ci, time, timerFloor);
  }

  /** The same environment, stamped with the current time. */
  public Environment now() {
    return new Environment(
        jvm, jvmFlags, gc, maxHeapBytes, cpu, cores, os, commit, ci, Instant.now(), timerFloor);
  }

  private static String cpuModel() {
    Path cpuinfo = Path.of("/proc/cpuinfo");
    if (Files.isReadable(cpuinfo)) {
      try (Stream<String> lines = Files.lines(cpuinfo, StandardCharsets.UTF_8)) {
        return lines
            .filter(line -> line.startsWith("model name"))
            .map(line -> line.substring(line.indexOf(':') + 1).trim())
            .findFirst()
            .orElse(System.getProperty("os.arch"));
      } catch (IOException | RuntimeException e) {
        // fall through to the architecture
      }
    }
    return System.getProperty("os.arch");
  }

  /** The commit from the usual CI variables, else from {@code git}, else empty. */
  private static String gitCommit() {
    Map<String, String> variables = System.getenv();
    for (String name : COMMIT_VARIABLES) {
      String value = variables.get(name);
      if (value != null && !value.isBlank()) {
        return value.trim();
      }
    }
    try {
      Process git =
          new ProcessBuilder("git", "rev-parse", "HEAD").redirectErrorStream(true).start();
      git.getOutputStream().close();
      if (git.waitFor(2, TimeUnit.SECONDS) && git.exitValue() == 0) {
        String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        return out.matches("[0-9a-f]{7,64}") ? out : "";
      }
      git.destroyForcibly();
    } catch (IOException e) {
      // no git here
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return "";
  }
}
