#!/usr/bin/env python3
"""Compare gpumem-tidy's predictions with Nsight Compute's source counters.

    bench/nsight/compare.py predictions.csv source.csv

predictions.csv is what predict.py writes; source.csv is Nsight Compute's
source page with CUDA lines and their SASS instructions:

    ncu --import report.ncu-rep --page source --csv --print-source cuda,sass \\
        --print-units base > source.csv

Both sides are reduced to one record per kernel, source line, memory space
and operation (load or store), and compared per request, that is per warp
instruction, the unit the checks speak in:

  global  sectors per request: L2 Theoretical Sectors Global / Instructions
          Executed of the line's global loads (stores); predicted: the
          sectors of the line's accesses, averaged over their requests
  shared  wavefronts per request: L1 Wavefronts Shared / Instructions
          Executed of the line's shared loads (stores); predicted likewise

A read-modify-write access (x[i] += v) is one load and one store request.
The model's mean over an access's scenarios is compared (what an average
over the executions measures when each scenario runs equally often); its
worst case, what the checks report, is printed beside it.

It prints one line per record compared, then a summary: records compared,
exact matches (equal to 0.01), within 10%, and the worst disagreements with
both numbers. Records on one side only are counted and listed apart: SASS
with no prediction (not analysed, a data-dependent index, or code the
compiler added), predictions never executed (dead code, or a kernel the
harness did not run).
"""

import argparse
import csv
import io
import os
import re
import sys

LINE_HEADERS = ("Line No", "# Line", "Line")
SASS_ONLY_HEADERS = ("Address", "# Address")
SECTORS = "L2 Theoretical Sectors Global"
WAVEFRONTS = "L1 Wavefronts Shared"
EXECUTED = "Instructions Executed"
SPACE = "Address Space"

# SASS memory opcodes: (space, operation). Generic LD/ST take their space
# from the Address Space column; atomics and reductions are left out (the
# model prices them as a load and a store, the hardware as one request).
_OPCODES = {
    "LDG": ("global", "load"), "STG": ("global", "store"),
    "LDS": ("shared", "load"), "LDSM": ("shared", "load"),
    "STS": ("shared", "store"),
    "LD": (None, "load"), "ST": (None, "store"),
}


def number(text):
    """A counter's value: ncu may group digits with commas."""
    text = (text or "").replace(",", "").strip()
    try:
        return float(text)
    except ValueError:
        return 0.0


def kernel_short_name(name):
    """'void bench::copy<2>(const float *, int)' -> 'copy': the identifier
    gpumem-tidy's dump names a kernel by."""
    name = name.split("(", 1)[0].strip()
    depth, cut = 0, len(name)
    for index in range(len(name) - 1, -1, -1):  # drop a trailing <...>
        if name[index] == ">":
            depth += 1
        elif name[index] == "<":
            depth -= 1
            if depth == 0:
                cut = index
                break
        elif depth == 0:
            break
    name = name[:cut] if name.endswith(">") else name
    return re.split(r"[\s:]", name)[-1]


def sass_memory_operation(instruction, space_column):
    """(space, operation) of a SASS instruction, or None when it is not a
    plain load or store of global or shared memory."""
    words = instruction.split()
    if words and words[0].startswith("@"):
        words = words[1:]
    if not words:
        return None
    opcode = words[0].split(".")[0]
    found = _OPCODES.get(opcode)
    if not found:
        return None
    space, operation = found
    if space is None:
        space = space_column.strip().lower()
    if space not in ("global", "shared"):
        return None
    return space, operation


class Measured:
    """Counters summed over the SASS instructions of one record."""

    def __init__(self):
        self.executed = 0.0
        self.count = 0.0
        self.instructions = 0

    def per_request(self):
        return self.count / self.executed if self.executed else None


def parse_source_page(text):
    """Records {(kernel, file or '', line, space, operation): Measured} of an
    `ncu --page source --csv --print-source cuda,sass` export. File is the
    base name from a "File Path" row where the export has one."""
    records = {}
    kernel = path = ""
    header = None
    line = None
    saw_sass_only = False
    for row in csv.reader(io.StringIO(text)):
        if not row:
            continue
        first = row[0].strip()
        if first in ("Kernel Name", "Function Name") and len(row) >= 2:
            kernel, header, line = kernel_short_name(row[1]), None, None
            continue
        if first in ("File Path", "File", "Source File") and len(row) >= 2:
            path = os.path.basename(row[1].strip())
            continue
        if first in LINE_HEADERS:
            header = row
            continue
        if first in SASS_ONLY_HEADERS:
            saw_sass_only = True
            header = None
            continue
        if header is None or len(row) != len(header):
            continue
        if first.isdigit():
            line = int(first)
            continue
        if line is None:
            continue
        cells = {}
        for name, value in zip(header, row):
            cells.setdefault(name, value)  # the first column of each name
        sources = [v for n, v in zip(header, row) if n == "Source"]
        instruction = sources[1] if len(sources) > 1 else sources[0]
        found = sass_memory_operation(instruction, cells.get(SPACE, ""))
        if not found:
            continue
        space, operation = found
        record = records.setdefault((kernel, path, line, space, operation),
                                    Measured())
        record.executed += number(cells.get(EXECUTED))
        record.count += number(cells.get(SECTORS if space == "global"
                                         else WAVEFRONTS))
        record.instructions += 1
    if not records and saw_sass_only:
        raise ValueError("the export has SASS rows but no CUDA lines: export "
                         "with --print-source cuda,sass from a -lineinfo build")
    return records


