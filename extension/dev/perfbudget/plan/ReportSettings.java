package dev.perfbudget.plan;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Where results go: the report folder, the history file when one is kept, and whether the CI
 * job summary gets a table.
 *
 * @param shownProperties the {@code -D} properties whose values reports show; of every other
 *     one they show the name only
 * @param lockTimeout how long a writer waits for another JVM's lock on a shared file
 */
@API(status = INTERNAL)
public record ReportSettings(
    Path reportDir, Optional<Path> historyFile, boolean stepSummary, Set<String> shownProperties, Duration lockTimeout) {}
