#!/usr/bin/env python3
"""Checks one run of examples/maven-example: which tests ran, that perf tests ran alone in
their JVM, and that report.json, the budget file and the history hold every perf test.

Usage: check_example.py RUN_DIR EXPECT [--forks N] [--parallel] [--budgets FILE] [--history FILE]
EXPECT is one of: all (perf and ordinary tests ran), perf (only perf tests), ordinary
(only ordinary tests), off (ordinary tests ran, perf tests were skipped).
"""
import argparse
import glob
import json
import os
import sys
import xml.etree.ElementTree as ET

PERF_TESTS = {
    f"example.Slugs{n}PerfTest#{m}"
    for n in (1, 2)
    for m in ("slugifyAgainstLowerCase", "slugifyAgainstCopy")
}
ORDINARY_TESTS = {
    f"example.Ordinary{n}Test#{m}"
    for n in (1, 2, 3)
    for m in ("slugifiesPunctuation", "slugifiesDigits", "slugOfNothingIsEmpty")
}

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def timelines(run_dir):
    """Per JVM: test -> (kind, start, end), from the files Timeline.java wrote."""
    jvms = {}
    for path in glob.glob(os.path.join(run_dir, "timeline", "*.txt")):
        events = {}
        for line in open(path, encoding="utf-8"):
            nanos, event, kind, test = line.split()
            entry = events.setdefault(test, [kind, None, None])
            entry[1 if event == "start" else 2] = int(nanos)
        jvms[os.path.basename(path)] = events
    return jvms


def overlaps(a, b):
    return a[1] < b[2] and b[1] < a[2]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("run_dir")
    parser.add_argument("expect", choices=["all", "perf", "ordinary", "off"])
    parser.add_argument("--forks", type=int, default=1)
    parser.add_argument("--parallel", action="store_true")
    parser.add_argument("--budgets")
    parser.add_argument("--history")
    args = parser.parse_args()

    jvms = timelines(args.run_dir)
    ran = {test for events in jvms.values() for test in events}
    expected = {
        "all": PERF_TESTS | ORDINARY_TESTS,
        "perf": PERF_TESTS,
        "ordinary": ORDINARY_TESTS,
        "off": ORDINARY_TESTS,
    }[args.expect]
    check(ran == expected, f"tests that ran: missing {sorted(expected - ran)}, unexpected {sorted(ran - expected)}")
    check(len(jvms) >= args.forks, f"expected {args.forks} test JVMs, saw {len(jvms)}")

    # Perf tests alone: no test of the same JVM ran while a perf test measured.
    beside = 0
    for events in jvms.values():
        for test, entry in events.items():
            check(None not in entry, f"{test} has no start or no end")
        tests = [(t, e) for t, e in events.items() if None not in e]
        for perf, p in tests:
            if p[0] != "perf":
                continue
            for other, o in tests:
                if other != perf and overlaps(p, o):
                    check(False, f"{other} ran beside the perf test {perf} in the same JVM")
        ordinary = [e for _, e in tests if e[0] == "ordinary"]
        beside += sum(1 for i, a in enumerate(ordinary) for b in ordinary[i + 1:] if overlaps(a, b))
    if args.parallel:
        # Otherwise the check above proves nothing: parallel execution must really have run tests at once.
        check(beside > 0, "parallel execution was on, but no two ordinary tests ran at the same time")

    report_file = os.path.join(args.run_dir, "perfbudget", "report.json")
    if args.expect in ("all", "perf"):
        report = json.load(open(report_file, encoding="utf-8"))
        results = {r["test"]: r for r in report["results"]}
        check(set(results) == PERF_TESTS, f"report.json results: {sorted(results)}")
        for test, result in results.items():
            check(result["verdict"] in ("PASS", "NOISY", "RECORDED"), f"{test}: verdict {result['verdict']}")
    elif args.expect == "off":
        # Off mode reports every perf test as SKIPPED, so no earlier result looks current.
        report = json.load(open(report_file, encoding="utf-8"))
        verdicts = {r["test"]: r["verdict"] for r in report["results"]}
        check(verdicts == {t: "SKIPPED" for t in PERF_TESTS}, f"report.json in off mode: {verdicts}")
    else:
        check(not os.path.exists(report_file), "report.json exists, but no perf test should have run")

    if args.expect == "off":
        skipped = set()
        for path in glob.glob(os.path.join(args.run_dir, "surefire-reports", "TEST-*.xml")):
            for case in ET.parse(path).getroot().iter("testcase"):
                if case.find("skipped") is not None:
                    skipped.add(f"{case.get('classname')}#{case.get('name').split('(')[0]}")
        check(skipped == PERF_TESTS, f"skipped tests: {sorted(skipped)}")

    if args.budgets:
        budgets = json.load(open(args.budgets, encoding="utf-8"))["budgets"]
        check(set(budgets) == PERF_TESTS, f"budget file keys: {sorted(budgets)}")
    if args.history:
        lines = [json.loads(l) for l in open(args.history, encoding="utf-8") if l.strip()]
        tests = sorted(l["test"] for l in lines)
        check(tests == sorted(PERF_TESTS), f"history entries: {tests}")

    if failures:
        print(f"FAILED {args.run_dir}:")
        for failure in failures:
            print("  " + failure)
        sys.exit(1)
    print(f"ok {args.expect}: {len(ran)} tests in {len(jvms)} JVM(s)" + (f", {beside} pairs of ordinary tests ran at once" if args.parallel else ""))


if __name__ == "__main__":
    main()
