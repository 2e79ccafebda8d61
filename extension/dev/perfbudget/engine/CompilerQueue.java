package dev.perfbudget.engine;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * The JIT activity of this JVM, read from HotSpot's compile queue and code cache.
 *
 * <p>IMPLEMENTATION NOTES. {@code CompilationMXBean.getTotalCompilationTime()} alone cannot say:
 * it moves only when a compilation <em>finishes</em>, so a 206 ms C2 compilation of regex code in
 * progress read as quiet here, and warm-up ended on tier-3 code that ran 2 to 4 times slower
 * than the final code. HotSpot's diagnostic commands see more: {@code Compiler.queue} lists the
 * compilations in progress and those queued, and {@code Compiler.codecache} counts the compiled
 * methods, which changes whenever one is installed. Both are read as {@code jcmd} reads them
 * ({@link DiagnosticCommands}), at about 40 to 700 us a look, so a look is taken between warm-up
 * rounds, never inside a timed sample. The look is itself Java code that the JIT compiles as it
 * gets hot, which shows as activity in the first few dozen looks of a JVM and then settles.
 *
 * <p>On a JVM without these commands (not HotSpot) only the total compilation time is read, and
 * {@link #seesCompilationsInProgress()} says so: a compilation then shows only once it is done,
 * as {@link Seen#INSTALLED}.
 */
final class CompilerQueue implements JitActivity {

  private final DiagnosticCommands commands;
  private final CompilationMXBean compiler;
  private Look last;

  /** What one look saw. */
  record Look(int inProgress, long compiledMethods, long compilationMillis, String compiling) {}

  /** Starts watching; the first {@link #sinceLastLook()} compares with this moment. */
  CompilerQueue() {
    this(DiagnosticCommands.ofThisJvm().orElse(null));
  }

  /** Starts watching through these commands, or through the compilation time alone (null). */
  CompilerQueue(DiagnosticCommands commands) {
    this.compiler = ManagementFactory.getCompilationMXBean();
    this.commands = commands;
    this.last = look();
  }

  /** Whether looks see compilations in progress, not only those finished. */
  boolean seesCompilationsInProgress() {
    return commands != null;
  }

  @Override
  public Seen sinceLastLook() {
    Look now = look();
    Seen seen;
    if (now.inProgress() > 0) {
      seen = Seen.COMPILING;
    } else if (now.compiledMethods() != last.compiledMethods() || now.compilationMillis() != last.compilationMillis()) {
      seen = Seen.INSTALLED;
    } else {
      seen = Seen.QUIET;
    }
    last = now;
    return seen;
  }

  @Override
  public String lastCompiling() {
    return last.compiling();
  }

  private Look look() {
    long millis =
        compiler != null && compiler.isCompilationTimeMonitoringSupported() ? compiler.getTotalCompilationTime() : 0;
    if (commands == null) {
      return new Look(0, 0, millis, "");
    }
    try {
      return parse(commands.run("Compiler.queue"), commands.run("Compiler.codecache"), millis);
    } catch (Exception e) {
      return new Look(0, 0, millis, "");
    }
  }

  /**
   * Reads the output of {@code Compiler.queue} (a "Current compiles:" section and one section
   * per compiler queue, each line a compilation, "Empty" for none) and the method count of
   * {@code Compiler.codecache} ({@code nmethods=N}).
   */
  static Look parse(String queue, String codeCache, long compilationMillis) {
    int inProgress = 0;
    String compiling = "";
    boolean inSection = false;
    for (int from = 0, end; from < queue.length(); from = end + 1) {
      end = queue.indexOf('\n', from);
      end = end < 0 ? queue.length() : end;
      String text = queue.substring(from, end).trim();
      if (text.startsWith("Current compiles") || text.endsWith("compile queue:")) {
        inSection = true;
      } else if (inSection && !text.isEmpty() && !text.equals("Empty")) {
        inProgress++;
        if (compiling.isEmpty()) {
          compiling = methodOf(text);
        }
      }
    }
    return new Look(inProgress, compiledMethods(codeCache), compilationMillis, compiling);
  }

  /**
   * The method of a queue line such as {@code C2 CompilerThread0  489 %  4  java.lang.String::indexOf
   * @ 7 (33 bytes)}: the word with "::" in it. Read without regular expressions, which an arm may
   * well use: the looks must not give regex code a profile of their own.
   */
  private static String methodOf(String line) {
    int colons = line.indexOf("::");
    if (colons < 0) {
      return line;
    }
    int start = line.lastIndexOf(' ', colons) + 1;
    int end = line.indexOf(' ', colons);
    return line.substring(start, end < 0 ? line.length() : end);
  }

  private static long compiledMethods(String codeCache) {
    int at = codeCache.indexOf("nmethods=");
    if (at < 0) {
      return 0;
    }
    int start = at + "nmethods=".length();
    int end = start;
    while (end < codeCache.length() && Character.isDigit(codeCache.charAt(end))) {
      end++;
    }
    try {
      return Long.parseLong(codeCache.substring(start, end));
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
