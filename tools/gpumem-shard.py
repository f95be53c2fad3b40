#!/usr/bin/env python3
"""The files of one shard of a compile database: a whole-project run split
across CI runners.

    gpumem-shard -p BUILD --shard K/N [--root DIR] [--match REGEX] [-0]

Prints the source files of shard K (1 to N) of BUILD/compile_commands.json,
one per line (NUL-separated with -0), for `gpumem-tidy -p BUILD $(...)`.
Each file of the database is in exactly one shard, so the shards' findings
together are the whole run's. The split is by a hash of each file's path
relative to --root (default: the current folder, the checkout's root in
CI): the same on every runner and every machine, and a file stays in its
shard when others are added or removed, so each runner's restored cache
(the preambles of its files) stays useful. --match keeps the files whose
path matches (default: CUDA sources, \\.(cu|cuh)$); a file the database
lists twice (nvcc's host pass, a second architecture) is listed once.

Exit status 2 on a bad argument or an unreadable database; an empty shard
prints nothing and exits 0 (skip the run then).
"""
import argparse
import hashlib
import json
import os
import re
import sys


def shard_spec(text):
    match = re.fullmatch(r"(\d+)/(\d+)", text)
    if not match or not 1 <= int(match.group(1)) <= int(match.group(2)):
        raise argparse.ArgumentTypeError(
            "expected K/N with 1 <= K <= N, not '%s'" % text)
    return int(match.group(1)), int(match.group(2))


def database_files(build):
    path = os.path.join(build, "compile_commands.json")
    with open(path, encoding="utf-8") as f:
        entries = json.load(f)
    files = []
    for entry in entries:
        name = entry.get("file")
        if not name:
            continue
        if not os.path.isabs(name):
            name = os.path.join(entry.get("directory", build), name)
        files.append(os.path.normpath(name))
    return files


def shard_of(relative, count):
    digest = hashlib.sha256(relative.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % count + 1


def main(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        usage="%(prog)s -p BUILD --shard K/N [--root DIR] [--match REGEX] [-0]")
    parser.add_argument("-p", dest="build", required=True,
                        help="the folder of compile_commands.json")
    parser.add_argument("--shard", type=shard_spec, required=True,
                        metavar="K/N", help="shard K of N (1-based)")
    parser.add_argument("--root", default=os.getcwd(),
                        help="paths are hashed relative to it (default: .)")
    parser.add_argument("--match", default=r"\.(cu|cuh)$",
                        help="keep the files whose path matches")
    parser.add_argument("-0", dest="nul", action="store_true",
                        help="separate the files with NUL")
    args = parser.parse_args(argv)
    try:
        files = database_files(args.build)
    except (OSError, ValueError) as error:
        sys.stderr.write("gpumem-shard: cannot read the database in %s: %s\n"
                         % (args.build, error))
        return 2
    try:
        keep = re.compile(args.match)
    except re.error as error:
        sys.stderr.write("gpumem-shard: --match: %s\n" % error)
        return 2
    root = os.path.abspath(args.root)
    index, count = args.shard
    chosen = []
    for path in sorted(set(files)):
        if not keep.search(path) or "/tmpxft_" in path:
            continue
        relative = os.path.relpath(path, root)
        if shard_of(relative.replace(os.sep, "/"), count) == index:
            chosen.append(path)
    end = "\0" if args.nul else "\n"
    sys.stdout.write("".join(p + end for p in chosen))
    return 0


if __name__ == "__main__":
    sys.exit(main())
