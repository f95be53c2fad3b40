#!/usr/bin/env python3
"""Run gpumem-tidy checks on one CUDA test file and verify what they report.

The lit substitution %check_gpumem_tidy runs this script. A RUN line reads

    // RUN: %check_gpumem_tidy [options] %s <checks> %t \
    // RUN:     [-- <clang-tidy args> [-- <compiler args>]]

with the argument conventions of clang-tidy's own check_clang_tidy.py:
<checks> is a check name or glob (or a comma list of them), enabled as
`--checks=-*,<checks>`; after the first `--` come extra clang-tidy arguments
(`--fix-notes`, `--config=...`), after the second extra compiler arguments
(`--cuda-host-only`, `-DTILE=16`), which follow the hermetic CUDA flags and so
override them.

What the test file says decides what is checked, per prefix family:

  CHECK-MESSAGES  warnings and errors in the tool's output, FileCheck'ed with
                  --implicit-check-not='{{warning|error}}:' so that any
                  diagnostic the file does not expect fails the test;
  CHECK-NOTES     the same, notes included (--implicit-check-not covers note:
                  too); use either this or CHECK-MESSAGES, not both;
  CHECK-FIXES     the file after the fixes (the tool always runs with --fix;
                  add --fix-notes to apply fixes found on notes), FileCheck'ed
                  with --match-full-lines;
  none of them    nothing may be reported: no warning, no error.

-check-suffix=FOO (or -check-suffixes=FOO,BAR) selects CHECK-MESSAGES-FOO,
CHECK-NOTES-FOO and CHECK-FIXES-FOO instead, so that several RUN lines with
different options can share one file.

The input is copied to <temp><ext> (%t.cu for a .cu test) with every
`// CHECK-...:` comment removed, so the tool never sees the expectations
while line and column numbers stay those of the test file. The run is
repeated for every configured tool: clang-tidy with the gpumem module loaded
(--load), and the standalone gpumem-tidy when one is built. Both must pass.
"""

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys

# Directives FileCheck derives from a prefix; a line using any of them means
# the test file speaks for that prefix.
FILECHECK_DIRECTIVE = r"(?:-NEXT|-SAME|-NOT|-DAG|-LABEL|-EMPTY|-COUNT-\d+)?:"

# A `// CHECK-...:` comment, to be removed from the copy the tool analyses.
CHECK_COMMENT = re.compile(
    r"[ \t]*//[ \t]*CHECK-[A-Za-z0-9_-]*:.*$", re.MULTILINE)

DIAGNOSTIC_LINE = re.compile(r"\b(?:warning|error):")

HERMETIC_DOC = "docs/cuda-setup.md explains the hermetic CUDA flags"


class HarnessFailure(Exception):
    """The test failed; the message says why."""


def split_at_double_dash(argv):
    """Split argv into (harness args, clang-tidy args, compiler args)."""
    if "--" not in argv:
        return argv, [], []
    first = argv.index("--")
    harness, rest = argv[:first], argv[first + 1 :]
    if "--" not in rest:
        return harness, rest, []
    second = rest.index("--")
    return harness, rest[:second], rest[second + 1 :]


def comma_list(text):
    return [item.strip() for item in text.split(",")]


