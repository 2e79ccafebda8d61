package dev.perfbudget.testkit;

import dev.perfbudget.engine.SamplingSettings;
import java.time.Duration;

/** Sampling settings for tests that drive the engine directly: 1 s of warm-up at most, the default pairs before the first look, seed 1. */
public final class TestSampling {

  private TestSampling() {}

  public static SamplingSettings settings(Duration timeMax) {
    return new SamplingSettings(timeMax, Duration.ofSeconds(1), Duration.ofMillis(1), SamplingSettings.DEFAULT_MIN_PAIRS, 1, SamplingSettings.DEFAULT_OP_TIMEOUT);
  }
}
