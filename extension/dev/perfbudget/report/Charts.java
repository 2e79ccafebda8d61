package dev.perfbudget.report;

import dev.perfbudget.units.Format;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The report's three charts: a ratio against its limit, the spread of per-pair ratios, and a
 * test's ratio over time. Ratios are multiplicative (2x slower and 2x faster are the same
 * distance from 1), so axes that span a wide range are logarithmic.
 */
final class Charts {

  private static final int WIDTH = 640;

  private Charts() {}

  /** One point of a trend: a run's ratio, interval and limit. */
  record Point(double ratio, double low, double high, double limit, String verdict, String label, String environment) {}

  /**
   * The ratio and its interval on a logarithmic axis that also shows 1 (same cost) and the
   * limit, so the distance left before the test fails is what the eye sees first.
   */
  static String ratioAgainstLimit(double ratio, double low, double high, double limit, String title) {
    Svg svg = new Svg("ratio-chart", WIDTH, 64, title, false);
    double lo = min(ratio, low, 1, limit) / 1.4;
    double hi = max(ratio, high, 1, limit) * 1.4;
    Axis x = new Axis(lo, hi, 20, WIDTH - 20, true);
    double axisY = 40;
    svg.line(x.from, axisY, x.to, axisY, Svg.INK, 1, "", "axis");
    for (double tick : ticks(lo, hi, true)) {
      svg.line(x.at(tick), axisY, x.at(tick), axisY + 4, Svg.INK, 1, "", "tick");
      svg.text(x.at(tick), axisY + 15, "middle", Svg.INK, label(tick));
    }
    svg.line(x.at(1), 12, x.at(1), axisY, Svg.GRID, 1, "3,3", "same-cost");
    if (limit > 0) {
      svg.line(x.at(limit), 4, x.at(limit), axisY + 4, Svg.LIMIT, 2, "", "limit");
      boolean roomRight = x.at(limit) < WIDTH - 90;
      svg.text(x.at(limit) + (roomRight ? 5 : -5), 12, roomRight ? "start" : "end", Svg.LIMIT, "limit " + Format.ratio(limit));
    }
    if (!Double.isNaN(low) && !Double.isNaN(high)) {
      svg.rect(x.at(low), 22, Math.max(x.at(high) - x.at(low), 2), 10, Svg.INTERVAL, "interval");
    }
    svg.circle(x.at(ratio), 27, 4.5, Svg.INK, "ratio", "ratio " + Format.ratio(ratio));
    return svg.end();
  }

