"""Every block of code in README.md and docs/integrations/*.md says what it
is, on the line before it (blank lines between allowed), and every command
block is run by a test as written:

    <!-- recipe: NAME -->       commands a test runs as written
                                (test/tools/readme_recipe.py FILE NAME)
    <!-- not-run: REASON -->    commands the suite cannot run as written
                                (an editor, GitHub's runner), with why
    <!-- shows: WHAT -->        not commands: what a tool prints, a file's
                                contents (a .clangd, a workflow)

    commands.py REPO

Prints one line per block without a marker and per recipe no test runs,
then the count; exits 1 when the count is not 0.
"""
import glob
import os
import re
import sys

MARKER = re.compile(r"^<!-- (recipe|not-run|shows): ?(.*?) ?-->$")


def blocks(path):
    """(line number, marker or None) of each code block: fenced, or
    indented by four spaces or more after a blank line outside a list
    item's text."""
    lines = open(path, encoding="utf-8").read().splitlines()
    out = []
    fenced = False
    previous_blank = True
    in_block = False
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("```"):
            if not fenced:
                out.append((number, marker_before(lines, number - 1)))
            fenced = not fenced
            previous_blank = False
            continue
        if fenced:
            continue
        indent = len(line) - len(line.lstrip(" "))
        code = stripped and previous_blank and indent >= 4 and \
            not stripped.startswith(("- ", "* ", "|")) and \
            not re.match(r"^\d+\. ", stripped) and not in_list(lines, number)
        if code and not in_block:
            out.append((number, marker_before(lines, number - 1)))
        if stripped:
            in_block = code or (in_block and indent >= 4)
        previous_blank = not stripped
    return out


def in_list(lines, number):
    """True when the indented line continues a list item's text (its
    indentation is the item's text's, two or three spaces, not a code
    block's six)."""
    line = lines[number - 1]
    indent = len(line) - len(line.lstrip(" "))
    for earlier in reversed(lines[:number - 1]):
        if not earlier.strip():
            continue
        e_indent = len(earlier) - len(earlier.lstrip(" "))
        if e_indent == 0:
            item = re.match(r"^([-*]|\d+\.) ", earlier)
            return bool(item) and indent < len(item.group(0)) + 4
        if e_indent < indent:
            return False
    return False


def marker_before(lines, index):
    """The marker on the nearest non-blank line before line \\p index
    (1-based index of the block's first line minus one)."""
    i = index - 1
    while i >= 0 and not lines[i].strip():
        i -= 1
    if i < 0:
        return None
    m = MARKER.match(lines[i].strip())
    return (m.group(1), m.group(2)) if m else None


def main(repo):
    files = [os.path.join(repo, "README.md")] + \
        sorted(glob.glob(os.path.join(repo, "docs", "integrations", "*.md")))
    tests = ""
    for path in glob.glob(os.path.join(repo, "test", "**", "*.test"),
                          recursive=True):
        tests += open(path, encoding="utf-8").read()
    problems = 0
    recipes = 0
    for path in files:
        name = os.path.relpath(path, repo)
        for number, marker in blocks(path):
            if marker is None:
                print("%s:%d: a block without a marker" % (name, number))
                problems += 1
                continue
            kind, what = marker
            if not what:
                print("%s:%d: %s without a name or reason" % (name, number, kind))
                problems += 1
            elif kind == "recipe":
                recipes += 1
                what = what.split()[0]
                base = os.path.basename(path)
                pattern = r"readme_recipe\.py[^\n]*%s[^\n]*\s%s\b" % (
                    re.escape(base), re.escape(what))
                if not re.search(pattern, tests):
                    print("%s:%d: recipe '%s' is run by no test" %
                          (name, number, what))
                    problems += 1
    print("%d recipes run by tests; %d blocks without a marker or a test" %
          (recipes, problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
