package dev.perfbudget.judge;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.perfbudget.engine.Measurement.Stop;
import dev.perfbudget.engine.Measurement;
import dev.perfbudget.plan.Limit;
import dev.perfbudget.units.Format;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Measures a workload's arms against a limit and decides the verdict, confirming a failure
 * with a second, independent measurement before it counts.
 *
 * <p>When the first measurement is taken in the test JVM and the confirming one in a fresh JVM
 * (the default, {@code perfbudget.fork=confirm}), a first reading far from the recorded ratio,
 * either way (its interval wholly outside a band of 5% around it), is not trusted either: the
 * library code an arm calls keeps the type profiles that earlier tests of the JVM gave it, and a
 * boxed stream sum measured 1.8 alone read 2.0 to 13.9 after four other stream tests. Such a
 * reading is measured again in a fresh JVM, and that measurement is the one judged and
 * reported, unless it too is far from the recorded ratio (a fresh JVM's band is 10%) and within
 * the limit: then a second fresh JVM checks it, as below. A first reading whose ratio lies
 * beyond the band of 5% while its interval still reaches into it is too wide to say: it is
 * measured longer in the test JVM first ({@link Measurer#measureToPlace}), and the longer
 * reading is the one placed: judged and reported where its ratio lies within the band, and
 * measured again in a fresh JVM where it still lies outside, however wide its interval.
 *
 * <p>A fresh JVM has run the JUnit Platform before the test, and the same boxed sum read eight
 * times slower in some fresh JVMs than in others. A ratio to record in fresh JVMs is therefore
 * measured in a second one, and the geometric mean of the two is recorded, or the lower where
 * the two read {@value #APART} times apart. With {@code perfbudget.fork=always}, a reading far
 * from the recorded ratio is checked by a second fresh JVM: the second is judged where it reads
 * near the recorded ratio, the first where both read far and alike, and where they read
 * {@value #APART} times apart a third measures and the median of the three is judged.
 */
@API(status = INTERNAL)
public final class PerfCheck {

  /**
   * How far, as a factor either way, a fresh JVM's reading (its 95% interval) must lie from the
   * recorded ratio to be checked by another fresh JVM: beyond the few percent that one fresh
   * JVM's reading of the same code differs from another's, so that a clean reading is rarely
   * measured twice.
   */
  static final double FAR = 1.10;

  /**
   * How near, as a factor either way, a reading taken in the test JVM must lie to the recorded
   * ratio to be kept as it is; beyond it (its 95% interval, or its ratio once measured longer),
   * a fresh JVM measures again. Narrower than {@link #FAR}: the recorded ratio is itself two
   * fresh JVMs' reading, a few percent off the code's cost, and a kept reading carries both
   * errors. With a band of 10%, the test JVM's readings of everyday library code were kept up to
   * 10% off the recorded ratio and reported 11% to 13% off JMH's (a sort of boxed integers, a
   * price in {@code BigDecimal}); a fresh JVM's reading is of the recording's own kind.
   */
  static final double NEAR_IN_THE_TEST_JVM = 1.05;

  /**
   * How far apart, as a factor, two fresh JVMs' ratios must be for a third to decide between
   * them: past the up to 70% that library code's cost moves from one fresh JVM to the next
   * ({@code TreeMap.get}: 38.5 and 64.4 ns/op), short of the 8x of a boxed stream sum in the
   * fresh JVMs where the JIT compiled its shared stream code with the test framework's type
   * profiles.
   */
  static final double APART = 2.0;

  private final Measurer first;
  private final Measurer confirm;
  private final boolean replacesFarReadings;
  private final boolean freshJvms;

  /**
   * @param first takes the first measurement
   * @param confirm takes the measurement that confirms a failure
   * @param replacesFarReadings whether a first reading far from the recorded ratio is measured
   *     again by {@code confirm} (when that is a fresh JVM and {@code first} is not)
   * @param freshJvms whether both {@code first} and {@code confirm} are fresh JVMs: then a ratio
   *     to record is measured again in a second (the lower is recorded where the two are {@value
   *     #APART} times apart), and a first reading far from the recorded ratio in a second and in a
   *     third where the two are that far apart
   */
  public PerfCheck(Measurer first, Measurer confirm, boolean replacesFarReadings, boolean freshJvms) {
    this.first = first;
    this.confirm = confirm;
    this.replacesFarReadings = replacesFarReadings;
    this.freshJvms = freshJvms;
  }

  /** A check whose first measurement is taken in the test JVM. */
  public PerfCheck(Measurer first, Measurer confirm, boolean replacesFarReadings) {
    this(first, confirm, replacesFarReadings, false);
  }

  /** A check whose confirming measurement is taken where the first one is. */
  public PerfCheck(Measurer first, Measurer confirm) {
    this(first, confirm, false, false);
  }

  /**
   * The verdict and the measurement it rests on.
   *
   * @param unconfirmedRatio the ratio of a first measurement that a second one confirmed or
   *     replaced, else NaN
   * @param note why a first measurement was replaced, or empty
   */
  public record Decision(Verdict verdict, boolean fails, Measured measured, double unconfirmedRatio, String note) {

    public Measurement measurement() {
      return measured.measurement();
    }
  }

  /** Measures until the ratio is precise enough to record. */
  Steady measureToRecord() throws Exception {
    return steady(first.measure(0), 0);
  }

  /**
   * Measures the ratio to record. Where recordings are taken in fresh JVMs, a second fresh JVM
   * measures it too, and the geometric mean of the two ratios is recorded: one fresh JVM's ratio
   * of library code differs from the next one's by 20% to 40% ({@code String.matches} against a
   * compiled {@code Pattern}: 2.37 to 3.26), and the recorded ratio is what every later reading
   * is placed against. Where the two read {@value #APART} times apart or more, the lower ratio
   * is recorded instead, with a note that gives both: code whose cost depends on how the JIT
   * compiled shared library code in that JVM runs at more than one speed. A budget over the
   * lower ratio catches a regression from either speed, and the slower speed still reads within
   * a budget whose tolerance is wider than the two speeds are apart; a budget over the higher
   * ratio, or over a median of three that two slow JVMs outvote, would hide a regression of the
   * faster speed by as much as the speeds are apart (a boxed stream sum: 8x).
   */
  Recording measureToRecordChecked() throws Exception {
    Steady one = measureToRecord();
    if (!freshJvms || Double.isNaN(ratioOf(one))) {
      return new Recording(one, ratioOf(one));
    }
    Steady two = steady(confirm.measure(0), 0);
    if (Double.isNaN(ratioOf(two))) {
      return new Recording(one, ratioOf(one));
    }
    if (!apart(one, two)) {
      double mean = Math.sqrt(ratioOf(one) * ratioOf(two));
      String note = String.format(
          "the ratio read %s and %s in two fresh JVMs, and their geometric mean, %s, is recorded",
          Format.ratio(ratioOf(one)), Format.ratio(ratioOf(two)), Format.ratio(mean));
      return new Recording(one.noting(note), mean);
    }
    Steady lower = ratioOf(one) <= ratioOf(two) ? one : two;
    String note =
        String.format(
            "the ratio read %s and %s in two fresh JVMs: this code runs at more than one speed from one JVM to the "
                + "next (the JIT compiled library code it shares with the test framework differently), and the lower "
                + "is recorded, so that the budget catches a regression from either speed",
            Format.ratio(ratioOf(one)), Format.ratio(ratioOf(two)));
    return new Recording(lower.noting(note), ratioOf(lower));
  }

  /**
   * A measurement taken to record, and the ratio to record from it.
   *
   * @param steady the measurement the result reports
   * @param ratio the ratio to record: the measurement's own, or the geometric mean of two fresh
   *     JVMs' ratios (NaN when the measurement has none)
   */
  record Recording(Steady steady, double ratio) {}

  private static boolean apart(Steady one, Steady two) {
    double low = Math.min(ratioOf(one), ratioOf(two));
    double high = Math.max(ratioOf(one), ratioOf(two));
    return high >= APART * low;
  }

  /**
   * {@code one}, a fresh JVM's measurement far from the recorded ratio, checked by a second fresh
   * JVM. Where the second reads near the recorded ratio, the second is returned: the first JVM ran
   * the code at another of its speeds, for a regression would read far in both. Where both read
   * far and alike, {@code one} is returned, and says so. Where they read {@value #APART} times
   * apart, a third measures and the measurement with the median ratio of the three is returned.
   * Each says in its note what the JVMs read.
   */
  private Steady outvoted(Steady one, Limit limit) throws Exception {
    if (Double.isNaN(ratioOf(one))) {
      return one;
    }
    Steady two = steady(confirm.measure(limit.value()), limit.value());
    if (Double.isNaN(ratioOf(two))) {
      return one;
    }
    if (!far(two.measured().measurement(), limit.recordedRatio(), FAR)) {
      return two.noting(
          String.format(
              "the ratio read %s in a fresh JVM, far from the recorded %s, and %s in a second, which is judged and "
                  + "reported: the first JVM ran the code at another speed (the JIT compiled library code it shares "
                  + "with the test framework differently, or the machine was disturbed)",
              Format.ratio(ratioOf(one)), Format.ratio(limit.recordedRatio()), Format.ratio(ratioOf(two))));
    }
    if (!apart(one, two)) {
      return one.noting(
          String.format(
              "the ratio read %s and %s in two fresh JVMs, both far from the recorded %s: the code's cost changed "
                  + "since it was recorded, or this code runs at more than one speed from one JVM to the next and "
                  + "both JVMs ran it at a speed the recording did not",
              Format.ratio(ratioOf(one)), Format.ratio(ratioOf(two)), Format.ratio(limit.recordedRatio())));
    }
    Steady three = steady(confirm.measure(limit.value()), limit.value());
    if (Double.isNaN(ratioOf(three))) {
      return one;
    }
    List<Steady> readings = new ArrayList<>(List.of(one, two, three));
    readings.sort(Comparator.comparingDouble(PerfCheck::ratioOf));
    Steady median = readings.get(1);
    String note =
        String.format(
            "the ratio read %s, %s and %s in three fresh JVMs: this code runs at more than one speed from one JVM "
                + "to the next (the JIT compiled library code it shares with the test framework differently), "
                + "and the median is judged and reported",
            Format.ratio(ratioOf(one)), Format.ratio(ratioOf(two)), Format.ratio(ratioOf(three)));
    return median.noting(note);
  }

  /** The ratio of a valid measurement, else NaN. */
  private static double ratioOf(Steady steady) {
    Measured measured = steady.measured();
    return measured.measurement() == null || !measured.invalidBecause().isEmpty() ? Double.NaN : measured.measurement().ratio();
  }

  public Decision check(Limit limit) throws Exception {
    Steady steady = steady(first.measure(limit.value()), limit.value());
    Measured measured = steady.measured();
    if (measured.measurement() == null) {
      return new Decision(Verdict.INVALID, false, measured, Double.NaN, "");
    }
    double replacedRatio = steady.driftedRatio();
    String note = steady.note();
    boolean firstReading = Double.isNaN(replacedRatio);
    Measurement tooWide = null;
    double band = freshJvms ? FAR : NEAR_IN_THE_TEST_JVM;
    if (firstReading && replacesFarReadings && !freshJvms && unplaced(measured.measurement(), limit.recordedRatio(), band)) {
      Measured placed = first.measureToPlace(limit.value());
      // A longer reading whose ratio moved while it ran places nothing: the first one is kept.
      if (placed.measurement() != null && Validity.drift(placed.measurement()) == null) {
        tooWide = measured.measurement();
        measured = placed;
      }
    }
    boolean farByInterval = firstReading && far(measured.measurement(), limit.recordedRatio(), band);
    // A reading measured longer whose ratio still lies outside the band counts as far, however
    // wide its interval: the test JVM reads the code apart from the fresh JVMs that recorded it
    // (a 2.4 ns op without the fresh JVM's compiler blackholes, an op inlining JDK code that
    // earlier tests compiled), and a reading kept there would report that offset.
    boolean far = farByInterval || (tooWide != null && outsideBand(measured.measurement(), limit.recordedRatio(), band));
    if (far && freshJvms) {
      Steady voted = outvoted(steady, limit);
      if (voted.measured() != measured) {
        replacedRatio = measured.measurement().ratio();
        measured = voted.measured();
      }
      note = voted.note();
    } else if (far && replacesFarReadings) {
      replacedRatio = measured.measurement().ratio();
      note =
          String.format(
              "measured again in a fresh JVM: the %s, %s [%s, %s] in the test JVM, %s the "
                  + "recorded %s (earlier tests' profiles of shared library code, most likely)",
              tooWide == null ? "first reading" : "reading measured longer", Format.ratio(replacedRatio),
              Format.ratio(measured.measurement().interval().low()), Format.ratio(measured.measurement().interval().high()),
              farByInterval ? "was far from" : String.format("still lay more than %.0f%% from", (band - 1) * 100),
              Format.ratio(limit.recordedRatio()));
      if (tooWide != null) {
        note += "; its first reading, " + tooWideToPlace(tooWide, limit, band);
      }
      Steady fresh = new Steady(confirm.measure(limit.value()), Double.NaN, "");
      Measurement freshReading = fresh.measured().measurement();
      // A fresh JVM can read far too (a JIT state of its own, or a real change); below the limit
      // no confirmation follows, so a second fresh JVM, and a third where they disagree, vote.
      if (freshReading != null && far(freshReading, limit.recordedRatio(), FAR) && !pastLimit(freshReading, limit)) {
        fresh = outvoted(fresh, limit);
      }
      measured = fresh.measured();
      note = fresh.note().isEmpty() ? note : note + "; " + fresh.note();
    } else if (tooWide != null) {
      replacedRatio = tooWide.ratio();
      note = "measured longer in the test JVM: its first reading, " + tooWideToPlace(tooWide, limit, band);
    }
    if (!pastLimit(measured.measurement(), limit)) {
      return new Decision(verdictOf(measured.measurement()), false, measured, replacedRatio, note);
    }
    // A failure counts only when a measurement independent of this one agrees.
    Measured second = confirm.measureToConfirm(limit.value());
    return new Decision(
        verdictOf(second.measurement()), pastLimit(second.measurement(), limit), second,
        measured.measurement().ratio(), note);
  }

  /**
   * A measurement, and why the one before it was not kept, if it was not.
   *
   * @param driftedRatio the ratio of a first measurement that drifted, else NaN
   * @param note what the result says about it, or empty
   */
  record Steady(Measured measured, double driftedRatio, String note) {

    /** The same measurement, its note followed by {@code more}. */
    Steady noting(String more) {
      return new Steady(measured, driftedRatio, note.isEmpty() ? more : note + "; " + more);
    }
  }

  /**
   * {@code measured}, or a second measurement by {@code confirm} when its ratio drifted while it
   * ran; a second drift is kept, for the verdict to say so.
   */
  private Steady steady(Measured measured, double limit) throws Exception {
    Measurement drifted = measured.measurement();
    if (drifted == null || Validity.drift(drifted) == null) {
      return new Steady(measured, Double.NaN, "");
    }
    String note = String.format(
        "measured again: the first measurement's ratio %s moved while it ran (a disturbance of the machine, or an "
            + "arm whose cost grows)", Format.ratio(drifted.ratio()));
    return new Steady(confirm.measure(limit), drifted.ratio(), note);
  }

  /**
   * Whether the reading's ratio lies outside the recorded ratio's {@code band} while its
   * interval still reaches into it: too wide to say whether the reading is far.
   */
  private static boolean unplaced(Measurement measurement, double recorded, double band) {
    return !far(measurement, recorded, band) && outsideBand(measurement, recorded, band);
  }

  /** What the note says of a first reading too wide to place. */
  private static String tooWideToPlace(Measurement tooWide, Limit limit, double band) {
    return String.format(
        "%s [%s, %s], was too wide to say whether it lay within %.0f%% of the recorded %s",
        Format.ratio(tooWide.ratio()), Format.ratio(tooWide.interval().low()), Format.ratio(tooWide.interval().high()),
        (band - 1) * 100, Format.ratio(limit.recordedRatio()));
  }

  /** Whether the reading's ratio lies outside the recorded ratio's {@code band}, a factor either way. */
  private static boolean outsideBand(Measurement measurement, double recorded, double band) {
    return recorded > 0 && (measurement.ratio() > recorded * band || measurement.ratio() < recorded / band);
  }

  /** Whether the reading's interval lies wholly outside the recorded ratio's {@code band}, a factor either way. */
  private static boolean far(Measurement measurement, double recorded, double band) {
    return recorded > 0
        && (measurement.interval().low() > recorded * band || measurement.interval().high() < recorded / band);
  }

  private static boolean pastLimit(Measurement measurement, Limit limit) {
    return measurement.stop() == Stop.ABOVE_LIMIT
        || ((measurement.stop() == Stop.TIME_CAP || measurement.stop() == Stop.PAIRS_DONE)
            && measurement.ratio() > limit.value());
  }

  private static Verdict verdictOf(Measurement measurement) {
    return switch (measurement.stop()) {
      case BELOW_LIMIT -> Verdict.PASS;
      case ABOVE_LIMIT -> Verdict.FAIL;
      case TIME_CAP, PAIRS_DONE, PRECISE -> Verdict.NOISY;
      case TOO_SLOW -> Verdict.INVALID;
    };
  }
}
