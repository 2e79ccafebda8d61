package dev.perfbudget.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfbudget.testkit.ChildJvm;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The lock beside a shared file: bounded, never through a link, taken over from the dead. */
class LockedFileTest {

  @TempDir Path dir;

  /**
   * Another JVM holds the lock and does not let go: a writer waits its bounded time and fails
   * with a message that names the lock file and the holder, never hangs. Once that JVM is
   * killed with {@code kill -9} mid-write, its lock file stays but its lock is gone, and the
   * next writer takes it over at once and leaves no lock file behind.
   */
  @Test
  void aLockHeldByAnotherProcessFailsInBoundedTimeAndOneLeftByAKilledProcessIsTakenOver() throws Exception {
    Path target = dir.resolve("budgets").resolve("perf-budgets.json");
    Files.createDirectories(target.getParent());
    Path output = dir.resolve("holder.out");
    Process holder = ChildJvm.start(LockHolder.class, Map.of(), output, target.toString());
    try {
      awaitHeld(holder, output);
      Path lockFile = LockedFile.lockFileOf(target);
      assertThat(lockFile).exists().hasParent(target.getParent().toRealPath());

      long start = System.nanoTime();
      assertThatThrownBy(() -> LockedFile.update(target, Duration.ofMillis(300), current -> Optional.of("mine")))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("Waited 300 ms for the lock on " + target.getParent().toRealPath().resolve("perf-budgets.json"))
          .hasMessageContaining("the lock file " + lockFile + " is held by another process")
          .hasMessageContaining("its holder is pid " + holder.pid() + ", started ")
          .hasMessageContaining("perfbudget.lock.timeout sets how long to wait");
      assertThat(Duration.ofNanos(System.nanoTime() - start)).as("bounded wait").isLessThan(Duration.ofSeconds(20));
      assertThat(target).doesNotExist();

      holder.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      assertThat(lockFile).as("left by the killed holder").exists();
      LockedFile.update(target, Duration.ofSeconds(10), current -> Optional.of("mine"));
      assertThat(target).hasContent("mine");
      assertThat(lockFile).as("removed once the write is done").doesNotExist();
    } finally {
      holder.destroyForcibly();
    }
  }

  /**
   * A writer that opened the lock file just before its holder deleted it, and then got the
   * lock on that deleted file, must not take it for the lock: the path may name a new lock file
   * by then, even one with the same inode number, held by someone else. The holder marks the
   * file it deleted before letting go, and the waiter reads the mark through its own descriptor.
   */
  @Test
  void aLockFileDeletedByItsHolderIsMarkedForWhoeverStillHasItOpen() throws Exception {
    Path target = dir.resolve("history.jsonl");
    Path lockFile = LockedFile.lockFileOf(target);
    CountDownLatch held = new CountDownLatch(1);
    CountDownLatch letGo = new CountDownLatch(1);
    ExecutorService holder = Executors.newSingleThreadExecutor();
    try {
      Future<?> write = holder.submit(() -> {
        LockedFile.update(target, Duration.ofSeconds(10), current -> {
          held.countDown();
          awaitQuietly(letGo);
          return Optional.of("written");
        });
        return null;
      });
      assertThat(held.await(10, TimeUnit.SECONDS)).as("the holder took the lock").isTrue();
      try (FileChannel waiter = FileChannel.open(lockFile, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
        assertThat(LockedFile.released(waiter)).as("while its holder has it").isFalse();
        letGo.countDown();
        write.get(10, TimeUnit.SECONDS);

        assertThat(lockFile).as("deleted by its holder").doesNotExist();
        try (FileLock lock = waiter.tryLock()) {
          assertThat(lock).as("a deleted file's lock is free to take").isNotNull();
          assertThat(LockedFile.released(waiter)).as("but it is marked as released").isTrue();
        }
      }
      assertThat(target).hasContent("written");
      LockedFile.update(target, Duration.ofSeconds(1), current -> Optional.of(current.orElseThrow() + " again"));
      assertThat(target).hasContent("written again");
    } finally {
      letGo.countDown();
      holder.shutdownNow();
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * A link planted where the lock file goes (to make the writer create or truncate a file
   * elsewhere) is refused, not followed: its target is neither created nor changed.
   */
  @Test
  void aLinkPlantedAsTheLockFileIsNeverFollowed() throws IOException {
    Path target = dir.resolve("perf-budgets.json");
    Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
    Path absent = elsewhere.resolve("created-through-the-link");
    Files.createSymbolicLink(dir.resolve(".perf-budgets.json.lock"), absent);

    assertThatThrownBy(() -> LockedFile.update(target, Duration.ofSeconds(1), current -> Optional.of("x")))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("The lock file " + dir.toRealPath().resolve(".perf-budgets.json.lock") + " guarding ")
        .hasMessageContaining("is a symbolic link; perfbudget never follows one there");
    assertThat(absent).doesNotExist();

    Path existing = Files.writeString(elsewhere.resolve("precious"), "precious");
    Files.delete(dir.resolve(".perf-budgets.json.lock"));
    Files.createSymbolicLink(dir.resolve(".perf-budgets.json.lock"), existing);
    assertThatThrownBy(() -> LockedFile.appendLines(target, Duration.ofSeconds(1), "line\n")).hasMessageContaining("is a symbolic link");
    assertThat(existing).hasContent("precious");
    assertThat(target).doesNotExist();
  }

  /** Two spellings of one file (through a linked folder) share one lock, beside the real file. */
  @Test
  void everySpellingOfAFileSharesOneLock() throws IOException {
    Path real = Files.createDirectories(dir.resolve("real"));
    Path link = Files.createSymbolicLink(dir.resolve("link"), real);
    assertThat(LockedFile.lockFileOf(link.resolve("f.json"))).isEqualTo(LockedFile.lockFileOf(real.resolve("f.json")))
        .isEqualTo(real.toRealPath().resolve(".f.json.lock"));
  }

  private static void awaitHeld(Process holder, Path output) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      if (Files.readString(output, StandardCharsets.UTF_8).contains("HELD")) {
        return;
      }
      if (!holder.isAlive()) {
        break;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("the other JVM did not take the lock; its output: " + Files.readString(output, StandardCharsets.UTF_8));
  }
}
