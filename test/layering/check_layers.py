#!/usr/bin/env python3
"""Checks that every include of the project points down its layers.

    check_layers.py SOURCE_ROOT

The layers, lowest first (docs/analysis.md, "Layers"): a file may include
a project header of its own layer or of a layer below it, and only the
layers that may read the AST or clang-tidy include Clang's or clang-tidy's
headers. Prints one line per include that breaks this and exits 1; exits
0 when there is none. CMake builds each layer as its own library linked one
way; this test catches the include that the link order alone would not
(an inline function or a type used from a header above).
"""

import os
import re
import sys

# (folder, layer name, rank, may include clang/llvm, may include clang-tidy)
LAYERS = [
    ("model", "model", 0, False, False),
    ("checks/cuda", "cuda", 1, True, False),
    ("checks/launch", "launch", 2, True, False),
    ("checks/lanes", "lanes", 3, True, False),
    ("checks/access", "access", 4, True, False),
    ("checks", "checks", 5, True, True),
    ("plugin", "plugin", 6, True, True),
]
# Pure C++ within a Clang layer: the lane algebra's unit tests link no
# Clang (test/unit).
PURE = {"checks/lanes/LaneValue.h", "checks/lanes/LaneValue.cpp",
        "checks/lanes/ThreadGeometry.h", "checks/lanes/ThreadGeometry.cpp",
        "checks/cuda/BlockShape.h", "model/IntegerMath.h"}

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]', re.M)


def layer_of(path):
    """The (name, rank, clang, tidy) of the layer holding \\p path."""
    best = None
    for folder, name, rank, clang, tidy in LAYERS:
        if path == folder or path.startswith(folder + "/"):
            if best is None or len(folder) > len(best[0]):
                best = (folder, name, rank, clang, tidy)
    return best


def problems(root):
    for folder, *_ in LAYERS:
        top = os.path.join(root, folder)
        for dirpath, _, files in os.walk(top):
            for name in sorted(files):
                if not name.endswith((".h", ".cpp")):
                    continue
                full = os.path.join(dirpath, name)
                rel = os.path.relpath(full, root).replace(os.sep, "/")
                own = layer_of(rel)
                if own[0] != folder:
                    continue  # a deeper layer's file, seen from its own
                with open(full, encoding="utf-8") as f:
                    text = f.read()
                for match in INCLUDE.finditer(text):
                    header = match.group(1)
                    line = text.count("\n", 0, match.start()) + 1
                    where = "%s:%d" % (rel, line)
                    target = layer_of(header)
                    if target is not None and os.path.exists(
                            os.path.join(root, header)):
                        if target[2] > own[2]:
                            yield "%s: %s (%s) includes %s of layer %s" % (
                                where, rel, own[1], header, target[1])
                        continue
                    if header.startswith("clang-tidy/") and not own[4]:
                        yield "%s: layer %s includes clang-tidy's %s" % (
                            where, own[1], header)
                    elif (header.startswith(("clang/", "llvm/", "clang-tidy/"))
                          and (not own[3] or rel in PURE)):
                        yield "%s: %s must stay plain C++ but includes %s" % (
                            where, rel, header)


def main():
    if len(sys.argv) != 2:
        print("usage: check_layers.py SOURCE_ROOT", file=sys.stderr)
        return 2
    found = list(problems(sys.argv[1]))
    for line in found:
        print(line)
    print("%d includes against the layers" % len(found))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
