#!/usr/bin/env python3
"""Measures the shape of the project's C++ against the limits it keeps.

    check_shape.py BUILD_DIR [--report] [--root=DIR --sources=A.cpp,B.cpp]

Parses every project source of BUILD_DIR's compile database (those under
checks/ and plugin/) with libclang and prints one line per breach of:

- a class or struct of checks/ or plugin/ declares at most 30 member
  functions that do something (constructors, operators and static members
  counted; deleted and defaulted ones are not behaviour and are not
  counted; those of nested classes belong to the nested class); the base
  check, KernelAccessCheck, at most 20: it registers, reads options and
  reports, the TU's analysis lives in an object of its own;
- a class that hands `*this` to a member (`Unit U{*this};`, a part that
  keeps a reference to its whole) deletes its copy constructor: a copy's
  parts would still point at the original;
- a function of checks/ or plugin/ is at most 100 lines long, from its
  first line to its closing brace (lambdas are part of their function);
- no `friend` declaration in checks/lanes (the evaluator's units ask its
  public face, they hold no back door);
- no `effectsSince` in checks/ (an evaluation's effects travel with its
  value, they are not read as counters before and after);
- checks/access/MemoryAccess.h pulls in, transitively, at most 6 project
  headers.

Exits 1 when there is a breach; with --report, also prints the largest
classes and functions. Needs libclang's Python bindings (Debian's
python3-clang-22); exits 2 without them (lit's feature python-clang says
whether they are there).
"""

import json
import multiprocessing
import os
import re
import sys

MAX_MEMBERS = 30
# Classes held to a tighter count than MAX_MEMBERS, by name.
MEMBER_LIMITS = {"KernelAccessCheck": 20}
MAX_LINES = 100
MAX_MEMORY_ACCESS_HEADERS = 6
MEASURED = ("checks/", "plugin/")


def import_cindex():
    try:
        import clang.cindex as cindex
    except ImportError:
        sys.path.append("/usr/lib/python3/dist-packages")
        try:
            import clang.cindex as cindex
        except ImportError:
            return None
    # A worker forked after the library was loaded has it already.
    if not cindex.Config.loaded:
        for lib in ("/usr/lib/llvm-22/lib/libclang-22.so.1",
                    "/usr/lib/llvm-22/lib/libclang.so"):
            if os.path.exists(lib):
                cindex.Config.set_library_file(lib)
                break
    return cindex


def project_path(root, path):
    """\\p path relative to \\p root, or None when it is outside."""
    if not path:
        return None
    path = os.path.realpath(path)
    if not path.startswith(root + os.sep):
        return None
    return os.path.relpath(path, root)


def measure_file(job):
    """The classes and functions of one source file (a worker's part)."""
    root, src, args = job
    cindex = import_cindex()
    K = cindex.CursorKind
    method_kinds = {K.CXX_METHOD, K.CONSTRUCTOR, K.DESTRUCTOR,
                    K.CONVERSION_FUNCTION, K.FUNCTION_TEMPLATE}
    record_kinds = {K.CLASS_DECL, K.STRUCT_DECL, K.CLASS_TEMPLATE,
                    K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION}
    function_kinds = method_kinds | {K.FUNCTION_DECL}
    classes = {}    # (file, line, name) -> member count
    functions = {}  # (file, line, name) -> lines
    copyable = {}   # (file, line, name) -> True: holds *this, copyable

    def behaviour(m):
        return m.kind in method_kinds and not (
            m.kind != K.FUNCTION_TEMPLATE and
            (m.is_deleted_method() or m.is_default_method()))

    def holds_this(record):
        """True when a field's initializer hands *this to the member."""
        for m in record.get_children():
            if m.kind != K.FIELD_DECL:
                continue
            spelled = [t.spelling for t in m.get_tokens()]
            for i in range(len(spelled) - 1):
                if spelled[i] == "*" and spelled[i + 1] == "this":
                    return True
        return False

    def copy_deleted(record):
        return any(m.kind == K.CONSTRUCTOR and m.is_copy_constructor() and
                   m.is_deleted_method() for m in record.get_children())

    def walk(cursor):
        for child in cursor.get_children():
            loc = child.location
            rel = project_path(root, loc.file.name if loc.file else None)
            if rel is None or not rel.startswith(MEASURED):
                continue
            key = (rel, loc.line, child.spelling)
            if child.kind in record_kinds and child.is_definition():
                count = sum(1 for m in child.get_children() if behaviour(m))
                classes[key] = max(classes.get(key, 0), count)
                if holds_this(child) and not copy_deleted(child):
                    copyable[key] = True
            if child.kind in function_kinds and child.is_definition():
                ext = child.extent
                functions[key] = max(functions.get(key, 0),
                                     ext.end.line - ext.start.line + 1)
                continue  # nothing inside a body is a class we count
            if child.kind in record_kinds or child.kind in (
                    K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL):
                walk(child)

    tu = cindex.Index.create().parse(src, args=args + ["-fsyntax-only"])
    walk(tu.cursor)
    return classes, functions, copyable


