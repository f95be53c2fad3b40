#!/usr/bin/env python3
"""A stand-in for clang-tidy that gets the global checks wrong on purpose.

Used by global-differential.test to show that the differential test fails
when the tool disagrees with the brute force. It takes clang-tidy's command
line, finds the .cu file, and warns on every line that loads `in[`/`row[`
with the numbers of a stride-2 float load, so it is wrong on every
coalesced access and on most uncoalesced ones. With --silent it reports
nothing, so it misses every uncoalesced access.
"""
import re
import sys

args = sys.argv[1:]
silent = "--silent" in args
source = next(a for a in args if a.endswith(".cu"))
if silent:
    sys.exit(0)
with open(source) as f:
    for number, text in enumerate(f, 1):
        m = re.search(r"\b(in|row)\[", text)
        if m and "out[" not in text:
            print("%s:%d:%d: warning: uncoalesced global load of 'x': stride "
                  "8 bytes, 2 transactions per warp (50.0%% efficiency), 8 "
                  "sectors [gpumem-uncoalesced-access]"
                  % (source, number, m.start() + 1))
