package dev.perfbudget.workloads;

import static org.apiguardian.api.API.Status.STABLE;

import dev.perfbudget.Arms;
import dev.perfbudget.Workload;
import dev.perfbudget.WorkloadContext;
import dev.perfbudget.workloads.OpArm.Op;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * The per-call cost of an operation: a baseline op and a candidate op, each a {@link Supplier}
 * (or a primitive supplier) whose result is consumed so the JIT cannot remove the work.
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
 * <p>Each arm runs in a loop of its own; ns/op include that loop, as JMH's do, and the empty
 * loop's cost is reported beside them. Keep inputs in captured variables prepared before the
 * arms, as above: work done inside the supplier is measured. A value the supplier computes from
 * constants only may be folded by the JIT; read inputs from a field or a captured object instead.
 *
 * <p><b>Primitive results.</b> An op that returns an {@code int}, {@code long}, {@code double} or
 * {@code boolean} is taken as an {@link IntSupplier}, {@link LongSupplier}, {@link
 * DoubleSupplier} or {@link BooleanSupplier}, and its result is consumed as it is. Java picks
 * these overloads by itself for a lambda or method reference whose result is a primitive
 * ({@code () -> list.size()}, {@code text::length}); through {@code Supplier<?>} the same result
 * would be boxed first, which costs about 5 ns and 16 to 24 bytes a call for values outside the
 * small cached range, and that cost would be measured as if it were the op's.
 */
@API(status = STABLE, since = "0.1")
public final class OpWorkload implements Workload {

  private static final String WHAT = "op; pass the op to measure, such as () -> codec.encode(doc)";

  private final DeclaredArm<Op> baseline = new DeclaredArm<>("baseline");
  private final DeclaredArm<Op> candidate = new DeclaredArm<>("candidate");

  /** Declares the baseline: the op the candidate is compared to. Declare it once. */
  public OpWorkload baseline(String name, Supplier<?> op) {
    return declareBaseline(name, Op.of(baseline.nonNull(name, op, WHAT)));
  }

  /** Declares the baseline, an op with an {@code int} result, consumed without boxing. */
  public OpWorkload baseline(String name, IntSupplier op) {
    return declareBaseline(name, Op.of(baseline.nonNull(name, op, WHAT)));
  }

  /** Declares the baseline, an op with a {@code long} result, consumed without boxing. */
  public OpWorkload baseline(String name, LongSupplier op) {
    return declareBaseline(name, Op.of(baseline.nonNull(name, op, WHAT)));
  }

  /** Declares the baseline, an op with a {@code double} result, consumed without boxing. */
  public OpWorkload baseline(String name, DoubleSupplier op) {
    return declareBaseline(name, Op.of(baseline.nonNull(name, op, WHAT)));
  }

  /** Declares the baseline, an op with a {@code boolean} result, consumed without boxing. */
  public OpWorkload baseline(String name, BooleanSupplier op) {
    return declareBaseline(name, Op.of(baseline.nonNull(name, op, WHAT)));
  }

  /** Declares the candidate: the op under budget. Declare it once. */
  public OpWorkload candidate(String name, Supplier<?> op) {
    return declareCandidate(name, Op.of(candidate.nonNull(name, op, WHAT)));
  }

  /** Declares the candidate, an op with an {@code int} result, consumed without boxing. */
  public OpWorkload candidate(String name, IntSupplier op) {
    return declareCandidate(name, Op.of(candidate.nonNull(name, op, WHAT)));
  }

  /** Declares the candidate, an op with a {@code long} result, consumed without boxing. */
  public OpWorkload candidate(String name, LongSupplier op) {
    return declareCandidate(name, Op.of(candidate.nonNull(name, op, WHAT)));
  }

  /** Declares the candidate, an op with a {@code double} result, consumed without boxing. */
  public OpWorkload candidate(String name, DoubleSupplier op) {
    return declareCandidate(name, Op.of(candidate.nonNull(name, op, WHAT)));
  }

  /** Declares the candidate, an op with a {@code boolean} result, consumed without boxing. */
  public OpWorkload candidate(String name, BooleanSupplier op) {
    return declareCandidate(name, Op.of(candidate.nonNull(name, op, WHAT)));
  }

  private OpWorkload declareBaseline(String name, Op op) {
    baseline.declare(name, op);
    return this;
  }

  private OpWorkload declareCandidate(String name, Op op) {
    candidate.declare(name, op);
    return this;
  }

  @Override
  public String kind() {
    return "op";
  }

  @Override
  public Arms prepare(WorkloadContext context) {
    Op baselineOp = baseline.required("op.baseline(\"name\", () -> ...)");
    Op candidateOp = candidate.required("op.candidate(\"name\", () -> ...)");
    // The empty loop takes the baseline's shape: its cost is what the baseline's loop costs.
    Arms arms =
        new Arms(
            new OpArm(baseline.name(), baselineOp),
            new OpArm(candidate.name(), candidateOp),
            new OpArm("empty loop", baselineOp.empty()),
            Map.of());
    return SinkCheck.problem()
        .map(problem -> arms.invalidBecause(
            "the results of the baseline `" + baseline.name() + "` and the candidate `" + candidate.name() + "` go into " + problem))
        .orElse(arms);
  }
}
