package dev.perfbudget;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Map;
import org.apiguardian.api.API;

/**
 * One side of a comparison: something that runs a batch of operations and times it.
 *
 * <p>The engine decides how many operations a batch holds, so that one batch lasts far longer
 * than the timer's granularity. Implementations time only the operations themselves and keep
 * every result alive (see {@link CallSites}), or the JIT may remove the work.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface Arm {

  /** The name the user gave this arm, as shown in reports. */
  String name();

  /**
   * Runs {@code operations} operations (at least 1) and returns how long they took and, where
   * this arm counts it, how many bytes they allocated.
   *
   * @throws Exception whatever an operation threw; the test fails with it as the cause
   */
  Sample run(long operations) throws Exception;

  /**
   * Switches the arm to a fresh copy of its measuring loop, one the JIT has not compiled yet.
   * The engine calls it once the arm has run alone until its code is compiled and steady, and
   * then warms the fresh loop up: its compilation then finds the operation compiled already, and
   * inlines it only where that compiled code is small, as the JIT does for any caller compiled
   * after its callee, and as JMH's measuring loop is compiled once its first iteration ends.
   *
   * @return whether the loop was renewed, and needs warming up; by default it is not, for an arm
   *     with no loop of its own (a pool's dispatch, a process started per operation) has none
   */
  default boolean renewLoop() {
    return false;
  }

  /**
   * Figures of this arm's own kind for the report, such as a pool's elements per second,
   * computed from the measured cost per operation (net of the empty loop). They are written
   * under the arm's {@code figures} in report.json; none by default.
   */
  default Map<String, Object> figures(double nsPerOp) {
    return Map.of();
  }
}
