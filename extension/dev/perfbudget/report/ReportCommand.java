package dev.perfbudget.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.perfbudget.files.Json;
import dev.perfbudget.files.LockedFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The report commands, for CI scripts and docs builds:
 *
 * <pre>
 * java -cp perfbudget-junit.jar:gson.jar dev.perfbudget.report.ReportCommand merge --out DIR REPORT.json...
 * java -cp perfbudget-junit.jar:gson.jar dev.perfbudget.report.ReportCommand history --out PAGE.md HISTORY.jsonl
 * java -cp perfbudget-junit.jar:gson.jar dev.perfbudget.report.ReportCommand render DIR
 * </pre>
 *
 * <p>{@code merge} writes one report.json, report.md and report.html from the report.json files
 * of several CI jobs or shards; {@code history} renders the history file as a Markdown page with
 * a trend chart per test (see docs/reports.md); {@code render} rewrites report.md and
 * report.html from a report.json. Exit status 0 on success, 1 when an input cannot be read or
 * an output written, 2 for a wrong command line. Its command line is the stable part; the class
 * itself is not for use from code.
 */
@API(status = INTERNAL)
public final class ReportCommand {

  private static final String USAGE =
      """
      usage: ReportCommand merge --out DIR REPORT.json...
             ReportCommand history --out PAGE.md HISTORY.jsonl
             ReportCommand render DIR
      """;

  private ReportCommand() {}

  public static void main(String[] args) {
    int status = run(args, System.out, System.err);
    if (status != 0) {
      System.exit(status);
    }
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0) {
      err.print(USAGE);
      return 2;
    }
    List<String> rest = new ArrayList<>(List.of(args).subList(1, args.length));
    Path output = null;
    if (rest.size() >= 2 && rest.get(0).equals("--out")) {
      output = Path.of(rest.get(1));
      rest = rest.subList(2, rest.size());
    }
    try {
      switch (args[0]) {
        case "merge" -> {
          if (output == null || rest.isEmpty()) {
            return usage(err, "merge needs --out DIR and at least one report.json");
          }
          JsonObject merged = ReportMerge.merge(rest.stream().map(Path::of).toList(), err::println);
          write(output, merged);
          out.println("[perfbudget] merged " + rest.size() + " reports into " + output.resolve("report.json")
              + ", report.md and report.html: " + ReportText.summary(merged.getAsJsonArray("results")));
        }
        case "history" -> {
          if (output == null || rest.size() != 1) {
            return usage(err, "history needs --out PAGE.md and one history file");
          }
          Path file = Path.of(rest.get(0));
          List<JsonObject> entries = new History(file).read(err::println);
          List<Path> charts = HistoryPage.write(entries, file.getFileName().toString(), output);
          out.println("[perfbudget] wrote " + output + " and " + charts.size() + " trend charts from " + entries.size() + " points");
        }
        case "render" -> {
          if (output != null || rest.size() != 1) {
            return usage(err, "render needs the report folder");
          }
          Path dir = Path.of(rest.get(0));
          JsonObject report = JsonParser.parseString(Files.readString(dir.resolve("report.json"), StandardCharsets.UTF_8)).getAsJsonObject();
          ReportFile.writeViews(dir, report);
          out.println("[perfbudget] wrote " + dir.resolve("report.md") + " and " + dir.resolve("report.html"));
        }
        default -> {
          return usage(err, "unknown command `" + args[0] + "`");
        }
      }
      return 0;
    } catch (NoSuchFileException e) {
      err.println("[perfbudget] " + args[0] + " failed: there is no file " + e.getFile());
      return 1;
    } catch (IOException | RuntimeException e) {
      err.println("[perfbudget] " + args[0] + " failed: " + e.getMessage());
      return 1;
    }
  }

  private static void write(Path dir, JsonObject report) throws IOException {
    Files.createDirectories(dir);
    LockedFile.update(
        dir.resolve("report.json"),
        current -> {
          ReportFile.writeViews(dir, report);
          return Optional.of(Json.pretty(report));
        });
  }

  private static int usage(PrintStream err, String problem) {
    err.println("[perfbudget] " + problem);
    err.print(USAGE);
    return 2;
  }
}
