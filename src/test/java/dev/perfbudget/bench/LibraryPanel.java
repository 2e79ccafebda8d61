package dev.perfbudget.bench;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The JMH agreement panel: everyday JDK-library work, from about 2 ns to about a millisecond per
 * call, as methods that JMH ({@link LibraryBenchmarks}) and perfbudget ({@link Agreement}) call
 * alike on one object. Inputs are prepared once; every call reads the next input through an
 * index stored back in a field, so that no call can be folded into a constant, and takes the
 * inputs in a random order that does not repeat (see {@link #next}). Methods that compute a
 * primitive return it, so that neither tool boxes it.
 */
public final class LibraryPanel {

  private static final int KEYS = 1024;
  private static final int WORDS = 64;
  private static final int LIST = 1000;
  private static final int SMALL_SORT = 1000;
  private static final int BIG_SORT = 20_000;

  private final SplittableRandom random = new SplittableRandom(7);
  private int index;

  private final long[] cents = new long[KEYS];
  private final BigDecimal[] amounts = new BigDecimal[KEYS];
  private final BigDecimal rate = new BigDecimal("1.0825");
  private final Integer[] keys = new Integer[KEYS];
  private final Map<Integer, Integer> hashMap = new HashMap<>();
  private final Map<Integer, Integer> treeMap = new TreeMap<>();
  private final String[] words = new String[WORDS];
  private final Set<String> wordSet = new HashSet<>();
  private final List<String> wordList = new ArrayList<>();
  private final String[] emails = new String[WORDS];
  private final Pattern emailPattern;
  private final int[] numbers = new int[WORDS];
  private final String[] numberTexts = new String[WORDS];
  private final LocalDate[] dates = new LocalDate[WORDS];
  private final String[] dateTexts = new String[WORDS];
  private final int[] ints = new int[LIST];
  private final List<Integer> boxed = new ArrayList<>();
  private final int[] smallSortInput = new int[SMALL_SORT];
  private final int[] smallSortWork = new int[SMALL_SORT];
  private final int[] bigSortInput = new int[BIG_SORT];
  private final int[] bigSortWork = new int[BIG_SORT];
  private final Integer[] bigSortBoxed = new Integer[BIG_SORT];
  private final Integer[] bigSortBoxedWork = new Integer[BIG_SORT];

  static final String EMAIL_REGEX = "[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}";

  public LibraryPanel() {
    for (int i = 0; i < KEYS; i++) {
      cents[i] = 100 + random.nextInt(1_000_000);
      amounts[i] = BigDecimal.valueOf(cents[i], 2);
      keys[i] = random.nextInt();
      hashMap.put(keys[i], i);
      treeMap.put(keys[i], i);
    }
    for (int i = 0; i < WORDS; i++) {
      words[i] = "word" + random.nextInt(1_000_000) + "-" + i;
      wordSet.add(words[i]);
      wordList.add(words[i]);
      emails[i] = "user." + random.nextInt(100_000) + (i % 5 == 0 ? "@example" : "@example.org");
      numbers[i] = random.nextInt();
      numberTexts[i] = Integer.toString(random.nextInt());
      dates[i] = LocalDate.of(1990 + random.nextInt(40), 1 + random.nextInt(12), 1 + random.nextInt(28));
    }
    for (int i = 0; i < WORDS; i++) {
      dateTexts[i] = dates[(i * 7) % WORDS].toString();
    }
    emailPattern = Pattern.compile(EMAIL_REGEX);
    for (int i = 0; i < LIST; i++) {
      ints[i] = random.nextInt(1000);
      boxed.add(ints[i]);
    }
    for (int i = 0; i < SMALL_SORT; i++) {
      smallSortInput[i] = random.nextInt();
    }
    for (int i = 0; i < BIG_SORT; i++) {
      bigSortInput[i] = random.nextInt();
      bigSortBoxed[i] = bigSortInput[i];
    }
  }

  /**
   * The index of the next call's input, below {@code mask + 1} (a power of two): a call counter
   * scrambled by MurmurHash3's 32-bit finalizer, a bijection, so the draws come in a random order
   * that repeats only after 2^32 calls. A CPU's branch predictor learns the way each input's
   * branches go (how a rounding goes, whether a hash bucket's first key is the one looked up,
   * after how many elements a list search stops) when the inputs come back in the same order,
   * and then an op's cost turns on how much of that order it holds: what else ran on the core
   * lately decides that. Counting through 1,024 prices in turn, the branchy cents rounding cost
   * 1.3 ns; over 65,536 prices 5.7 ns. Drawing keys from a fixed random order of 65,536 draws,
   * {@code HashMap.get} read 4.0 ns/op after a long run of its own, and 5.2 to 6.3 ns in the 20
   * ms after a turn of {@code TreeMap.get}; from an order of 2^18 draws, about 8 either way.
   * The scrambling costs a few instructions that do not depend on the call before.
   */
  private int next(int mask) {
    return scramble(index++) & mask;
  }

  /** MurmurHash3's 32-bit finalizer: a bijection whose every output bit depends on every input bit. */
  static int scramble(int counter) {
    int draw = counter;
    draw ^= draw >>> 16;
    draw *= 0x85ebca6b;
    draw ^= draw >>> 13;
    draw *= 0xc2b2ae35;
    return draw ^ (draw >>> 16);
  }

  // money: cents in a long against BigDecimal

  /**
   * A price with tax in whole cents, rounded half-even, in long arithmetic (about 2 ns). The
   * rounding adds its one cent without a branch: on prices in a random order a branch on the
   * remainder goes either way at random, and its mispredictions (about 3.5 ns a call) would be
   * most of the cost.
   */
  public long centsWithTax() {
    long amount = cents[next(KEYS - 1)];
    long scaled = amount * 10825;
    long cents = scaled / 10000;
    long rest = scaled % 10000;
    long over = (5000 - rest) >>> 63; // 1 when rest > 5000
    long tie = ((rest ^ 5000) - 1) >>> 63; // 1 when rest == 5000
    return cents + (over | (tie & cents & 1));
  }

  /** The same price with tax in BigDecimal. */
  public BigDecimal bigDecimalWithTax() {
    return amounts[next(KEYS - 1)].multiply(rate).setScale(2, RoundingMode.HALF_EVEN);
  }

  // lookups: hash against tree

  public Integer hashMapGet() {
    return hashMap.get(keys[next(KEYS - 1)]);
  }

  public Integer treeMapGet() {
    return treeMap.get(keys[next(KEYS - 1)]);
  }

  // contains: a hash set against a list

  public boolean hashSetContains() {
    return wordSet.contains(words[next(WORDS - 1)]);
  }

  public boolean listContains() {
    return wordList.contains(words[next(WORDS - 1)]);
  }

  // regex: a precompiled Pattern against String.matches, which compiles it each call

  public boolean patternMatches() {
    return emailPattern.matcher(emails[next(WORDS - 1)]).matches();
  }

  public boolean stringMatches() {
    return emails[next(WORDS - 1)].matches(EMAIL_REGEX);
  }

  // formatting: a StringBuilder against String.format

  public String builderConcat() {
    int i = next(WORDS - 1);
    return new StringBuilder(32).append(words[i]).append(':').append(numbers[i]).append(" items").toString();
  }

  public String stringFormat() {
    int i = next(WORDS - 1);
    return String.format(Locale.ROOT, "%s:%d items", words[i], numbers[i]);
  }

  // print and parse: an int to text and back

  public String intToString() {
    return Integer.toString(numbers[next(WORDS - 1)]);
  }

  public int parseInt() {
    return Integer.parseInt(numberTexts[next(WORDS - 1)]);
  }

  // dates: print and parse ISO dates

  public String dateToString() {
    return dates[next(WORDS - 1)].toString();
  }

  public LocalDate dateParse() {
    return LocalDate.parse(dateTexts[next(WORDS - 1)]);
  }

  // streams: primitive against boxed

  public int intStreamSum() {
    return Arrays.stream(ints).sum() + next(0);
  }

  public int boxedStreamSum() {
    return boxed.stream().mapToInt(Integer::intValue).sum() + next(0);
  }

  /** A boxed pipeline of several stages, filtering and collecting: the other stream users. */
  public int boxedStreamCollect() {
    return boxed.stream().filter(v -> (v & 1) == 0).map(v -> v * 3).collect(Collectors.toList()).size() + next(0);
  }

  // sorting, small: primitive against boxed (each call sorts a fresh copy)

  public int sortInts() {
    int[] work = smallSortWork;
    System.arraycopy(smallSortInput, 0, work, 0, SMALL_SORT);
    Arrays.sort(work);
    return work[next(511)];
  }

  /**
   * Boxes the same 1,000 ints into a fresh list and sorts it, as code that sorts a copy does.
   * The list is the call's own: a list kept from call to call moves to the old generation after
   * enough collections, and then every store of a freshly boxed value into it pays G1's
   * card-marking barrier, a cost of where the list lives rather than of sorting. Kept in a field,
   * the same op read 29,000 to 33,000 ns/op with the list young and 68,000 to 74,000 with it old
   * (a fresh JVM promoting at the first collection), and JMH's forks went from one to the other
   * a few seconds in; a fresh list read 31,000 to 35,000 either way.
   */
  public int sortList() {
    List<Integer> list = new ArrayList<>(SMALL_SORT);
    for (int value : smallSortInput) {
      list.add(value);
    }
    Collections.sort(list);
    return list.get(next(511));
  }

  // sorting, big: about a millisecond and more

  public int sortBigInts() {
    int[] work = bigSortWork;
    System.arraycopy(bigSortInput, 0, work, 0, BIG_SORT);
    Arrays.sort(work);
    return work[next(1023)];
  }

  public int sortBigBoxed() {
    Integer[] work = bigSortBoxedWork;
    System.arraycopy(bigSortBoxed, 0, work, 0, BIG_SORT);
    Arrays.sort(work);
    return work[next(1023)];
  }
}
