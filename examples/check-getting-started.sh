#!/usr/bin/env bash
# Follows docs/getting-started.md literally in an empty folder: writes each file the page shows
# (marked <!-- file: PATH -->), runs each command (marked <!-- run: pass|fail[, output: TEXT] -->)
# and checks that it passes or fails as the page says. Needs perfbudget-junit in the local
# repository (mvn -B -q install -DskipTests at the root).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
# An empty folder outside this repository, as a new user's project would be.
dir="${1:-$(mktemp -d)/getting-started}"
rm -rf "$dir"
mkdir -p "$dir"
echo "project folder: $dir"
python3 - "$root/docs/getting-started.md" "$dir" <<'PY'
import os, re, subprocess, sys, time

page, project = sys.argv[1], sys.argv[2]
text = open(page, encoding="utf-8").read()
pom = open(os.path.join(os.path.dirname(page), "..", "pom.xml"), encoding="utf-8").read()
version = re.search(r"^  <version>(.*)</version>", pom, re.M).group(1)
shown = re.search(r"<artifactId>perfbudget-junit</artifactId>\s*<version>(.*?)</version>", text).group(1)
if shown != version:
    sys.exit(f"{page} shows perfbudget-junit {shown}, but pom.xml builds {version}: update the page")
steps = re.findall(r"<!-- (file|run): ([^>]*?) -->\n```[a-z]*\n(.*?)```", text, re.S)
if not any(kind == "run" for kind, _, _ in steps):
    sys.exit(f"{page}: no <!-- run: ... --> steps found")
for kind, spec, body in steps:
    if kind == "file":
        path = os.path.join(project, spec.strip())
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        open(path, "w", encoding="utf-8").write(body)
        print(f"wrote {spec.strip()}")
        continue
    options = dict(p.split(":", 1) if ":" in p else (p, "") for p in (s.strip() for s in spec.split(",")))
    expect_fail = "fail" in options
    command = body.strip() + " -Dperfbudget.report.summary=false"
    start = time.time()
    result = subprocess.run(command, shell=True, cwd=project, capture_output=True, text=True)
    output = result.stdout + result.stderr
    verdicts = [l for l in output.splitlines() if l.startswith("[perfbudget]")]
    print(f"$ {body.strip()}  -> exit {result.returncode} in {time.time() - start:.0f} s")
    for line in verdicts:
        print("  " + line)
    failed = result.returncode != 0
    wanted = options.get("output", "").strip()
    if failed != expect_fail or (wanted and wanted not in output):
        print(output[-6000:])
        sys.exit(f"getting-started step `{body.strip()}` should {'fail' if expect_fail else 'pass'}"
                 + (f" and print `{wanted}`" if wanted else ""))
print("getting-started.md: every step behaves as the page says")
PY
