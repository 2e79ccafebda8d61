package dev.perfbudget.judge;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.AbsoluteLimit;
import dev.perfbudget.Arms;
import dev.perfbudget.engine.Measurement;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * One measurement of a test's arms, with what the workload said about itself while it prepared
 * them: the report's parameters, the kind's absolute limits, and what makes any measurement of
 * them untrustworthy. A measurement taken in a fresh JVM brings these back from there.
 *
 * @param measurement the measurement, or null when the arms were not measured because {@code
 *     invalidBecause} says they cannot be
 * @param invalidBecause what the kind found before measuring ({@link Arms#invalidBecause})
 */
@API(status = INTERNAL)
public record Measured(
    Measurement measurement, Map<String, Object> parameters, List<AbsoluteLimit> absoluteLimits, List<String> invalidBecause) {

  public Measured {
    parameters = Map.copyOf(parameters);
    absoluteLimits = List.copyOf(absoluteLimits);
    invalidBecause = List.copyOf(invalidBecause);
  }

  /** A measurement of {@code arms}, taken in this JVM. */
  public static Measured of(Measurement measurement, Arms arms) {
    return new Measured(measurement, arms.parameters(), arms.absoluteLimits(), arms.invalidBecause());
  }

  /** Arms that were not measured, because measuring them would only waste time. */
  public static Measured unmeasurable(Arms arms) {
    return of(null, arms);
  }
}