def parse_arguments(argv):
    harness_argv, tidy_args, compiler_args = split_at_double_dash(argv)
    parser = argparse.ArgumentParser(
        prog="check_gpumem_tidy.py",
        description=__doc__.splitlines()[0],
        allow_abbrev=False,
    )
    env = os.environ.get
    # Where the tools are: set by lit.cfg.py through the substitution, or by
    # the environment when the script is run by hand.
    parser.add_argument(
        "-clang-tidy", default=env("GPUMEM_CLANG_TIDY", "clang-tidy-22"),
        help="clang-tidy 22, which loads the gpumem module")
    parser.add_argument(
        "-load", default=env("GPUMEM_TIDY_MODULE", ""),
        help="the --load module (GpumemTidyModule.so); empty: not run")
    parser.add_argument(
        "-standalone", default=env("GPUMEM_TIDY_STANDALONE", ""),
        help="the standalone gpumem-tidy; empty: not run")
    parser.add_argument(
        "-filecheck", default=env("FILECHECK", "FileCheck"),
        help="LLVM's FileCheck")
    parser.add_argument(
        "-shim-dir", default=env("GPUMEM_CUDA_SHIM_DIR", ""),
        help="folder of the CUDA shim headers (cuda_runtime.h)")
    parser.add_argument(
        "-cuda-path", default=env("GPUMEM_FAKE_CUDA_PATH", ""),
        help="the fake CUDA toolkit root that pins the CUDA version")
    # What the test asks for.
    parser.add_argument(
        "-tool", choices=["all", "load", "standalone"], default="all",
        help="run only one of the configured tools (for debugging)")
    parser.add_argument(
        "-check-suffix", "-check-suffixes", dest="check_suffixes",
        type=comma_list, default=[""],
        help="use CHECK-MESSAGES-<suffix> etc.; comma separated")
    parser.add_argument(
        "-std", type=comma_list, default=["c++17"],
        help="language standards to run with, comma separated")
    parser.add_argument(
        "-cuda-gpu-arch", default="sm_70", help="the one GPU architecture")
    parser.add_argument(
        "-expect-clang-tidy-error", action="store_true",
        help="the tool must exit non-zero (compile errors expected)")
    parser.add_argument("input_file")
    parser.add_argument("check_name")
    parser.add_argument("temp_file")
    args = parser.parse_args(harness_argv)
    if not args.shim_dir or not args.cuda_path:
        parser.error("-shim-dir and -cuda-path are required (lit.cfg.py sets"
                     " them; by hand, set GPUMEM_CUDA_SHIM_DIR and"
                     " GPUMEM_FAKE_CUDA_PATH)")
    args.tidy_args = tidy_args
    args.compiler_args = compiler_args
    return args


def hermetic_cuda_flags(shim_dir, cuda_path, gpu_arch="sm_70", std="c++17"):
    """The compiler flags that let a .cu file parse with no CUDA toolkit.

    The one definition: lit.cfg.py builds %cuda_flags from it too.
    docs/cuda-setup.md says why each flag is there.
    """
    return [
        "-x", "cuda",
        "-nocudainc", "-nocudalib",
        "--cuda-path=" + cuda_path,
        "--cuda-gpu-arch=" + gpu_arch,
        "--cuda-device-only",
        "-std=" + std,
        "-isystem", shim_dir,
        "-include", os.path.join(shim_dir, "cuda_runtime.h"),
    ]


class PrefixFamily:
    """One kind of expectation (messages, notes, fixes) under all suffixes."""

    def __init__(self, base, suffixes, text):
        self.prefixes = [base + ("-" + s if s else "") for s in suffixes]
        self.present = [
            p for p in self.prefixes
            if re.search(r"(?<![\w-])" + re.escape(p) + FILECHECK_DIRECTIVE,
                         text)
        ]

    def __bool__(self):
        return bool(self.present)

    def filecheck_prefixes(self):
        return "--check-prefixes=" + ",".join(self.present)


def banner(title):
    return ("-- %s " % title if title else "").ljust(72, "-")


def quote(argv):
    return " ".join(shlex.quote(a) for a in argv)


