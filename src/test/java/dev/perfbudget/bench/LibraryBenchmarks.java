package dev.perfbudget.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The {@link LibraryPanel}'s workloads as JMH benchmarks, for {@link Agreement}: each calls the
 * panel method of its name and returns its result, primitive or not, as perfbudget's op does.
 */
@State(Scope.Thread)
public class LibraryBenchmarks {

  private final LibraryPanel panel = new LibraryPanel();

  @Benchmark
  public long centsWithTax() {
    return panel.centsWithTax();
  }

  @Benchmark
  public java.math.BigDecimal bigDecimalWithTax() {
    return panel.bigDecimalWithTax();
  }

  @Benchmark
  public Integer hashMapGet() {
    return panel.hashMapGet();
  }

  @Benchmark
  public Integer treeMapGet() {
    return panel.treeMapGet();
  }

  @Benchmark
  public boolean hashSetContains() {
    return panel.hashSetContains();
  }

  @Benchmark
  public boolean listContains() {
    return panel.listContains();
  }

  @Benchmark
  public boolean patternMatches() {
    return panel.patternMatches();
  }

  @Benchmark
  public boolean stringMatches() {
    return panel.stringMatches();
  }

  @Benchmark
  public String builderConcat() {
    return panel.builderConcat();
  }

  @Benchmark
  public String stringFormat() {
    return panel.stringFormat();
  }

  @Benchmark
  public String intToString() {
    return panel.intToString();
  }

  @Benchmark
  public int parseInt() {
    return panel.parseInt();
  }

  @Benchmark
  public String dateToString() {
    return panel.dateToString();
  }

  @Benchmark
  public java.time.LocalDate dateParse() {
    return panel.dateParse();
  }

  @Benchmark
  public int intStreamSum() {
    return panel.intStreamSum();
  }

  @Benchmark
  public int boxedStreamSum() {
    return panel.boxedStreamSum();
  }

  @Benchmark
  public int boxedStreamCollect() {
    return panel.boxedStreamCollect();
  }

  @Benchmark
  public int sortInts() {
    return panel.sortInts();
  }

  @Benchmark
  public int sortList() {
    return panel.sortList();
  }

  @Benchmark
  public int sortBigInts() {
    return panel.sortBigInts();
  }

  @Benchmark
  public int sortBigBoxed() {
    return panel.sortBigBoxed();
  }
}
