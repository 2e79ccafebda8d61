package dev.perfbudget.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens report.html in headless Chromium: the browser's own DOM must hold every chart, and a
 * screenshot must show their colors. Skipped where Chromium is not installed (CI installs it:
 * see .ci/run).
 */
class HtmlReportBrowserTest {

  private static String chromium;

  @TempDir static Path dir;
  private static Path page;
  private static Path sweepPage;
  /** Each page as Chromium rendered it, once for all the tests that look at it. */
  private static final Map<Path, Rendered> renderings = new HashMap<>();

  /** A page's DOM after the browser parsed it, and a screenshot of it. */
  private record Rendered(String dom, BufferedImage screenshot) {}

  @BeforeAll
  static void writeReport() throws IOException {
    chromium = findChromium();
    page = dir.resolve("report.html");
    ReportFile.writeViews(dir, ReportSamples.mixedReport());
    Path sweepDir = Files.createDirectories(dir.resolve("sweep"));
    sweepPage = sweepDir.resolve("report.html");
    ReportFile.writeViews(sweepDir, ReportSamples.sweepReport());
  }

  @BeforeEach
  void needsChromium() {
    assumeTrue(chromium != null, "Chromium is not installed (apt-get install -y chromium); the browser check is skipped");
  }

  @Test
  void theBrowsersDomHoldsEveryChart() throws Exception {
    String dom = rendered(page, "1000,2000").dom();
    assertThat(count(dom, "<svg class=\"ratio-chart\"")).isEqualTo(3);
    assertThat(count(dom, "<svg class=\"pairs-chart\"")).isEqualTo(3);
    // The browser parsed each chart's elements as SVG content, not as stray text.
    assertThat(count(dom, "<circle class=\"ratio\"")).isEqualTo(3);
    assertThat(count(dom, "<rect class=\"bar\"")).isGreaterThanOrEqualTo(3 * 3);
    assertThat(dom).contains("</svg>").doesNotContain("&lt;svg");
  }

  @Test
  void theScreenshotShowsTheChartsColors() throws Exception {
    BufferedImage image = rendered(page, "1000,2000").screenshot();
    // Pixels of the histogram bars, the interval bars and the limit lines: drawn, not just parsed.
    assertThat(pixels(image, 0x4e79a7)).as("histogram bar pixels").isGreaterThan(2000);
    assertThat(pixels(image, 0xf28e2b)).as("interval bar pixels").isGreaterThan(100);
    assertThat(pixels(image, 0xd62728)).as("limit line pixels").isGreaterThan(50);
  }

  @Test
  void aSweepHasOneChartOfTheRatioAgainstItsParameter() throws Exception {
    Rendered sweep = rendered(sweepPage, "1000,1400");
    assertThat(count(sweep.dom(), "<svg class=\"sweep-chart\"")).isEqualTo(1);
    // One dot per invocation, each with its parameter as a label; decode is no sweep.
    assertThat(count(sweep.dom(), "<circle class=\"point\"")).isEqualTo(4);
    assertThat(sweep.dom()).contains(">65536</text>").contains("CodecPerfTest#encode (sweep)");
    BufferedImage image = sweep.screenshot();
    assertThat(pixels(image, 0xd62728)).as("limit dash and FAIL dot pixels").isGreaterThan(50);
    assertThat(pixels(image, 0x59a14f)).as("PASS dot pixels").isGreaterThan(30);
    assertThat(pixels(image, 0x7b2d8b)).as("INVALID verdict badge pixels").isGreaterThan(30);
  }

  /**
   * The page as Chromium renders it: one run gives both its DOM and its screenshot, so each page
   * starts the browser once (a start takes 2 to 5 s on a slow 2-core VM).
   */
  private static synchronized Rendered rendered(Path html, String windowSize) throws IOException, InterruptedException {
    Rendered known = renderings.get(html);
    if (known == null) {
      Path png = html.resolveSibling(html.getFileName() + ".png");
      String dom = run(List.of("--dump-dom", "--screenshot=" + png, "--window-size=" + windowSize, "--hide-scrollbars", html.toUri().toString()));
      BufferedImage screenshot = ImageIO.read(png.toFile());
      assertThat(screenshot).as("screenshot " + png).isNotNull();
      known = new Rendered(dom, screenshot);
      renderings.put(html, known);
    }
    return known;
  }

  private static String run(List<String> arguments) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu"));
    command.addAll(arguments);
    Process process = new ProcessBuilder(command)
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .start();
    byte[] out = process.getInputStream().readAllBytes();
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("chromium finished within 60 s").isTrue();
    assertThat(process.exitValue()).as("chromium's exit status for " + command).isZero();
    return new String(out, StandardCharsets.UTF_8);
  }

  private static int pixels(BufferedImage image, int rgb) {
    int count = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        count += (image.getRGB(x, y) & 0xffffff) == rgb ? 1 : 0;
      }
    }
    return count;
  }

  private static int count(String text, String part) {
    return text.split(Pattern.quote(part), -1).length - 1;
  }

  private static String findChromium() {
    for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
      for (String folder : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
        if (!folder.isEmpty() && Files.isExecutable(Path.of(folder, name))) {
          return Path.of(folder, name).toString();
        }
      }
    }
    return null;
  }
}
