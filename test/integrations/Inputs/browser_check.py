#!/usr/bin/env python3
"""Loads a gpumem report in headless Chromium and checks what it rendered.

    browser_check.py REPORT.html SCRATCH_DIR [--screenshot OUT.png]

No DevTools protocol (that needs a websocket client): Chromium's own
switches do the work.
- `--dump-dom` prints the DOM after the page's script ran. The checks: one
  figure per finding, the script's own count of figures on <body>, every
  strip's number of fetched blocks equal to the transactions it claims,
  nothing that loads from the network.
- `--enable-logging=stderr --v=0` prints every console message of the page
  as an INFO:CONSOLE line, errors and log calls alike (the level is not
  shown), so the report must be silent: any such line fails. A control
  page with a console.error and an uncaught exception is loaded first to
  prove the capture works.
- `--screenshot` renders the page to a PNG, checked for its size.

Prints one line per finding for FileCheck.
"""

import html.parser
import shutil
import struct
import subprocess
import sys
from pathlib import Path

CONTROL = """<!DOCTYPE html><html><body><p>control</p><script>
console.error("gpumem control error");
undefinedFunctionOfTheControlPage();
</script></body></html>"""

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "source", "track", "wbr"}


def chromium():
    return shutil.which("chromium") or shutil.which("chromium-browser")


def run_chromium(binary, profile, url, *extra):
    command = [binary, "--headless", "--no-sandbox", "--disable-gpu",
               "--no-first-run", "--disable-background-networking",
               "--disable-component-update", "--disable-sync",
               "--disable-default-apps", "--hide-scrollbars",
               "--user-data-dir=" + str(profile),
               "--enable-logging=stderr", "--v=0", *extra, url]
    proc = subprocess.run(command, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True,
                          errors="replace", timeout=120)
    console = [line for line in proc.stderr.splitlines()
               if ":CONSOLE" in line]
    return proc, console


class Dom(html.parser.HTMLParser):
    """The findings, their figures and panels, from the dumped DOM."""

    def __init__(self):
        super().__init__()
        self.stack = []
        self.findings = []
        self.body = {}
        self.network = []

    def _classes(self, attrs):
        return set((attrs.get("class") or "").split())

    def handle_starttag(self, tag, attrs_list):
        attrs = dict(attrs_list)
        classes = self._classes(attrs)
        for name in ("src", "href", "action", "data"):
            value = attrs.get(name) or ""
            if value.startswith(("http:", "https:", "//", "ws:", "wss:")):
                self.network.append("%s %s=%s" % (tag, name, value))
        if tag == "body":
            self.body = attrs
        if tag == "article" and "finding" in classes:
            self.findings.append({"rule": attrs.get("data-rule"),
                                  "figures": [], "panels": []})
        elif tag == "figure" and "gpumem-figure" in classes and self.findings:
            self.findings[-1]["figures"].append(attrs)
        elif tag == "div" and "panel" in classes and self.findings:
            self.findings[-1]["panels"].append(
                {"attrs": attrs, "blocks": 0, "lanes": 0, "words": 0})
        elif tag == "rect" and self.findings and self.findings[-1]["panels"]:
            panel = self.findings[-1]["panels"][-1]
            for name, key in (("block", "blocks"), ("lane", "lanes"),
                              ("word", "words")):
                if name in classes:
                    panel[key] += 1
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        while self.stack and self.stack.pop() != tag:
            pass


def png_size(path):
    data = Path(path).read_bytes()[:24]
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", data[16:24])


def main(argv):
    report, scratch = Path(argv[0]).resolve(), Path(argv[1])
    screenshot = argv[argv.index("--screenshot") + 1] \
        if "--screenshot" in argv else None
    binary = chromium()
    if binary is None:
        print("SKIP: chromium is not installed (apt-get install chromium)")
        return 0
    scratch.mkdir(parents=True, exist_ok=True)
    failures = []

    control = scratch / "control.html"
    control.write_text(CONTROL)
    _, console = run_chromium(binary, scratch / "profile",
                              control.as_uri(), "--dump-dom")
    caught = [line for line in console if "gpumem control error" in line or
              "undefinedFunctionOfTheControlPage" in line]
    print("CONTROL console lines caught: %d" % len(caught))
    if len(caught) != 2:
        failures.append("the control page's 2 console errors were not seen: "
                        "console capture does not work")

    proc, console = run_chromium(binary, scratch / "profile",
                                 report.as_uri(), "--dump-dom")
    if proc.returncode != 0:
        failures.append("chromium exited %d: %s" % (proc.returncode,
                                                     proc.stderr[-2000:]))
    for line in console:
        failures.append("console: " + line)
    print("CONSOLE %d messages" % len(console))
    dom = Dom()
    dom.feed(proc.stdout)
    print("DOM %d findings, %d figures, script counted %s" % (
        len(dom.findings), sum(len(f["figures"]) for f in dom.findings),
        dom.body.get("data-figures")))
    if not dom.findings:
        failures.append("no finding in the DOM")
    if dom.body.get("data-figures") != str(len(dom.findings)):
        failures.append("the page's script did not run or counted %s "
                        "figures" % dom.body.get("data-figures"))
    for url in dom.network:
        failures.append("loads from the network: " + url)

    for finding in dom.findings:
        if len(finding["figures"]) != 1:
            failures.append("%s has %d figures" % (finding["rule"],
                                                   len(finding["figures"])))
            continue
        figure = finding["figures"][0]
        line = "FIGURE %s kind=%s" % (finding["rule"], figure.get("data-kind"))
        for drawn, said in (("data-transactions", "data-message-transactions"),
                            ("data-degree", "data-message-degree")):
            if drawn in figure and said in figure and \
                    figure[drawn] != figure[said]:
                failures.append("%s: the figure draws %s=%s, the message "
                                "says %s" % (finding["rule"], drawn,
                                             figure[drawn], figure[said]))
        for panel in finding["panels"]:
            attrs = panel["attrs"]
            role = "fixed" if "fixed" in attrs.get("class", "") else "written"
            if "data-transactions" in attrs:
                claimed = int(attrs["data-transactions"])
                line += " %s=%d blocks/%d lanes" % (role, panel["blocks"],
                                                    panel["lanes"])
                if panel["blocks"] != claimed:
                    failures.append("%s %s strip draws %d blocks, claims %d"
                                    % (finding["rule"], role, panel["blocks"],
                                       claimed))
            elif "data-degree" in attrs:
                line += " %s=%s-way/%d words" % (role, attrs["data-degree"],
                                                 panel["words"])
        print(line)

    if screenshot:
        size = (1400, 2400)
        target = Path(screenshot).resolve()
        proc, console = run_chromium(
            binary, scratch / "profile", report.as_uri(),
            "--window-size=%d,%d" % size, "--screenshot=" + str(target))
        got = png_size(target) if target.exists() else None
        print("SCREENSHOT %s" % ("x".join(map(str, got)) if got else "none"))
        if got != size:
            failures.append("screenshot is %s, not %s" % (got, size))

    if failures:
        sys.stderr.write("browser check FAILED:\n  " + "\n  ".join(failures)
                         + "\n")
        return 1
    print("BROWSER OK")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
