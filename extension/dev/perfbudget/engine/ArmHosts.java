package dev.perfbudget.engine;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Objects;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * Where a measurement's arms run, as the sampler watches them: the JIT that compiles their code
 * (warm-up ends only once it is quiet) and the collectors that may stop them during a sample.
 * This JVM for arms measured here; for arms that each run in a JVM of their own, those JVMs, as
 * they report them.
 *
 * @param jit watches every JVM the arms run in, from the start of warm-up
 * @param baseline the collectors of the baseline's JVM
 * @param candidate the collectors of the candidate's JVM
 * @param emptyLoop the collectors of the empty loop's JVM
 */
@API(status = INTERNAL)
public record ArmHosts(Supplier<JitActivity> jit, GcCounter baseline, GcCounter candidate, GcCounter emptyLoop) {

  public ArmHosts {
    Objects.requireNonNull(jit, "jit");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(candidate, "candidate");
    Objects.requireNonNull(emptyLoop, "emptyLoop");
  }

  /** Every arm in this JVM. */
  public static ArmHosts thisJvm() {
    return watching(JitActivity::ofThisJvm);
  }

  /** Every arm in this JVM, its JIT watched through {@code jit}. */
  static ArmHosts watching(Supplier<JitActivity> jit) {
    return new ArmHosts(jit, GcCounter.THIS_JVM, GcCounter.THIS_JVM, GcCounter.THIS_JVM);
  }
}
