package dev.perfbudget;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The two arms of a workload, ready to measure.
 *
 * @param baseline the arm the candidate is compared to
 * @param candidate the arm under budget
 * @param emptyLoop an arm that runs the same loop with nothing in it, whose cost per operation
 *     is subtracted from both arms' costs; {@code null} when the loop's own cost is negligible
 * @param parameters what the report says about the workload (sizes, threads, ...), in order
 * @param sampling how the engine samples these arms
 * @param absoluteLimits limits the kind sets on figures of its own, judged beside the ratio
 * @param invalidBecause what the kind found, before measuring, that makes any measurement of
 *     these arms untrustworthy (a result sink the JIT sees through), one sentence each naming the
 *     fix; any makes the verdict {@code INVALID}. Empty when there is nothing.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Arms(
    Arm baseline,
    Arm candidate,
    Arm emptyLoop,
    Map<String, Object> parameters,
    Sampling sampling,
    List<AbsoluteLimit> absoluteLimits,
    List<String> invalidBecause) {

  public Arms {
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(candidate, "candidate");
    parameters = Map.copyOf(parameters);
    Objects.requireNonNull(sampling, "sampling");
    absoluteLimits = List.copyOf(absoluteLimits);
    invalidBecause = List.copyOf(invalidBecause);
  }

  /** Arms with absolute limits, and nothing found wrong before measuring. */
  public Arms(
      Arm baseline, Arm candidate, Arm emptyLoop, Map<String, Object> parameters, Sampling sampling,
      List<AbsoluteLimit> absoluteLimits) {
    this(baseline, candidate, emptyLoop, parameters, sampling, absoluteLimits, List.of());
  }

  /** Arms sampled the given way, with no absolute limits. */
  public Arms(Arm baseline, Arm candidate, Arm emptyLoop, Map<String, Object> parameters, Sampling sampling) {
    this(baseline, candidate, emptyLoop, parameters, sampling, List.of());
  }

  /** Arms sampled the default, adaptive way. */
  public Arms(Arm baseline, Arm candidate, Arm emptyLoop, Map<String, Object> parameters) {
    this(baseline, candidate, emptyLoop, parameters, Sampling.adaptive());
  }

  /** Two arms whose loop costs nothing worth subtracting. */
  public static Arms of(Arm baseline, Arm candidate) {
    return new Arms(baseline, candidate, null, Map.of(), Sampling.adaptive());
  }

  /** These arms with {@code limits} judged beside the ratio. */
  public Arms withAbsoluteLimits(List<AbsoluteLimit> limits) {
    return new Arms(baseline, candidate, emptyLoop, parameters, sampling, limits, invalidBecause);
  }

  /** These arms, known before measuring to give a measurement that cannot be trusted, and why. */
  public Arms invalidBecause(String why) {
    List<String> reasons = new java.util.ArrayList<>(invalidBecause);
    reasons.add(why);
    return new Arms(baseline, candidate, emptyLoop, parameters, sampling, absoluteLimits, reasons);
  }

  /** These arms with other arms in place of the three measured ones, for wrapping them. */
  public Arms withArms(Arm baseline, Arm candidate, Arm emptyLoop) {
    return new Arms(baseline, candidate, emptyLoop, parameters, sampling, absoluteLimits, invalidBecause);
  }
}
