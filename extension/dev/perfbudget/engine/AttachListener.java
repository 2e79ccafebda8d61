package dev.perfbudget.engine;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;

/**
 * Diagnostic commands sent to this JVM's own attach listener, the thread that answers
 * {@code jcmd}, through its socket: the JVM runs them in native code, so a look at the JIT runs
 * next to no Java code besides a socket's.
 *
 * <p>IMPLEMENTATION NOTES. The same commands through the platform MBean server run JDK code
 * that a measured op may share, and the server's start-up runs a lot of it: each platform
 * MXBean's descriptor is kept in a {@code TreeMap} ordered by {@code String.CASE_INSENSITIVE_ORDER}.
 * Those calls gave {@code TreeMap.getEntry} a comparator path, which C2 then compiled in when the
 * arm {@code TreeMap.get} made the method hot, and the method grew too big to inline into the
 * arm's loop: {@code TreeMap.get} of an {@code Integer} read 15.6 to 16.0 ns/op in fresh JVMs
 * that looked through the server, and 13.1 to 14.2 in those that asked the listener, as in
 * JMH's forks (13.3 to 13.6).
 *
 * <p>Only up to Java 21 ({@link #LAST_BUFFERING_JAVA}); later JVMs look through the server.
 *
 * <p>A HotSpot JVM on Linux starts its listener when asked to ({@code -XX:+StartAttachListener},
 * which perfbudget's fresh JVMs get) or at the first {@code jcmd}, and listens on
 * {@code /tmp/.java_pid<pid>}; the protocol is the attach API's: the version, the command
 * {@code jcmd} and three arguments, each ended by a zero byte; the answer is a status line
 * ({@code 0} when the command ran) and the command's text. This JVM is never made to start its
 * listener: that takes a signal that, when it goes wrong, prints a thread dump on the test's
 * output.
 */
final class AttachListener implements DiagnosticCommands {

  private static final String PROTOCOL_VERSION = "1";
  /**
   * The last Java whose listener writes a command's answer once the command is done. Later ones
   * write it while the command runs, and for {@code Compiler.queue} that is at a safepoint, with
   * every Java thread of this JVM stopped, the one reading the answer too: once the socket's
   * buffer is full, the JVM waits for a reader that waits for the JVM. On Java 25 a test JVM hung
   * so for good; Java 17 has run thousands of looks without it.
   */
  private static final int LAST_BUFFERING_JAVA = 21;
  /** Two uptimes of one JVM, read a moment apart, differ by far less than this. */
  private static final double SAME_JVM_SECONDS = 2;

  private final UnixDomainSocketAddress socket;

  private AttachListener(UnixDomainSocketAddress socket) {
    this.socket = socket;
  }

  /**
   * This JVM's listener, when it runs one here and answers as this JVM: the socket is named by
   * the process ID alone, so a {@code /tmp} shared with another PID namespace (containers) could
   * hold another JVM's, which its uptime tells apart.
   */
  static Optional<AttachListener> ofThisJvm() {
    if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")
        || Runtime.version().feature() > LAST_BUFFERING_JAVA) {
      return Optional.empty();
    }
    AttachListener listener =
        new AttachListener(UnixDomainSocketAddress.of("/tmp/.java_pid" + ProcessHandle.current().pid()));
    try {
      double theirUptime = uptimeSeconds(listener.run("VM.uptime"));
      double ourUptime = ManagementFactory.getRuntimeMXBean().getUptime() / 1000.0;
      return Math.abs(theirUptime - ourUptime) < SAME_JVM_SECONDS ? Optional.of(listener) : Optional.empty();
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** The seconds of {@code VM.uptime}'s answer, such as {@code 1.574 s}. */
  static double uptimeSeconds(String answer) {
    String text = answer.strip();
    int space = text.indexOf(' ');
    return Double.parseDouble(space < 0 ? text : text.substring(0, space));
  }

  @Override
  public String run(String command) throws IOException {
    try (SocketChannel channel = SocketChannel.open(socket)) {
      String request = PROTOCOL_VERSION + '\0' + "jcmd" + '\0' + command + '\0' + '\0' + '\0';
      ByteBuffer bytes = ByteBuffer.wrap(request.getBytes(StandardCharsets.UTF_8));
      while (bytes.hasRemaining()) {
        channel.write(bytes);
      }
      String answer;
      try (InputStream in = Channels.newInputStream(channel)) {
        answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      int endOfStatus = answer.indexOf('\n');
      String status = endOfStatus < 0 ? answer : answer.substring(0, endOfStatus);
      if (!status.equals("0")) {
        throw new IOException("the attach listener answered " + command + " with " + answer.strip());
      }
      return answer.substring(endOfStatus + 1);
    }
  }
}
