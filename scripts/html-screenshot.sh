#!/usr/bin/env bash
# Renders an HTML report in a real headless browser (Chromium from Debian's packages, installed if
# absent) and takes screenshots of its index, one phantom page and the hierarchy picture.
#
#   scripts/html-screenshot.sh [REPORT_DIR] [OUT_DIR]
#
# Without REPORT_DIR it complements the README's sample (testdata/target/sample-partial.jar) with
# --html target/sample-html. Screenshots go to OUT_DIR (default target/screenshots): index.png,
# phantom.png, hierarchy.png. Chromium's own log goes to OUT_DIR/chromium.log; the script fails if
# Chromium fails or a screenshot is missing or empty. Not part of CI: it needs apt and a browser.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
report="${1:-}"
out="${2:-$here/target/screenshots}"

if [ -z "$report" ]; then
  jar="$here/jphantom-cli/target/jphantom.jar"
  sample="$here/testdata/target/sample-partial.jar"
  if [ ! -f "$jar" ] || [ ! -f "$sample" ]; then
    (cd "$here" && mvn -q -B -DskipTests package)
  fi
  report="$here/target/sample-html"
  mkdir -p "$here/target"
  java -jar "$jar" "$sample" -o "$here/target/sample-complete.jar" --html "$report" -q
fi
[ -f "$report/index.html" ] || { echo "html-screenshot: no $report/index.html" >&2; exit 2; }

# shellcheck source=scripts/chromium.sh
source "$here/scripts/chromium.sh"
chromium_start html-screenshot "$out"
phantom="$(find "$report/phantom" -name '*.html' 2>/dev/null | sort | head -n 1)"

chromium_shot index "$report/index.html" 1200 1400
[ -n "$phantom" ] && chromium_shot phantom "$phantom" 1200 900
chromium_shot hierarchy "$report/hierarchy.svg" 1200 700
