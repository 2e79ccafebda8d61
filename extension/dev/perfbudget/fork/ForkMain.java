package dev.perfbudget.fork;

import static org.apiguardian.api.API.Status.INTERNAL;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectUniqueId;

import dev.perfbudget.fork.ForkedTestException.Kind;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apiguardian.api.API;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.opentest4j.TestAbortedException;

/**
 * The main class of a fresh JVM that measures one perf test: it runs that test alone through
 * the JUnit Platform launcher, with the test JVM's configuration, and the extension, seeing
 * {@value #CHILD_RESULT}, measures once and writes the result instead of judging it. When the
 * test fails before it is measured (a {@code @BeforeEach}, the class's initialization), this
 * class writes that failure. Its argument is the fork's private folder.
 */
@API(status = INTERNAL)
public final class ForkMain {

  /** The configuration key that makes a test JVM a fresh JVM's: where to write the result. */
  public static final String CHILD_RESULT = "perfbudget.fork.child";
  /** The configuration key of the limit the fresh JVM measures against (0: to record). */
  public static final String CHILD_LIMIT = "perfbudget.fork.limit";
  /** The configuration key that makes the fresh JVM's measurement one that confirms a failure. */
  public static final String CHILD_CONFIRMS = "perfbudget.fork.confirms";

  static final String REQUEST = "request.properties";
  static final String RESULT = "result.json";
  static final String CONFIG = "config.";
  static final String SYSTEM = "system.";
  static final String UNIQUE_ID = "uniqueId";

  /** The exit code of a fresh JVM whose test JVM went away. */
  static final int ORPHANED = 3;

  private ForkMain() {}

  /** Whether a system property describes the JVM itself, which a second JVM sets its own way. */
  static boolean ownedByTheJvm(String key) {
    for (String prefix : new String[] {"java.", "jdk.", "sun.", "os.", "user.", "file.", "line.", "path.", "native.", "awt.", "stdout.", "stderr."}) {
      if (key.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  public static void main(String[] args) throws IOException, InterruptedException {
    Thread watcher = endWhenTheTestJvmEnds();
    Path dir = Path.of(args[0]);
    Properties request = new Properties();
    try (Reader in = Files.newBufferedReader(dir.resolve(REQUEST), StandardCharsets.UTF_8)) {
      request.load(in);
    }
    Map<String, String> configuration = new HashMap<>();
    for (String key : request.stringPropertyNames()) {
      if (key.startsWith(CONFIG)) {
        configuration.put(key.substring(CONFIG.length()), request.getProperty(key));
      } else if (key.startsWith(SYSTEM) && System.getProperty(key.substring(SYSTEM.length())) == null) {
        System.setProperty(key.substring(SYSTEM.length()), request.getProperty(key));
      }
    }
    String uniqueId = request.getProperty(UNIQUE_ID);
    FirstFailure failure = new FirstFailure();
    Launcher launcher = LauncherFactory.create();
    TestPlan plan =
        launcher.discover(
            LauncherDiscoveryRequestBuilder.request()
                .selectors(selectUniqueId(uniqueId))
                .configurationParameters(configuration)
                .build());
    settleTheStartUpHeap();
    // After the launcher's start-up and discovery, before the test class is initialized: its
    // objects (a Pattern, a comparator made in a field) are then made with the same lambda
    // classes as the op's own calls make (see JdkProfiles).
    JdkProfiles.reset();
    launcher.execute(plan, failure);
    Path result = dir.resolve(RESULT);
    if (!Files.exists(result)) {
      failure.result(uniqueId).write(result);
    }
    System.out.flush();
    // A thread blocked in a read of stdin keeps the JVM's exit waiting 0.3 s for it to leave
    // native code (a fresh JVM took 0.35 s from its last line to its end so); interrupted, its
    // channel closes and it leaves at once.
    watcher.interrupt();
    watcher.join(1_000);
    // Threads the test left running (a pool it did not close) must not keep this JVM alive.
    System.exit(0);
  }

  /**
   * Collects the garbage of this JVM's start-up before the test's objects exist. A JVM's first
   * young collections are small, and the launcher's start-up data crowds their survivor space:
   * G1 then lowers its tenuring threshold to 1 and promotes whatever is young at the second
   * collection, the test's fixture with it. A fixture in the old generation makes every store of
   * a new object into it take the collector's slow barrier: {@code Collections.sort} of a reused
   * list of fresh {@code Integer}s ran 2.3 times slower for that alone, in every fresh JVM. After
   * one full collection here, the launcher's data is old and the fixture ages as it does in a
   * test JVM that has been running, or in a JMH fork.
   */
  private static void settleTheStartUpHeap() {
    System.gc();
  }

  /**
   * Ends this JVM when its stdin closes: the test JVM keeps that pipe open while it waits, and
   * the operating system closes it when the test JVM dies, however it dies. The read goes
   * through a channel, which an interrupt closes, so that the thread can be stopped when this
   * JVM ends of its own accord.
   */
  private static Thread endWhenTheTestJvmEnds() {
    Thread watcher =
        new Thread(
            () -> {
              try (FileChannel stdin = new FileInputStream(FileDescriptor.in).getChannel()) {
                ByteBuffer buffer = ByteBuffer.allocate(64);
                while (stdin.read(buffer) >= 0) {
                  buffer.clear(); // nothing is ever sent; read until the end of the stream
                }
              } catch (ClosedByInterruptException e) {
                return; // this JVM is ending of its own accord
              } catch (IOException e) {
                // closed all the same
              }
              Runtime.getRuntime().halt(ORPHANED);
            },
            "perfbudget test JVM watcher");
    watcher.setDaemon(true);
    watcher.start();
    return watcher;
  }

  /** The first failure of the test or a container around it, for when the test was never measured. */
  private static final class FirstFailure implements TestExecutionListener {
    private Throwable thrown;
    private TestExecutionResult.Status status;
    private boolean started;

    @Override
    public void executionStarted(TestIdentifier identifier) {
      started |= identifier.isTest();
    }

    @Override
    public void executionFinished(TestIdentifier identifier, TestExecutionResult result) {
      if (thrown == null && result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
        status = result.getStatus();
        thrown = result.getThrowable().orElse(null);
      }
    }

    ChildResult result(String uniqueId) {
      if (thrown == null) {
        return ChildResult.failed(
            Kind.FAILED,
            started
                ? "the test ran but was not measured"
                : "the test " + uniqueId + " was not found; is its class on the class path?");
      }
      StringWriter trace = new StringWriter();
      thrown.printStackTrace(new PrintWriter(trace));
      boolean aborted = status == TestExecutionResult.Status.ABORTED || thrown instanceof TestAbortedException;
      return ChildResult.failed(aborted ? Kind.ABORTED : Kind.FAILED, "the test failed before it was measured: " + trace);
    }
  }
}
