package dev.perfbudget.workloads;

import java.io.Closeable;
import java.io.IOException;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where the children of one {@link ProcessPool} connect: a Unix-domain socket in this JVM's
 * private {@link RunFolder} (mode 0700, so no other user can even reach it), which takes a
 * connection only when its first bytes are the pool's random secret and a child index not yet
 * taken. The secret reaches each child on its stdin, never on its command line.
 *
 * <p>Every connection is read at once through a selector, so a peer that connects and says
 * nothing delays no one: it is dropped after {@link #SILENT_PEER}, or when the pool has all its
 * children, whichever comes first. A wrong secret, an index out of range or one already taken
 * closes the connection on the spot.
 */
final class PoolListener implements Closeable {

  static final int SECRET_BYTES = 32;
  static final int HELLO_BYTES = SECRET_BYTES + Integer.BYTES;
  /**
   * A real child sends its hello in the same breath as it connects; a peer silent this long is
   * not one. It delays no one meanwhile: hellos are read side by side.
   */
  static final Duration SILENT_PEER = Duration.ofSeconds(5);

  /**
   * Room in the queue of connections not yet accepted, beyond the children: whoever else
   * knocks is refused at once, but must not fill the queue and keep a child waiting.
   */
  private static final int BACKLOG = 64;

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final AtomicInteger POOLS = new AtomicInteger();

  private final Path socket;
  private final ServerSocketChannel server;
  private final Selector selector;
  private final byte[] secret;
  private final int size;
  private int rejected;

  private PoolListener(Path socket, ServerSocketChannel server, Selector selector, byte[] secret, int size) {
    this.socket = socket;
    this.server = server;
    this.selector = selector;
    this.secret = secret;
    this.size = size;
  }

  /** Checks the children of the pool while waiting: throws when one died or time is up. */
  interface Progress {
    void check();
  }

  static PoolListener open(Path folder, int size) throws IOException {
    // Short: a Unix socket's path is limited to about 100 bytes (104 on macOS).
    Path socket = folder.resolve("pool" + POOLS.incrementAndGet() + ".sock");
    ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    try {
      server.bind(UnixDomainSocketAddress.of(socket), size + BACKLOG);
    } catch (SocketException e) {
      server.close();
      throw new IOException(
          "cannot listen on " + socket + " (" + e.getMessage() + "); a Unix socket path is limited to about "
              + "100 characters, so set " + PoolOptions.DIR + " to a shorter folder", e);
    }
    server.configureBlocking(false);
    Selector selector = Selector.open();
    server.register(selector, SelectionKey.OP_ACCEPT);
    byte[] secret = new byte[SECRET_BYTES];
    RANDOM.nextBytes(secret);
    return new PoolListener(socket, server, selector, secret, size);
  }

  Path socket() {
    return socket;
  }

  byte[] secret() {
    return secret.clone();
  }

  /** Connections refused so far: a wrong secret, a bad or taken index, silence. */
  int rejected() {
    return rejected;
  }

  /** Waits until every child has connected and returns their channels, by index. */
  SocketChannel[] accept(Progress progress) throws IOException {
    SocketChannel[] children = new SocketChannel[size];
    Map<SocketChannel, Hello> pending = new HashMap<>();
    int connected = 0;
    try {
      while (connected < size) {
        progress.check();
        selector.select(100);
        for (SelectionKey key : selector.selectedKeys()) {
          if (!key.isValid()) {
            continue;
          }
          if (key.isAcceptable()) {
            SocketChannel channel = server.accept();
            if (channel != null) {
              channel.configureBlocking(false);
              channel.register(selector, SelectionKey.OP_READ);
              pending.put(channel, new Hello(System.nanoTime()));
            }
          } else if (key.isReadable()) {
            SocketChannel channel = (SocketChannel) key.channel();
            Hello hello = pending.get(channel);
            int index = hello.read(channel);
            if (index == Hello.INCOMPLETE) {
              continue;
            }
            pending.remove(channel);
            key.cancel();
            if (index >= 0 && index < size && children[index] == null) {
              children[index] = channel;
              connected++;
            } else {
              refuse(channel);
            }
          }
        }
        selector.selectedKeys().clear();
        long now = System.nanoTime();
        List<SocketChannel> silent = new ArrayList<>();
        pending.forEach((channel, hello) -> {
          if (now - hello.acceptedAt > SILENT_PEER.toNanos()) {
            silent.add(channel);
          }
        });
        for (SocketChannel channel : silent) {
          pending.remove(channel);
          refuse(channel);
        }
      }
      // The children's channels are still registered with this selector (cancelled keys):
      // flush the cancellations before they are used on their own.
      selector.selectNow();
      return children;
    } catch (IOException | RuntimeException e) {
      for (SocketChannel child : children) {
        if (child != null) {
          child.close();
        }
      }
      throw e;
    } finally {
      for (SocketChannel channel : pending.keySet()) {
        refuse(channel);
      }
    }
  }

  private void refuse(SocketChannel channel) {
    rejected++;
    try {
      channel.close();
    } catch (IOException e) {
      // refused either way
    }
  }

  /** Stops listening: the socket file goes, so nothing can connect any more. */
  @Override
  public void close() throws IOException {
    try {
      selector.close();
      server.close();
    } finally {
      Files.deleteIfExists(socket);
    }
  }

  /** The first bytes of a connection: the secret, then the child's index. */
  private final class Hello {
    static final int INCOMPLETE = Integer.MIN_VALUE;
    static final int REFUSED = -1;

    final long acceptedAt;
    final ByteBuffer bytes = ByteBuffer.allocate(HELLO_BYTES);

    Hello(long acceptedAt) {
      this.acceptedAt = acceptedAt;
    }

    /** The index a complete, genuine hello names; {@link #REFUSED} for anything else. */
    int read(SocketChannel channel) {
      try {
        if (channel.read(bytes) < 0) {
          return REFUSED;
        }
      } catch (IOException e) {
        return REFUSED;
      }
      if (bytes.hasRemaining()) {
        return INCOMPLETE;
      }
      byte[] presented = Arrays.copyOf(bytes.array(), SECRET_BYTES);
      // Compared in constant time: how long a refusal takes tells nothing about the secret.
      if (!MessageDigest.isEqual(presented, secret)) {
        return REFUSED;
      }
      int index = bytes.getInt(SECRET_BYTES);
      return index >= 0 ? index : REFUSED;
    }
  }
}
