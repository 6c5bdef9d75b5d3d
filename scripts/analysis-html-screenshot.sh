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

browser="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$browser" ]; then
  echo "analysis-html-screenshot: installing chromium (apt-get)" >&2
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  browser="$(command -v chromium)"
fi

mkdir -p "$out"
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
log="$out/chromium.log"
: > "$log"

shot() { # shot NAME FILE WIDTH HEIGHT
  rm -f "$out/$1.png"
  local t0 t1
  t0=$(date +%s%N)
  "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$profile" --hide-scrollbars --window-size="$3,$4" \
    --screenshot="$out/$1.png" "file://$(realpath "$2")" >>"$log" 2>&1
  t1=$(date +%s%N)
  [ -s "$out/$1.png" ] || { echo "analysis-html-screenshot: no screenshot of $2 (see $log)" >&2; exit 1; }
  echo "$out/$1.png ($(( (t1 - t0) / 1000000 )) ms, browser start to screenshot)"
}

shot index "$report/index.html" 1200 1400
shot callgraph "$report/callgraph.svg" 1400 900
shot methods "$report/methods.html" 1200 900
shot sites "$report/sites.html" 1200 900
[ -f "$report/method/m0.html" ] && shot method "$report/method/m0.html" 1200 900
