"""Runs a command in a fresh folder of the system's temporary folder, with
the given files copied into it: a folder no compile_commands.json above
it (a test's own output folder lies inside the build tree, whose database
clang-tidy would find).

    run_in_temp.py FILE... -- COMMAND ARG...

The command's output and exit status are its own; the folder is removed.
"""
import shutil
import subprocess
import sys
import tempfile


def main(argv):
    split = argv.index("--")
    files, command = argv[:split], argv[split + 1:]
    folder = tempfile.mkdtemp(prefix="gpumem-test-")
    try:
        for f in files:
            shutil.copy(f, folder)
        return subprocess.call(command, cwd=folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
