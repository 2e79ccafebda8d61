package dev.perfbudget.fork;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The fresh JVMs running now, so that none outlives the test that started it: each is killed,
 * with whatever it started, when its test is done with it, and all are when this JVM exits.
 */
final class Children {

  private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(Children::kill), "perfbudget fresh JVMs"));
  }

  private Children() {}

  static void add(Process process) {
    RUNNING.add(process);
  }

  static void remove(Process process) {
    RUNNING.remove(process);
  }

  /** Kills the process and its descendants, and waits a little for them to be gone. */
  static void kill(Process process) {
    List<ProcessHandle> all = new ArrayList<>(process.descendants().toList());
    all.add(process.toHandle());
    kill(all);
  }

  /** Kills the processes still alive, and waits up to 5 s in all for them to be gone. */
  static void kill(Collection<ProcessHandle> processes) {
    processes.forEach(ProcessHandle::destroyForcibly);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    for (ProcessHandle process : processes) {
      try {
        process.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (ExecutionException | TimeoutException e) {
        // still there after 5 s: nothing more can be done from here
      }
    }
  }
}
