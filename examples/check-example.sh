#!/usr/bin/env bash
# Runs examples/maven-example the ways users run their builds, and checks each run with
# check_example.py: Surefire with two forks, JUnit parallel execution, only perf tests, no perf
# tests, perf tests switched off. Needs perfbudget-junit in the local repository
# (mvn -B -q install -DskipTests at the root). JUNIT_VERSION picks the example's JUnit.
set -euo pipefail
cd "$(dirname "$0")/maven-example"
CHECK="$PWD/target/check"
rm -rf "$CHECK"
mkdir -p "$CHECK"
BUDGETS="$CHECK/budgets.json"
# Short caps keep the check quick; the verdicts here are far from their limits.
# The version just built and installed, whatever the example's pom says.
VERSION="$(sed -n 's|^  <version>\(.*\)</version>|\1|p' ../../pom.xml | head -1)"
COMMON=(-B -q -Djunit.version="${JUNIT_VERSION:-5.14.4}" -Dperfbudget.version="$VERSION" -Dperfbudget.time.max=1s
  -Dperfbudget.warmup.max=300ms -Dperfbudget.report.summary=false -Dperfbudget.budgets.file="$BUDGETS")

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

run record-forks all --forks 2 --budgets "$BUDGETS" -- -DforkCount=2 -Dperfbudget.mode=record
run forks all --forks 2 --history "$CHECK/forks/history.jsonl" -- \
  -DforkCount=2 -Dperfbudget.history.file="$CHECK/forks/history.jsonl"
run parallel all --parallel --history "$CHECK/parallel/history.jsonl" -- \
  -Djunit.jupiter.execution.parallel.enabled=true -Djunit.jupiter.execution.parallel.mode.default=concurrent \
  -Dperfbudget.history.file="$CHECK/parallel/history.jsonl"
run only-perf perf -- -Dgroups=perf
run no-perf ordinary -- -DexcludedGroups=perf
run mode-off off -- -Dperfbudget.mode=off
echo "example project: all checks passed"
