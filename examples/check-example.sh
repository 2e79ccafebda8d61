#!/usr/bin/env bash
# Runs examples/maven-example the ways users run their builds, and checks each run with
# check_example.py: Surefire with two forks, JUnit parallel execution, only perf tests, no perf
# tests, perf tests switched off, a Gson of the project's own (2.10.1, 2.8.9); then checks what
# perfbudget brings onto the test classpath (mvn dependency:tree). Needs perfbudget-junit in the
# local repository (mvn -B -q install -DskipTests at the root). JUNIT_VERSION picks the example's
# JUnit; CORNER=yes runs only what another JVM or JUnit can break, in one run (below).
set -euo pipefail
cd "$(dirname "$0")/maven-example"
CHECK="$PWD/target/check"
rm -rf "$CHECK"
mkdir -p "$CHECK"
BUDGETS="$CHECK/budgets.json"
# Short caps keep the check quick; the verdicts here are far from their limits. Warm-up gets 1 s:
# with 300 ms a slugify test on Java 25 under parallel execution met the cap while the JIT still
# compiled, its ratio moved from 10.6 to 40.8 during the pairs, and it was rightly INVALID (one of
# two fresh-clone runs on a slow 2-core VM); this check is about wiring, not warm-up.
# The version just built and installed, whatever the example's pom says.
VERSION="$(sed -n 's|^  <version>\(.*\)</version>|\1|p' ../../pom.xml | head -1)"
COMMON=(-B -q -Djunit.version="${JUNIT_VERSION:-5.14.4}" -Dperfbudget.version="$VERSION" -Dperfbudget.time.max=1s
  -Dperfbudget.warmup.max=1s -Dperfbudget.report.summary=false -Dperfbudget.budgets.file="$BUDGETS")

run() { # name, expectation, check options..., --, maven options...
  local name=$1 expect=$2
  shift 2
  local checks=()
  while [ "$1" != "--" ]; do checks+=("$1"); shift; done
  shift
  local dir="$CHECK/$name"
  rm -rf target/surefire-reports
  echo "== $name: mvn test $*"
  local start=$SECONDS
  mvn "${COMMON[@]}" test -Dtimeline.dir="$dir/timeline" -Dperfbudget.report.dir="$dir/perfbudget" "$@" \
    > "$CHECK/$name.log" 2>&1 || { cat "$CHECK/$name.log"; echo "mvn failed in $name"; exit 1; }
  cp -r target/surefire-reports "$dir/" 2>/dev/null || true
  python3 ../check_example.py "$dir" "$expect" "${checks[@]}"
  echo "   ($((SECONDS - start)) s)"
}

PARALLEL=(-Djunit.jupiter.execution.parallel.enabled=true -Djunit.jupiter.execution.parallel.mode.default=concurrent)
# CORNER=yes, for another JVM and JUnit: only what meets them, in one run: recording in
# Surefire's two forks (a fresh JVM per measurement, started from the forked test JVM through
# that JUnit's launcher) under JUnit's parallel execution, which must keep each perf test alone.
# The rest does not depend on them, or the suite checks it on both JVMs: enforcing against a
# budget (ModesTest, ForkTest), two forks appending to one history file (HistoryTest), tag filters
# (JUnit's, on the @Tag("perf") that @PerfBudget carries), the kill switch (ModesTest), and what a
# user's classpath holds.
if [ "${CORNER:-no}" = yes ]; then
  run record-forks-parallel all --forks 2 --parallel --budgets "$BUDGETS" -- \
    -DforkCount=2 -Dperfbudget.mode=record "${PARALLEL[@]}"
  echo "example project: all checks passed (a corner: recording in forks under parallel execution)"
  exit 0
fi
run record-forks all --forks 2 --budgets "$BUDGETS" -- -DforkCount=2 -Dperfbudget.mode=record
run only-perf perf -- -Dgroups=perf
run no-perf ordinary -- -DexcludedGroups=perf
run mode-off off -- -Dperfbudget.mode=off

# A project with a Gson of its own, older than perfbudget's (2.10.1 lacks Strictness, 2.8.9
# JsonArray.asList): its Gson stays the one its tests see, and both budget-file tests (against
# the budgets recorded above) and a maxRatio test pass. Each run enforces in one more way users
# run their builds: under JUnit's parallel execution, and in Surefire's two forks appending to
# one history file. (Each way once: a Maven run costs 10 to 20 s on a slow 2-core VM.)
run gson-2.10.1-parallel all --gson 2.10.1 --parallel --history "$CHECK/gson-2.10.1-parallel/history.jsonl" -- \
  -Duser.gson.version=2.10.1 "${PARALLEL[@]}" -Dperfbudget.history.file="$CHECK/gson-2.10.1-parallel/history.jsonl"
run gson-2.8.9-forks all --gson 2.8.9 --forks 2 --history "$CHECK/gson-2.8.9-forks/history.jsonl" -- \
  -Duser.gson.version=2.8.9 -DforkCount=2 -Dperfbudget.history.file="$CHECK/gson-2.8.9-forks/history.jsonl"

# What perfbudget brings onto a user's test classpath: jmh-core, nothing else (README, "Add it").
echo "== dependency tree: mvn dependency:tree"
mvn "${COMMON[@]}" org.apache.maven.plugins:maven-dependency-plugin:3.9.0:tree -Duser.gson.version=2.8.9 \
  -DoutputFile="$CHECK/dependency-tree.txt" > "$CHECK/dependency-tree.log" 2>&1 \
  || { cat "$CHECK/dependency-tree.log"; echo "mvn dependency:tree failed"; exit 1; }
python3 - "$CHECK/dependency-tree.txt" <<'PY'
import re, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
def coordinates(line):  # "|  \- group:artifact:jar:version:scope" -> (depth, "group:artifact", version)
    match = re.match(r"^([| +\\-]*)([^:\s]+):([^:]+):[^:]+:([^:]+):", line)
    return (len(match.group(1)) // 3, match.group(2) + ":" + match.group(3), match.group(4)) if match else None
nodes = [c for c in map(coordinates, lines[1:]) if c]
start = next(i for i, n in enumerate(nodes) if n[1] == "dev.perfbudget:perfbudget-junit")
brought = []
for depth, name, version in nodes[start + 1:]:
    if depth <= nodes[start][0]:
        break
    brought.append(name)
gson = [(name, version) for _, name, version in nodes if name == "com.google.code.gson:gson"]
print(f"perfbudget-junit brings: {brought}; Gson on the classpath: {gson}")
if brought != ["org.openjdk.jmh:jmh-core"]:
    sys.exit("perfbudget-junit should bring jmh-core alone onto a user's test classpath (README)")
if gson != [("com.google.code.gson:gson", "2.8.9")]:
    sys.exit("the project's own Gson 2.8.9 should be the only Gson in the tree")
PY
echo "example project: all checks passed"
