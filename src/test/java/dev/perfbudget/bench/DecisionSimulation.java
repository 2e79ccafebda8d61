package dev.perfbudget.bench;

import dev.perfbudget.engine.ConfidenceSequence;
import dev.perfbudget.engine.ConfidenceSequence.Look;
import dev.perfbudget.engine.ConfidenceSequence.Side;
import dev.perfbudget.engine.SamplingSettings;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import java.util.stream.IntStream;

/**
 * The error rates of the sampler's decision rule, simulated: per-pair ratios drawn from five
 * noise models, true ratios at a limit, 10% above and below it, and clear cases, thousands of
 * measurements each, decided by the very {@link ConfidenceSequence} the sampler decides with,
 * looking when it looks. Seeded, so every run prints the same table.
 *
 * <p>{@code mvn -q test-compile exec:exec -Dbench=DecisionSimulation -Dbench.args="--verdicts
 * 2000"} (options: {@code --verdicts N} per cell, {@code --cap N} pairs before a measurement is
 * {@code NOISY}, {@code --first-look N} pairs, {@code --seed N}).
 */
public final class DecisionSimulation {

  /** Spread of the per-pair log ratio in every model: a noisy machine's, far above a quiet one's. */
  static final double SIGMA = 0.2;

  private DecisionSimulation() {}

  /** How the per-pair ratios scatter around the true ratio; each returns log(ratio / true). */
  enum Noise {
    LOGNORMAL("independent lognormal, sigma 0.2") {
      @Override
      DoubleSupplier series(SplittableRandom random) {
        return () -> SIGMA * random.nextGaussian();
      }
    },
    AR1("AR(1), phi 0.6, sigma 0.2") {
      @Override
      DoubleSupplier series(SplittableRandom random) {
        double phi = 0.6;
        double innovation = SIGMA * Math.sqrt(1 - phi * phi);
        double[] last = {SIGMA * random.nextGaussian()};
        return () -> {
          double value = last[0];
          last[0] = phi * value + innovation * random.nextGaussian();
          return value;
        };
      }
    },
    STUDENT_T("Student t, 3 df, scale 0.2") {
      @Override
      DoubleSupplier series(SplittableRandom random) {
        return () -> {
          double chiSquare = 0;
          for (int i = 0; i < 3; i++) {
            double z = random.nextGaussian();
            chiSquare += z * z;
          }
          return SIGMA * random.nextGaussian() / Math.sqrt(chiSquare / 3);
        };
      }
    },
    OUTLIERS("lognormal, 1% of pairs 10x (candidate slow)") {
      @Override
      DoubleSupplier series(SplittableRandom random) {
        double tenTimes = Math.log(10);
        return () -> SIGMA * random.nextGaussian() + (random.nextDouble() < 0.01 ? tenTimes : 0);
      }
    },
    DRIFT("lognormal plus a 5% drift, period 256 pairs") {
      @Override
      DoubleSupplier series(SplittableRandom random) {
        double phase = 2 * Math.PI * random.nextDouble();
        int[] pair = {0};
        return () -> SIGMA * random.nextGaussian() + 0.05 * Math.sin(2 * Math.PI * pair[0]++ / 256.0 + phase);
      }
    };

    final String description;

    Noise(String description) {
      this.description = description;
    }

    abstract DoubleSupplier series(SplittableRandom random);
  }

  /** One cell: a true ratio against a limit. */
  record Cell(double trueRatio, double limit, String name) {

    /** A decision on the wrong side: any decision at the limit, PASS above it, FAIL below it. */
    boolean wrong(Side side) {
      if (side == Side.UNDECIDED) {
        return false;
      }
      if (trueRatio == limit) {
        return true;
      }
      return trueRatio > limit ? side == Side.BELOW_LIMIT : side == Side.ABOVE_LIMIT;
    }

    boolean clear() {
      return trueRatio / limit <= 0.75 || trueRatio / limit >= 1.3;
    }
  }

  static final List<Cell> CELLS =
      List.of(
          new Cell(1.5, 1.5, "at the limit"),
          new Cell(1.65, 1.5, "10% above"),
          new Cell(1.35, 1.5, "10% below"),
          new Cell(1, 1.5, "clear"),
          new Cell(2, 1.5, "clear"),
          new Cell(10, 1.5, "clear"),
          new Cell(10, 10, "at the limit"),
          new Cell(11, 10, "10% above"),
          new Cell(9, 10, "10% below"),
          new Cell(1, 10, "clear"),
          new Cell(2, 10, "clear"));

  /** What the verdicts of one cell came to. */
  record Tally(int verdicts, int below, int above, int noisy, int wrong, double medianPairs) {}

