"""The findings of gpumem-tidy outputs, one per line, sorted: each
`path:line:col: warning: ... [check]` line, the path made relative to ROOT.

    merge_findings.py ROOT OUTPUT...
"""
import os
import re
import sys

root = os.path.abspath(sys.argv[1])
found = set()
for output in sys.argv[2:]:
    with open(output, encoding="utf-8", errors="replace") as f:
        for line in f:
            match = re.match(r"^(/[^:]+):(\d+:\d+: warning: .*\])$", line.rstrip())
            if match:
                found.add(os.path.relpath(match.group(1), root) + ":" + match.group(2))
for line in sorted(found):
    print(line)
