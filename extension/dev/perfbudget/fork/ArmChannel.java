package dev.perfbudget.fork;

import dev.perfbudget.Sample;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The connection between the test JVM and a fresh JVM that runs arms of a test for it: the test
 * JVM asks, the fresh JVM answers, one exchange at a time. Both ends use this class, so the
 * commands and their replies are written and read in one place.
 *
 * <p>IMPLEMENTATION NOTES. Binary and unbuffered in meaning (every message is flushed at once):
 * a sample is asked for thousands of times in a warm-up, and a JSON exchange would cost more
 * than the shortest batches it times. Only the hello, sent once, is JSON. Reads are on a socket
 * channel, so an interrupt of the test JVM's measuring thread (a hung op) ends a read at once.
 */
final class ArmChannel implements Closeable {

  /** The arms a fresh JVM may run, by their role in the measurement. */
  enum Role {
    BASELINE,
    CANDIDATE,
    EMPTY_LOOP;

    /** The role as a configuration value and in messages: {@code baseline}, {@code empty loop}. */
    String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
  }

  /** Run a batch of one arm: role, operations. */
  static final byte RUN = 'R';
  /** Say whether the JIT was quiet since the last look. */
  static final byte JIT = 'J';
  /** Give an arm's figures for a cost per operation: role, ns/op. */
  static final byte FIGURES = 'F';
  /** The measurement is over: end the test. */
  static final byte DONE = 'D';

  static final byte OK = '+';
  static final byte THREW = '!';

  private final SocketChannel channel;
  private final DataInputStream in;
  private final DataOutputStream out;

  ArmChannel(SocketChannel channel) {
    this.channel = channel;
    this.in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel)));
    this.out = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(channel)));
  }

  DataInputStream in() {
    return in;
  }

  DataOutputStream out() {
    return out;
  }

  void writeText(String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  String readText() throws IOException {
    int length = in.readInt();
    if (length < 0 || length > (64 << 20)) {
      throw new IOException("a message of " + length + " bytes is not one this channel sends");
    }
    byte[] bytes = new byte[length];
    in.readFully(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  void writeSample(Sample sample, long collections, long gcMillis) throws IOException {
    out.writeByte(OK);
    out.writeLong(sample.operations());
    out.writeLong(sample.nanos());
    out.writeLong(sample.allocatedBytes());
    out.writeLong(collections);
    out.writeLong(gcMillis);
    out.flush();
  }

  /** A failure where a reply was due: which way it failed, and the message for the test. */
  void writeFailure(ForkedTestException failure) throws IOException {
    out.writeByte(THREW);
    out.writeUTF(failure.kind().name());
    writeText(failure.getMessage());
    out.flush();
  }

  /** Reads the status of a reply; a failure is thrown as what it was in the fresh JVM. */
  void readStatus() throws IOException {
    byte status = in.readByte();
    if (status == THREW) {
      ForkedTestException.Kind kind = ForkedTestException.Kind.valueOf(in.readUTF());
      throw new ForkedTestException(kind, readText());
    }
    if (status != OK) {
      throw new IOException("unexpected reply " + status + " from the fresh JVM");
    }
  }

  void flush() throws IOException {
    out.flush();
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