  /**
   * A histogram of the per-pair ratios whose median is the verdict's ratio, with the interval
   * shaded: a wide or two-humped spread says the machine was busy, or the workload bimodal.
   */
  static String pairRatios(double[] ratios, double ratio, double low, double high, double limit, String title) {
    Svg svg = new Svg("pairs-chart", WIDTH, 170, title, false);
    double lo = min(ratios);
    double hi = max(ratios);
    boolean limitShown = limit > 0 && limit <= hi * 1.25;
    if (limitShown) {
      lo = Math.min(lo, limit);
      hi = Math.max(hi, limit);
    }
    // Pairs that a busy machine slowed by 5x would squeeze the rest into one bar on a linear axis.
    boolean log = hi / lo >= 3;
    if (log) {
      lo /= 1.05;
      hi *= 1.05;
    } else {
      double pad = Math.max((hi - lo) * 0.05, hi * 0.01);
      lo -= pad;
      hi += pad;
    }
    Axis x = new Axis(lo, hi, 40, WIDTH - 20, log);
    double top = 18;
    double bottom = 140;
    int bins = Math.max(5, Math.min(30, (int) Math.round(Math.sqrt(ratios.length) * 2)));
    int[] counts = new int[bins];
    double pixelsPerBin = (x.to - x.from) / bins;
    for (double r : ratios) {
      counts[Math.min(bins - 1, Math.max(0, (int) ((x.at(r) - x.from) / pixelsPerBin)))]++;
    }
    int most = Arrays.stream(counts).max().orElse(1);
    if (!Double.isNaN(low) && !Double.isNaN(high)) {
      svg.rect(x.at(low), top, Math.max(x.at(high) - x.at(low), 2), bottom - top, "#fbe3c8", "interval");
    }
    for (int i = 0; i < bins; i++) {
      if (counts[i] > 0) {
        double h = (bottom - top) * counts[i] / most;
        svg.rect(x.from + i * pixelsPerBin + 0.5, bottom - h, pixelsPerBin - 1, h, Svg.BAR, "bar");
      }
    }
    svg.line(x.from, bottom, x.to, bottom, Svg.INK, 1, "", "axis");
    for (double tick : ticks(lo, hi, log)) {
      svg.line(x.at(tick), bottom, x.at(tick), bottom + 4, Svg.INK, 1, "", "tick");
      svg.text(x.at(tick), bottom + 16, "middle", Svg.INK, label(tick));
    }
    svg.text(x.from - 4, top + 8, "end", Svg.INK, Integer.toString(most));
    svg.text(x.from - 4, bottom, "end", Svg.INK, "0");
    // Labels point away from each other: the median's to one side, the limit's to the other.
    boolean limitLeft = limitShown && limit < ratio;
    svg.line(x.at(ratio), top - 6, x.at(ratio), bottom, Svg.INK, 2, "", "median");
    svg.text(x.at(ratio) + (limitLeft ? 4 : -4), top - 2, limitLeft ? "start" : "end", Svg.INK, "median " + Format.ratio(ratio));
    if (limitShown) {
      svg.line(x.at(limit), top - 6, x.at(limit), bottom, Svg.LIMIT, 2, "", "limit");
      svg.text(x.at(limit) + (limitLeft ? -4 : 4), top - 2, limitLeft ? "end" : "start", Svg.LIMIT, "limit " + Format.ratio(limit));
    } else if (limit > 0) {
      svg.text(x.to, bottom + 28, "end", Svg.LIMIT, "limit " + Format.ratio(limit) + " is off the right edge");
    }
    svg.text(x.from, bottom + 28, "start", Svg.INK,
        ratios.length + " pairs, candidate / baseline" + (log ? ", logarithmic axis" : ""));
    return svg.end();
  }

