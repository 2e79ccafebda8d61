package dev.perfbudget.workloads;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A live process that owns a run folder under a name whose pid says nothing about it, as a JVM
 * in another PID namespace (a container sharing {@code /tmp}) would: creates the folder and its
 * lock file, locks it, says {@code HELD}, and waits to be killed.
 */
public final class RunFolderLockHolder {

  private RunFolderLockHolder() {}

  public static void main(String[] args) throws Exception {
    Path folder = Files.createDirectories(Path.of(args[0]));
    try (FileChannel channel = FileChannel.open(folder.resolve(RunFolder.OWNER_LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      channel.lock();
      System.out.println("HELD");
      System.out.flush();
      Thread.sleep(Long.MAX_VALUE);
    }
  }
}
