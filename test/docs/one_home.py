#!/usr/bin/env python3
"""Holds the copies of a fact to its one home.

    one_home.py SOURCE_ROOT

The checks are named in checks/GpumemCheckNames.h and registered in
checks/GpumemCheckList.cpp, and their options described in
checks/GpumemOptionTable.cpp; what repeats them for people or for the
Python tools is checked against those files:

- each check registered has a doc page, a row in README.md's table and a
  rule in tools/gpumem_findings.py (GPUMEM_RULES), and nothing else does;
- the checks globalCheckFor (checks/GlobalAccessCheck.cpp) gives a cause
  to are the checks derived from GlobalAccessCheck (the access dump's
  record names them, and the report draws a global finding from it);
- each option row a doc page's Options table lists is an option the check
  reads, with the table's default; each option only one check or the
  global checks read is on the page of every check that reads it.

Prints one line per difference and exits 1; exits 0 when there is none.
"""

import ast
import os
import re
import sys

READERS = {
    "AllChecks": None,  # every check
    "GlobalChecks": "global",
    "BankConflict": ["gpumem-bank-conflict"],
    "ArithmeticIntensity": ["gpumem-arithmetic-intensity"],
    "AccessDump": ["debug-gpumem-access-dump"],
}


def read(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return f.read()


def check_names(root):
    """{identifier: check name} of GpumemCheckNames.h."""
    path = os.path.join(root, "checks/GpumemCheckNames.h")
    if not os.path.exists(path):
        return {}
    return dict(re.findall(r'constexpr char (\w+)\[\] = "([^"]+)";',
                           read(root, "checks/GpumemCheckNames.h")))


def registered(root):
    """{check name: class} of GpumemCheckList.cpp."""
    names = check_names(root)
    text = read(root, "checks/GpumemCheckList.cpp")
    return dict((names.get(ident, ident), cls) for cls, ident in re.findall(
        r'registerCheck<(\w+)>\(\s*names::(\w+)\)', text))


def global_checks(root, checks):
    out = set()
    for name, cls in checks.items():
        header = os.path.join(root, "checks", cls + ".h")
        if os.path.exists(header) and re.search(
                r"public GlobalAccessCheck\b", read(root, header)):
            out.add(name)
    return out


def owning_checks(root):
    """The check names globalCheckFor returns."""
    path = os.path.join(root, "checks/GlobalAccessCheck.cpp")
    if not os.path.exists(path):
        return set()
    text = read(root, "checks/GlobalAccessCheck.cpp")
    body = re.search(r"StringRef globalCheckFor\(.*?\n\}", text, re.S)
    names = check_names(root)
    return set(names.get(ident, ident) for ident in re.findall(
        r"return names::(\w+);", body.group(0))) if body else set()


def python_set(text, name):
    """The keys of the dict, or the members of the set, assigned to `name`
    at the top of a Python file."""
    for node in ast.parse(text).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name
                for t in node.targets):
            value = ast.literal_eval(node.value)
            return set(value.keys() if isinstance(value, dict) else value)
    return None


def option_rows(root):
    """(name, default, readers) of each row of the option table."""
    text = read(root, "checks/GpumemOptionTable.cpp")
    return re.findall(r'\{"(\w+)", "([^"]*)", R::(\w+),', text)


def doc_options(page):
    """{option: default} of a doc page's Options table."""
    section = re.search(r"^## Options\n(.*?)(?=^## |\Z)", page, re.M | re.S)
    rows = {}
    if section:
        for name, default in re.findall(
                r"^\| `(\w+)`[^|]*\| `([^`]*)`", section.group(1), re.M):
            rows[name] = "" if default == '""' else default
    return rows


def problems(root):
    checks = registered(root)
    public = {n for n in checks if n.startswith("gpumem-")}
    if not public:
        yield "no check registered in checks/GpumemCheckList.cpp"
    pages = {f[:-3] for f in os.listdir(os.path.join(root, "docs/checks"))
             if f.endswith(".md")}
    readme = set(re.findall(r"^\| `(gpumem-[\w-]+)` \|", read(root, "README.md"),
                            re.M))
    rules = python_set(read(root, "tools/gpumem_findings.py"), "GPUMEM_RULES")
    owners = owning_checks(root)
    for where, found in (("docs/checks/", pages), ("README.md", readme),
                         ("tools/gpumem_findings.py GPUMEM_RULES", rules)):
        for name in sorted(public - (found or set())):
            yield "%s: no entry for the check %s" % (where, name)
        for name in sorted((found or set()) - public):
            yield "%s: %s is not a registered check" % (where, name)
    globals_ = global_checks(root, checks)
    if owners != globals_:
        yield ("checks/GlobalAccessCheck.cpp globalCheckFor names %s, but "
               "the checks derived from GlobalAccessCheck are %s" %
               (sorted(owners), sorted(globals_)))

    rows = option_rows(root)
    if not rows:
        yield "no option row in checks/GpumemOptionTable.cpp"

    def reads(readers, check):
        who = READERS[readers]
        return who is None or (who == "global" and check in globals_) or \
            (isinstance(who, list) and check in who)

    for check in sorted(public & pages):
        page = read(root, "docs/checks/%s.md" % check)
        listed = doc_options(page)
        for name, default in sorted(listed.items()):
            row = [r for r in rows if r[0] == name]
            if not row or not reads(row[0][2], check):
                yield "docs/checks/%s.md: option %s is not one %s reads" % (
                    check, name, check)
            elif row[0][1] != default:
                yield ("docs/checks/%s.md: option %s defaults to '%s', "
                       "the table says '%s'" % (check, name, default,
                                                row[0][1]))
        for name, _, readers in rows:
            if readers != "AllChecks" and reads(readers, check) and \
                    name not in listed:
                yield "docs/checks/%s.md: option %s is not documented" % (
                    check, name)


def main():
    if len(sys.argv) != 2:
        print("usage: one_home.py SOURCE_ROOT", file=sys.stderr)
        return 2
    found = list(problems(sys.argv[1]))
    for line in found:
        print(line)
    print("%d differences from the check list and the option table" %
          len(found))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