def run_filecheck(args, input_path, what, extra):
    # --allow-empty: an empty output is a mismatch to report like any other
    # ("expected string not found"), not a FileCheck usage error.
    argv = [args.filecheck, "--input-file=" + input_path, args.input_file,
            "--allow-empty"] + extra
    print("  " + what + ": " + quote(argv))
    result = subprocess.run(argv, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        raise HarnessFailure(
            "%s did not match:\n%s" % (what, result.stdout.rstrip()))


def configured_tools(args):
    tools = []
    if args.tool in ("all", "load") and args.load:
        tools.append(("clang-tidy --load",
                      [args.clang_tidy, "--load=" + args.load]))
    if args.tool in ("all", "standalone") and args.standalone:
        tools.append(("standalone gpumem-tidy", [args.standalone]))
    if not tools:
        raise HarnessFailure(
            "no tool to run: give -load=<module> and/or -standalone=<binary>")
    return tools


def has_config_argument(tidy_args):
    return any(re.match(r"--?config(-file)?(=|$)", a) for a in tidy_args)


def check_one_run(args, tool_argv, std, source_text, families):
    messages, notes, fixes = families
    ext = os.path.splitext(args.input_file)[1]
    temp_source = args.temp_file + (ext or ".cu")
    os.makedirs(os.path.dirname(os.path.abspath(temp_source)), exist_ok=True)
    with open(temp_source, "w", encoding="utf-8") as f:
        f.write(source_text)

    tidy_argv = list(tool_argv) + [
        temp_source, "--fix", "--checks=-*," + args.check_name]
    # Keep any .clang-tidy above the build folder out of the test.
    if not has_config_argument(args.tidy_args):
        tidy_argv.append("--config={}")
    tidy_argv += args.tidy_args + ["--"]
    tidy_argv += hermetic_cuda_flags(args.shim_dir, args.cuda_path,
                                     args.cuda_gpu_arch, std)
    tidy_argv += args.compiler_args
    print("  run: " + quote(tidy_argv))
    result = subprocess.run(tidy_argv, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    output = result.stdout
    print(banner("tool output (stdout)"))
    print(output.rstrip())
    print(banner("tool output (stderr)"))
    print(result.stderr.rstrip())
    print(banner(""))

    if args.expect_clang_tidy_error:
        if result.returncode == 0:
            raise HarnessFailure("expected the tool to fail"
                                 " (-expect-clang-tidy-error), it exited 0")
    elif result.returncode != 0:
        raise HarnessFailure(
            "the tool exited with %d (compile error, unknown check, or crash;"
            " %s)" % (result.returncode, HERMETIC_DOC))

    with open(temp_source, encoding="utf-8") as f:
        fixed_text = f.read()
    if fixed_text != source_text:
        print(banner("fixes (unified diff)"))
        sys.stdout.writelines(difflib.unified_diff(
            source_text.splitlines(True), fixed_text.splitlines(True),
            "before", "after", n=0))
        print(banner(""))

    if not (messages or notes or fixes):
        reported = [line for line in output.splitlines()
                    if DIAGNOSTIC_LINE.search(line)]
        if reported:
            raise HarnessFailure(
                "the test has no CHECK-MESSAGES/NOTES/FIXES lines (for %s), so"
                " nothing may be reported, but the tool reported:\n%s"
                % (",".join(messages.prefixes), "\n".join(reported)))
        return

    if messages:
        path = args.temp_file + ".msg"
        with open(path, "w", encoding="utf-8") as f:
            f.write(output)
        run_filecheck(args, path, "CHECK-MESSAGES",
                      [messages.filecheck_prefixes(),
                       "--implicit-check-not={{warning|error}}:"])
    if notes:
        path = args.temp_file + ".notes"
        kept = [line for line in output.splitlines()
                if "note: FIX-IT applied" not in line]
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(kept) + "\n")
        run_filecheck(args, path, "CHECK-NOTES",
                      [notes.filecheck_prefixes(),
                       "--implicit-check-not={{note|warning|error}}:"])
    if fixes:
        run_filecheck(args, temp_source, "CHECK-FIXES",
                      [fixes.filecheck_prefixes(), "--match-full-lines"])


def main(argv):
    args = parse_arguments(argv)
    with open(args.input_file, encoding="utf-8") as f:
        input_text = f.read()
    families = (
        PrefixFamily("CHECK-MESSAGES", args.check_suffixes, input_text),
        PrefixFamily("CHECK-NOTES", args.check_suffixes, input_text),
        PrefixFamily("CHECK-FIXES", args.check_suffixes, input_text),
    )
    if families[0] and families[1]:
        sys.exit("check_gpumem_tidy: use either CHECK-MESSAGES or CHECK-NOTES,"
                 " not both (for suffixes %s)" % ",".join(args.check_suffixes))
    # Remove the expectations, with the blanks before them, so that a code
    # line that carried a trailing CHECK comment still compares with
    # --match-full-lines; every line keeps its number.
    source_text = CHECK_COMMENT.sub("", input_text)

    try:
        tools = configured_tools(args)
        for name, tool_argv in tools:
            for std in args.std:
                print("=== %s, -std=%s" % (name, std))
                try:
                    check_one_run(args, tool_argv, std, source_text, families)
                except HarnessFailure as failure:
                    raise HarnessFailure(
                        "[%s, -std=%s] %s" % (name, std, failure))
    except HarnessFailure as failure:
        sys.stdout.flush()
        print("check_gpumem_tidy: FAIL %s" % failure, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
