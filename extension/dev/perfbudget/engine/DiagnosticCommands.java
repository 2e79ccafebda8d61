package dev.perfbudget.engine;

import java.util.Optional;

/**
 * HotSpot's diagnostic commands, those {@code jcmd} runs ({@code Compiler.queue}), run in this
 * JVM for their text.
 */
interface DiagnosticCommands {

  /** The text the command prints, or an exception when the JVM could not run it. */
  String run(String command) throws Exception;

  /**
   * This JVM's commands: through its attach listener when it runs one (up to Java 21), which
   * keeps the looks out of JDK code that the arms share (see {@link AttachListener}); else
   * through the platform MBean server; else none (a JVM that is not HotSpot).
   */
  static Optional<DiagnosticCommands> ofThisJvm() {
    return AttachListener.ofThisJvm().<DiagnosticCommands>map(listener -> listener).or(PlatformMBeanCommands::ofThisJvm);
  }
}
