package dev.perfbudget.report;

import dev.perfbudget.files.AtomicWrite;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * The list of chart files a history page wrote into its folder ({@code .perfbudget-charts}), so
 * that the next rendering deletes only charts it wrote itself and no longer needs, and never a
 * file of the user's that happens to sit in the same folder: a folder beside a page in docs/
 * is where people keep their own images too.
 */
final class ChartManifest {

  static final String NAME = ".perfbudget-charts";

  private final Path dir;
  private final Set<String> written;

  private ChartManifest(Path dir, Set<String> written) {
    this.dir = dir;
    this.written = written;
  }

  /** The manifest in {@code dir}; empty when there is none yet, so nothing there counts as ours. */
  static ChartManifest in(Path dir) throws IOException {
    Path file = dir.resolve(NAME);
    Set<String> names = new LinkedHashSet<>();
    if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        String name = line.strip();
        // A name, never a path: an edited manifest cannot point outside the folder.
        if (!name.isEmpty() && !name.contains("/") && !name.contains("\\") && !name.startsWith(".")) {
          names.add(name);
        }
      }
    }
    return new ChartManifest(dir, names);
  }

  /** Whether {@code name} is free for a chart: absent, or a chart this page wrote before. */
  boolean mayWrite(String name) {
    return written.contains(name) || !Files.exists(dir.resolve(name), LinkOption.NOFOLLOW_LINKS);
  }

  /**
   * Records {@code current} as the page's charts and deletes the charts it wrote before and no
   * longer writes. Until those are gone, the manifest lists both, so that a run killed midway
   * still knows them.
   */
  void replaceWith(Collection<Path> current) throws IOException {
    Set<String> now = new TreeSet<>();
    current.forEach(chart -> now.add(chart.getFileName().toString()));
    Set<String> stale = new TreeSet<>(written);
    stale.removeAll(now);
    if (!stale.isEmpty()) {
      Set<String> both = new TreeSet<>(now);
      both.addAll(stale);
      write(both);
      for (String name : stale) {
        Files.deleteIfExists(dir.resolve(name));
      }
    }
    write(now);
  }

  private void write(Set<String> names) throws IOException {
    AtomicWrite.replace(dir.resolve(NAME), String.join("\n", names) + (names.isEmpty() ? "" : "\n"));
  }
}
