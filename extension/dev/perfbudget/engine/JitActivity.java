package dev.perfbudget.engine;

/**
 * Whether the JIT compiler is at work: a compilation running or waiting, or one that finished
 * since the last look. Warm-up ends only after looks that saw it quiet, so that every arm runs
 * its final code; see {@link CompilerQueue} for how this JVM is watched.
 */
interface JitActivity {

  /**
   * Whether the JIT was quiet since the last look: nothing compiled or installed in between, and
   * nothing running or queued now.
   */
  boolean quietSinceLastLook();

  /** A method being compiled at the last look, or empty, for messages. */
  String lastCompiling();

  /** Watches this JVM's JIT from now on. */
  static JitActivity ofThisJvm() {
    return new CompilerQueue();
  }
}
