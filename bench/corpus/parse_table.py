#!/usr/bin/env python3
"""How many files of a CUDA corpus gpumem-tidy parses, and how many kernels
it analyses (docs/cuda-setup.md, "Measured on public code").

    bench/corpus/parse_table.py --gpumem-tidy build/bin/gpumem-tidy \\
        --label after -o after.csv DIR ...

For every .cu file under each DIR it runs gpumem-tidy twice, as a new user
would: with no argument (`gpumem-tidy FILE`), and with the include paths a
user adds after `--` (the file's own folder, the corpus root, and every
folder named Common, include or utils under it). It records per file and
way: exit status, error count, whether the first error is in a header of
the CUDA toolkit or in the user's code, missing-header warnings, and the
kernels the access dump lists. It prints a table per DIR. Corpora are not
part of this repository: fetch them (docs/cuda-setup.md names the ones
measured).
"""

import argparse
import concurrent.futures
import csv
import os
import re
import subprocess
import sys

ERROR = re.compile(r"^(?P<file>[^:\s]+):\d+:\d+: error: ", re.M)
KERNEL = re.compile(r"remark: kernel '")
MISSING = re.compile(r"warning: header '[^']+' not found")


def include_dirs(root):
    dirs = {root}
    for folder, subdirs, _ in os.walk(root):
        for d in subdirs:
            if d in ("Common", "common", "include", "utils"):
                dirs.add(os.path.join(folder, d))
    return sorted(dirs)


def run(tool, path, extra, timeout):
    command = [tool, "--checks=-*,debug-gpumem-access-dump", path]
    if extra is not None:
        command += ["--"] + extra
    try:
        done = subprocess.run(command, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True,
                              errors="replace", timeout=timeout)
        out, status = done.stdout, done.returncode
    except subprocess.TimeoutExpired:
        return {"status": "timeout", "errors": 0, "first_error_in": "",
                "kernels": 0, "missing_headers": 0}
    errors = ERROR.findall(out)
    first = ""
    if errors:
        first = "toolkit" if "/cuda" in errors[0] and "/include/" in errors[0] \
            else "user"
    return {"status": status, "errors": len(errors), "first_error_in": first,
            "kernels": len(KERNEL.findall(out)),
            "missing_headers": len(MISSING.findall(out))}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+")
    parser.add_argument("--gpumem-tidy", required=True)
    parser.add_argument("--label", default="")
    parser.add_argument("-o", "--output", help="per-file CSV")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()

    jobs = []
    for root in args.dirs:
        root = os.path.abspath(root)
        extra = []
        for d in include_dirs(root):
            extra += ["-I", d]
        for folder, _, files in os.walk(root):
            for name in sorted(files):
                if name.endswith(".cu"):
                    path = os.path.join(folder, name)
                    jobs.append((root, path, None))
                    jobs.append((root, path,
                                 ["-I", folder] + extra))
    rows = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {pool.submit(run, args.gpumem_tidy, path, extra,
                               args.timeout): (root, path, extra)
                   for root, path, extra in jobs}
        for future in concurrent.futures.as_completed(futures):
            root, path, extra = futures[future]
            row = future.result()
            row.update(corpus=os.path.basename(root),
                       file=os.path.relpath(path, root),
                       way="plain" if extra is None else "includes",
                       label=args.label)
            rows.append(row)
    rows.sort(key=lambda r: (r["corpus"], r["file"], r["way"]))
    if args.output:
        with open(args.output, "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    print("| %s | way | files | no error | first error in toolkit | "
          "in user code | kernels analysed | missing headers named |"
          % (args.label or "corpus"))
    print("|---|---|---|---|---|---|---|---|")
    for corpus in sorted({r["corpus"] for r in rows}):
        for way in ("plain", "includes"):
            sel = [r for r in rows if r["corpus"] == corpus and r["way"] == way]
            print("| %s | %s | %d | %d | %d | %d | %d | %d |" % (
                corpus, way, len(sel), sum(r["errors"] == 0 for r in sel),
                sum(r["first_error_in"] == "toolkit" for r in sel),
                sum(r["first_error_in"] == "user" for r in sel),
                sum(r["kernels"] for r in sel),
                sum(r["missing_headers"] for r in sel)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
