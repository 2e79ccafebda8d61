package dev.perfbudget.workloads;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The application buffer every pool works on in place: a memory-mapped file, so that threads
 * in this JVM and child JVMs ({@link Pools#processes}) share the same pages and no dispatch
 * copies anything (the {@code mmap(MAP_SHARED)} backend of the break-even benchmark).
 *
 * <p>The file lives in this JVM's private {@link RunFolder} inside {@code perfbudget.pool.dir}
 * (default {@code /dev/shm} where it exists, so the pages never go to disk), readable by its
 * owner only, and is deleted on {@link #close}; mappings stay valid after that and the memory is
 * freed when the last one is collected.
 */
final class SharedBuffer implements AutoCloseable {

  private final Path file;
  private final int elements;
  private final IntBuffer view;
  private final RunFolder.Lease folder;

  private SharedBuffer(Path file, int elements, IntBuffer view, RunFolder.Lease folder) {
    this.file = file;
    this.elements = elements;
    this.view = view;
    this.folder = folder;
  }

  static SharedBuffer create(Path dir, int elements) {
    Path file = null;
    RunFolder.Lease folder = null;
    try {
      Files.createDirectories(dir);
      // A mapping past the end of a full tmpfs crashes the JVM on first touch, so ask first.
      long usable = Files.getFileStore(dir).getUsableSpace();
      if (usable < bytes(elements)) {
        throw new UncheckedIOException(
            new IOException(
                String.format(
                    "the pool's shared buffer needs %,d bytes for %,d elements, but %s has %,d "
                        + "bytes free; set perfbudget.pool.dir to a folder with room, or declare fewer elements",
                    bytes(elements), elements, dir, usable)));
      }
      folder = RunFolder.lease(dir, PoolOptions.DIR);
      file = Files.createTempFile(folder.path(), "pool-", ".buf");
      return new SharedBuffer(file, elements, map(file, elements), folder);
    } catch (IOException | RuntimeException e) {
      deleteQuietly(file);
      if (folder != null) {
        folder.close();
      }
      if (e instanceof IOException io) {
        throw new UncheckedIOException(
            "Cannot create the pool's shared buffer in " + dir + "; set perfbudget.pool.dir to a writable folder", io);
      }
      throw (RuntimeException) e;
    }
  }

  /** Maps {@code elements} ints of {@code file}, read-write and shared, in this machine's byte order. */
  static IntBuffer map(Path file, int elements) throws IOException {
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      MappedByteBuffer bytes = channel.map(FileChannel.MapMode.READ_WRITE, 0, bytes(elements));
      return bytes.order(ByteOrder.nativeOrder()).asIntBuffer();
    }
  }

  static long bytes(int elements) {
    return Math.max(1, elements) * (long) Integer.BYTES;
  }

  Path file() {
    return file;
  }

  int elements() {
    return elements;
  }

  /** The mapped elements; only absolute get and put are used, so every thread can share it. */
  IntBuffer view() {
    return view;
  }

  /** Sets every element to a fixed function of its index, so two runs start alike. */
  void fill() {
    for (int i = 0; i < elements; i++) {
      view.put(i, i * 0x9E37_79B9 + 1);
    }
  }

  /** An order-sensitive sum of the elements: a lost, repeated or misplaced slice changes it. */
  long checksum() {
    long sum = 0;
    for (int i = 0; i < elements; i++) {
      sum = sum * 31 + view.get(i);
    }
    return sum;
  }

  @Override
  public void close() {
    deleteQuietly(file);
    folder.close();
  }

  private static void deleteQuietly(Path file) {
    if (file == null) {
      return;
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      System.err.println("[perfbudget] WARNING: could not delete the pool buffer " + file + ": " + e);
    }
  }
}
