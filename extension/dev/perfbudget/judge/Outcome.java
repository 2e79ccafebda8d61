package dev.perfbudget.judge;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.engine.Measurement;
import dev.perfbudget.plan.BytesBudget;
import dev.perfbudget.plan.Limit;
import java.time.Instant;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The result of one perf test, as reported.
 *
 * @param test {@code <class FQN>#<method>}
 * @param key the budget-file key
 * @param measurement the measurement the verdict rests on; null when the test was skipped
 * @param unconfirmedRatio the ratio of a first measurement that a second one was asked to
 *     confirm, or NaN when no confirmation was needed
 * @param note what the reader should know beyond the numbers, or empty
 * @param bytes the limits on allocation checked, or {@link BytesBudget#NONE}
 */
@API(status = INTERNAL)
public record Outcome(
    String test,
    String key,
    String kind,
    Verdict verdict,
    boolean fails,
    Limit limit,
    Measurement measurement,
    double unconfirmedRatio,
    Map<String, Object> parameters,
    String note,
    Instant time,
    BytesBudget bytes) {

  public static Outcome skipped(String test, String key, String kind, String why) {
    return new Outcome(
        test, key, kind, Verdict.SKIPPED, false, Limit.NONE, null, Double.NaN, Map.of(), why, Instant.now(), BytesBudget.NONE);
  }
}
