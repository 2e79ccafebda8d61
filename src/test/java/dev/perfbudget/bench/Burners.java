package dev.perfbudget.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A busy machine: one CPU-bound shell loop per core, beside the test JVMs, killed when closed
 * and, should the harness die first, by a shutdown hook.
 */
final class Burners {

  private final List<Process> processes;
  private final Thread hook;

  private Burners(List<Process> processes) {
    this.processes = processes;
    this.hook = new Thread(this::kill, "quality-burners-kill");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  static Burners start(int count) throws IOException {
    List<Process> processes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      processes.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
    }
    return new Burners(processes);
  }

  static Burners none() {
    return new Burners(List.of());
  }

  void close() {
    kill();
    Runtime.getRuntime().removeShutdownHook(hook);
  }

  private void kill() {
    for (Process process : processes) {
      process.destroyForcibly();
    }
    for (Process process : processes) {
      try {
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
          System.err.println("burner " + process.pid() + " did not stop; kill it by hand");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
