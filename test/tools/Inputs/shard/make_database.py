"""Writes DIR/build/compile_commands.json: one nvcc command per .cu file of
DIR/src (as CMake writes them), each listed twice as nvcc's host pass
makes a second entry.

    make_database.py DIR
"""
import json
import os
import sys

root = os.path.abspath(sys.argv[1])
entries = []
for name in sorted(os.listdir(os.path.join(root, "src"))):
    if not name.endswith(".cu"):
        continue
    path = os.path.join(root, "src", name)
    for arch in ("sm_80", "sm_90"):
        entries.append({"directory": os.path.join(root, "build"),
                        "file": path,
                        "command": "/usr/local/cuda/bin/nvcc -O2 -arch=%s "
                                   "-c %s -o %s.o" % (arch, path, name)})
os.makedirs(os.path.join(root, "build"), exist_ok=True)
with open(os.path.join(root, "build", "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
