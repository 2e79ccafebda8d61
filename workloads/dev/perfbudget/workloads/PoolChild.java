package dev.perfbudget.workloads;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Constructor;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.IntBuffer;
import java.nio.file.Path;

/**
 * The main class of a child JVM of {@link Pools#processes}: connects back to the test's JVM on
 * loopback, then maps the shared buffer and runs kernel slices as told until the connection
 * closes, which it does when the pool closes or the test's JVM dies, so a child never outlives
 * its parent for long.
 *
 * <p>The protocol, one command at a time, each answered with {@link #OK} or {@link #FAILED}
 * and a text: {@link #MAP} (buffer file, elements, kernel class), {@link #RUN} (slice count,
 * each slice's from and to, rounds).
 */
final class PoolChild {

  static final byte MAP = 1;
  static final byte RUN = 2;
  static final byte OK = 0;
  static final byte FAILED = 1;
  /** Set in every child JVM to its index, so a test kernel can tell where it runs. */
  static final String CHILD_PROPERTY = "perfbudget.pool.child";

  private IntBuffer elements;
  private Kernel kernel;

  private PoolChild() {}

  public static void main(String[] args) throws IOException {
    int port = Integer.parseInt(args[0]);
    int index = Integer.parseInt(args[1]);
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
      socket.setTcpNoDelay(true);
      DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
      DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
      out.writeInt(index);
      out.flush();
      new PoolChild().serve(in, out);
    }
  }

  private void serve(DataInputStream in, DataOutputStream out) throws IOException {
    int[] slices = new int[0];
    while (true) {
      byte command;
      try {
        command = in.readByte();
      } catch (EOFException e) {
        return; // the pool closed
      }
      String failure = null;
      if (command == MAP) {
        String file = in.readUTF();
        int count = in.readInt();
        String kernelClass = in.readUTF();
        try {
          elements = SharedBuffer.map(Path.of(file), count);
          kernel = newKernel(kernelClass);
        } catch (Throwable e) {
          failure = "cannot map " + file + " or create the kernel " + kernelClass + ": " + stackTrace(e);
        }
      } else if (command == RUN) {
        int count = in.readInt();
        if (slices.length < 2 * count) {
          slices = new int[2 * count];
        }
        for (int i = 0; i < 2 * count; i++) {
          slices[i] = in.readInt();
        }
        int rounds = in.readInt();
        try {
          for (int i = 0; i < count; i++) {
            kernel.run(elements, slices[2 * i], slices[2 * i + 1], rounds);
          }
        } catch (Throwable e) {
          failure = stackTrace(e);
        }
      } else {
        failure = "unknown command " + command;
      }
      if (failure == null) {
        out.writeByte(OK);
      } else {
        out.writeByte(FAILED);
        out.writeUTF(failure.length() > 20_000 ? failure.substring(0, 20_000) : failure);
      }
      out.flush();
    }
  }

  static Kernel newKernel(String className) throws ReflectiveOperationException {
    Class<?> type = Class.forName(className, true, PoolChild.class.getClassLoader());
    Constructor<?> constructor = type.getDeclaredConstructor();
    constructor.setAccessible(true);
    return (Kernel) constructor.newInstance();
  }

  private static String stackTrace(Throwable e) {
    StringWriter text = new StringWriter();
    e.printStackTrace(new PrintWriter(text));
    return text.toString();
  }
}
