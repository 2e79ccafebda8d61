package dev.perfbudget.workloads;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of a pool perfbudget owns, named and remembered, so that closing the pool can
 * wait until they are gone: an executor says it has terminated once its workers have left their
 * tasks, a moment before their threads end, and a pool closed with its test class must leave no
 * thread behind when the next class starts.
 */
final class PoolThreads implements ThreadFactory {

  private final String prefix;
  private final AtomicInteger count = new AtomicInteger();
  private final List<Thread> started = new CopyOnWriteArrayList<>();

  PoolThreads(String prefix) {
    this.prefix = prefix;
  }

  @Override
  public Thread newThread(Runnable task) {
    return remember(new Thread(task, prefix + count.incrementAndGet()));
  }

  /** Names, marks as a daemon and remembers a thread made elsewhere (a fork/join worker). */
  Thread remember(Thread thread) {
    if (!thread.getName().startsWith(prefix)) {
      thread.setName(prefix + count.incrementAndGet());
    }
    thread.setDaemon(true);
    started.add(thread);
    return thread;
  }

  /** Waits until every thread started has ended, for at most {@code timeoutNanos} in all; whether they all have. */
  boolean awaitEnd(long timeoutNanos) throws InterruptedException {
    long deadline = System.nanoTime() + timeoutNanos;
    for (Thread thread : started) {
      TimeUnit.NANOSECONDS.timedJoin(thread, deadline - System.nanoTime()); // no wait once past the deadline
    }
    return started.stream().noneMatch(Thread::isAlive);
  }

  /** No threads to wait for: an executor that makes its own (virtual threads), shut down all the same. */
  static PoolThreads none() {
    return new PoolThreads("");
  }
}
