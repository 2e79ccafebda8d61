package dev.perfbudget.fork;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.apiguardian.api.API;

/**
 * Gives a fresh JVM's JDK code the profiles of the measured op rather than those of the test
 * framework's start-up.
 *
 * <p>Before a fresh JVM measures, the JUnit Platform has started in it and run the JDK methods it
 * shares with the op ({@code String.equals}, {@code StringBuilder.append}) thousands of times:
 * C2 has compiled some of them with the framework's branch and type profiles, and the op then
 * inlines that code. {@code ArrayList.contains} of a string cost 85 to 96 ns/op so, against 55 to
 * 66 in a JMH fork, whose start-up is lighter. Retransforming the JDK's loaded classes (with no
 * transformer: the same bytes) gives their methods new invocation counters and no profile, and
 * discards the compiled code that depends on them; the op's own calls then make the profiles its
 * code is compiled with, as in a JVM that ran nothing before it.
 *
 * <p>{@link ForkMain} resets once the launcher has found the test and before the test class is
 * initialized. Not later: retransforming a class also links its lambda call sites anew, and a
 * JDK lambda made after the reset is of another class than one made before it. A {@code Pattern}
 * built with the test instance then held character tests of other classes than the ones {@code
 * String.matches} built in the op, the match's call to them had four receiver classes instead of
 * two and was compiled as a virtual call, and both arms of the regex pair read 40% to 50% over
 * JMH's ns/op (151 and 510 against 108 and 394); reset before the instance was made, 99 to 118
 * and 343 to 371. The few calls the framework makes between the reset and the op (running one
 * test) are too few to start profiles of their own.
 */
@API(status = INTERNAL)
public final class JdkProfiles {

  /** The agent's jar, in the fork's private folder. */
  public static final String AGENT_JAR = "profiles-agent.jar";

  private static volatile Instrumentation instrumentation;

  private JdkProfiles() {}

  /** The agent's entry point: the fresh JVM is started with {@link #writeAgentJar(Path)} as its agent. */
  public static void premain(String arguments, Instrumentation given) {
    instrumentation = given;
  }

  /**
   * Writes a jar with only a manifest, naming this class as its agent: the class itself comes from
   * the class path, which the fresh JVM shares with this one.
   */
  public static Path writeAgentJar(Path dir) throws IOException {
    return writeAgentJar(dir.resolve(AGENT_JAR), JdkProfiles.class);
  }

  /**
   * Writes {@code jar} with only a manifest, naming {@code agent} (a class with a {@code premain}
   * method, on the class path of the JVM the jar is given to) as an agent that may retransform
   * classes.
   */
  public static Path writeAgentJar(Path jar, Class<?> agent) throws IOException {
    Manifest manifest = new Manifest();
    Attributes main = manifest.getMainAttributes();
    main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
    main.putValue("Premain-Class", agent.getName());
    main.putValue("Can-Retransform-Classes", "true");
    try (OutputStream out = Files.newOutputStream(jar)) {
      new JarOutputStream(out, manifest).close();
    }
    return jar;
  }

  /**
   * Starts the JDK's loaded classes' profiles afresh; returns how many classes, or 0 in a JVM
   * started without the agent, or where the JVM refused (it then redefines none). The fresh JVM
   * then measures with the start-up's profiles, as it would without the agent: no reason to fail
   * a test.
   */
  public static int reset() {
    Instrumentation inst = instrumentation;
    if (inst == null) {
      return 0;
    }
    Class<?>[] jdk =
        Arrays.stream(inst.getAllLoadedClasses())
            .filter(type -> isJdk(type.getClassLoader()))
            .filter(inst::isModifiableClass)
            .toArray(Class<?>[]::new);
    try {
      inst.retransformClasses(jdk);
      return jdk.length;
    } catch (UnmodifiableClassException | RuntimeException | LinkageError e) {
      return 0;
    }
  }

  private static boolean isJdk(ClassLoader loader) {
    return loader == null || loader == ClassLoader.getPlatformClassLoader();
  }
}
