package dev.perfbudget.fork;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.google.gson.JsonParser;
import dev.perfbudget.Arm;
import dev.perfbudget.Sample;
import dev.perfbudget.engine.GcCounter;
import dev.perfbudget.fork.ArmChannel.Role;
import dev.perfbudget.fork.ArmServer.Hello;
import dev.perfbudget.fork.ForkedTestException.Kind;
import dev.perfbudget.units.Format;
import java.io.IOException;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * One fresh JVM that runs some of a test's arms for the test JVM: its process, its connection,
 * and its arms as the sampler sees them. Every failure of the fresh JVM (it crashed, was killed,
 * wrote that the test failed before its arms were ready) becomes a {@link ForkedTestException}
 * that names the test, the arms, the exit code and the end of the JVM's output.
 */
final class ArmJvm implements AutoCloseable {

  static final String SOCKET = "arms.sock";

  private final String test;
  private final List<Role> roles;
  private final Path dir;
  private final Process process;
  private final OutputStream stdin;
  private final ServerSocketChannel server;
  private final String secret;
  private final Duration timeout;
  /** Processes the fresh JVM started (a pool's workers), noted while it runs: its orphans go with it. */
  private final Set<ProcessHandle> started = new HashSet<>();
  private volatile boolean killedAtTimeout;
  private ArmChannel channel;
  /** Running totals of the collections during this JVM's samples, as it reported them. */
  private long collections;
  private long gcMillis;

  private ArmJvm(
      String test, List<Role> roles, Path dir, Process process, ServerSocketChannel server, String secret, Duration timeout) {
    this.test = test;
    this.roles = roles;
    this.dir = dir;
    this.process = process;
    this.stdin = process.getOutputStream();
    this.server = server;
    this.secret = secret;
    this.timeout = timeout;
  }

