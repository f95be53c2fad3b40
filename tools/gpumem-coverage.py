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
places and the reasons the analysis gives. A file Clang cannot compile
whose run analysed no kernel is named on stderr with Clang's first error
and counted apart ("N of M files not analysed"); when no file was
analysed, the exit status is 1. A missing file, or a run of gpumem-tidy
that crashes, stops the count with an error (exit 2).

With --ptx it also compiles each file's device code to PTX, as the
analysis parses it (the command `--show-compile-command` prints, with
`-S -O3 -gline-tables-only`), counts the global and shared memory
instructions per source line from the PTX's `.loc` lines, and lists the
lines where the compiler emits memory instructions and the dump has no
access ("line 88: 4 ld.shared, the analysis saw none"): the dump cannot
show what it never reached (a construct it does not read). The instructions
of an inline asm statement are matched to accesses on the statement's
first lines (the compiler names the statement's line, the dump its
operand's); those on a loop's header line, to the accesses of its body
(at -O3 the compiler names the header for loads it unrolls or hoists out
of the body). Instructions the compiler gives no line (line 0) are counted
apart. Lines of the toolkit's and Clang's own headers are left out.

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


# The memory instructions of PTX the analysis prices, by the opcode's
# head: the C++ reader's list (checks/cuda/PtxInstructions.h,
# PtxMemoryOpcodes), which test/tools/ptx-opcodes.test holds this equal to.
PTX_OPCODES = ("ld", "ldu", "st", "atom", "red", "cp.async", "ldmatrix",
               "stmatrix")
# A memory instruction of the compiler's PTX: (opcode, the state spaces it
# touches).
PTX_MEMORY = re.compile(
    r"^\s*(?:[\w$%.]+:\s*)*(?:@!?%\w+\s+)?((?:" + "|".join(re.escape(o) for o in PTX_OPCODES)
    + r")(?:\.[\w:]+)*)\s")


def ptx_spaces(opcode):
    """The spaces a PTX memory instruction touches: global, shared, or
    generic (either); none for param, local and const."""
    parts = opcode.split(".")
    # A cp.async group's commit and waits move no bytes (the C++ reader's
    # NotMemory): counted, each wait was a line "the analysis saw none".
    if parts[0] == "cp" and set(parts) & {"commit_group", "wait_group",
                                          "wait_all"}:
        return []
    if parts[0] == "cp" and "bulk" not in parts:
        return ["global", "shared"]
    if "global" in parts:
        return ["global"]
    if any(p.startswith("shared") for p in parts):
        return ["shared"]
    if any(p in ("param", "local", "const", "tex") for p in parts):
        return []
    return ["generic"]


def ptx_memory_lines(ptx):
    """{(path, line): [(opcode, in_asm), ...]}: the global, shared and
    generic memory instructions of a PTX text by the source line its
    `.loc` names."""
    files = {}
    found = []
    where = None
    in_asm = False
    for text in ptx.splitlines():
        stripped = text.strip()
        if stripped.startswith(".file"):
            names = re.findall(r'"([^"]*)"', stripped)
            number = stripped.split()[1]
            if names:
                files[number] = os.path.join(*names) if len(names) > 1 \
                    else names[0]
        elif stripped.startswith(".loc"):
            fields = stripped.split()
            where = (fields[1], int(fields[2])) if len(fields) > 2 else None
        elif stripped == "// begin inline asm":
            in_asm = True
        elif stripped == "// end inline asm":
            in_asm = False
        else:
            match = PTX_MEMORY.match(text)
            if match and where and ptx_spaces(match.group(1)):
                found.append((where, match.group(1), in_asm))
    lines = collections.defaultdict(list)
    for (number, line), opcode, asm in found:
        if number in files:
            lines[(os.path.realpath(files[number]), line)].append(
                (opcode, asm))
    return lines


def without_pch(words):
    """\p words without gpumem-tidy's precompiled headers (`-Xclang
    -include-pch -Xclang FILE`, and for a file's own leading includes
    `-Xclang -preamble-bytes=N,1`, which skips them): they were built for
    a parse, and a compilation at -O3 may not load them
    ("OptimizationLevel differs"); the PTX compilation parses the headers
    itself."""
    out, i = [], 0
    while i < len(words):
        if words[i:i + 3] == ["-Xclang", "-include-pch", "-Xclang"]:
            i += 4
            continue
        if words[i] == "-include-pch":
            i += 2
            continue
        if (words[i] == "-Xclang" and i + 1 < len(words)
                and words[i + 1].startswith("-preamble-bytes=")):
            i += 2
            continue
        out.append(words[i])
        i += 1
    return out


def compile_to_ptx(tidy, clang, path, extra):
    """The PTX of \p path's device code, compiled as gpumem-tidy parses
    it; (None, why) when that fails."""
    # gpumem-tidy says the command it completes; clang-tidy --load has no
    # such flag, and then the flags after `--` are the whole command.
    shown = subprocess.run(tidy + ["--show-compile-command", path] + extra,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, errors="replace", check=False)
    line = next((l for l in shown.stdout.splitlines()
                 if " is parsed with: " in l), None)
    if line is not None:
        words = shlex.split(line.split(" is parsed with: ", 1)[1])[1:]
    elif extra:
        words = extra[1:] + [path]
    else:
        return None, "no compile command"
    words = without_pch([w for w in words if w != "-fsyntax-only"])
    try:
        done = subprocess.run([clang] + words + ["-S", "-O3",
                                                 "-gline-tables-only", "-w",
                                                 "-o", "-"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, errors="replace", check=False)
    except OSError as error:
        return None, "cannot run %s: %s" % (clang, error)
    if done.returncode != 0:
        errors = [l for l in done.stderr.splitlines() if "error:" in l]
        return None, (errors or done.stderr.strip().splitlines()[-1:] or
                      ["failed"])[0]
    return done.stdout, None


LOOP_HEADER = re.compile(r"^\s*(?:for|while)\s*\(")


def loop_body(source, line):
    """The lines from the loop header on \p line (1-based) of \p source
    (its lines) to the end of its body, or None when \p line holds no loop
    header. At -O3 the compiler names the header's line for the loads it
    unrolls or hoists out of the body (`for (d = 0; d < D; ++d)` over
    `cur[d] = p[base + d];` gives D loads on the `for` line)."""
    if not 0 < line <= len(source) or not LOOP_HEADER.match(source[line - 1]):
        return None
    text = "\n".join(re.sub(r"//.*", "", l)
                     for l in source[line - 1:line + 199])

    def closing(start, opening, close):
        depth = 0
        for at in range(start, len(text)):
            if text[at] == opening:
                depth += 1
            elif text[at] == close:
                depth -= 1
                if depth == 0:
                    return at
        return None

    header_end = closing(text.index("("), "(", ")")
    if header_end is None:
        return None
    body = header_end + 1
    while body < len(text) and text[body].isspace():
        body += 1
    end = closing(body, "{", "}") if text.startswith("{", body) \
        else text.find(";", body)
    if end is None or end < 0:
        return None
    return range(line, line + text.count("\n", 0, end) + 1)


def unseen_lines(ptx_lines, seen, roots):
    """The lines of \p ptx_lines (under the folders \p roots) with no
    access in \p seen ({(path, line)}), as (path, line, [opcodes]); line
    0 (code the compiler gives no line) is not among them."""
    out = []
    sources = {}
    for (path, line), instructions in sorted(ptx_lines.items()):
        if not any(path.startswith(r) for r in roots) or line == 0:
            continue
        asm = any(a for _, a in instructions)
        window = range(line, line + (10 if asm else 1))
        if not asm:
            if path not in sources:
                try:
                    with open(path, errors="replace") as f:
                        sources[path] = f.read().splitlines()
                except OSError:
                    sources[path] = []
            window = loop_body(sources[path], line) or window
        if any((path, l) in seen for l in window):
            continue
        out.append((path, line, [o for o, _ in instructions]))
    return out


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
    parser.add_argument("--ptx", action="store_true",
                        help="compare with the memory instructions of the "
                        "compiler's PTX, line by line")
    parser.add_argument("--clang", default="clang++-22",
                        help="the compiler for --ptx (default: clang++-22)")
    args = parser.parse_args(argv)
    command = shlex.split(args.gpumem_tidy) + gr.dump_arguments()
    if args.build:
        command += ["-p", args.build]
    analysed = 0
    unknown = collections.defaultdict(list)
    ptx_lines_total = 0
    ptx_instructions_total = 0
    ptx_no_line = 0
    unseen = []
    ptx_failures = []
    not_compiled = []
    for number, path in enumerate(args.files, start=1):
        if not os.path.isfile(path):
            print("gpumem-coverage: %s: no such file" % path, file=sys.stderr)
            return 2
        # A run over a project is long: each file is said as it starts.
        print("gpumem-coverage: [%d/%d] %s" % (number, len(args.files), path),
              file=sys.stderr, flush=True)
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
        # A file Clang could not compile, with no kernel analysed: said,
        # not counted as a file of no accesses.
        if done.returncode != 0 and not a and not any(u.values()) and \
                not list(gr.read_text(done.stdout)):
            first = next((line for line in done.stdout.splitlines()
                          if " error: " in line), "")
            print("gpumem-coverage: %s: not analysed (gpumem-tidy exit %d%s)"
                  % (path, done.returncode,
                     ": " + first.strip() if first else ""), file=sys.stderr)
            not_compiled.append(path)
        analysed += a
        for kind, places in u.items():
            unknown[kind] += places
        if args.ptx:
            # The database's command, as the dump's: without -p the PTX was
            # compiled with the zero-config flags, missing its -D and -I.
            database = ["-p", args.build] if args.build else []
            ptx, why = compile_to_ptx(shlex.split(args.gpumem_tidy) + database,
                                      args.clang, path, flags)
            if ptx is None:
                ptx_failures.append((path, why))
                continue
            seen = {(os.path.realpath(x.at.path), x.at.line)
                    for k in gr.read_text(done.stdout) for x in k.accesses}
            lines = ptx_memory_lines(ptx)
            roots = [os.path.dirname(os.path.realpath(path)) + os.sep]
            mine = [k for k in lines if any(k[0].startswith(r) for r in roots)]
            ptx_lines_total += sum(1 for k in mine if k[1] != 0)
            ptx_instructions_total += sum(len(lines[k]) for k in mine
                                          if k[1] != 0)
            ptx_no_line += sum(len(lines[k]) for k in mine if k[1] == 0)
            unseen += unseen_lines(lines, seen, roots)
    total = analysed + sum(len(p) for p in unknown.values())
    kinds = sorted(unknown.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    def places(entries):
        return collections.Counter(p for p, _ in entries).most_common(3)

    def reasons(entries):
        return collections.Counter(r for _, r in entries).most_common()

    def describe(opcodes):
        counted = collections.Counter(opcodes)
        return ", ".join("%d %s" % (n, o) for o, n in counted.most_common())

    if args.json:
        print(json.dumps({
            "accesses": total, "analysed": analysed,
            "ptx": None if not args.ptx else {
                "lines": ptx_lines_total,
                "instructions": ptx_instructions_total,
                "without_line": ptx_no_line,
                "unseen": [{"place": "%s:%d" % (p, l), "instructions": o}
                           for p, l, o in unseen],
                "failed": [{"file": f, "why": w} for f, w in ptx_failures]},
            "not_analysed": not_compiled,
            "unknown": [{"kind": k, "count": len(e),
                         "places": [x for x, _ in places(e)],
                         "reasons": [{"reason": r, "count": n}
                                     for r, n in reasons(e)]}
                        for k, e in kinds]}, indent=2))
        return 1 if not_compiled and len(not_compiled) == len(args.files) else 0
    share = 100.0 * analysed / total if total else 0.0
    print("%d accesses, %d analysed (%.1f%%), %d not" %
          (total, analysed, share, total - analysed) +
          ("; %d of %d files not analysed (Clang errors, above)"
           % (len(not_compiled), len(args.files)) if not_compiled else ""))
    for kind, entries in kinds:
        common = ", ".join("%s (%d)" % (place, n) if n > 1 else place
                           for place, n in places(entries))
        print("  %5d  %s: %s" % (len(entries), kind, common))
        for reason, n in reasons(entries):
            print("  %5s  %5d  %s" % ("", n, reason))
    if args.ptx:
        missed = sum(len(o) for _, _, o in unseen)
        print("against the compiler (%s -O3): %d source lines with global or "
              "shared memory instructions, %d without an access in the dump; "
              "%d instructions, %d of them on those lines (%.1f%% matched)"
              % (args.clang, ptx_lines_total, len(unseen),
                 ptx_instructions_total, missed,
                 100.0 * (ptx_instructions_total - missed) /
                 ptx_instructions_total if ptx_instructions_total else 100.0))
        if ptx_no_line:
            print("  and %d memory instructions the compiler gives no source "
                  "line (line 0), not counted" % ptx_no_line)
        for path, line, opcodes in unseen:
            print("  %s:%d: %s; the analysis saw none"
                  % (os.path.relpath(path), line, describe(opcodes)))
        for path, why in ptx_failures:
            print("  %s: not compiled to PTX (%s)" % (path, why))
    # Nothing counted because nothing compiled is a failure, not "0
    # accesses".
    return 1 if not_compiled and len(not_compiled) == len(args.files) else 0


if __name__ == "__main__":
    sys.exit(main())
