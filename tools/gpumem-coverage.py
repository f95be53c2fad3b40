#!/usr/bin/env python3
"""How much of your CUDA code gpumem-tidy's verdicts cover.

    tools/gpumem-coverage.py [--gpumem-tidy CMD] FILE ... [-- FLAGS]
    tools/gpumem-coverage.py [--gpumem-tidy CMD] -p BUILD FILE ...

Runs gpumem-tidy's access dump (debug-gpumem-access-dump) on the files and
counts the global and shared accesses it found: analysed (the lanes'
offsets are known, or known up to a symbolic stride) and not analysed,
grouped by the reason the analysis gives, each with its three commonest
places. A file that does not parse shows as fewer accesses, not as an
error: run gpumem-tidy itself to see why.

A script over the dump rather than a gpumem-tidy option: the dump is
already the analysis' own record of every access (tests check it), a
script can sum over many files and runs, and clang-tidy's command line
belongs to clang-tidy. Reasons are grouped by their text with quoted names
replaced by `X` ('i' is reassigned -> 'X' is reassigned).
"""

import argparse
import collections
import json
import re
import shlex
import subprocess
import sys

ACCESS = re.compile(
    r"^(?P<file>.+?):(?P<line>\d+):\d+: remark: "
    r"(?:load|store|read-modify-write) (?P<space>global|shared) "
    r"'.*' width \d+; offset (?P<offset>.*?); active ")
UNKNOWN = re.compile(r"^unknown \((?P<reason>.*)\)$")


def reason_kind(reason):
    """The reason with quoted names replaced, so that one kind groups."""
    return re.sub(r"'[^']*'", "'X'", reason)


def count(text):
    """(analysed, {kind: [place, ...]}) of a dump's accesses."""
    analysed = 0
    unknown = collections.defaultdict(list)
    for line in text.splitlines():
        match = ACCESS.match(line)
        if not match:
            continue
        place = "%s:%s" % (match["file"], match["line"])
        reason = UNKNOWN.match(match["offset"])
        if reason:
            unknown[reason_kind(reason["reason"])].append(place)
        else:
            analysed += 1
    return analysed, unknown


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    flags = []
    if "--" in argv:
        cut = argv.index("--")
        argv, flags = argv[:cut], argv[cut:]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--gpumem-tidy", default="gpumem-tidy",
                        help="the command to run (default: gpumem-tidy)")
    parser.add_argument("-p", dest="build", help="compile database folder")
    parser.add_argument("--json", action="store_true",
                        help="print JSON instead of a table")
    args = parser.parse_args(argv)
    command = shlex.split(args.gpumem_tidy) + [
        "--checks=-*,debug-gpumem-access-dump"]
    if args.build:
        command += ["-p", args.build]
    analysed = 0
    unknown = collections.defaultdict(list)
    for path in args.files:
        try:
            done = subprocess.run(command + [path] + flags,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True,
                                  errors="replace", check=False)
        except OSError as error:
            print("gpumem-coverage: cannot run %s: %s" % (command[0], error),
                  file=sys.stderr)
            return 2
        a, u = count(done.stdout)
        analysed += a
        for kind, places in u.items():
            unknown[kind] += places
    total = analysed + sum(len(p) for p in unknown.values())
    kinds = sorted(unknown.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    if args.json:
        print(json.dumps({
            "accesses": total, "analysed": analysed,
            "unknown": [{"reason": k, "count": len(p),
                         "places": [x for x, _ in
                                    collections.Counter(p).most_common(3)]}
                        for k, p in kinds]}, indent=2))
        return 0
    share = 100.0 * analysed / total if total else 0.0
    print("%d accesses, %d analysed (%.1f%%), %d not" %
          (total, analysed, share, total - analysed))
    for kind, places in kinds:
        common = ", ".join("%s (%d)" % (place, n) if n > 1 else place
                           for place, n in
                           collections.Counter(places).most_common(3))
        print("  %5d  %s: %s" % (len(places), kind, common))
    return 0


if __name__ == "__main__":
    sys.exit(main())
