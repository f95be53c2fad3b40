#!/usr/bin/env python3
"""Runs the GitHub problem matcher over real gpumem-tidy output.

    matcher_check.py MATCHER.json OUTPUT.txt FIXES.yaml

Applies every pattern of the matcher (JavaScript regular expressions,
turned into Python ones: named groups are the only construct here that
differs) to each line of the text output, as the Actions runner does, and
prints what each match captured. Then checks the captures against the
diagnostics clang-tidy exported for the same run: every warning or error
is matched once, with its file, line, column, severity, message and check
name, and nothing else (no note, no source line) is.
"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "tools"))
sys.dont_write_bytecode = True  # no __pycache__ next to the tools
import gpumem_findings as gf  # noqa: E402


def python_regex(js):
    return re.compile(re.sub(r"\(\?<([A-Za-z_]\w*)>", r"(?P<\1>", js))


def main(matcher_path, output_path, fixes_path):
    matcher = json.load(open(matcher_path))["problemMatcher"]
    captured = []
    for m in matcher:
        if m.get("owner") != "gpumem-tidy":
            sys.exit("owner is %r" % m.get("owner"))
        pattern = m["pattern"][0]
        regex = python_regex(pattern["regexp"])
        for line in open(output_path, encoding="utf-8", errors="replace"):
            match = regex.search(line.rstrip("\n"))
            if not match:
                continue
            get = lambda key: match.group(pattern[key])  # noqa: E731
            captured.append((os.path.normpath(get("file")), int(get("line")),
                             int(get("column")), get("severity"),
                             get("message"), get("code")))
    for path, line, column, severity, message, code in captured:
        print("MATCH %s:%d:%d severity=%s code=%s message=%s"
              % (os.path.basename(path), line, column, severity, code,
                 message))
    expected = []
    for f in gf.load_export_fixes(fixes_path):
        if f.level in ("warning", "error"):
            expected.append((os.path.normpath(f.at.path), f.at.line,
                             f.at.column, f.level, f.message, f.rule))
    if sorted(captured) != sorted(expected):
        sys.stderr.write("matcher captures differ from the diagnostics:\n")
        for e in sorted(set(expected) - set(captured)):
            sys.stderr.write("  missed: %r\n" % (e,))
        for c in sorted(set(captured) - set(expected)):
            sys.stderr.write("  extra:  %r\n" % (c,))
        return 1
    print("ALL %d diagnostics captured" % len(expected))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
