#!/usr/bin/env python3
"""How much of your CUDA code gpumem-tidy's verdicts cover.

    tools/gpumem-coverage.py [--gpumem-tidy CMD] FILE ... [-- FLAGS]
    tools/gpumem-coverage.py [--gpumem-tidy CMD] -p BUILD FILE ...

Runs gpumem-tidy's access dump (debug-gpumem-access-dump) on the files and
counts the global and shared accesses it found, and those through a
pointer whose memory the analysis could not tell (never analysed): analysed (the lanes'
offsets are known, or known up to a symbolic stride) and not analysed,
grouped by the kind of obstacle (data-dependent, reassigned, symbolic
operation, arithmetic, limit, not followed), each with its three commonest
places and the reasons the analysis gives. A file that does not parse shows
as fewer accesses, not as an error: run gpumem-tidy itself to see why. A
missing file, or a run of gpumem-tidy that crashes, stops the count with an
error (exit 2).

A script over the dump rather than a gpumem-tidy option: the dump is
already the analysis' own record of every access (tests check it), a
script can sum over many files and runs, and clang-tidy's command line
belongs to clang-tidy. Within a kind, reasons are grouped by their text
with quoted names replaced by `X` ('i' is reassigned -> 'X' is reassigned).
"""

import argparse
import re
import collections
import json
import os
import shlex
import subprocess
import sys

# realpath: run through a link in <prefix>/bin, the modules are beside the
# script, not the link.
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ next to the tools
import gpumem_record as gr  # noqa: E402

# The spaces counted: global and shared accesses, and those whose memory
# the analysis could not tell.
COUNTED = ("global", "shared", "unknown")


def reason_text(reason):
    """The reason with quoted names replaced, so that one reason groups."""
    return re.sub(r"'[^']*'", "'X'", reason)


def count(text):
    """(analysed, {kind: [(place, reason), ...]}) of a dump's accesses. A
    kernel with more accesses than MaxAccessesPerKernel counts as one
    more, of kind limit: its accesses past the cap are not analysed."""
    analysed = 0
    unknown = collections.defaultdict(list)
    for kernel in gr.read_text(text):
        if kernel.capped:
            unknown["limit"].append((
                "%s:%d" % (kernel.at.path, kernel.at.line),
                "more accesses in the kernel than MaxAccessesPerKernel"))
        for access in kernel.accesses:
            if access.space not in COUNTED:
                continue
            if access.unknown:
                kind, reason = access.unknown
                place = "%s:%d" % (access.at.path, access.at.line)
                unknown[kind].append((place, reason_text(reason)))
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
    command = shlex.split(args.gpumem_tidy) + gr.dump_arguments()
    if args.build:
        command += ["-p", args.build]
    analysed = 0
    unknown = collections.defaultdict(list)
    for path in args.files:
        if not os.path.isfile(path):
            print("gpumem-coverage: %s: no such file" % path, file=sys.stderr)
            return 2
        try:
            done = subprocess.run(command + [path] + flags,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True,
                                  errors="replace", check=False)
        except OSError as error:
            print("gpumem-coverage: cannot run %s: %s" % (command[0], error),
                  file=sys.stderr)
            return 2
        # A signal (or a shell's 128 + signal): the tool crashed, and the
        # file's accesses would silently count as none.
        if done.returncode < 0 or done.returncode > 128:
            print("gpumem-coverage: %s crashed on %s (exit %d):\n%s"
                  % (command[0], path, done.returncode, done.stdout[-2000:]),
                  file=sys.stderr)
            return 2
        try:
            a, u = count(done.stdout)
        except gr.RecordError as error:
            print("gpumem-coverage: %s: %s" % (path, error), file=sys.stderr)
            return 2
        analysed += a
        for kind, places in u.items():
            unknown[kind] += places
    total = analysed + sum(len(p) for p in unknown.values())
    kinds = sorted(unknown.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    def places(entries):
        return collections.Counter(p for p, _ in entries).most_common(3)

    def reasons(entries):
        return collections.Counter(r for _, r in entries).most_common()

    if args.json:
        print(json.dumps({
            "accesses": total, "analysed": analysed,
            "unknown": [{"kind": k, "count": len(e),
                         "places": [x for x, _ in places(e)],
                         "reasons": [{"reason": r, "count": n}
                                     for r, n in reasons(e)]}
                        for k, e in kinds]}, indent=2))
        return 0
    share = 100.0 * analysed / total if total else 0.0
    print("%d accesses, %d analysed (%.1f%%), %d not" %
          (total, analysed, share, total - analysed))
    for kind, entries in kinds:
        common = ", ".join("%s (%d)" % (place, n) if n > 1 else place
                           for place, n in places(entries))
        print("  %5d  %s: %s" % (len(entries), kind, common))
        for reason, n in reasons(entries):
            print("  %5s  %5d  %s" % ("", n, reason))
    return 0


if __name__ == "__main__":
    sys.exit(main())