def measure(root, commands):
    jobs, seen = [], set()
    for entry in commands:
        src = os.path.realpath(os.path.join(entry["directory"], entry["file"]))
        rel = project_path(root, src)
        if rel is None or not rel.startswith(MEASURED) or src in seen:
            continue
        seen.add(src)
        args = entry.get("arguments") or split_command(entry["command"])
        args = [a for a in args[1:] if a != src and a != entry["file"]]
        jobs.append((root, src, strip_output(args)))
    classes, functions, copyable = {}, {}, {}
    with multiprocessing.Pool(os.cpu_count() or 1) as pool:
        for c, f, k in pool.imap_unordered(measure_file, jobs):
            copyable.update(k)
            for key, n in c.items():
                classes[key] = max(classes.get(key, 0), n)
            for key, n in f.items():
                functions[key] = max(functions.get(key, 0), n)
    return classes, functions, copyable


def split_command(command):
    import shlex
    return shlex.split(command)


def strip_output(args):
    out, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if a in ("-c", "-MD", "-MMD"):
            continue
        out.append(a)
    return out


def friends(root):
    found = []
    folder = os.path.join(root, "checks", "lanes")
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if re.search(r"\bfriend\b", line.split("//")[0]):
                    found.append(f"checks/lanes/{name}:{n}")
    return found


def effects_since(root):
    found = []
    for dirpath, _, names in os.walk(os.path.join(root, "checks")):
        for name in sorted(names):
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    if "effectsSince" in line:
                        found.append(f"{os.path.relpath(path, root)}:{n}")
    return found


INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def headers_reached(root, header):
    """Project headers \\p header includes, transitively (itself not
    counted)."""
    seen, todo = set(), [header]
    while todo:
        path = todo.pop()
        with open(os.path.join(root, path), encoding="utf-8") as f:
            text = f.read()
        for inc in INCLUDE.findall(text):
            if os.path.exists(os.path.join(root, inc)) and inc not in seen:
                seen.add(inc)
                todo.append(inc)
    seen.discard(header)
    return sorted(seen)


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    build = argv[1]
    report = "--report" in argv
    root = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
    sources = []
    for arg in argv[2:]:
        if arg.startswith("--root="):
            root = os.path.realpath(arg[len("--root="):])
        elif arg.startswith("--sources="):
            sources = arg[len("--sources="):].split(",")
    cindex = import_cindex()
    if cindex is None:
        print("check_shape: libclang's Python bindings are missing "
              "(python3-clang-22)", file=sys.stderr)
        return 2
    if sources:
        # Files measured as they are, with no compile database (the test's
        # own inputs).
        commands = [{"directory": root, "file": os.path.realpath(src),
                     "arguments": ["c++", "-xc++", "-std=c++17", "-I" + root,
                                   os.path.realpath(src)]}
                    for src in sources]
    else:
        with open(os.path.join(build, "compile_commands.json"),
                  encoding="utf-8") as f:
            commands = json.load(f)
    classes, functions, copyable = measure(root, commands)
    breaches = []
    for (path, line, name), count in sorted(classes.items()):
        limit = MEMBER_LIMITS.get(name, MAX_MEMBERS)
        if count > limit:
            breaches.append(f"{path}:{line}: class {name} has {count} member "
                            f"functions (at most {limit})")
    for path, line, name in sorted(copyable):
        breaches.append(f"{path}:{line}: class {name} hands *this to a member "
                        f"but can be copied (delete its copy constructor)")
    for (path, line, name), lines in sorted(functions.items()):
        if lines > MAX_LINES:
            breaches.append(f"{path}:{line}: function {name} is {lines} lines "
                            f"long (at most {MAX_LINES})")
    for where in friends(root):
        breaches.append(f"{where}: friend declaration in checks/lanes")
    for where in effects_since(root):
        breaches.append(f"{where}: effectsSince")
    reached = headers_reached(root, "checks/access/MemoryAccess.h")
    if len(reached) > MAX_MEMORY_ACCESS_HEADERS:
        breaches.append(
            f"checks/access/MemoryAccess.h: pulls in {len(reached)} project "
            f"headers (at most {MAX_MEMORY_ACCESS_HEADERS}): "
            + " ".join(reached))
    for b in breaches:
        print(b)
    if report:
        print("largest classes:")
        for (path, line, name), count in sorted(
                classes.items(), key=lambda kv: -kv[1])[:10]:
            print(f"  {count:3} {name} ({path}:{line})")
        print("longest functions:")
        for (path, line, name), lines in sorted(
                functions.items(), key=lambda kv: -kv[1])[:10]:
            print(f"  {lines:3} {name} ({path}:{line})")
        print(f"MemoryAccess.h reaches {len(reached)}: {' '.join(reached)}")
    print(f"{len(classes)} classes, {len(functions)} functions measured; "
          f"{len(breaches)} against the shape")
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
