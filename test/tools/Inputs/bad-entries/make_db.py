"""Writes DIR/compile_commands.json with one good entry, one with an empty
command and one whose folder does not exist (database-bad-entries.test)."""
import json
import os
import sys

folder, shim = sys.argv[1], sys.argv[2]
good = ("clang++ -xcuda --cuda-device-only --cuda-gpu-arch=sm_80 -std=c++17 "
        "-nocudainc -nocudalib -isystem %s -include cuda_runtime.h -c good.cu"
        % shim)
entries = [
    {"directory": folder, "command": good, "file": "good.cu"},
    {"directory": folder, "command": "", "file": "empty.cu"},
    {"directory": os.path.join(folder, "does-not-exist"),
     "command": good.replace("good.cu", os.path.join(folder, "nowhere.cu")),
     "file": os.path.join(folder, "nowhere.cu")},
]
with open(os.path.join(folder, "compile_commands.json"), "w") as f:
    json.dump(entries, f, indent=1)
