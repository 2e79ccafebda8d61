package dev.perfbudget.environment;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The JVM's arguments as reports show them: {@code -X} and {@code -XX} flags as they are, the
 * names of {@code -D} properties without their values (a value may be a password or a token,
 * and reports and history lines get committed), and a count of everything else (agents and
 * their options, module flags), which is left out for the same reason. The values of the
 * properties a user lists in {@code perfbudget.report.properties} are shown.
 *
 * <pre>{@code
 * -Xmx1g -XX:+UseG1GC -Ddb.password=s3cret -javaagent:/opt/a.jar=key=k
 *   -> -Xmx1g -XX:+UseG1GC -Ddb.password (1 more argument not shown)
 * }</pre>
 */
final class JvmFlags {

  private JvmFlags() {}

  static String describe(List<String> arguments, Set<String> shownProperties) {
    List<String> kept = new ArrayList<>();
    int hidden = 0;
    for (String argument : arguments) {
      if (argument.startsWith("-D")) {
        int equals = argument.indexOf('=');
        String name = equals < 0 ? argument.substring(2) : argument.substring(2, equals);
        kept.add(shownProperties.contains(name) ? argument : "-D" + name);
      } else if (argument.startsWith("-X")) {
        kept.add(argument);
      } else {
        hidden++;
      }
    }
    if (hidden > 0) {
      kept.add("(" + hidden + (hidden == 1 ? " more argument" : " more arguments") + " not shown)");
    }
    return String.join(" ", kept);
  }
}
