package dev.perfbudget;

import java.util.Map;
import java.util.Objects;

/**
 * The two arms of a workload, ready to measure.
 *
 * @param baseline the arm the candidate is compared to
 * @param candidate the arm under budget
 * @param emptyLoop an arm that runs the same loop with nothing in it, whose cost per operation
 *     is subtracted from both arms' costs; {@code null} when the loop's own cost is negligible
 * @param parameters what the report says about the workload (sizes, threads, ...), in order
 * @param sampling how the engine samples these arms
 */
public record Arms(
    Arm baseline, Arm candidate, Arm emptyLoop, Map<String, Object> parameters, Sampling sampling) {

  public Arms {
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(candidate, "candidate");
    parameters = Map.copyOf(parameters);
    Objects.requireNonNull(sampling, "sampling");
  }

  /** Arms sampled the default, adaptive way. */
  public Arms(Arm baseline, Arm candidate, Arm emptyLoop, Map<String, Object> parameters) {
    this(baseline, candidate, emptyLoop, parameters, Sampling.adaptive());
  }

  /** Two arms whose loop costs nothing worth subtracting. */
  public static Arms of(Arm baseline, Arm candidate) {
    return new Arms(baseline, candidate, null, Map.of(), Sampling.adaptive());
  }
}
