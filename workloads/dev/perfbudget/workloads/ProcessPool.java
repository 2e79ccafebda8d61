package dev.perfbudget.workloads;

import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Child JVMs that work on the shared buffer through the same memory-mapped file: the process
 * backend of the break-even benchmark. Each child is started once, with this JVM's java and
 * classpath, and receives its slices over a Unix-domain socket that only this pool's children
 * can use (see {@link PoolListener}); every wait for an answer is bounded: a child that dies
 * closes its socket and fails the dispatch at once, a child that hangs fails it after {@code
 * perfbudget.pool.timeout}.
 *
 * <p>A child learns where to connect, the pool's secret and its index on its stdin, which stays
 * open for the child's life: when this JVM dies, even by {@code kill -9}, the pipe closes and
 * the child halts at once (see {@link PoolChild}). The socket, the buffers and the children's
 * logs live in this JVM's private {@link RunFolder}.
 */
final class ProcessPool implements RunningPool {

  private static final String CHILD_HEAP = "-Xmx64m";
  /** What a child reads on its stdin first; a different value means a child of another version. */
  static final int HANDSHAKE_VERSION = 0x7062_0001;

  private final String name;
  private final Duration timeout;
  private final List<Child> children;
  private final RunFolder.Lease folder;
  private final int rejected;
  private Path mappedFile;
  private String broken;

  private ProcessPool(String name, Duration timeout, List<Child> children, RunFolder.Lease folder, int rejected) {
    this.name = name;
    this.timeout = timeout;
    this.children = children;
    this.folder = folder;
    this.rejected = rejected;
  }

  /** One child JVM: its process, its connection, its stdin (the watchdog's pipe) and its log. */
  private record Child(int index, Process process, ChildConnection connection, OutputStream control, Path log) {}

  /** Told when the pool listens, before any child starts: where a test can try to get in. */
  interface Listening {
    void at(Path socket);
  }

  static ProcessPool start(String name, int size, Duration timeout, Path dir) {
    return start(name, size, timeout, dir, socket -> {});
  }

  static ProcessPool start(String name, int size, Duration timeout, Path dir, Listening listening) {
    RunFolder.Lease folder = RunFolder.lease(dir, PoolOptions.DIR);
    List<Process> processes = new ArrayList<>();
    List<OutputStream> controls = new ArrayList<>();
    List<Path> logs = new ArrayList<>();
    List<Child> children = new ArrayList<>();
    try (PoolListener listener = PoolListener.open(folder.path(), size)) {
      listening.at(listener.socket());
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      for (int i = 0; i < size; i++) {
        Path log = Files.createTempFile(folder.path(), "pool-child-" + i + "-", ".log");
        logs.add(log);
        Process process =
            new ProcessBuilder(
                    java, CHILD_HEAP, "-XX:+UseSerialGC", "-Xshare:auto", "-XX:-UsePerfData",
                    "-D" + PoolChild.CHILD_PROPERTY + "=" + i,
                    "-cp", System.getProperty("java.class.path"),
                    PoolChild.class.getName())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        processes.add(process);
        controls.add(process.getOutputStream());
        sendHandshake(process.getOutputStream(), listener, i, folder.path());
      }
      long deadline = System.nanoTime() + timeout.toNanos();
      SocketChannel[] channels = listener.accept(() -> {
        for (int i = 0; i < size; i++) {
          if (!processes.get(i).isAlive()) {
            throw new PoolFailureException(
                "child process " + i + " of pool " + name + " exited with code "
                    + processes.get(i).exitValue() + " while starting; its output:\n" + tail(logs.get(i)));
          }
        }
        if (System.nanoTime() > deadline) {
          throw new PoolFailureException(
              "the child processes of pool " + name + " did not start within " + timeout + " (" + PoolOptions.TIMEOUT + ")");
        }
      });
      for (int i = 0; i < size; i++) {
        children.add(new Child(i, processes.get(i), new ChildConnection(channels[i], timeout), controls.get(i), logs.get(i)));
      }
      if (listener.rejected() > 0) {
        System.err.printf(
            "[perfbudget] WARNING: pool %s refused %d connection(s) that did not present its secret: another "
                + "process on this machine tried to take the place of a child%n", name, listener.rejected());
      }
      return new ProcessPool(name, timeout, List.copyOf(children), folder, listener.rejected());
    } catch (IOException | RuntimeException e) {
      closeConnections(children);
      stop(processes, controls, logs);
      folder.close();
      if (e instanceof PoolFailureException failure) {
        throw failure;
      }
      throw new PoolFailureException("cannot start the child processes of pool " + name + ": " + e, e);
    }
  }

  /** Off the command line, where every local user could read it with {@code ps}. */
  private static void sendHandshake(OutputStream stdin, PoolListener listener, int index, Path folder) throws IOException {
    DataOutputStream out = new DataOutputStream(stdin);
    out.writeInt(HANDSHAKE_VERSION);
    out.write(listener.secret());
    out.writeInt(index);
    out.writeUTF(listener.socket().toString());
    out.writeUTF(folder.toString());
    out.flush();
  }

