package dev.perfbudget;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A limit that a workload kind sets on a time of its own, beside the ratio: a pool's warm
 * dispatch overhead, say. The kind measures the figure while it prepares its arms and hands it
 * over in {@link Arms}; the extension judges it with every other limit, so that a figure over
 * its limit fails the test (in {@code enforce} mode) and shows in the console line, report.json
 * and the history like any other verdict.
 *
 * <p>A figure over its limit reads, in the failure message: {@code <figure> costs <nanos>
 * (<how>), over the absolute limit <maxNanos> (<source>)}.
 *
 * @param figure what was measured, such as {@code a warm dispatch on the baseline "threads"}
 * @param nanos the measured time
 * @param how how it was measured, such as {@code at 0 elements, median}
 * @param maxNanos the highest time that passes
 * @param source where the limit came from, such as {@code maxDispatchOverhead on the pool workload}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record AbsoluteLimit(String figure, double nanos, String how, double maxNanos, String source) {

  public AbsoluteLimit {
    Objects.requireNonNull(figure, "figure");
    Objects.requireNonNull(how, "how");
    Objects.requireNonNull(source, "source");
  }

  /** Whether the figure is over its limit. */
  public boolean exceeded() {
    return nanos > maxNanos;
  }
}
