#!/usr/bin/env python3
"""Compares the coverage tool's PTX opcodes with the C++ reader's table.

    check_ptx_opcodes.py PtxInstructions.h gpumem-coverage.py

Prints both lists and exits 1 when they differ: a family the reader
prices but the coverage tool does not count (or the other way round)
would make the coverage figures wrong without a word.
"""
import importlib.util
import re
import sys

# Loading the tool as a module must not leave a __pycache__ in the source
# tree (the tools write none themselves).
sys.dont_write_bytecode = True


def cxx_opcodes(header):
    with open(header, encoding="utf-8") as f:
        text = f.read()
    table = re.search(r"PtxMemoryOpcodes\[\]\s*=\s*\{(.*?)\n\};", text, re.S)
    if not table:
        sys.exit("no PtxMemoryOpcodes table in " + header)
    return tuple(re.findall(r'\{"([\w.]+)",', table.group(1)))


def tool_opcodes(path):
    spec = importlib.util.spec_from_file_location("coverage", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return tuple(module.PTX_OPCODES)


def main():
    cxx = cxx_opcodes(sys.argv[1])
    tool = tool_opcodes(sys.argv[2])
    print("C++ reader:    " + " ".join(cxx))
    print("coverage tool: " + " ".join(tool))
    if sorted(cxx) != sorted(tool):
        print("differ")
        return 1
    print("same")
    return 0


if __name__ == "__main__":
    sys.exit(main())
