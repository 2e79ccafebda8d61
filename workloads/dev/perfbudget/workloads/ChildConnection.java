package dev.perfbudget.workloads;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;

/**
 * The test JVM's end of one pool child's socket, with the read timeout that a Unix-domain
 * {@link SocketChannel} does not offer itself: every wait for the child's answer ends after
 * {@code timeout} with a {@link SocketTimeoutException}, so a hung child fails the dispatch
 * instead of hanging the build.
 */
final class ChildConnection implements Closeable {

  private final SocketChannel channel;
  private final Selector selector;
  private final SelectionKey key;
  private final long timeoutMillis;
  private final DataInputStream in;
  private final DataOutputStream out;

  ChildConnection(SocketChannel channel, Duration timeout) throws IOException {
    this.channel = channel;
    this.timeoutMillis = Math.max(1, timeout.toMillis());
    channel.configureBlocking(false);
    this.selector = Selector.open();
    this.key = channel.register(selector, SelectionKey.OP_READ);
    this.in = new DataInputStream(new BufferedInputStream(new Input()));
    this.out = new DataOutputStream(new BufferedOutputStream(new Output()));
  }

  DataInputStream in() {
    return in;
  }

  DataOutputStream out() {
    return out;
  }

  @Override
  public void close() throws IOException {
    try {
      channel.close();
    } finally {
      selector.close();
    }
  }

  /** Waits until the channel is ready for {@code operation}, or throws after the timeout. */
  private void await(int operation) throws IOException {
    key.interestOps(operation);
    long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
    while (true) {
      long left = (deadline - System.nanoTime()) / 1_000_000;
      if (left <= 0) {
        throw new SocketTimeoutException("no answer within " + timeoutMillis + " ms");
      }
      int ready = selector.select(left);
      selector.selectedKeys().clear();
      if (ready > 0) {
        return;
      }
    }
  }

  private final class Input extends InputStream {
    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
      if (length == 0) {
        return 0;
      }
      ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length);
      while (true) {
        int read = channel.read(buffer);
        if (read != 0) {
          return read;
        }
        await(SelectionKey.OP_READ);
      }
    }
  }

  private final class Output extends OutputStream {
    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, length);
      while (buffer.hasRemaining()) {
        if (channel.write(buffer) == 0) {
          await(SelectionKey.OP_WRITE);
        }
      }
    }
  }
}
