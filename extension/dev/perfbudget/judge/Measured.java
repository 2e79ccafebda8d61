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
 * them: the report's parameters and the kind's absolute limits. A measurement taken in a fresh
 * JVM brings these back from there.
 */
@API(status = INTERNAL)
public record Measured(Measurement measurement, Map<String, Object> parameters, List<AbsoluteLimit> absoluteLimits) {

  public Measured {
    parameters = Map.copyOf(parameters);
    absoluteLimits = List.copyOf(absoluteLimits);
  }

  /** A measurement of {@code arms}, taken in this JVM. */
  public static Measured of(Measurement measurement, Arms arms) {
    return new Measured(measurement, arms.parameters(), arms.absoluteLimits());
  }
}