  /** The private folder whose buffer files the children accept, and nothing outside it. */
  Path folder() {
    return folder.path();
  }

  /** How many connections the pool refused while its children connected. */
  int rejectedConnections() {
    return rejected;
  }

  @Override
  public void attach(Job job) {
    Path file = job.buffer().file();
    if (file.equals(mappedFile)) {
      return;
    }
    map(file, job.elements(), job.kernel().getClass().getName());
    mappedFile = file;
  }

  /** Tells every child to map {@code file} and create the kernel {@code kernelClass}. */
  void map(Path file, int elements, String kernelClass) {
    checkNotBroken();
    mappedFile = null;
    for (Child child : children) {
      try {
        DataOutputStream out = child.connection().out();
        out.writeByte(PoolChild.MAP);
        out.writeUTF(file.toString());
        out.writeInt(elements);
        out.writeUTF(kernelClass);
        out.flush();
      } catch (IOException e) {
        throw failed(child, "while sending it the buffer", e);
      }
    }
    for (Child child : children) {
      answer(child, "could not map the buffer or create the kernel", "mapping " + file + " and creating the kernel " + kernelClass);
    }
  }

  @Override
  public void dispatch(Job job) {
    checkNotBroken();
    int size = children.size();
    int busy = Math.min(size, job.workers());
    for (int c = 0; c < busy; c++) {
      Child child = children.get(c);
      try {
        DataOutputStream out = child.connection().out();
        out.writeByte(PoolChild.RUN);
        out.writeInt((job.workers() - c + size - 1) / size);
        for (int slice = c; slice < job.workers(); slice += size) {
          out.writeInt(job.from(slice));
          out.writeInt(job.to(slice));
        }
        out.writeInt(job.rounds());
        out.flush();
      } catch (IOException e) {
        throw failed(child, "while sending it its slices", e);
      }
    }
    for (int c = 0; c < busy; c++) {
      answer(children.get(c), null, "running its slices");
    }
  }

  /**
   * Reads a child's answer; a failure in the child comes back as its message and stack trace.
   *
   * @param failure what a failure means, or null when it is the kernel's
   */
  private void answer(Child child, String failure, String doing) {
    try {
      if (child.connection().in().readByte() != PoolChild.OK) {
        String where = "child process " + child.index() + " of pool " + name;
        throw new PoolFailureException(
            (failure == null ? "the kernel failed in " + where : where + " " + failure) + " (" + doing + "):\n"
                + child.connection().in().readUTF());
      }
    } catch (IOException e) {
      throw failed(child, doing, e);
    }
  }

  private PoolFailureException failed(Child child, String doing, IOException e) {
    String what;
    if (e instanceof SocketTimeoutException) {
      what = "did not answer within " + timeout + " (" + PoolOptions.TIMEOUT + ") " + doing + "; it was stopped";
    } else {
      Integer code = exitCode(child.process());
      what =
          (code == null ? "lost its connection (" + e + ")" : "exited with code " + code)
              + " " + doing;
    }
    broken = String.format("child process %d (pid %d) of pool %s %s", child.index(), child.process().pid(), name, what);
    String output = tail(child.log());
    close();
    return new PoolFailureException(
        broken + (output.isEmpty() ? "" : "; its output:\n" + output),
        e instanceof EOFException ? null : e);
  }

  private static Integer exitCode(Process process) {
    try {
      return process.waitFor(2, TimeUnit.SECONDS) ? process.exitValue() : null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  private void checkNotBroken() {
    if (broken != null) {
      throw new PoolFailureException("pool " + name + " cannot dispatch any more: " + broken);
    }
  }

  @Override
  public void close() {
    List<Process> processes = new ArrayList<>();
    List<OutputStream> controls = new ArrayList<>();
    List<Path> logs = new ArrayList<>();
    for (Child child : children) {
      processes.add(child.process());
      controls.add(child.control());
      logs.add(child.log());
    }
    closeConnections(children);
    stop(processes, controls, logs);
    folder.close();
  }

  private static void closeConnections(List<Child> children) {
    for (Child child : children) {
      try {
        child.connection().close();
      } catch (IOException e) {
        // the process is stopped below either way
      }
    }
  }

  /** Closes the children's stdin (they halt on it), then makes sure within 5 s. */
  private static void stop(List<Process> processes, List<OutputStream> controls, List<Path> logs) {
    for (OutputStream control : controls) {
      try {
        control.close();
      } catch (IOException e) {
        // the process is stopped below either way
      }
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
    for (Process process : processes) {
      try {
        long left = Math.max(0, deadline - System.nanoTime());
        if (!process.waitFor(left, TimeUnit.NANOSECONDS)) {
          process.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
    for (Path log : logs) {
      try {
        Files.deleteIfExists(log);
      } catch (IOException e) {
        // in the private folder, which goes with the last lease
      }
    }
  }

  private static String tail(Path log) {
    try {
      String text = Files.readString(log, StandardCharsets.UTF_8).strip();
      return text.length() > 4000 ? "..." + text.substring(text.length() - 4000) : text;
    } catch (IOException e) {
      return "";
    }
  }
}
