package dev.perfbudget.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * A real program for the churn table: javac compiling a small source in this JVM, through
 * javax.tools, as a build tool or an IDE does. It allocates the way a compiler does (trees,
 * symbols, types, strings), none of it under the table's control.
 */
final class JavacCompile implements AutoCloseable {

  private static final String SOURCE =
      String.join(
          "\n",
          "package demo;",
          "import java.util.*;",
          "import java.util.function.*;",
          "import java.util.stream.*;",
          "public final class Inventory {",
          "  public record Item(String name, int count, double price) {",
          "    public Item { if (count < 0) throw new IllegalArgumentException(name); }",
          "    double value() { return count * price; }",
          "  }",
          "  sealed interface Event permits Added, Removed {}",
          "  record Added(Item item) implements Event {}",
          "  record Removed(String name) implements Event {}",
          "  private final Map<String, Item> items = new TreeMap<>();",
          "  public void apply(List<? extends Event> events) {",
          "    for (Event event : events) {",
          "      if (event instanceof Added added) items.merge(added.item().name(), added.item(),",
          "          (a, b) -> new Item(a.name(), a.count() + b.count(), Math.max(a.price(), b.price())));",
          "      else if (event instanceof Removed removed) items.remove(removed.name());",
          "    }",
          "  }",
          "  public <K> Map<K, DoubleSummaryStatistics> summary(Function<Item, K> key) {",
          "    return items.values().stream().collect(Collectors.groupingBy(key,",
          "        Collectors.summarizingDouble(Item::value)));",
          "  }",
          "  public Optional<Item> mostValuable() {",
          "    return items.values().stream().max(Comparator.comparingDouble(Item::value));",
          "  }",
          "  public String report() {",
          "    StringBuilder text = new StringBuilder();",
          "    items.forEach((name, item) -> text.append(String.format(\"%-10s %5d %8.2f%n\",",
          "        name, item.count(), item.value())));",
          "    return text.toString();",
          "  }",
          "}",
          "");

  private final JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
  private final StandardJavaFileManager files = compiler.getStandardFileManager(null, null, null);
  private final Path out;
  private final JavaFileObject source =
      new SimpleJavaFileObject(URI.create("string:///demo/Inventory.java"), JavaFileObject.Kind.SOURCE) {
        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
          return SOURCE;
        }
      };

  JavacCompile() throws IOException {
    out = Files.createTempDirectory("perfbudget-javac");
  }

  /** Compiles the source once; fails if it does not compile. */
  void compile() {
    List<String> options = List.of("-d", out.toString(), "-proc:none", "-Xlint:none");
    Boolean ok = compiler.getTask(null, files, null, options, null, List.of(source)).call();
    if (!Boolean.TRUE.equals(ok)) {
      throw new IllegalStateException("the javac scenario's source did not compile");
    }
  }

  @Override
  public void close() {
    try {
      files.close();
      try (var paths = Files.walk(out)) {
        paths.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
