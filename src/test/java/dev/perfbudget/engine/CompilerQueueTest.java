package dev.perfbudget.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfbudget.CallSites;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** How this JVM's JIT activity is read: HotSpot's own output, and a live compilation. */
class CompilerQueueTest {

  /** {@code Compiler.queue} as Java 17 and 25 print it, with a C2 compilation in progress. */
  private static final String BUSY_QUEUE =
      """
      Current compiles:\s
      C2 CompilerThread0   489 %     4       java.lang.StringLatin1::indexOfChar @ 7 (33 bytes)

      C1 compile queue:
       516       1       java.util.concurrent.locks.AbstractQueuedSynchronizer::getState (5 bytes)

      C2 compile queue:
      Empty

      """;

  private static final String QUIET_QUEUE =
      """
      Current compiles:\s

      C1 compile queue:
      Empty

      C2 compile queue:
      Empty

      """;

  private static final String CODE_CACHE =
      """
      CodeHeap 'non-profiled nmethods': size=120036Kb used=165Kb max_used=165Kb free=119870Kb
       bounds [0x00007f775cec7000, 0x00007f775d137000, 0x00007f7764400000]
       total_blobs=915 nmethods=512 adapters=317
       compilation: enabled
      """;

  @Test
  void compilationsInProgressAndQueuedAreCountedAndTheFirstIsNamed() {
    CompilerQueue.Look look = CompilerQueue.parse(BUSY_QUEUE, CODE_CACHE, 120);
    assertThat(look.inProgress()).isEqualTo(2);
    assertThat(look.compiling()).isEqualTo("java.lang.StringLatin1::indexOfChar");
    assertThat(look.compiledMethods()).isEqualTo(512);
  }

  @Test
  void emptyQueuesAreNothingInProgress() {
    CompilerQueue.Look look = CompilerQueue.parse(QUIET_QUEUE, CODE_CACHE, 120);
    assertThat(look.inProgress()).isZero();
    assertThat(look.compiling()).isEmpty();
  }

  /**
   * Both ways to the commands: the attach listener, which this project's test JVM runs from the
   * start (Surefire's argLine), and the platform MBean server, a test JVM's way without it.
   */
  static Stream<Arguments> ways() {
    Arguments server =
        Arguments.of("the platform MBean server", (Supplier<DiagnosticCommands>) () -> PlatformMBeanCommands.ofThisJvm().orElseThrow());
    return Runtime.version().feature() <= 21
        ? Stream.of(Arguments.of("the attach listener", (Supplier<DiagnosticCommands>) () -> AttachListener.ofThisJvm().orElseThrow()), server)
        : Stream.of(server);
  }

  @Test
  @EnabledForJreRange(max = JRE.JAVA_21)
  void theAttachListenerIsTheWayWhenTheJvmRunsOne() {
    assertThat(DiagnosticCommands.ofThisJvm()).get().isInstanceOf(AttachListener.class);
  }

  /** Later JVMs answer at a safepoint, which this JVM's reader cannot wait through. */
  @Test
  @EnabledForJreRange(min = JRE.JAVA_22)
  void fromJava22OnTheListenerIsNotUsedThoughTheJvmRunsOne() {
    assertThat(AttachListener.ofThisJvm()).isEmpty();
    assertThat(DiagnosticCommands.ofThisJvm()).get().isInstanceOf(PlatformMBeanCommands.class);
  }

  @Test
  @EnabledForJreRange(max = JRE.JAVA_21)
  void aCommandTheJvmDoesNotKnowIsAnErrorNamingIt() {
    assertThatThrownBy(() -> AttachListener.ofThisJvm().orElseThrow().run("Compiler.nosuch"))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("Compiler.nosuch")
        .hasMessageContaining("Unknown diagnostic command");
  }

  @Test
  void theListenersUptimeIsReadAsJava17And25PrintIt() {
    assertThat(AttachListener.uptimeSeconds("1.574 s\n")).isEqualTo(1.574);
  }

  @Test
  void theMBeanNamesACommandAsTheJdkDoes() {
    assertThat(PlatformMBeanCommands.operation("Compiler.queue")).isEqualTo("compilerQueue");
    assertThat(PlatformMBeanCommands.operation("Compiler.codecache")).isEqualTo("compilerCodecache");
    assertThat(PlatformMBeanCommands.operation("VM.flags")).isEqualTo("vmFlags");
    assertThat(PlatformMBeanCommands.operation("GC.class_histogram")).isEqualTo("gcClassHistogram");
  }

  @ParameterizedTest(name = "through {0}")
  @MethodSource("ways")
  void aMethodMadeHotBetweenTwoLooksIsSeen(String way, Supplier<DiagnosticCommands> commands) {
    CompilerQueue jit = new CompilerQueue(commands.get());
    assertThat(jit.seesCompilationsInProgress()).as("this JVM is HotSpot").isTrue();
    // A fresh copy of a class has methods no one has called: calling one hot makes the JIT
    // compile it (tier 3, then 4) between the two looks.
    LongUnaryOperator fresh = CallSites.copyOf(MethodHandles.lookup(), Hot.class, LongUnaryOperator.class);
    jit.sinceLastLook();
    long sum = 0;
    for (int i = 0; i < 200_000; i++) {
      sum += fresh.applyAsLong(i);
    }
    assertThat(jit.sinceLastLook()).as("after %d", sum).isNotEqualTo(JitActivity.Seen.QUIET);
  }

  @Test
  void anIdleJvmGoesQuiet() throws InterruptedException {
    CompilerQueue jit = new CompilerQueue();
    // Other threads of the test JVM may compile now and then; two quiet looks in a row come soon.
    int quietInARow = 0;
    for (int look = 0; look < 100 && quietInARow < 2; look++) {
      Thread.sleep(20);
      quietInARow = jit.sinceLastLook() == JitActivity.Seen.QUIET ? quietInARow + 1 : 0;
    }
    assertThat(quietInARow).isEqualTo(2);
  }

  /** The method made hot. */
  static final class Hot implements LongUnaryOperator {
    @Override
    public long applyAsLong(long x) {
      return (x * 0x9E3779B97F4A7C15L) ^ (x >>> 7);
    }
  }
}
