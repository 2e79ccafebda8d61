package dev.perfbudget.plan;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.nio.file.Path;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Where results go: the report folder, the history file when one is kept, and whether the CI
 * job summary gets a table.
 */
@API(status = INTERNAL)
public record ReportSettings(Path reportDir, Optional<Path> historyFile, boolean stepSummary) {}
