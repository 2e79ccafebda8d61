package dev.perfbudget.bench;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.reflect.TypeToken;
import dev.perfbudget.bench.Agreement.Reading;
import java.io.IOException;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JMH's readings of the agreement panel kept in a file, run by run, so that perfbudget's side
 * can be measured again against the same JMH runs ({@code --jmh-save}, {@code --jmh-from}): a
 * JMH run of the panel takes minutes, and comparing a change of perfbudget with JMH run anew
 * each time mixes JMH's own fork-to-fork variation into the comparison.
 */
final class JmhReadings {

  private static final Gson GSON = new GsonBuilder().setPrettyPrinting().create();
  private static final Type RUNS = new TypeToken<List<Map<String, Map<String, Reading>>>>() {}.getType();

  private JmhReadings() {}

  /** JMH's readings of run {@code run} (from 1), as saved. */
  static Map<String, Map<String, Reading>> load(Path file, int run) throws IOException {
    List<Map<String, Map<String, Reading>>> runs = GSON.fromJson(Files.readString(file), RUNS);
    if (run > runs.size()) {
      throw new IllegalArgumentException(file + " holds " + runs.size() + " JMH run(s), not " + run);
    }
    return runs.get(run - 1);
  }

  /** Saves JMH's readings as run {@code run} (from 1), replacing the runs from it on. */
  static void save(Path file, int run, Map<String, Map<String, Reading>> readings) throws IOException {
    List<Map<String, Map<String, Reading>>> runs =
        run > 1 && Files.exists(file) ? new ArrayList<>(GSON.<List<Map<String, Map<String, Reading>>>>fromJson(Files.readString(file), RUNS)) : new ArrayList<>();
    while (runs.size() >= run) {
      runs.remove(runs.size() - 1);
    }
    runs.add(new LinkedHashMap<>(readings));
    Files.writeString(file, GSON.toJson(runs, RUNS));
  }
}
