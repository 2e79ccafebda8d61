package dev.perfbudget.bench;

import dev.perfbudget.PerfBudget;
import dev.perfbudget.workloads.OpWorkload;

/**
 * The agreement panel's pairs as the {@code @PerfBudget} tests a user would write, each with its
 * budget recorded in the budget file: the baseline is the cheaper way, the candidate the dearer
 * one. {@link Agreement} runs them as a test class runs, in one JVM, and each in a fresh JVM.
 * (Not named {@code *Tests}: Surefire must not run them in the build.)
 */
public class LibraryPairs {

  private final LibraryPanel panel = new LibraryPanel();

  @PerfBudget
  void money(OpWorkload op) {
    op.baseline("centsWithTax", panel::centsWithTax).candidate("bigDecimalWithTax", panel::bigDecimalWithTax);
  }

  @PerfBudget
  void lookup(OpWorkload op) {
    op.baseline("hashMapGet", panel::hashMapGet).candidate("treeMapGet", panel::treeMapGet);
  }

  @PerfBudget
  void contains(OpWorkload op) {
    op.baseline("hashSetContains", panel::hashSetContains).candidate("listContains", panel::listContains);
  }

  @PerfBudget
  void regex(OpWorkload op) {
    op.baseline("patternMatches", panel::patternMatches).candidate("stringMatches", panel::stringMatches);
  }

  @PerfBudget
  void format(OpWorkload op) {
    op.baseline("builderConcat", panel::builderConcat).candidate("stringFormat", panel::stringFormat);
  }

  @PerfBudget
  void printParse(OpWorkload op) {
    op.baseline("intToString", panel::intToString).candidate("parseInt", panel::parseInt);
  }

  @PerfBudget
  void dates(OpWorkload op) {
    op.baseline("dateToString", panel::dateToString).candidate("dateParse", panel::dateParse);
  }

  @PerfBudget
  void streams(OpWorkload op) {
    op.baseline("intStreamSum", panel::intStreamSum).candidate("boxedStreamSum", panel::boxedStreamSum);
  }

  @PerfBudget
  void sortSmall(OpWorkload op) {
    op.baseline("sortInts", panel::sortInts).candidate("sortList", panel::sortList);
  }

  @PerfBudget
  void sortBig(OpWorkload op) {
    op.baseline("sortBigInts", panel::sortBigInts).candidate("sortBigBoxed", panel::sortBigBoxed);
  }
}
