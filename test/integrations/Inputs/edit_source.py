#!/usr/bin/env python3
"""Copies a source file with an edit, for the fingerprint tests.

    edit_source.py IN OUT --blank-lines-before LINE COUNT
    edit_source.py IN OUT --replace OLD NEW
"""
import sys
from pathlib import Path

source, target, mode = sys.argv[1], sys.argv[2], sys.argv[3]
lines = Path(source).read_text().splitlines(keepends=True)
if mode == "--blank-lines-before":
    line, count = int(sys.argv[4]), int(sys.argv[5])
    lines[line - 1:line - 1] = ["\n"] * count
elif mode == "--replace":
    text = "".join(lines)
    if sys.argv[4] not in text:
        sys.exit("edit_source: %r not found" % sys.argv[4])
    lines = [text.replace(sys.argv[4], sys.argv[5], 1)]
else:
    sys.exit("edit_source: unknown mode " + mode)
Path(target).parent.mkdir(parents=True, exist_ok=True)
Path(target).write_text("".join(lines))
