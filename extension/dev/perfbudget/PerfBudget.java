package dev.perfbudget;

import static org.apiguardian.api.API.Status.STABLE;

import dev.perfbudget.junit.PerfBudgetExtension;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * Turns a test method into a performance check of a candidate against a baseline measured in
 * the same run.
 *
 * <p>The method declares one {@link Workload} parameter and, in its body, the two arms of that
 * workload. After the body returns, the extension warms both arms up, measures them in
 * interleaved pairs, and compares the median ratio {@code candidate / baseline} to a limit,
 * stopping as soon as its 99% confidence interval is clear of the limit (the report shows the
 * 95% interval of the same construction; docs/statistics.md):
 *
 * <pre>{@code
 * @PerfBudget(maxRatio = 25)
 * void encodeStaysWithin25xOfACopy(OpWorkload op) {
 *     Doc doc = Docs.sample();
 *     op.baseline("copy", () -> doc.text().toCharArray())
 *       .candidate("encode", () -> Codec.encode(doc));
 * }
 * }</pre>
 *
 * <h2>Where the limit comes from</h2>
 * More specific configuration overrides less specific:
 * <ol>
 *   <li>{@link #maxRatio()}, when set, is the limit.
 *   <li>Otherwise the ratio recorded for {@link #key()} in the budget file
 *       ({@code perfbudget.budgets.file}, default {@code budgets/perf-budgets.json}) times the
 *       tolerance: {@link #tolerance()} when set, else {@code perfbudget.tolerance}, else 10.
 *   <li>With neither, the ratio is recorded and the test passes with a notice; under CI
 *       (environment variable {@code CI=true}) the test fails and names the command that
 *       records the budget.
 * </ol>
 *
 * <h2>Modes</h2>
 * {@code perfbudget.mode}: {@code enforce} (default), {@code report} (measure, never fail),
 * {@code record} (measure and write the ratio into the budget file), {@code off} (skip).
 *
 * <h2>Parameter sweeps</h2>
 * With {@code @ParameterizedTest} every invocation is measured and judged on its own, under the
 * budget key {@code <key>[<arguments>]}: the arguments are the parameters before the workload
 * parameter, as text, such as {@code com.example.CodecPerfTest#encode[1024]}. Declare the
 * workload parameter after the sweep's arguments. {@code @RepeatedTest}, {@code @TestFactory}
 * and other test templates are configuration errors: they would run the method unmeasured.
 *
 * <p>A perf test is a test by itself (a test template of one invocation, named as a
 * {@code @Test} method would be), is tagged {@code perf} so builds can
 * include or exclude perf tests, and holds an exclusive lock so that under parallel execution
 * no other test runs beside it.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
// A template rather than @Test, so that @ParameterizedTest can add its invocations: alone, the
// extension runs one invocation under the name a @Test method would have.
@TestTemplate
@Tag("perf")
@ExtendWith(PerfBudgetExtension.class)
// Every other test holds the global lock for reading, so a writer runs alone (as @Isolated).
@ResourceLock(Resources.GLOBAL)
@API(status = STABLE, since = "0.1")
public @interface PerfBudget {

  /** The highest ratio {@code candidate / baseline} that passes; 0 (the default) means unset. */
  double maxRatio() default 0;

  /**
   * How far the ratio may move past the recorded one before the test fails, as a factor (10
   * means an order of magnitude); 0 (the default) means unset: {@code perfbudget.tolerance},
   * else 10. Must be at least 1 when set.
   */
  double tolerance() default 0;

  /** The key of this test in the budget file; empty (the default) means {@code <class FQN>#<method>}. */
  String key() default "";

  /**
   * The highest ratio of bytes allocated per operation, candidate / baseline, that passes; 0
   * (the default) means unset: {@code maxBytesRatio} of the budget-file entry, else none. For
   * workloads that count allocation, such as churn and op workloads.
   */
  double maxBytesRatio() default 0;

  /**
   * The most bytes the candidate may allocate per operation; 0 (the default) means unset:
   * {@code maxBytesPerOp} of the budget-file entry, else none.
   */
  double maxBytesPerOp() default 0;
}