  /**
   * Starts a fresh JVM with {@code command}, which reads its request from {@code dir}, listening
   * first on the socket it is to connect to.
   */
  static ArmJvm start(String test, List<Role> roles, Path dir, List<String> command, String secret, Duration timeout)
      throws IOException {
    ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    try {
      server.bind(UnixDomainSocketAddress.of(dir.resolve(SOCKET)));
      server.configureBlocking(false);
      Process process =
          new ProcessBuilder(command)
              .directory(Path.of("").toAbsolutePath().toFile())
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("output.log").toFile())
              .start();
      // Its stdin stays open until the test JVM is done with it: ForkMain ends itself when it
      // closes, so a fresh JVM cannot outlive the test JVM even when the test JVM is killed.
      Children.add(process);
      return new ArmJvm(test, roles, dir, process, server, secret, timeout);
    } catch (IOException | RuntimeException e) {
      server.close();
      throw e;
    }
  }

  /**
   * Waits until the fresh JVM has prepared the arms and connected, and returns what it
   * prepared.
   *
   * @throws ForkedTestException when it ended first (with the failure it wrote, if any) or did
   *     not connect by {@code deadline}
   */
  Hello connect(long deadline) throws IOException, InterruptedException {
    while (true) {
      SocketChannel accepted = server.accept();
      if (accepted != null) {
        accepted.configureBlocking(true);
        ArmChannel connection = new ArmChannel(accepted);
        if (MessageDigest.isEqual(connection.readText().getBytes(UTF_8), secret.getBytes(UTF_8))) {
          channel = connection;
          server.close();
          return (Hello) RecordJson.read(JsonParser.parseString(connection.readText()), Hello.class);
        }
        connection.close(); // not this fresh JVM's connection
        continue;
      }
      noteStartedProcesses();
      if (!process.isAlive()) {
        throw endedBeforeConnecting();
      }
      if (System.nanoTime() >= deadline) {
        killedAtTimeout = true;
        throw died(null);
      }
      process.waitFor(10, TimeUnit.MILLISECONDS);
    }
  }

  /** The arm of {@code role} that this JVM runs, as the sampler calls it. */
  Arm arm(Role role, String name) {
    return new RemoteArm(role, name);
  }

  /** This JVM's collections during its samples. */
  GcCounter gc() {
    return new GcCounter() {
      @Override
      public long collections() {
        return collections;
      }

      @Override
      public long millis() {
        return gcMillis;
      }
    };
  }

  /** Whether this JVM's JIT was quiet since the last look; {@code compiling} gets what it compiles. */
  boolean quietSinceLastLook(StringBuilder compiling) {
    try {
      channel.out().writeByte(ArmChannel.JIT);
      channel.flush();
      channel.readStatus();
      boolean quiet = channel.in().readBoolean();
      compiling.append(channel.in().readUTF());
      return quiet;
    } catch (IOException e) {
      throw died(e);
    }
  }

  /** Tells the fresh JVM the measurement is over, so that its test ends as tests do. */
  void done() {
    try {
      channel.out().writeByte(ArmChannel.DONE);
      channel.flush();
      process.waitFor(5, TimeUnit.SECONDS);
    } catch (IOException e) {
      // it is killed on close all the same
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Kills the fresh JVM, at {@code perfbudget.fork.timeout}: its reads then fail, and say why. */
  void killAtTimeout() {
    killedAtTimeout = true;
    Children.kill(process);
  }

  /** Notes the processes the fresh JVM started so far, to kill them with it. */
  void noteStartedProcesses() {
    process.descendants().forEach(started::add);
  }

  @Override
  public void close() {
    noteStartedProcesses();
    Children.kill(process);
    Children.kill(started.stream().filter(ProcessHandle::isAlive).toList());
    Children.remove(process);
    try {
      if (channel != null) {
        channel.close();
      }
      server.close();
      stdin.close();
    } catch (IOException e) {
      // closing what is already gone
    }
  }

  /** The arm this JVM is there for (the baseline's JVM runs the empty loop too). */
  private String arms() {
    return "the " + roles.get(0).label() + " arm";
  }

  /** The failure the fresh JVM wrote before it could connect, or why it wrote none. */
  private ForkedTestException endedBeforeConnecting() throws IOException {
    ChildResult result = ChildResult.read(dir.resolve(ForkMain.RESULT)).orElse(null);
    if (result != null) {
      return new ForkedTestException(result.failure().kind(), result.failure().getMessage() + " (in a fresh JVM)");
    }
    return died(null);
  }

  /** Why the fresh JVM stopped answering: killed at the timeout, or ended on its own. */
  ForkedTestException died(IOException cause) {
    try {
      process.waitFor(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Path output = dir.resolve("output.log");
    if (killedAtTimeout) {
      return new ForkedTestException(
          Kind.FAILED,
          String.format(
              "@PerfBudget test %s: the fresh JVM running %s (pid %d) did not finish within %s "
                  + "(perfbudget.fork.timeout), so it was killed. End of its output:%n%s",
              test, arms(), process.pid(), Format.millis(timeout.toNanos()), FreshJvm.tail(output)));
    }
    String how = process.isAlive() ? "stopped answering" : "exited with code " + process.exitValue();
    return new ForkedTestException(
        Kind.FAILED,
        String.format(
            "@PerfBudget test %s: the fresh JVM running %s (pid %d) %s%s. End of its output:%n%s",
            test, arms(), process.pid(), how, cause == null ? " without connecting" : " while it was measured",
            FreshJvm.tail(output)));
  }

  /** One arm of this JVM: each batch is run there, and timed there. */
  private final class RemoteArm implements Arm {
    private final Role role;
    private final String name;

    RemoteArm(Role role, String name) {
      this.role = role;
      this.name = name;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public Sample run(long operations) throws IOException {
      try {
        channel.out().writeByte(ArmChannel.RUN);
        channel.out().writeByte(role.ordinal());
        channel.out().writeLong(operations);
        channel.flush();
        channel.readStatus();
        long ran = channel.in().readLong();
        long nanos = channel.in().readLong();
        long bytes = channel.in().readLong();
        collections += channel.in().readLong();
        gcMillis += channel.in().readLong();
        return new Sample(ran, nanos, bytes);
      } catch (java.nio.channels.ClosedByInterruptException e) {
        throw e; // a hung op, stopped by the measuring thread's watch, which says so
      } catch (IOException e) {
        throw died(e);
      }
    }

    @Override
    @SuppressWarnings("unchecked")
    public Map<String, Object> figures(double nsPerOp) {
      try {
        channel.out().writeByte(ArmChannel.FIGURES);
        channel.out().writeByte(role.ordinal());
        channel.out().writeDouble(nsPerOp);
        channel.flush();
        channel.readStatus();
        return (Map<String, Object>) RecordJson.read(JsonParser.parseString(channel.readText()), Map.class);
      } catch (IOException e) {
        throw died(e);
      }
    }
  }
}
