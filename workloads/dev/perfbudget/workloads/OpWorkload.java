package dev.perfbudget.workloads;

import static org.apiguardian.api.API.Status.STABLE;

import dev.perfbudget.Arms;
import dev.perfbudget.Workload;
import dev.perfbudget.WorkloadContext;
import java.util.Map;
import java.util.function.Supplier;
import org.apiguardian.api.API;

/**
 * The per-call cost of an operation: a baseline op and a candidate op, each a {@link Supplier}
 * whose result is consumed so the JIT cannot remove the work.
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
 * <p>Each arm runs in a loop of its own; ns/op is reported net of an empty loop's cost. Keep
 * inputs in captured variables prepared before the arms, as above: work done inside the
 * supplier is measured. A value the supplier computes from constants only may be folded by the
 * JIT; read inputs from a field or a captured object instead.
 */
@API(status = STABLE, since = "0.1")
public final class OpWorkload implements Workload {

  private final DeclaredArm<Supplier<?>> baseline = new DeclaredArm<>("baseline");
  private final DeclaredArm<Supplier<?>> candidate = new DeclaredArm<>("candidate");

  /** Declares the baseline: the op the candidate is compared to. Declare it once. */
  public OpWorkload baseline(String name, Supplier<?> op) {
    baseline.declare(name, baseline.nonNull(name, op, "op; pass the op to measure, such as () -> codec.encode(doc)"));
    return this;
  }

  /** Declares the candidate: the op under budget. Declare it once. */
  public OpWorkload candidate(String name, Supplier<?> op) {
    candidate.declare(name, candidate.nonNull(name, op, "op; pass the op to measure, such as () -> codec.encode(doc)"));
    return this;
  }

  @Override
  public String kind() {
    return "op";
  }

  @Override
  public Arms prepare(WorkloadContext context) {
    Supplier<?> baselineOp = baseline.required("op.baseline(\"name\", () -> ...)");
    Supplier<?> candidateOp = candidate.required("op.candidate(\"name\", () -> ...)");
    Object nothing = null;
    Arms arms =
        new Arms(
            new OpArm(baseline.name(), baselineOp),
            new OpArm(candidate.name(), candidateOp),
            new OpArm("empty loop", () -> nothing),
            Map.of());
    return SinkCheck.problem()
        .map(problem -> arms.invalidBecause(
            "the results of the baseline `" + baseline.name() + "` and the candidate `" + candidate.name() + "` go into " + problem))
        .orElse(arms);
  }
}
