package dev.perfbudget.judge;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.Arms;
import dev.perfbudget.engine.InterleavedSampler;
import dev.perfbudget.environment.MachineLoad;
import dev.perfbudget.engine.MeasuringThread;
import dev.perfbudget.engine.SamplingSettings;
import java.util.SplittableRandom;
import java.util.function.UnaryOperator;
import org.apiguardian.api.API;

/**
 * Measures prepared arms in the test JVM, on a watched thread of their own; every measurement
 * gets a new warm-up (shorter from the second on: see {@link
 * InterleavedSampler#forArmsMeasuredBefore()}) and its own stream of the seeded random numbers.
 */
@API(status = INTERNAL)
public final class ThisJvm implements Measurer {

  private final String test;
  private final Arms arms;
  private final SamplingSettings settings;
  private final SplittableRandom random;
  /** Whether these arms were measured here before: a second warm-up need not enter their loops again. */
  private boolean measuredBefore;

  public ThisJvm(String test, Arms arms, SamplingSettings settings) {
    this.test = test;
    this.arms = arms;
    this.settings = settings;
    this.random = new SplittableRandom(settings.seed());
  }

  @Override
  public Measured measure(double limit) throws Exception {
    return measure(limit, UnaryOperator.identity());
  }

  @Override
  public Measured measureToConfirm(double limit) throws Exception {
    return measure(limit, InterleavedSampler::confirmingAFailure);
  }

  @Override
  public Measured measureToPlace(double limit) throws Exception {
    return measure(limit, InterleavedSampler::placingTheRatio);
  }

  private Measured measure(double limit, UnaryOperator<InterleavedSampler> purpose) throws Exception {
    if (!arms.invalidBecause().isEmpty()) {
      return Measured.unmeasurable(arms);
    }
    InterleavedSampler sampler =
        new InterleavedSampler(settings, random.split()).reportingMachineLoad(MachineLoad::othersShareFromNow);
    InterleavedSampler warmed = measuredBefore ? sampler.forArmsMeasuredBefore() : sampler;
    InterleavedSampler thisTime = purpose.apply(warmed);
    measuredBefore = true;
    return Measured.of(
        MeasuringThread.run(test, arms, settings.opTimeout(), watched -> thisTime.measure(watched, limit)), arms);
  }
}
