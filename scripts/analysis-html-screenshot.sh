#!/usr/bin/env bash
# Renders the HTML report of `jphantom analyze --html` in a real headless browser (Chromium from
# Debian's packages, installed if absent) and takes screenshots of its index, the call graph, the
# method index, the sites page and one method page; prints how long Chromium took to load and
# render the index (the whole browser process, start to screenshot).
#
#   scripts/analysis-html-screenshot.sh [REPORT_DIR] [OUT_DIR]
#
# Without REPORT_DIR it analyses the README's sample (testdata/target/sample-partial.jar) with
# --html target/analysis-html. Screenshots go to OUT_DIR (default target/analysis-screenshots):
# index.png, callgraph.png, methods.png, sites.png, method.png. Chromium's log goes to
# OUT_DIR/chromium.log; the script fails if Chromium fails or a screenshot is missing or empty.
# Not part of CI: it needs apt and a browser.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
report="${1:-}"
out="${2:-$here/target/analysis-screenshots}"

if [ -z "$report" ]; then
  jar="$here/jphantom-cli/target/jphantom.jar"
  sample="$here/testdata/target/sample-partial.jar"
  if [ ! -f "$jar" ] || [ ! -f "$sample" ]; then
    (cd "$here" && mvn -q -B -DskipTests package)
  fi
  report="$here/target/analysis-html"
  mkdir -p "$here/target"
  java -jar "$jar" analyze "$sample" --html "$report" -q
fi
[ -f "$report/index.html" ] || { echo "analysis-html-screenshot: no $report/index.html" >&2; exit 2; }

# shellcheck source=scripts/chromium.sh
source "$here/scripts/chromium.sh"
chromium_start analysis-html-screenshot "$out"

chromium_shot index "$report/index.html" 1200 1400
chromium_shot callgraph "$report/callgraph.svg" 1400 900
chromium_shot methods "$report/methods.html" 1200 900
chromium_shot sites "$report/sites.html" 1200 900
if [ -f "$report/method/m0.html" ]; then chromium_shot method "$report/method/m0.html" 1200 900; fi
