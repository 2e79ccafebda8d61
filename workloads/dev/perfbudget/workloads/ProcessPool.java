package dev.perfbudget.workloads;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
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
 * classpath, and receives its slices over a loopback socket, whose read timeout bounds every
 * wait: a child that dies closes its socket and fails the dispatch at once, a child that hangs
 * fails it after {@code perfbudget.pool.timeout}.
 */
final class ProcessPool implements RunningPool {

  private static final String CHILD_HEAP = "-Xmx64m";

  private final String name;
  private final Duration timeout;
  private final List<Child> children;
  private Path mappedFile;
  private String broken;

  private ProcessPool(String name, Duration timeout, List<Child> children) {
    this.name = name;
    this.timeout = timeout;
    this.children = children;
  }

  /** One child JVM: its process, its connection and its log (stdout and stderr). */
  private record Child(int index, Process process, Socket socket, DataInputStream in, DataOutputStream out, Path log) {}

  static ProcessPool start(String name, int size, Duration timeout) {
    List<Process> processes = new ArrayList<>();
    List<Path> logs = new ArrayList<>();
    List<Child> children = new ArrayList<>();
    try (ServerSocket server = new ServerSocket(0, size, InetAddress.getLoopbackAddress())) {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      for (int i = 0; i < size; i++) {
        Path log = Files.createTempFile("perfbudget-pool-child-", ".log");
        logs.add(log);
        processes.add(
            new ProcessBuilder(
                    java, CHILD_HEAP, "-XX:+UseSerialGC", "-Xshare:auto",
                    "-D" + PoolChild.CHILD_PROPERTY + "=" + i,
                    "-cp", System.getProperty("java.class.path"),
                    PoolChild.class.getName(), Integer.toString(server.getLocalPort()), Integer.toString(i))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start());
      }
      Child[] connected = new Child[size];
      long deadline = System.nanoTime() + timeout.toNanos();
      server.setSoTimeout(200);
      for (int accepted = 0; accepted < size; ) {
        Socket socket;
        try {
          socket = server.accept();
        } catch (SocketTimeoutException e) {
          for (int i = 0; i < size; i++) {
            if (!processes.get(i).isAlive() && connected[i] == null) {
              throw new PoolFailureException(
                  "child process " + i + " of pool " + name + " exited with code "
                      + processes.get(i).exitValue() + " while starting; its output:\n" + tail(logs.get(i)));
            }
          }
          if (System.nanoTime() > deadline) {
            throw new PoolFailureException(
                "the child processes of pool " + name + " did not start within " + timeout + " (" + PoolOptions.TIMEOUT + ")");
          }
          continue;
        }
        socket.setTcpNoDelay(true);
        socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        DataInputStream in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
        int index = in.readInt();
        connected[index] = new Child(index, processes.get(index), socket, in, out, logs.get(index));
        children.add(connected[index]);
        accepted++;
      }
      return new ProcessPool(name, timeout, List.of(connected));
    } catch (IOException | RuntimeException e) {
      stop(children, processes, logs);
      if (e instanceof PoolFailureException failure) {
        throw failure;
      }
      throw new PoolFailureException("cannot start the child processes of pool " + name + ": " + e, e);
    }
  }

  @Override
  public void attach(Job job) {
    Path file = job.buffer().file();
    if (file.equals(mappedFile)) {
      return;
    }
    checkNotBroken();
    String kernelClass = job.kernel().getClass().getName();
    for (Child child : children) {
      try {
        child.out().writeByte(PoolChild.MAP);
        child.out().writeUTF(file.toString());
        child.out().writeInt(job.elements());
        child.out().writeUTF(kernelClass);
        child.out().flush();
      } catch (IOException e) {
        throw failed(child, "while sending it the buffer", e);
      }
    }
    for (Child child : children) {
      answer(child, "mapping " + file + " and creating the kernel " + kernelClass);
    }
    mappedFile = file;
  }

  @Override
  public void dispatch(Job job) {
    checkNotBroken();
    int size = children.size();
    int busy = Math.min(size, job.workers());
    for (int c = 0; c < busy; c++) {
      Child child = children.get(c);
      try {
        DataOutputStream out = child.out();
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
      answer(children.get(c), "running its slices");
    }
  }

  /** Reads a child's answer; a kernel failure in the child comes back as its stack trace. */
  private void answer(Child child, String doing) {
    try {
      if (child.in().readByte() != PoolChild.OK) {
        throw new PoolFailureException(
            "the kernel failed in child process " + child.index() + " of pool " + name + " (" + doing + "):\n"
                + child.in().readUTF());
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
    List<Path> logs = new ArrayList<>();
    for (Child child : children) {
      processes.add(child.process());
      logs.add(child.log());
    }
    stop(children, processes, logs);
  }

  /** Closes the connections (children exit on their own), then makes sure within 5 s. */
  private static void stop(List<Child> children, List<Process> processes, List<Path> logs) {
    for (Child child : children) {
      try {
        child.socket().close();
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
        // a temporary file; nothing else depends on it
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
