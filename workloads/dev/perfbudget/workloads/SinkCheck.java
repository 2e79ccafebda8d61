package dev.perfbudget.workloads;

import java.util.Optional;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Whether JMH's Blackhole still keeps the JIT from removing work in this JVM.
 *
 * <p>IMPLEMENTATION NOTES. With {@code -DcompilerBlackholesEnabled=true} the Blackhole hands
 * every value to an empty method that only a JIT told so ({@code
 * -XX:CompileCommand=blackhole,org/openjdk/jmh/infra/Blackhole.consumeCompiler}, experimental on
 * Java 17) treats as a sink; without that command the JIT sees an empty method and removes the
 * work that fed it, and an op measured 0.97 times its baseline where the truth was 7.92. The
 * flags cannot be read back reliably (a command file, {@code JAVA_TOOL_OPTIONS}, a JIT that
 * ignores an experimental command), so a canary tells: a chain of multiplications whose results
 * only go into the Blackhole, timed once compiled, against the same chain whose result is kept.
 * The canary runs only in compiler mode (about 60 ms, once per JVM); the default mode keeps
 * values in fields the JIT cannot see through.
 */
final class SinkCheck {

  static final String PROPERTY = "compilerBlackholesEnabled";
  /** A sink that costs less than this share of the kept chain lets the JIT remove the chain. */
  private static final double REMOVED_BELOW = 0.2;
  private static final int ROUNDS = 300;
  private static final long ITERATIONS = 10_000;

  private static volatile Optional<String> problem;
  private static volatile long kept;

  private SinkCheck() {}

  /**
   * Why results consumed by a Blackhole are not kept in this JVM, or empty when they are: a
   * sentence that goes on from "the results of ... go into".
   */
  static Optional<String> problem() {
    Optional<String> known = problem;
    if (known == null) {
      known = Boolean.getBoolean(PROPERTY) ? canary() : Optional.empty();
      problem = known;
    }
    return known;
  }

  private static Optional<String> canary() {
    Blackhole sink = Sinks.newBlackhole();
    long sunk = Long.MAX_VALUE;
    long held = Long.MAX_VALUE;
    for (int round = 0; round < ROUNDS; round++) {
      sunk = Math.min(sunk, intoSink(sink, ITERATIONS, round));
      held = Math.min(held, keptInField(ITERATIONS, round));
    }
    if (sunk >= held * REMOVED_BELOW) {
      return Optional.empty();
    }
    return Optional.of(String.format(
        "JMH's Blackhole, which is in compiler mode (-D%s=true) but which the JIT does not treat as a sink: a "
            + "canary whose results only went into it took %d ns where the same work, kept, took %d ns, so the JIT "
            + "removes what each op computes and both arms measure nothing. Remove -D%s=true, or add "
            + "-XX:+UnlockExperimentalVMOptions -XX:CompileCommand=blackhole,org/openjdk/jmh/infra/Blackhole.consumeCompiler",
        PROPERTY, sunk, held, PROPERTY));
  }

  private static long intoSink(Blackhole sink, long iterations, long seed) {
    long start = System.nanoTime();
    for (long i = 0; i < iterations; i++) {
      sink.consume(chain(seed + i));
    }
    return System.nanoTime() - start;
  }

  private static long keptInField(long iterations, long seed) {
    long start = System.nanoTime();
    long sum = 0;
    for (long i = 0; i < iterations; i++) {
      sum += chain(seed + i);
    }
    long nanos = System.nanoTime() - start;
    kept = sum;
    return nanos;
  }

  private static long chain(long x) {
    for (int step = 0; step < 8; step++) {
      x = x * 6364136223846793005L + (x >>> 29) + 1442695040888963407L;
    }
    return x;
  }
}