  /**
   * One measurement, as the sampler runs it: a pair at a time, a look whenever one is due, stop
   * at the first decided look or at the cap.
   */
  static Look measure(ConfidenceSequence sequence, DoubleSupplier logNoise, double trueRatio, double limit, int cap) {
    while (true) {
      sequence.add(trueRatio * Math.exp(logNoise.getAsDouble()));
      boolean capped = sequence.pairs() >= cap;
      if (sequence.lookDue() || capped) {
        Look look = sequence.look(limit);
        if (look.side() != Side.UNDECIDED || capped) {
          return look;
        }
      }
    }
  }

  static Tally tally(Noise noise, Cell cell, int verdicts, int firstLook, int cap, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int below = 0;
    int above = 0;
    int noisy = 0;
    int wrong = 0;
    double[] pairsToDecision = new double[verdicts];
    int decided = 0;
    for (int i = 0; i < verdicts; i++) {
      Look look = measure(new ConfidenceSequence(firstLook), noise.series(random.split()), cell.trueRatio(), cell.limit(), cap);
      switch (look.side()) {
        case BELOW_LIMIT -> below++;
        case ABOVE_LIMIT -> above++;
        case UNDECIDED -> noisy++;
      }
      wrong += cell.wrong(look.side()) ? 1 : 0;
      if (look.side() != Side.UNDECIDED) {
        pairsToDecision[decided++] = look.pairs();
      }
    }
    double[] decidedPairs = Arrays.copyOf(pairsToDecision, decided);
    Arrays.sort(decidedPairs);
    double median = decided == 0 ? Double.NaN : decidedPairs[(decided - 1) / 2];
    return new Tally(verdicts, below, above, noisy, wrong, median);
  }

  public static void main(String[] args) {
    int verdicts = 2000;
    int cap = 2000;
    int firstLook = SamplingSettings.DEFAULT_MIN_PAIRS;
    long seed = 20261130;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--verdicts" -> verdicts = Integer.parseInt(args[i + 1]);
        case "--cap" -> cap = Integer.parseInt(args[i + 1]);
        case "--first-look" -> firstLook = Integer.parseInt(args[i + 1]);
        case "--seed" -> seed = Long.parseLong(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    long start = System.nanoTime();
    System.out.printf(
        Locale.ROOT,
        "%d verdicts a cell, first look after %d pairs, NOISY after %d pairs, seed %d%n%n",
        verdicts, firstLook, cap, seed);
    System.out.println("| noise | limit | true ratio | case | PASS | FAIL | NOISY | wrong side | target | met | median pairs to a decision |");
    System.out.println("|---|---:|---:|---|---:|---:|---:|---:|---|---|---:|");
    List<String> misses = new ArrayList<>();
    Noise[] noises = Noise.values();
    int cells = CELLS.size();
    int verdictsEach = verdicts;
    int capAt = cap;
    int firstLookAt = firstLook;
    long seedOf = seed;
    // Each cell has a seed of its own, so cells can run side by side and print the same table.
    List<Tally> tallies =
        IntStream.range(0, noises.length * cells)
            .parallel()
            .mapToObj(i -> tally(noises[i / cells], CELLS.get(i % cells), verdictsEach, firstLookAt, capAt, seedOf + 1_000L * (i / cells) + i % cells))
            .toList();
    for (int i = 0; i < tallies.size(); i++) {
      Noise noise = noises[i / cells];
      Cell cell = CELLS.get(i % cells);
      Tally t = tallies.get(i);
      String target = cell.clear() ? "all right" : "<= 1%";
      boolean met = cell.clear() ? t.wrong() == 0 && t.noisy() == 0 : t.wrong() <= 0.01 * t.verdicts();
      if (!met) {
        misses.add(noise + " " + cell);
      }
      System.out.printf(
          Locale.ROOT,
          "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
          noise.description, factor(cell.limit()), factor(cell.trueRatio()), cell.name(),
          percent(t.below(), t.verdicts()), percent(t.above(), t.verdicts()), percent(t.noisy(), t.verdicts()),
          percent(t.wrong(), t.verdicts()), target, met ? "yes" : "**no**",
          Double.isNaN(t.medianPairs()) ? "-" : String.format(Locale.ROOT, "%.0f", t.medianPairs()));
    }
    System.out.printf(
        Locale.ROOT, "%n%s; %.1f s%n",
        misses.isEmpty() ? "every target met" : "targets missed: " + misses, (System.nanoTime() - start) / 1e9);
  }

  private static String percent(int count, int of) {
    return String.format(Locale.ROOT, "%.2f%%", 100.0 * count / of);
  }

  private static String factor(double value) {
    return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }
}
