package dev.perfbudget.files;

import java.nio.file.Path;
import java.util.Optional;

/**
 * Another process holding the lock on a file: takes it, says {@code HELD}, and keeps it until
 * killed, as a JVM stuck or killed in the middle of a write would.
 */
public final class LockHolder {

  private LockHolder() {}

  public static void main(String[] args) throws Exception {
    LockedFile.update(Path.of(args[0]), current -> {
      System.out.println("HELD");
      System.out.flush();
      try {
        Thread.sleep(Long.MAX_VALUE);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return Optional.empty();
    });
  }
}
