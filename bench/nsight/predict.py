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
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "tools"))
sys.dont_write_bytecode = True
import gpumem_record as gr  # noqa: E402

COLUMNS = [
    "file", "line", "column", "kernel", "space", "kind", "width", "status",
    "sectors_mean", "sectors_worst", "transactions_mean",
    "transactions_worst", "wavefronts_mean", "wavefronts_worst", "expression",
]


def parse_dump(text):
    """The global and shared accesses of the dump's records, as dicts with
    the keys of COLUMNS (numbers as strings, empty where they do not
    apply)."""
    rows = []
    for kernel in gr.read_text(text):
        for access in kernel.accesses:
            if access.space not in ("global", "shared"):
                continue
            row = {c: "" for c in COLUMNS}
            row.update(file=access.at.path, line=str(access.at.line),
                       column=str(access.at.column), kernel=kernel.name,
                       space=access.space, kind=access.kind,
                       width=str(access.width), expression=access.expression)
            names = (("sectors", "transactions") if access.space == "global"
                     else ("wavefronts",))
            counts = [access.per_request(n) for n in names]
            if all(counts):
                for name, count in zip(names, counts):
                    row[name + "_mean"] = "%g" % count.mean
                    row[name + "_worst"] = str(count.worst)
                row["status"] = "predicted"
            elif access.status in ("unknown", "symbolic"):
                row["status"] = access.status
            else:
                row["status"] = "unpriced"
            rows.append(row)
    return rows


def run_dump(gpumem_tidy, path, compiler_flags):
    """The access dump of one file, as gpumem-tidy prints it."""
    command = [gpumem_tidy] + gr.dump_arguments() + [path]
    if compiler_flags:
        command += ["--"] + compiler_flags
    done = subprocess.run(command, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, check=False)
    if not gr.read_text(done.stdout):
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
    except (OSError, RuntimeError, gr.RecordError) as error:
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
