#!/usr/bin/env python3
"""How long pages of an HTML report take to open in headless Chromium.

Usage: html_open.py BROWSER ROUNDS OUT_DIR PAGE...

For each round a fresh browser (its own empty profile) is started with --remote-debugging-pipe:
Chromium then speaks its DevTools protocol over file descriptors 3 (commands in) and 4 (replies
and events out), JSON messages ended by a NUL byte, so nothing beyond the standard library is
needed (no websocket client, no Playwright or Puppeteer). Each page is opened in a new tab; the
figures per page:
  load_ms    the page's own Navigation Timing: navigation start to the end of its load event
             (the HTML parsed, the style sheet and images such as the call graph SVG fetched and
             decoded, scripts run);
  fcp_ms     its first contentful paint (Paint Timing);
  open_ms    wall time from the Page.navigate command to a screenshot of the viewport returned
             (Page.captureScreenshot waits for a frame to be composited: the page is on screen);
The first round's screenshots are written to OUT_DIR/open-N.png. Prints one line per page and
round, then the median of each figure per page. Exit 1 if the browser fails or a page does not
load within 60 s.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import base64
import shutil


class Browser:
    def __init__(self, exe):
        self.profile = tempfile.mkdtemp(prefix="html-open-")
        to_child_r, self.to_child = os.pipe()
        self.from_child, from_child_w = os.pipe()
        # the child reads fd 3 and writes fd 4 (copied first: a pipe end may itself be fd 3 or 4);
        # subprocess closes every other descriptor after this runs
        def fds():
            r, w = os.dup(to_child_r), os.dup(from_child_w)
            os.dup2(r, 3)
            os.dup2(w, 4)
        self.proc = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--hide-scrollbars", "--remote-debugging-pipe", "--user-data-dir=" + self.profile,
             "--window-size=1200,900", "about:blank"],
            preexec_fn=fds, pass_fds=(3, 4),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self.buf = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.to_child, json.dumps(msg).encode() + b"\0")
        return self.next_id

    def read(self, deadline):
        while b"\0" not in self.buf:
            if time.monotonic() > deadline:
                raise TimeoutError("no answer from the browser")
            chunk = os.read(self.from_child, 1 << 20)
            if not chunk:
                raise RuntimeError("the browser closed its pipe")
            self.buf += chunk
        raw, self.buf = self.buf.split(b"\0", 1)
        return json.loads(raw)

    def call(self, method, params=None, session=None, timeout=60):
        i = self.send(method, params, session)
        deadline = time.monotonic() + timeout
        while True:
            m = self.read(deadline)
            if m.get("id") == i:
                if "error" in m:
                    raise RuntimeError(method + ": " + json.dumps(m["error"]))
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, method, session, timeout=60):
        deadline = time.monotonic() + timeout
        for k, m in enumerate(self.events):
            if m.get("method") == method and m.get("sessionId") == session:
                del self.events[k]
                return m
        while True:
            m = self.read(deadline)
            if m.get("method") == method and m.get("sessionId") == session:
                return m
            self.events.append(m)

    def close(self):
        try:
            self.call("Browser.close", timeout=10)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        os.close(self.to_child)
        os.close(self.from_child)
        shutil.rmtree(self.profile, ignore_errors=True)


TIMING = """JSON.stringify((() => {
  const n = performance.getEntriesByType('navigation')[0];
  const p = {};
  for (const e of performance.getEntriesByType('paint')) p[e.name] = e.startTime;
  return {load: n.loadEventEnd, fcp: p['first-contentful-paint'] ?? -1,
          nodes: document.getElementsByTagName('*').length};
})())"""


def open_page(b, path, png):
    target = b.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = b.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    b.call("Page.enable", session=session)
    t0 = time.monotonic()
    b.call("Page.navigate", {"url": "file://" + os.path.realpath(path)}, session=session)
    b.wait_event("Page.loadEventFired", session)
    shot = b.call("Page.captureScreenshot", {"format": "png"}, session=session)
    open_ms = (time.monotonic() - t0) * 1000
    t = json.loads(b.call("Runtime.evaluate", {"expression": TIMING, "returnByValue": True},
                          session=session)["result"]["value"])
    if png:
        with open(png, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
    b.call("Target.closeTarget", {"targetId": target})
    return t["load"], t["fcp"], open_ms, t["nodes"]


def main():
    exe, rounds, out, pages = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    os.makedirs(out, exist_ok=True)
    figures = {p: [] for p in pages}
    print(f"{'round':>5} {'load_ms':>8} {'fcp_ms':>8} {'open_ms':>8} {'elements':>8}  page")
    for r in range(1, rounds + 1):
        b = Browser(exe)
        try:
            for k, p in enumerate(pages):
                png = os.path.join(out, f"open-{k}.png") if r == 1 else None
                load, fcp, open_ms, nodes = open_page(b, p, png)
                figures[p].append((load, fcp, open_ms))
                print(f"{r:>5} {load:8.0f} {fcp:8.0f} {open_ms:8.0f} {nodes:>8}  {p}", flush=True)
        finally:
            b.close()
    print("medians:")
    for p, f in figures.items():
        load, fcp, open_ms = (statistics.median(x[i] for x in f) for i in range(3))
        print(f"  {p}: load {load:.0f} ms, first contentful paint {fcp:.0f} ms, open {open_ms:.0f} ms "
              f"({'under' if open_ms < 2000 else 'NOT under'} 2 s)")


if __name__ == "__main__":
    try:
        main()
    except (RuntimeError, TimeoutError, OSError) as e:
        print("html_open: " + str(e), file=sys.stderr)
        sys.exit(1)
