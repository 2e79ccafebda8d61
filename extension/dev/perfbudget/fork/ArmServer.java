package dev.perfbudget.fork;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.AbsoluteLimit;
import dev.perfbudget.Arm;
import dev.perfbudget.Arms;
import dev.perfbudget.Sample;
import dev.perfbudget.Sampling;
import dev.perfbudget.engine.GcCounter;
import dev.perfbudget.engine.JitActivity;
import dev.perfbudget.fork.ArmChannel.Role;
import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * A fresh JVM's side of a measurement in which each arm runs in a JVM of its own: once the
 * method body has declared the arms and the workload has prepared them, it connects to the test
 * JVM, says what the workload prepared, and runs batches of its own arms when asked, until the
 * test JVM says the measurement is over. The test JVM samples, decides and judges; this JVM
 * only runs its arms, times them, and says what its JIT and collectors did.
 */
@API(status = INTERNAL)
public final class ArmServer {

  /** The configuration key of the arms a fresh JVM runs: roles, comma-separated. */
  public static final String CHILD_ARMS = "perfbudget.fork.arms";
  /** The configuration key of the test JVM's socket that the fresh JVM connects to. */
  public static final String CHILD_CHANNEL = "perfbudget.fork.channel";
  /** The configuration key of the secret that proves a connection is this fresh JVM's. */
  public static final String CHILD_SECRET = "perfbudget.fork.secret";

  /**
   * What the workload prepared, as the test JVM needs it: the arms' names, whether there is an
   * empty loop, and what {@link Arms} says besides its arms.
   */
  record Hello(
      String baseline,
      String candidate,
      boolean emptyLoop,
      Map<String, Object> parameters,
      Sampling sampling,
      List<AbsoluteLimit> absoluteLimits,
      List<String> invalidBecause) {

    static Hello of(Arms arms) {
      return new Hello(
          arms.baseline().name(), arms.candidate().name(), arms.emptyLoop() != null, arms.parameters(), arms.sampling(),
          arms.absoluteLimits(), arms.invalidBecause());
    }
  }

  private final Map<Role, Arm> arms = new EnumMap<>(Role.class);
  private final Function<Throwable, ForkedTestException> failure;

  private ArmServer(Arms prepared, List<Role> roles, Function<Throwable, ForkedTestException> failure) {
    for (Role role : roles) {
      Arm arm = switch (role) {
        case BASELINE -> prepared.baseline();
        case CANDIDATE -> prepared.candidate();
        case EMPTY_LOOP -> prepared.emptyLoop();
      };
      if (arm != null) {
        arms.put(role, arm);
      }
    }
    this.failure = failure;
  }

  /**
   * Serves the prepared arms' {@code roles} (a configuration value: {@code baseline,empty loop})
   * to the test JVM at {@code socket} until it is done with them.
   *
   * @param failure what an arm's exception is to the test JVM
   */
  public static void serve(
      Arms prepared, String roles, Path socket, String secret, Function<Throwable, ForkedTestException> failure)
      throws IOException {
    new ArmServer(prepared, parseRoles(roles), failure).serve(prepared, socket, secret);
  }

  static List<Role> parseRoles(String roles) {
    return Arrays.stream(roles.split(",")).map(String::trim).map(label -> {
      for (Role role : Role.values()) {
        if (role.label().equals(label)) {
          return role;
        }
      }
      throw new IllegalArgumentException("no arm role " + label);
    }).toList();
  }

  /** Writes roles as {@link #parseRoles} reads them. */
  static String roles(List<Role> roles) {
    return String.join(",", roles.stream().map(Role::label).toList());
  }

  private void serve(Arms prepared, Path socket, String secret) throws IOException {
    try (SocketChannel socketChannel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
      socketChannel.connect(UnixDomainSocketAddress.of(socket));
      ArmChannel channel = new ArmChannel(socketChannel);
      channel.writeText(secret);
      channel.writeText(RecordJson.write(Hello.of(prepared)).toString());
      channel.flush();
      JitActivity jit = JitActivity.ofThisJvm();
      try {
        while (answer(channel, jit)) {
          // one exchange at a time, until the test JVM is done
        }
      } catch (EOFException e) {
        // the test JVM closed the connection: nothing more to run
      }
    }
  }

  /** Answers one command; false once the test JVM is done. */
  private boolean answer(ArmChannel channel, JitActivity jit) throws IOException {
    byte command = channel.in().readByte();
    switch (command) {
      case ArmChannel.RUN -> {
        Arm arm = arm(channel.in().readByte());
        long operations = channel.in().readLong();
        try {
          long collections = GcCounter.THIS_JVM.collections();
          long millis = GcCounter.THIS_JVM.millis();
          Sample sample = arm.run(operations);
          channel.writeSample(
              sample, GcCounter.THIS_JVM.collections() - collections, GcCounter.THIS_JVM.millis() - millis);
        } catch (Exception e) {
          channel.writeFailure(failure.apply(e));
        }
      }
      case ArmChannel.JIT -> {
        boolean quiet = jit.quietSinceLastLook();
        channel.out().writeByte(ArmChannel.OK);
        channel.out().writeBoolean(quiet);
        channel.out().writeUTF(jit.lastCompiling());
        channel.flush();
      }
      case ArmChannel.FIGURES -> {
        Arm arm = arm(channel.in().readByte());
        double nsPerOp = channel.in().readDouble();
        channel.out().writeByte(ArmChannel.OK);
        channel.writeText(RecordJson.write(arm.figures(nsPerOp)).toString());
        channel.flush();
      }
      case ArmChannel.DONE -> {
        return false;
      }
      default -> throw new IOException("unknown command " + command + " from the test JVM");
    }
    return true;
  }

  private Arm arm(byte role) throws IOException {
    Arm arm = role >= 0 && role < Role.values().length ? arms.get(Role.values()[role]) : null;
    if (arm == null) {
      throw new IOException("this JVM runs no arm of role " + role);
    }
    return arm;
  }
}
