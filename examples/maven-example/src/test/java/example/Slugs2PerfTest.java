package example;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.workloads.OpWorkload;

/** Perf tests gated by the budget file: the slug must stay within 10x of its recorded ratio. */
class Slugs2PerfTest {

  private final String title = "Ready for Other People's Builds: JUnit 5 and 6, Java 17 to 25 #2".repeat(8);

  @PerfBudget
  void slugifyAgainstLowerCase(OpWorkload op) {
    op.baseline("lowerCase", () -> Slugs.lowerCase(title))
      .candidate("slugify", () -> Slugs.slugify(title));
  }

  @PerfBudget
  void slugifyAgainstCopy(OpWorkload op) {
    op.baseline("copy", () -> title.toCharArray())
      .candidate("slugify", () -> Slugs.slugify(title));
  }
}
