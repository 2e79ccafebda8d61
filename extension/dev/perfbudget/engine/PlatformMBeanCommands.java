package dev.perfbudget.engine;

import java.lang.management.ManagementFactory;
import java.util.Optional;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Diagnostic commands through the platform MBean server's {@code DiagnosticCommand} MBean, which
 * any HotSpot JVM has: the way when this JVM runs no attach listener ({@link AttachListener}).
 */
final class PlatformMBeanCommands implements DiagnosticCommands {

  private static final String[] SIGNATURE = {String[].class.getName()};
  private static final Object[] NO_ARGUMENTS = {null};

  private final MBeanServer server;
  private final ObjectName commands;

  private PlatformMBeanCommands(MBeanServer server, ObjectName commands) {
    this.server = server;
    this.commands = commands;
  }

  /** This JVM's commands, when it has the MBean. */
  static Optional<PlatformMBeanCommands> ofThisJvm() {
    try {
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      ObjectName name = new ObjectName("com.sun.management:type=DiagnosticCommand");
      return server.isRegistered(name) ? Optional.of(new PlatformMBeanCommands(server, name)) : Optional.empty();
    } catch (JMException | RuntimeException e) {
      return Optional.empty();
    }
  }

  @Override
  public String run(String command) throws JMException {
    return (String) server.invoke(commands, operation(command), NO_ARGUMENTS, SIGNATURE);
  }

  /**
   * The MBean's name for a command, as the JDK forms it: lower case up to the first dot or
   * underscore, each of which goes and makes the next letter upper case. {@code Compiler.queue}
   * is {@code compilerQueue}, {@code VM.flags} is {@code vmFlags}.
   */
  static String operation(String command) {
    StringBuilder name = new StringBuilder(command.length());
    boolean lower = true;
    boolean upper = false;
    for (int i = 0; i < command.length(); i++) {
      char c = command.charAt(i);
      if (c == '.' || c == '_') {
        lower = false;
        upper = true;
      } else {
        name.append(upper ? Character.toUpperCase(c) : lower ? Character.toLowerCase(c) : c);
        upper = false;
      }
    }
    return name.toString();
  }
}
