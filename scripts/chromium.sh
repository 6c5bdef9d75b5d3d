# Sourced by the screenshot scripts: headless Chromium (Debian's package, installed with apt-get if
# absent) taking screenshots of local files.
#   chromium_start NAME OUT_DIR   finds (or installs) the browser, makes OUT_DIR, a fresh profile
#                                 (removed on exit) and OUT_DIR/chromium.log; NAME prefixes messages
#   chromium_shot SHOT FILE W H   renders FILE in a W x H window into OUT_DIR/SHOT.png and prints
#                                 its path and the whole browser process' time, start to screenshot;
#                                 exits 1 if Chromium wrote no screenshot

chromium_start() {
  chromium_name=$1
  chromium_out=$2
  chromium_browser="$(command -v chromium || command -v chromium-browser || true)"
  if [ -z "$chromium_browser" ]; then
    echo "$chromium_name: installing chromium (apt-get)" >&2
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
    chromium_browser="$(command -v chromium)"
  fi
  mkdir -p "$chromium_out"
  chromium_profile="$(mktemp -d)"
  trap 'rm -rf "$chromium_profile"' EXIT
  chromium_log="$chromium_out/chromium.log"
  : > "$chromium_log"
}

chromium_shot() {
  local png="$chromium_out/$1.png" t0 t1
  rm -f "$png"
  t0=$(date +%s%N)
  "$chromium_browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$chromium_profile" --hide-scrollbars --window-size="$3,$4" \
    --screenshot="$png" "file://$(realpath "$2")" >>"$chromium_log" 2>&1
  t1=$(date +%s%N)
  [ -s "$png" ] || { echo "$chromium_name: no screenshot of $2 (see $chromium_log)" >&2; exit 1; }
  echo "$png ($(( (t1 - t0) / 1000000 )) ms, browser start to screenshot)"
}
