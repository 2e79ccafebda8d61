package dev.perfbudget.bench;

import dev.perfbudget.Arms;
import dev.perfbudget.engine.SamplingSettings;
import dev.perfbudget.judge.Measured;
import dev.perfbudget.judge.ThisJvm;
import dev.perfbudget.testkit.StandaloneContext;
import dev.perfbudget.workloads.OpWorkload;
import java.time.Duration;

/** Measures one LibraryPanel pair in this JVM without JUnit: is JUnit's own code what slows string ops in a fresh JVM? */
public final class StandaloneProbe {
  public static void main(String[] args) throws Exception {
    LibraryPanel p = new LibraryPanel();
    OpWorkload op = new OpWorkload();
    switch (args[0]) {
      case "printParse" -> op.baseline("intToString", p::intToString).candidate("parseInt", p::parseInt);
      case "dates" -> op.baseline("dateToString", p::dateToString).candidate("dateParse", p::dateParse);
      case "regex" -> op.baseline("patternMatches", p::patternMatches).candidate("stringMatches", p::stringMatches);
      case "format" -> op.baseline("builderConcat", p::builderConcat).candidate("stringFormat", p::stringFormat);
      case "streams" -> op.baseline("intStreamSum", p::intStreamSum).candidate("boxedStreamSum", p::boxedStreamSum);
      default -> throw new IllegalArgumentException(args[0]);
    }
    Arms arms = op.prepare(new StandaloneContext(args[0]));
    SamplingSettings s = new SamplingSettings(Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofMillis(1), 12, 1, Duration.ofSeconds(60));
    Measured m = new ThisJvm(args[0], arms, s).measure(1000);
    System.out.printf("%s: %s %.2f ns, %s %.2f ns, ratio %.3f, warm-up %s%n", args[0], m.measurement().baseline().name(), m.measurement().baseline().nsPerOp(),
        m.measurement().candidate().name(), m.measurement().candidate().nsPerOp(), m.measurement().ratio(), m.measurement().warmUp());
    System.exit(0);
  }
}
