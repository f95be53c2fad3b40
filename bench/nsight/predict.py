#!/usr/bin/env python3
"""Export gpumem-tidy's per-access predictions as CSV (docs/hardware-check.md).

The source of truth is the access dump, debug-gpumem-access-dump with its
option Predictions: it lists every load and store the analysis found, with
the model's counts per request (per warp instruction) for every access
whose lanes are known, whether or not a check reports it. The SARIF log
carries only the accesses that produced a warning, so a coalesced load (the
most common prediction to verify) would be missing from it.

    bench/nsight/predict.py --gpumem-tidy build/bin/gpumem-tidy \\
        -o predictions.csv examples/*.cu bench/nsight/kernels.cu

Columns: file, line, column, kernel, space (global, shared), kind (load,
store, read-modify-write), width (bytes per lane), status (predicted;
unknown, its offset is not known; symbolic, its stride is a symbol;
unpriced, known but with no scenario), then per request, the mean over the
access's scenarios and the worst: sectors and transactions for global
memory, wavefronts for shared memory (empty where they do not apply), and
the expression. Arguments after "--" go to gpumem-tidy after its own "--"
(compiler flags); without them it parses each file as CUDA device code with
the toolkit it finds, as on its own command line.
"""

import argparse
import csv
import os
import re
import subprocess
import sys

COLUMNS = [
    "file", "line", "column", "kernel", "space", "kind", "width", "status",
    "sectors_mean", "sectors_worst", "transactions_mean",
    "transactions_worst", "wavefronts_mean", "wavefronts_worst", "expression",
]

_LOCATION = r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): remark: "
_KERNEL = re.compile(_LOCATION + r"kernel '(?P<kernel>[^']+)':")
_ACCESS = re.compile(
    _LOCATION + r"(?P<kind>load|store|read-modify-write) "
    r"(?P<space>global|shared|local|constant|unknown) "
    r"'(?P<expression>.*)' width (?P<width>\d+); offset (?P<offset>.*?); active ")
_GLOBAL = re.compile(
    r"; per request: sectors (?P<sm>[\d.e+-]+) \(worst (?P<sw>\d+)\), "
    r"transactions (?P<tm>[\d.e+-]+) \(worst (?P<tw>\d+)\)")
_SHARED = re.compile(
    r"; per request: wavefronts (?P<wm>[\d.e+-]+) \(worst (?P<ww>\d+)\)")


def parse_dump(text):
    """The accesses of an access dump with Predictions on, as dicts with the
    keys of COLUMNS (numbers as strings, empty where they do not apply)."""
    rows = []
    kernel = ""
    for line in text.splitlines():
        match = _KERNEL.match(line)
        if match:
            kernel = match["kernel"]
            continue
        match = _ACCESS.match(line)
        if not match or match["space"] not in ("global", "shared"):
            continue
        row = {c: "" for c in COLUMNS}
        for key in ("file", "line", "column", "kind", "space", "width",
                    "expression"):
            row[key] = match[key]
        row["kernel"] = kernel
        rest = line[match.end():]
        counts = _GLOBAL.search(rest) or _SHARED.search(rest)
        if counts and match["space"] == "global" and "sm" in counts.groupdict():
            row.update(sectors_mean=counts["sm"], sectors_worst=counts["sw"],
                       transactions_mean=counts["tm"],
                       transactions_worst=counts["tw"], status="predicted")
        elif counts and match["space"] == "shared" and "wm" in counts.groupdict():
            row.update(wavefronts_mean=counts["wm"],
                       wavefronts_worst=counts["ww"], status="predicted")
        elif match["offset"].startswith("unknown"):
            row["status"] = "unknown"
        elif "; symbolic stride" in rest:
            row["status"] = "symbolic"
        else:
            row["status"] = "unpriced"
        rows.append(row)
    return rows


def run_dump(gpumem_tidy, path, compiler_flags):
    """The access dump of one file, as gpumem-tidy prints it."""
    command = [
        gpumem_tidy, "--checks=-*,debug-gpumem-access-dump",
        "--config={CheckOptions: {debug-gpumem-access-dump.Predictions: true}}",
        path,
    ]
    if compiler_flags:
        command += ["--"] + compiler_flags
    done = subprocess.run(command, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, check=False)
    if "remark: kernel '" not in done.stdout:
        raise RuntimeError(f"{path}: gpumem-tidy found no kernel "
                           f"(exit {done.returncode}):\n{done.stdout[-2000:]}")
    return done.stdout


def write_csv(rows, out):
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    flags = []
    if "--" in argv:
        cut = argv.index("--")
        argv, flags = argv[:cut], argv[cut + 1:]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help=".cu files to analyse")
    parser.add_argument("--gpumem-tidy", default="gpumem-tidy",
                        help="the gpumem-tidy executable (default: on PATH)")
    parser.add_argument("-o", "--output", help="CSV file (default: stdout)")
    args = parser.parse_args(argv)
    rows = []
    try:
        for path in args.files:
            rows += parse_dump(run_dump(args.gpumem_tidy,
                                        os.path.abspath(path), flags))
    except (OSError, RuntimeError) as error:
        print(f"predict.py: {error}", file=sys.stderr)
        return 1
    if args.output:
        with open(args.output, "w", encoding="utf-8") as out:
            write_csv(rows, out)
    else:
        write_csv(rows, sys.stdout)
    counted = sum(r["status"] == "predicted" for r in rows)
    print(f"predict.py: {len(rows)} accesses, {counted} predicted",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
