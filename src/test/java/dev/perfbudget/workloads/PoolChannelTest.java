package dev.perfbudget.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The channel between a process pool and its children: only the pool's own children get in,
 * and a child does nothing it is told beyond mapping a buffer file of the pool's own folder and
 * creating a {@link Kernel}.
 */
class PoolChannelTest {

  @TempDir Path dir;

  /**
   * While the pool waits for its children, a second process connects to every endpoint the test
   * JVM newly listens on, before the real children, and sends forged indexes, guessed secrets
   * and fake answers, or nothing at all. The pool refuses every one of those connections without
   * sending them a byte, is not held up by the silent one, starts, and computes what serial
   * computes; once started it listens nowhere.
   */
  @Test
  void forgedConnectionsFromAnotherProcessAreNeverAccepted() throws Exception {
    assumeTrue(ListeningEndpoints.available(), "lists the test JVM's sockets through /proc (Linux)");
    long pid = ProcessHandle.current().pid();
    Set<String> before = ListeningEndpoints.of(pid);
    List<String> opened = new ArrayList<>();
    List<Peer> peers = new ArrayList<>();

    ProcessPool pool = ProcessPool.start("processes(2)", 2, Duration.ofSeconds(30), dir, socket -> {
      try {
        Set<String> now = new TreeSet<>(ListeningEndpoints.of(pid));
        now.removeAll(before);
        opened.addAll(now);
        peers.add(Peer.start(opened));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    try {
      assertThat(opened).as("the endpoints the pool opened").isNotEmpty().allMatch(e -> e.startsWith("unix:" + pool.folder()));
      List<String> answers = peers.get(0).rest();
      assertThat(answers).as("what each forged connection got").hasSize(6 * opened.size())
          .allMatch(line -> line.endsWith(" received=0 closed=true"));
      assertThat(pool.rejectedConnections()).isEqualTo(6 * opened.size());

      try (SharedBuffer buffer = SharedBuffer.create(dir, 10_000)) {
        Job job = new Job(Kernels.lcg(), buffer, 10_000, 3, 4);
        long expected = SerialCheck.expected(job);
        SerialCheck.verify("processes", Pools.processes(2), pool, job, expected);
        assertThat(buffer.checksum()).isEqualTo(expected);
      }

      Set<String> after = new TreeSet<>(ListeningEndpoints.of(pid));
      after.removeAll(before);
      assertThat(after).as("endpoints still open once the children are in").isEmpty();
      assertThat(Peer.start(opened).rest()).as("a second try, once the pool runs")
          .hasSize(6 * opened.size()).allMatch(line -> line.endsWith(" refused"));
    } finally {
      pool.close();
    }
  }

  /**
   * Commands with a path outside the pool's folder, a link planted inside it, a path that climbs
   * out of it, a file too short for the elements, and a class that is not a {@code Kernel} (whose
   * static initialiser would kill the child): each is refused with a message that says why, the
   * file outside is untouched, and the child goes on working.
   */
  @Test
  void theChildMapsOnlyFilesOfThePoolFolderAndCreatesOnlyKernels() throws IOException {
    Path pools = dir.resolve("pools");
    Path precious = Files.writeString(dir.resolve("precious.txt"), "precious");
    ProcessPool pool = ProcessPool.start("processes(1)", 1, Duration.ofSeconds(30), pools);
    try (SharedBuffer buffer = SharedBuffer.create(pools, 1024)) {
      String lcg = LcgKernel.class.getName();
      assertThatThrownBy(() -> pool.map(precious, 16, lcg))
          .isInstanceOf(PoolFailureException.class)
          .hasMessageContaining("child process 0 of pool processes(1) could not map the buffer")
          .hasMessageContaining("refused: " + precious + " is not a file of the pool's folder " + pool.folder());
      Path link = Files.createSymbolicLink(pool.folder().resolve("planted.buf"), precious);
      assertThatThrownBy(() -> pool.map(link, 16, lcg)).hasMessageContaining("refused: " + link + " is a symbolic link");
      Path climbing = pool.folder().resolve("..").resolve("precious.txt");
      assertThatThrownBy(() -> pool.map(climbing, 16, lcg)).hasMessageContaining("refused: " + climbing + " is not a file of the pool's folder");
      Path small = Files.write(pool.folder().resolve("small.buf"), new byte[8]);
      assertThatThrownBy(() -> pool.map(small, 16, lcg)).hasMessageContaining("a child never grows a file");
      assertThat(small).hasSize(8);
      assertThat(precious).hasContent("precious");

      assertThatThrownBy(() -> pool.map(buffer.file(), 1024, HaltsWhenInitialised.class.getName()))
          .hasMessageContaining("refused: " + HaltsWhenInitialised.class.getName() + " does not implement " + Kernel.class.getName());

      Job job = new Job(Kernels.lcg(), buffer, 1024, 2, 2);
      SerialCheck.verify("processes", Pools.processes(1), pool, job, SerialCheck.expected(job));
    } finally {
      pool.close();
    }
    assertThat(precious).as("the target of the link, once the pool's folder is deleted").hasContent("precious");
    try (var left = Files.list(pools)) {
      assertThat(left).as("left in the pool dir").isEmpty();
    }
  }

  /**
   * Connections that know the secret but name an index out of range, or one already taken, are
   * refused; a silent one holds up nothing and is closed once the children are in.
   */
  @Test
  void theListenerRefusesTakenAndOutOfRangeIndexesAndWaitsForNoSilentPeer() throws IOException {
    Path folder = dir.resolve("private");
    RunFolder.createPrivateDirectory(Files.createDirectories(dir).resolve("private"));
    try (PoolListener listener = PoolListener.open(folder, 2)) {
      SocketChannel silent = SocketChannel.open(UnixDomainSocketAddress.of(listener.socket()));
      SocketChannel first = hello(listener, 0);
      SocketChannel again = hello(listener, 0);
      SocketChannel outOfRange = hello(listener, 2);
      SocketChannel second = hello(listener, 1);

      long start = System.nanoTime();
      SocketChannel[] children = listener.accept(() -> {});
      assertThat(Duration.ofNanos(System.nanoTime() - start)).as("waited for the silent peer").isLessThan(PoolListener.SILENT_PEER);

      assertThat(children).hasSize(2).doesNotContainNull();
      assertThat(listener.rejected()).isEqualTo(3);
      for (SocketChannel refused : List.of(silent, again, outOfRange)) {
        assertThat(refused.read(ByteBuffer.allocate(1))).as("closed by the pool").isEqualTo(-1);
      }
      for (SocketChannel channel : List.of(silent, first, again, outOfRange, second, children[0], children[1])) {
        channel.close();
      }
    }
    try (var left = Files.list(folder)) {
      assertThat(left).as("the socket file, once the listener is closed").isEmpty();
    }
  }

  private static SocketChannel hello(PoolListener listener, int index) throws IOException {
    SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(listener.socket()));
    channel.write(ByteBuffer.allocate(PoolListener.HELLO_BYTES).put(listener.secret()).putInt(index).flip());
    return channel;
  }

  /** Not a kernel; initialising it in a child would halt the child. */
  static final class HaltsWhenInitialised {
    static {
      if (System.getProperty(PoolChild.CHILD_PROPERTY) != null) {
        Runtime.getRuntime().halt(42);
      }
    }
  }

  /** A {@link ForgedPoolPeer} process and its report, one line per connection. */
  private static final class Peer {
    private final Process process;
    private final BufferedReader out;
    private final List<String> lines = new ArrayList<>();

    private Peer(Process process) {
      this.process = process;
      this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /** Starts a peer on the endpoints and returns once it has sent its forgeries. */
    static Peer start(List<String> endpoints) throws IOException {
      List<String> command = new ArrayList<>(List.of(
          Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xshare:auto", "-XX:TieredStopAtLevel=1",
          "-cp", System.getProperty("java.class.path"), ForgedPoolPeer.class.getName()));
      command.addAll(endpoints);
      Peer peer = new Peer(new ProcessBuilder(command).redirectErrorStream(true).start());
      peer.process.getOutputStream().close();
      // A peer stuck in a connect must not hang the build: its output then ends, and so does the wait below.
      peer.process.onExit().orTimeout(30, TimeUnit.SECONDS).exceptionally(timedOut -> peer.process.destroyForcibly());
      for (String line = peer.out.readLine(); !"SENT".equals(line); line = peer.out.readLine()) {
        if (line == null) {
          throw new IOException("the forging process ended (or was stopped after 30 s) before sending everything: " + peer.lines);
        }
        peer.lines.add(line);
      }
      return peer;
    }

    /** Every line of the report, once the peer has exited. */
    List<String> rest() throws IOException, InterruptedException {
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("the forging process still waits for an answer after 20 s: " + lines);
      }
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        lines.add(line);
      }
      return lines;
    }
  }
}
