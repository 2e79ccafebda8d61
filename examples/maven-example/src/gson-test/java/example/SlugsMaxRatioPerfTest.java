package example;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.workloads.OpWorkload;

/** A perf test with its limit on the annotation: it reads no budget file. */
class SlugsMaxRatioPerfTest {

  private final String title = "A project with a Gson of its own".repeat(8);

  @PerfBudget(maxRatio = 100)
  void slugifyWithin100xOfACopy(OpWorkload op) {
    op.baseline("copy", () -> title.toCharArray())
      .candidate("slugify", () -> Slugs.slugify(title));
  }
}
