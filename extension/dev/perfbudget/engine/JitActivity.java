package dev.perfbudget.engine;

/**
 * What the JIT compiler did since the last look; see {@link CompilerQueue} for how this JVM is
 * watched. Warm-up ends only after rounds in which nothing was compiling at the look, so that
 * every arm runs its final code.
 */
interface JitActivity {

  /** What a look saw. */
  enum Seen {
    /** Nothing compiled or installed since the last look, nothing running or queued now. */
    QUIET,
    /**
     * Something compiled or installed since the last look, but nothing running or queued now:
     * whether it was the arms' code shows in their cost, which the next round reads.
     */
    INSTALLED,
    /** A compilation running or queued now. */
    COMPILING
  }

  /** What the JIT did since the last look, and whether it is at work now. */
  Seen sinceLastLook();

  /** A method being compiled at the last look, or empty, for messages. */
  String lastCompiling();

  /** Watches this JVM's JIT from now on. */
  static JitActivity ofThisJvm() {
    return new CompilerQueue();
  }
}
