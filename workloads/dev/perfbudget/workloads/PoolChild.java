package dev.perfbudget.workloads;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Constructor;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.Set;

/**
 * The main class of a child JVM of {@link Pools#processes}. It reads its orders on stdin (the
 * pool's folder and socket, the pool's secret, its index), connects to the pool's socket and
 * presents the secret, then maps the shared buffer and runs kernel slices as told until the
 * connection closes.
 *
 * <p>It trusts nothing it is sent beyond that: it maps only regular files inside the pool's
 * private folder (no links, never growing a file), and creates only classes that implement
 * {@link Kernel}, checked before the class is initialised, so no static initialiser of another
 * class runs. Its stdin stays open while the pool lives; when it closes (the test JVM exited or
 * was killed) the child halts at once, even in the middle of a kernel, so it never outlives
 * its parent.
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

  private static final Set<PosixFilePermission> OPEN_TO_OTHERS =
      Set.of(
          PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
          PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

  private final Path folder;
  private IntBuffer elements;
  private Kernel kernel;

  private PoolChild(Path folder) {
    this.folder = folder;
  }

  public static void main(String[] args) throws IOException {
    DataInputStream orders = new DataInputStream(System.in);
    if (orders.readInt() != ProcessPool.HANDSHAKE_VERSION) {
      System.err.println("[perfbudget] pool child: started by another version of perfbudget; exiting");
      System.exit(2);
    }
    byte[] secret = new byte[PoolListener.SECRET_BYTES];
    orders.readFully(secret);
    int index = orders.readInt();
    Path socket = Path.of(orders.readUTF());
    Path folder = privateFolder(Path.of(orders.readUTF()));
    if (!socket.getParent().equals(folder)) {
      System.err.println("[perfbudget] pool child: the socket " + socket + " is not in the pool's folder " + folder + "; exiting");
      System.exit(2);
    }
    exitWhenClosed(System.in);
    try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
      // Everything set up first, so the hello follows the connect at once: the pool drops a
      // connection that stays silent.
      DataInputStream in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel)));
      DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(channel)));
      channel.connect(UnixDomainSocketAddress.of(socket));
      out.write(secret);
      out.writeInt(index);
      out.flush();
      Arrays.fill(secret, (byte) 0);
      new PoolChild(folder).serve(in, out);
    }
  }

  /**
   * The pool's folder, once it is known to be a real directory of this user that no one else
   * can enter; otherwise the child exits.
   */
  private static Path privateFolder(Path given) throws IOException {
    Path real = given.toRealPath();
    String problem = null;
    if (!real.equals(given)) {
      problem = "is reached through a link (" + real + ")";
    } else if (Files.getFileStore(real).supportsFileAttributeView(PosixFileAttributeView.class)) {
      PosixFileAttributes attributes = Files.readAttributes(real, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      String me = ProcessHandle.current().info().user().orElse(null);
      if (!attributes.isDirectory()) {
        problem = "is not a directory";
      } else if (me != null && !attributes.owner().getName().equals(me)) {
        problem = "belongs to " + attributes.owner().getName() + ", not to " + me;
      } else if (attributes.permissions().stream().anyMatch(OPEN_TO_OTHERS::contains)) {
        problem = "can be entered by other users";
      }
    }
    if (problem != null) {
      System.err.println("[perfbudget] pool child: the pool's folder " + given + " " + problem + "; exiting");
      System.exit(2);
    }
    return real;
  }

  /**
   * A daemon thread that halts this JVM when its stdin closes: the pool closed it, or the test
   * JVM died. Halt, not exit: no shutdown hook of a kernel's library may keep an orphan alive.
   */
  private static void exitWhenClosed(InputStream stdin) {
    Thread watchdog = new Thread(() -> {
      try {
        while (stdin.read() >= 0) {
          // the pool sends nothing more; anything else is ignored
        }
      } catch (IOException e) {
        // closed all the same
      }
      Runtime.getRuntime().halt(0);
    }, "perfbudget-pool-child-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
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
        elements = null;
        kernel = null;
        try {
          elements = mapInFolder(folder, file, count);
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
          if (kernel == null) {
            throw new IllegalStateException("no buffer is mapped");
          }
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

  /**
   * Maps {@code count} ints of {@code file}, which must be a regular file directly inside
   * {@code folder} and at least that long: the child never follows a link, never creates a
   * file and never grows one.
   */
  static IntBuffer mapInFolder(Path folder, String file, int count) throws IOException {
    Path path = Path.of(file);
    if (!path.isAbsolute() || path.getParent() == null || !path.getParent().equals(folder)) {
      throw new IOException("refused: " + file + " is not a file of the pool's folder " + folder);
    }
    if (Files.isSymbolicLink(path)) {
      throw new IOException("refused: " + file + " is a symbolic link");
    }
    // NOFOLLOW_LINKS as well: a link planted after the check above fails to open.
    try (FileChannel channel =
        FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
      BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      long bytes = SharedBuffer.bytes(count);
      if (!attributes.isRegularFile()) {
        throw new IOException("refused: " + file + " is not a regular file");
      }
      if (channel.size() < bytes) {
        throw new IOException("refused: " + file + " holds " + channel.size() + " bytes, fewer than the " + bytes
            + " that " + count + " elements need; a child never grows a file");
      }
      return channel.map(FileChannel.MapMode.READ_WRITE, 0, bytes).order(ByteOrder.nativeOrder()).asIntBuffer();
    }
  }

  /** Creates the kernel, after checking, before the class is initialised, that it is one. */
  static Kernel newKernel(String className) throws ReflectiveOperationException {
    Class<?> type = Class.forName(className, false, PoolChild.class.getClassLoader());
    if (!Kernel.class.isAssignableFrom(type)) {
      throw new ClassCastException("refused: " + className + " does not implement " + Kernel.class.getName()
          + "; a pool child creates kernels and nothing else");
    }
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