  /**
   * A test's ratio over its last runs, oldest on the left: dots colored by verdict, interval
   * whiskers, the limit as a red dashed line, and a dotted line where the environment changed
   * (ratios from two machines are not the same series).
   */
  static String trend(List<Point> points, String title) {
    Svg svg = new Svg("trend-chart", WIDTH, 220, title, true);
    if (points.isEmpty()) {
      return svg.text(WIDTH / 2.0, 110, "middle", Svg.INK, "no measured runs yet").end();
    }
    double left = 50;
    double right = WIDTH - 20;
    double top = 16;
    double bottom = 180;
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (Point p : points) {
      lo = min(lo, p.ratio(), p.low());
      hi = max(hi, p.ratio(), p.high());
    }
    double highestLimit = points.stream().mapToDouble(Point::limit).filter(l -> l > 0).max().orElse(Double.NaN);
    double lowestLimit = points.stream().mapToDouble(Point::limit).filter(l -> l > 0).min().orElse(Double.NaN);
    // A limit far above the ratios would flatten them into one line: then it is named, not drawn.
    boolean limitShown = !Double.isNaN(highestLimit) && highestLimit <= hi * 3;
    if (limitShown) {
      hi = Math.max(hi, highestLimit);
      lo = Math.min(lo, lowestLimit);
    }
    lo /= 1.1;
    hi *= 1.1;
    Axis y = new Axis(lo, hi, bottom, top, true);
    svg.line(left, bottom, right, bottom, Svg.INK, 1, "", "axis");
    svg.line(left, top, left, bottom, Svg.INK, 1, "", "axis");
    for (double tick : ticks(lo, hi, true)) {
      svg.line(left - 4, y.at(tick), right, y.at(tick), Svg.GRID, 0.5, "", "gridline");
      svg.text(left - 6, y.at(tick) + 4, "end", Svg.INK, label(tick));
    }
    int n = points.size();
    double[] xs = new double[n];
    double[] ys = new double[n];
    for (int i = 0; i < n; i++) {
      xs[i] = n == 1 ? (left + right) / 2 : left + 12 + i * (right - left - 24) / (n - 1);
      ys[i] = y.at(points.get(i).ratio());
    }
    for (int i = 1; i < n; i++) {
      if (!points.get(i).environment().equals(points.get(i - 1).environment())) {
        double between = (xs[i - 1] + xs[i]) / 2;
        svg.line(between, top, between, bottom, "#888888", 1, "2,3", "environment-change");
      }
    }
    if (limitShown) {
      List<double[]> limitLine = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        if (points.get(i).limit() > 0) {
          limitLine.add(new double[] {xs[i], y.at(points.get(i).limit())});
        }
      }
      svg.polyline(
          limitLine.stream().mapToDouble(p -> p[0]).toArray(),
          limitLine.stream().mapToDouble(p -> p[1]).toArray(),
          Svg.LIMIT, "6,4", "limit");
    }
    svg.polyline(xs, ys, "#999999", "", "trend");
    for (int i = 0; i < n; i++) {
      Point p = points.get(i);
      if (!Double.isNaN(p.low()) && !Double.isNaN(p.high())) {
        svg.line(xs[i], y.at(p.low()), xs[i], y.at(p.high()), Svg.INK, 1, "", "interval");
      }
      String tooltip = p.label() + ": " + p.verdict() + " ratio " + Format.ratio(p.ratio())
          + (Double.isNaN(p.low()) ? "" : " [" + Format.ratio(p.low()) + ", " + Format.ratio(p.high()) + "]");
      svg.circle(xs[i], ys[i], 4, verdictColor(p.verdict()), "point", tooltip);
    }
    svg.text(left, bottom + 16, "start", Svg.INK, n == 0 ? "" : points.get(0).label());
    if (n > 1) {
      svg.text(right, bottom + 16, "end", Svg.INK, points.get(n - 1).label());
    }
    String legend = "ratio (candidate / baseline), oldest left; red dashed: limit";
    if (!limitShown && !Double.isNaN(highestLimit)) {
      legend = "ratio (candidate / baseline), oldest left; limit " + Format.ratio(highestLimit) + " is far above";
    }
    svg.text(left, bottom + 34, "start", Svg.INK, legend);
    return svg.end();
  }

  /** One invocation of a parameter sweep: its arguments as text, its ratio, interval, limit and verdict. */
  record SweepPoint(String parameter, double ratio, double low, double high, double limit, String verdict) {}

  /**
   * A parameter sweep, like JMH's {@code @Param}: each invocation's ratio (dots colored by
   * verdict, interval whiskers) against its parameter, and each limit as a red dash. The
   * parameter axis is numeric (logarithmic when it spans a factor of 10) when every argument is a
   * number, else the invocations in order.
   */
  static String sweep(List<SweepPoint> points, String title) {
    Svg svg = new Svg("sweep-chart", WIDTH, 220, title, false);
    double left = 50;
    double right = WIDTH - 20;
    double top = 16;
    double bottom = 170;
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (SweepPoint p : points) {
      lo = min(lo, p.ratio(), p.low(), p.limit());
      hi = max(hi, p.ratio(), p.high(), p.limit());
    }
    Axis y = new Axis(lo / 1.2, hi * 1.2, bottom, top, true);
    svg.line(left, bottom, right, bottom, Svg.INK, 1, "", "axis");
    svg.line(left, top, left, bottom, Svg.INK, 1, "", "axis");
    for (double tick : ticks(lo / 1.2, hi * 1.2, true)) {
      svg.line(left - 4, y.at(tick), right, y.at(tick), Svg.GRID, 0.5, "", "gridline");
      svg.text(left - 6, y.at(tick) + 4, "end", Svg.INK, label(tick));
    }
    double[] values = new double[points.size()];
    boolean numeric = true;
    for (int i = 0; i < values.length; i++) {
      try {
        values[i] = Double.parseDouble(points.get(i).parameter());
      } catch (NumberFormatException e) {
        numeric = false;
      }
    }
    double[] xs = new double[points.size()];
    if (numeric && points.size() > 1) {
      double first = Arrays.stream(values).min().orElse(0);
      double last = Arrays.stream(values).max().orElse(1);
      boolean log = first > 0 && last / first >= 10;
      Axis x = new Axis(first == last ? first - 1 : first, first == last ? last + 1 : last, left + 20, right - 20, log);
      for (int i = 0; i < xs.length; i++) {
        xs[i] = x.at(values[i]);
      }
    } else {
      for (int i = 0; i < xs.length; i++) {
        xs[i] = points.size() == 1 ? (left + right) / 2 : left + 20 + i * (right - left - 40) / (points.size() - 1);
      }
    }
    double[] ys = new double[points.size()];
    for (int i = 0; i < xs.length; i++) {
      SweepPoint p = points.get(i);
      ys[i] = y.at(p.ratio());
      svg.text(xs[i], bottom + 16, "middle", Svg.INK, p.parameter());
      if (p.limit() > 0) {
        svg.line(xs[i] - 10, y.at(p.limit()), xs[i] + 10, y.at(p.limit()), Svg.LIMIT, 2, "", "limit");
      }
      if (!Double.isNaN(p.low()) && !Double.isNaN(p.high())) {
        svg.line(xs[i], y.at(p.low()), xs[i], y.at(p.high()), Svg.INK, 1, "", "interval");
      }
    }
    svg.polyline(xs, ys, "#999999", "", "sweep");
    for (int i = 0; i < xs.length; i++) {
      SweepPoint p = points.get(i);
      svg.circle(xs[i], ys[i], 4.5, verdictColor(p.verdict()), "point",
          "[" + p.parameter() + "]: " + p.verdict() + " ratio " + Format.ratio(p.ratio()));
    }
    svg.text(left, bottom + 36, "start", Svg.INK, "ratio (candidate / baseline) against the parameter; red: limit");
    return svg.end();
  }

  /** A tick label: 3 significant digits, no trailing zeros (0.5, 1, 2, 10, 1.05). */
  static String label(double value) {
    if (value == 0) {
      return "0";
    }
    return new BigDecimal(value).round(new MathContext(3)).stripTrailingZeros().toPlainString();
  }

  static String verdictColor(String verdict) {
    return switch (verdict) {
      case "PASS" -> "#59a14f";
      case "FAIL" -> Svg.LIMIT;
      case "NOISY" -> Svg.INTERVAL;
      case "RECORDED" -> Svg.BAR;
      case "INVALID" -> "#7b2d8b";
      default -> "#999999";
    };
  }

  /**
   * Tick values in [lo, hi]: 1-2-5 steps per decade on a wide logarithmic axis, evenly spaced
   * round numbers otherwise.
   */
  static List<Double> ticks(double lo, double hi, boolean log) {
    List<Double> ticks = new ArrayList<>();
    if (log && hi / lo >= 4) {
      double[] steps =
          hi / lo > 1e4 ? new double[] {1} : hi / lo > 30 ? new double[] {1, 2, 5} : new double[] {1, 1.5, 2, 3, 5, 7};
      for (int decade = (int) Math.floor(Math.log10(lo)); decade <= Math.ceil(Math.log10(hi)); decade++) {
        for (double step : steps) {
          double value = step * Math.pow(10, decade);
          if (value >= lo && value <= hi) {
            ticks.add(value);
          }
        }
      }
      return ticks;
    }
    double raw = (hi - lo) / 4;
    double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
    double step = raw / magnitude >= 5 ? 5 * magnitude : raw / magnitude >= 2 ? 2 * magnitude : magnitude;
    for (long k = (long) Math.ceil(lo / step); k * step <= hi; k++) {
      ticks.add(k * step);
    }
    return ticks;
  }

  private static double min(double... values) {
    return Arrays.stream(values).filter(v -> !Double.isNaN(v) && v > 0).min().orElse(1);
  }

  private static double max(double... values) {
    return Arrays.stream(values).filter(v -> !Double.isNaN(v) && v > 0).max().orElse(1);
  }

  /** Maps values in [lo, hi] to pixels in [from, to], linearly or logarithmically. */
  private record Axis(double lo, double hi, double from, double to, boolean log) {
    double at(double value) {
      double position =
          log
              ? (Math.log(Math.max(value, lo)) - Math.log(lo)) / (Math.log(hi) - Math.log(lo))
              : (value - lo) / (hi - lo);
      return from + position * (to - from);
    }
  }
}
