package dev.perfbudget.workloads;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * This JVM's own HotSpot performance counters, read from the memory-mapped file it keeps them in
 * ({@code hsperfdata_<user>/<pid>} in the temporary directory, what {@code jstat} reads), for the
 * counters no public API gives at their resolution: the collectors' pause times are counts of
 * nanosecond ticks there, and whole milliseconds through the management beans.
 *
 * <p>The file exists with HotSpot's defaults ({@code -XX:+UsePerfData}, shared memory on). A JVM
 * run without it, another JVM's file left under this process id, or a layout this reader does
 * not know gives no counters, and the callers fall back to the management beans. Read-only: a
 * reading is one volatile-free load from the mapped page, about a nanosecond.
 *
 * <p>The layout (HotSpot's {@code perfMemory.hpp}, version 2): a 32-byte prologue (magic
 * 0xcafec0c0, byte order, version, accessible flag, used bytes, overflow, a time stamp, the
 * offset of the first entry and the count of entries), then entries of {@code entry length,
 * name offset, vector length, type, flags, units, variability, data offset} followed by the name
 * and the data, offsets relative to the entry.
 */
final class PerfCounters {

  private static final int MAGIC = 0xcafec0c0;
  private static final int BYTE_ORDER = 4;
  private static final int ENTRY_OFFSET = 24;
  private static final int ENTRY_COUNT = 28;
  private static final int PROLOGUE_BYTES = 32;
  private static final int ENTRY_HEADER_BYTES = 20;
  private static final byte LONG_TYPE = 'J';
  /** A vector of bytes: with a length, how HotSpot keeps its strings (units 5). */
  private static final byte BYTE_TYPE = 'B';
  /** The file's creation of the JVM against the JVM's own start time, ms: a stale file is far off. */
  private static final long START_TOLERANCE_MILLIS = 10_000;

  private static final PerfCounters OWN = open();

  private final MappedByteBuffer buffer;
  private final Map<String, Integer> longOffsets;
  private final Map<String, String> texts;

  private PerfCounters(MappedByteBuffer buffer, Map<String, Integer> longOffsets, Map<String, String> texts) {
    this.buffer = buffer;
    this.longOffsets = longOffsets;
    this.texts = texts;
  }

  /** A long counter of this JVM, such as {@code sun.gc.collector.0.time}, or empty when it cannot be read. */
  static Optional<LongSupplier> counter(String name) {
    if (OWN == null) {
      return Optional.empty();
    }
    Integer offset = OWN.longOffsets.get(name);
    if (offset == null) {
      return Optional.empty();
    }
    MappedByteBuffer buffer = OWN.buffer;
    int at = offset;
    return Optional.of(() -> buffer.getLong(at));
  }

  /** A string of this JVM, such as {@code sun.gc.collector.0.name}, as it was when first read. */
  static Optional<String> text(String name) {
    return OWN == null ? Optional.empty() : Optional.ofNullable(OWN.texts.get(name));
  }

  private static PerfCounters open() {
    long pid = ProcessHandle.current().pid();
    String user = System.getProperty("user.name", "");
    // HotSpot writes to /tmp on Linux whatever java.io.tmpdir says; elsewhere near it.
    Set<Path> candidates = new LinkedHashSet<>();
    candidates.add(Path.of("/tmp", "hsperfdata_" + user, Long.toString(pid)));
    candidates.add(Path.of(System.getProperty("java.io.tmpdir", "/tmp"), "hsperfdata_" + user, Long.toString(pid)));
    for (Path file : candidates) {
      try {
        PerfCounters counters = read(file);
        if (counters != null) {
          return counters;
        }
      } catch (IOException | RuntimeException e) {
        // Not there, not readable or not a layout this reader knows: the callers fall back.
      }
    }
    return null;
  }

  private static PerfCounters read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return null;
    }
    MappedByteBuffer buffer;
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      buffer = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
    }
    if (buffer.limit() < PROLOGUE_BYTES) {
      return null;
    }
    // The magic reads the same in either order it was written in; the byte after it says which.
    buffer.order(ByteOrder.BIG_ENDIAN);
    int magic = buffer.getInt(0);
    if (magic != MAGIC && Integer.reverseBytes(magic) != MAGIC) {
      return null;
    }
    buffer.order(buffer.get(BYTE_ORDER) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
    Map<String, Integer> longs = new HashMap<>();
    Map<String, String> texts = new HashMap<>();
    int entry = buffer.getInt(ENTRY_OFFSET);
    int count = buffer.getInt(ENTRY_COUNT);
    for (int i = 0; i < count && entry > 0 && entry + ENTRY_HEADER_BYTES <= buffer.limit(); i++) {
      int length = buffer.getInt(entry);
      int nameOffset = buffer.getInt(entry + 4);
      int vectorLength = buffer.getInt(entry + 8);
      byte type = buffer.get(entry + 12);
      int dataOffset = buffer.getInt(entry + 16);
      if (length <= 0) {
        break;
      }
      boolean inside = dataOffset >= ENTRY_HEADER_BYTES && dataOffset < length && entry + length <= buffer.limit();
      if (inside && type == LONG_TYPE && vectorLength == 0 && dataOffset + 8 <= length) {
        longs.put(cString(buffer, entry + nameOffset), entry + dataOffset);
      } else if (inside && type == BYTE_TYPE && vectorLength > 0) {
        texts.put(cString(buffer, entry + nameOffset), cString(buffer, entry + dataOffset));
      }
      entry += length;
    }
    Integer created = longs.get("sun.rt.createVmBeginTime");
    long startMillis = ManagementFactory.getRuntimeMXBean().getStartTime();
    if (created == null || Math.abs(buffer.getLong(created) - startMillis) > START_TOLERANCE_MILLIS) {
      return null;
    }
    return new PerfCounters(buffer, longs, texts);
  }

  private static String cString(MappedByteBuffer buffer, int at) {
    int end = at;
    while (end < buffer.limit() && buffer.get(end) != 0) {
      end++;
    }
    byte[] bytes = new byte[end - at];
    buffer.get(at, bytes);
    return new String(bytes, StandardCharsets.US_ASCII);
  }
}
