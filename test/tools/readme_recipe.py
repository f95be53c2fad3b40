#!/usr/bin/env python3
"""Runs a command block of the README as written.

    readme_recipe.py README.md NAME [--replace OLD NEW ...] [--cwd DIR]

The block is the indented code after the line `<!-- recipe: NAME ...-->`;
its lines are joined where they end in a backslash and run one after the
other (split into words as the shell would, `#` comments dropped, globs
expanded), in DIR (default: the README's folder), after each
OLD (a whole word of the command) is replaced by NEW (split into words
like a shell would): the test's own binaries and files for
`clang-tidy-22`, `kernel.cu`, and the like. Prints
what the commands print; exits with the first failing command's status.
"""

import argparse
import glob
import os
import re
import shlex
import subprocess
import sys


def recipe(readme, name):
    lines = open(readme, encoding="utf-8").read().splitlines()
    start = next((i for i, l in enumerate(lines)
                  if l.startswith("<!-- recipe: %s " % name) or
                  l.startswith("<!-- recipe: %s-->" % name)), None)
    if start is None:
        sys.exit("readme_recipe.py: no recipe '%s' in %s" % (name, readme))
    # The block's lines are those indented at least as far as its first
    # (four spaces in a page, six in a README list item).
    block, indent = [], None
    for line in lines[start + 1:]:
        if not line.strip():
            if block:
                break
            continue
        depth = len(line) - len(line.lstrip(" "))
        if indent is None:
            if depth < 4:
                break
            indent = depth
        if depth < indent:
            break
        # A comment line shows what the command prints.
        if not line.strip().startswith("#"):
            block.append(line.strip())
    commands, current = [], ""
    for line in block:
        if line.endswith("\\"):
            current += line[:-1]
        else:
            commands.append(current + line)
            current = ""
    return commands


def main():
    # --replace OLD NEW is read by hand: a word of a command may hold '='
    # (--load=build/lib/GpumemTidyModule.so), and so may a build folder,
    # and both words may start with '-', which argparse takes for options.
    argv, replacements = [], {}
    rest = sys.argv[1:]
    while rest:
        arg = rest.pop(0)
        if arg == "--replace":
            if len(rest) < 2:
                sys.exit("readme_recipe.py: --replace needs OLD and NEW")
            replacements[rest[0]] = rest[1]
            rest = rest[2:]
        else:
            argv.append(arg)
    parser = argparse.ArgumentParser()
    parser.add_argument("readme")
    parser.add_argument("name")
    parser.add_argument("--cwd")
    args = parser.parse_args(argv)
    cwd = args.cwd or os.path.dirname(os.path.abspath(args.readme))
    for command in recipe(args.readme, args.name):
        words = []
        for word in shlex.split(command, comments=True):
            # A replacement of several words (a binary and its options).
            if word in replacements:
                words += shlex.split(replacements[word])
            elif any(c in word for c in "*?["):
                # A glob, expanded as the shell would, in the folder.
                found = sorted(glob.glob(word, root_dir=cwd))
                words += found or [word]
            else:
                words.append(word)
        print("$ " + " ".join(shlex.quote(w) for w in words), flush=True)
        # NAME=VALUE before the command: its environment, as in the shell.
        env = dict(os.environ)
        while words and re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", words[0]):
            name, value = words.pop(0).split("=", 1)
            env[name] = value
        done = subprocess.run(words, cwd=cwd, env=env,
                              stderr=subprocess.STDOUT)
        if done.returncode:
            return done.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
