package dev.perfbudget.workloads;

import dev.perfbudget.Arms;
import dev.perfbudget.Workload;
import dev.perfbudget.WorkloadContext;
import dev.perfbudget.WorkloadDeclarationException;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

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
public final class OpWorkload implements Workload {

  private String baselineName;
  private Supplier<?> baseline;
  private String candidateName;
  private Supplier<?> candidate;

  /** Declares the baseline: the op the candidate is compared to. Declare it once. */
  public OpWorkload baseline(String name, Supplier<?> op) {
    if (baseline != null) {
      throw new WorkloadDeclarationException(
          "baseline is declared twice (\"" + baselineName + "\" and \"" + name + "\"); declare one baseline");
    }
    baselineName = checkName(name, "baseline");
    baseline = Objects.requireNonNull(op, "the baseline op");
    return this;
  }

  /** Declares the candidate: the op under budget. Declare it once. */
  public OpWorkload candidate(String name, Supplier<?> op) {
    if (candidate != null) {
      throw new WorkloadDeclarationException(
          "candidate is declared twice (\"" + candidateName + "\" and \"" + name + "\"); declare one candidate");
    }
    candidateName = checkName(name, "candidate");
    candidate = Objects.requireNonNull(op, "the candidate op");
    return this;
  }

  @Override
  public String kind() {
    return "op";
  }

  @Override
  public Arms prepare(WorkloadContext context) {
    if (baseline == null) {
      throw new WorkloadDeclarationException(
          "no baseline is declared; call op.baseline(\"name\", () -> ...) in the method body");
    }
    if (candidate == null) {
      throw new WorkloadDeclarationException(
          "no candidate is declared; call op.candidate(\"name\", () -> ...) in the method body");
    }
    Object nothing = null;
    return new Arms(
        new OpArm(baselineName, baseline),
        new OpArm(candidateName, candidate),
        new OpArm("empty loop", () -> nothing),
        Map.of());
  }

  static String checkName(String name, String arm) {
    if (name == null || name.isBlank()) {
      throw new WorkloadDeclarationException("the " + arm + " needs a name that is not blank");
    }
    return name;
  }
}
