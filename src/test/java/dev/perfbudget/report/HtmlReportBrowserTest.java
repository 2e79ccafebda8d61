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
import java.util.List;
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
    String dom = run(List.of("--dump-dom", page.toUri().toString()));
    assertThat(count(dom, "<svg class=\"ratio-chart\"")).isEqualTo(3);
    assertThat(count(dom, "<svg class=\"pairs-chart\"")).isEqualTo(3);
    // The browser parsed each chart's elements as SVG content, not as stray text.
    assertThat(count(dom, "<circle class=\"ratio\"")).isEqualTo(3);
    assertThat(count(dom, "<rect class=\"bar\"")).isGreaterThanOrEqualTo(3 * 3);
    assertThat(dom).contains("</svg>").doesNotContain("&lt;svg");
  }

  @Test
  void theScreenshotShowsTheChartsColors() throws Exception {
    Path png = dir.resolve("report.png");
    run(List.of("--screenshot=" + png, "--window-size=1000,2000", "--hide-scrollbars", page.toUri().toString()));
    BufferedImage image = ImageIO.read(png.toFile());
    assertThat(image).as("screenshot " + png).isNotNull();
    // Pixels of the histogram bars, the interval bars and the limit lines: drawn, not just parsed.
    assertThat(pixels(image, 0x4e79a7)).as("histogram bar pixels").isGreaterThan(2000);
    assertThat(pixels(image, 0xf28e2b)).as("interval bar pixels").isGreaterThan(100);
    assertThat(pixels(image, 0xd62728)).as("limit line pixels").isGreaterThan(50);
  }

  @Test
  void aSweepHasOneChartOfTheRatioAgainstItsParameter() throws Exception {
    String dom = run(List.of("--dump-dom", sweepPage.toUri().toString()));
    assertThat(count(dom, "<svg class=\"sweep-chart\"")).isEqualTo(1);
    // One dot per invocation, each with its parameter as a label; decode is no sweep.
    assertThat(count(dom, "<circle class=\"point\"")).isEqualTo(4);
    assertThat(dom).contains(">65536</text>").contains("CodecPerfTest#encode (sweep)");
    Path png = dir.resolve("sweep.png");
    run(List.of("--screenshot=" + png, "--window-size=1000,1400", "--hide-scrollbars", sweepPage.toUri().toString()));
    BufferedImage image = ImageIO.read(png.toFile());
    assertThat(image).as("screenshot " + png).isNotNull();
    assertThat(pixels(image, 0xd62728)).as("limit dash and FAIL dot pixels").isGreaterThan(50);
    assertThat(pixels(image, 0x59a14f)).as("PASS dot pixels").isGreaterThan(30);
    assertThat(pixels(image, 0x7b2d8b)).as("INVALID verdict badge pixels").isGreaterThan(30);
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