class Predicted:
    """The accesses of one record, with their requests per execution."""

    def __init__(self):
        self.requests = 0
        self.mean_sum = 0.0
        self.worst = 0
        self.expressions = []


def read_predictions(text):
    """Records {(kernel, file, line, space, operation): Predicted} of the
    predicted accesses in predict.py's CSV, and the count of the others."""
    records = {}
    skipped = 0
    for row in csv.DictReader(io.StringIO(text)):
        if row["status"] != "predicted":
            skipped += 1
            continue
        counter = "sectors" if row["space"] == "global" else "wavefronts"
        mean = float(row[f"{counter}_mean"])
        worst = int(row[f"{counter}_worst"])
        operations = {"load": ["load"], "store": ["store"],
                      "read-modify-write": ["load", "store"]}[row["kind"]]
        for operation in operations:
            key = (row["kernel"], os.path.basename(row["file"]),
                   int(row["line"]), row["space"], operation)
            record = records.setdefault(key, Predicted())
            record.requests += 1
            record.mean_sum += mean
            record.worst = max(record.worst, worst)
            record.expressions.append(row["expression"])
    return records, skipped


def join(predicted, measured):
    """(pairs, measured only, predicted only). A measured record without a
    file name matches the prediction of the same kernel and line."""
    pairs = []
    matched = set()
    for key, got in sorted(measured.items(), key=lambda kv: kv[0]):
        kernel, path, line, space, operation = key
        candidates = [k for k in predicted
                      if k[0] == kernel and k[2:] == (line, space, operation)
                      and (not path or k[1] == path)]
        if len(candidates) == 1:
            pairs.append((candidates[0], predicted[candidates[0]], got))
            matched.add(candidates[0])
    measured_only = [k for k in measured
                     if not any(p[0][0] == k[0] and p[0][2:] == k[2:]
                                for p in pairs)]
    predicted_only = [k for k in predicted if k not in matched]
    return pairs, measured_only, predicted_only


def compare(predicted, measured, skipped, out, worst_count=5):
    pairs, measured_only, predicted_only = join(predicted, measured)
    counter = {"global": "sectors", "shared": "wavefronts"}
    print(f"{'where':<40} {'kernel':<20} {'access':<14} {'predicted':>9} "
          f"{'worst':>5} {'measured':>9}  expression", file=out)
    exact = within = 0
    errors = []
    for key, want, got in pairs:
        kernel, path, line, space, operation = key
        mean = want.mean_sum / want.requests
        measured_value = got.per_request()
        if measured_value is None:
            continue
        gap = abs(mean - measured_value)
        exact += gap <= 0.01
        within += gap <= 0.1 * max(measured_value, 1e-9)
        errors.append((gap / max(measured_value, mean, 1e-9), key, mean,
                       measured_value))
        print(f"{path + ':' + str(line):<40} {kernel:<20} "
              f"{space + ' ' + operation:<14} {mean:>9.2f} {want.worst:>5} "
              f"{measured_value:>9.2f}  {counter[space]}/request; "
              f"{' | '.join(want.expressions)}", file=out)
    compared = len(errors)
    print("", file=out)
    def accesses(count):
        return f"{count} access{'' if count == 1 else 'es'}"

    print(f"summary: {compared} compared, {exact} exact, {within} within 10%; "
          f"{len(measured_only)} measured without prediction, "
          f"{len(predicted_only)} predicted but not measured; "
          f"{accesses(skipped)} not predicted (offset unknown or symbolic)",
          file=out)
    worst = sorted((e for e in errors if e[0] > 0.1), key=lambda e: -e[0])
    if worst:
        print("worst disagreements (predicted vs measured per request):",
              file=out)
        for share, key, mean, measured_value in worst[:worst_count]:
            kernel, path, line, space, operation = key
            print(f"  {path}:{line} {kernel} {space} {operation}: "
                  f"{mean:.2f} vs {measured_value:.2f} {counter[space]}",
                  file=out)
    for label, keys in (("measured without prediction", measured_only),
                        ("predicted but not measured", predicted_only)):
        for kernel, path, line, space, operation in sorted(keys):
            print(f"{label}: {path or '?'}:{line} {kernel} {space} "
                  f"{operation}", file=out)
    return compared


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("predictions", help="predict.py's CSV")
    parser.add_argument("source", help="ncu's source page as CSV")
    args = parser.parse_args(argv)
    try:
        with open(args.predictions, encoding="utf-8") as f:
            predicted, skipped = read_predictions(f.read())
        with open(args.source, encoding="utf-8", errors="replace") as f:
            measured = parse_source_page(f.read())
    except (OSError, ValueError, KeyError) as error:
        print(f"compare.py: {error}", file=sys.stderr)
        return 1
    if not measured:
        print("compare.py: no global or shared load or store in "
              f"{args.source}", file=sys.stderr)
        return 1
    return 0 if compare(predicted, measured, skipped, sys.stdout) else 1


if __name__ == "__main__":
    sys.exit(main())
