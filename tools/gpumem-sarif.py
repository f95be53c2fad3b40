#!/usr/bin/env python3
"""SARIF 2.1.0 from gpumem-tidy, for GitHub code scanning and other viewers.

Two ways to use it:

    # run the tool and convert (its text output still goes to the log)
    gpumem-sarif.py -o gpumem.sarif -- gpumem-tidy -p build src/kernel.cu

    # convert what clang-tidy --export-fixes already wrote
    gpumem-sarif.py -o gpumem.sarif fixes.yaml [more.yaml ...]

It works with the standalone gpumem-tidy and with `clang-tidy-22
--load=GpumemTidyModule.so` alike: both write the same YAML. In the first
form it exits with the tool's exit status, so a CI step fails where the
tool would.

docs/integrations/sarif.md says what the file holds and why.
"""

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path
from typing import Optional

# realpath: run through a link in <prefix>/bin, the modules are beside the
# script, not the link.
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ next to the tools
import gpumem_findings as gf  # noqa: E402

SARIF_SCHEMA = ("https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/"
                "schemas/sarif-schema-2.1.0.json")
SRCROOT = "%SRCROOT%"
FINGERPRINT_KEY = "gpumemFindingHash/v1"


def source_root(given):
    if given:
        return Path(given).resolve()
    try:
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             text=True, check=True).stdout.strip()
        if top:
            return Path(top).resolve()
    except (OSError, subprocess.CalledProcessError):
        pass
    return Path.cwd().resolve()


class Locator:
    """Turns file paths into SARIF artifact locations under %SRCROOT%."""

    def __init__(self, root: Path):
        self.root = root

    def relative(self, path: str):
        try:
            return Path(path).resolve().relative_to(self.root).as_posix()
        except ValueError:
            return None

    def artifact(self, path: str) -> dict:
        relative = self.relative(path)
        if relative is not None:
            return {"uri": urllib.parse.quote(relative), "uriBaseId": SRCROOT}
        return {"uri": Path(path).resolve().as_uri()}


def region(start: gf.Position, end: gf.Position = None) -> dict:
    end = end or start
    return {"startLine": start.line, "startColumn": start.utf16_column,
            "endLine": end.line, "endColumn": end.utf16_column,
            "byteOffset": start.offset,
            "byteLength": max(0, end.offset - start.offset)}


def physical(locator: Locator, start: gf.Position, end=None) -> dict:
    return {"artifactLocation": locator.artifact(start.path),
            "region": region(start, end)}


def fix(locator: Locator, description: str, replacements) -> dict:
    by_file = {}
    for r in replacements:
        change = {"deletedRegion": region(r.start, r.end)}
        if r.text:
            change["insertedContent"] = {"text": r.text}
        by_file.setdefault(r.start.path, []).append(change)
    return {"description": {"text": description},
            "artifactChanges": [
                {"artifactLocation": locator.artifact(path),
                 "replacements": changes}
                for path, changes in by_file.items()]}


def normalized_message(message: str) -> str:
    """The message without what moves when unrelated lines are edited."""
    message = re.sub(r"\bline \d+", "line N", message)
    message = re.sub(r":\d+(:\d+)?\b", ":N", message)
    return " ".join(message.split())


def fingerprint(rule: str, uri: str, message: str, source_line: str) -> str:
    """Hash of what a finding is, not where: rule, file, message, the
    source line's text. Line numbers are left out, so inserting lines above
    a finding keeps its fingerprint."""
    key = "\0".join([rule, uri, normalized_message(message),
                     " ".join(source_line.split())])
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def rule_name(rule_id: str) -> str:
    """'gpumem-uncoalesced-access' -> 'UncoalescedAccess': SARIF's
    human-readable rule name, in the PascalCase code scanning shows."""
    words = rule_id.split("-")
    if words and words[0] == "gpumem":
        words = words[1:]
    return "".join(w[:1].upper() + w[1:] for w in words)


def repository_uri(remote: Optional[str], top: str) -> str:
    """An absolute URI for a git remote, as SARIF requires: an URL as it is
    (credentials dropped); scp-like ssh (`git@host:org/repo.git`) as
    `ssh://git@host/org/repo.git`; a local path, or a remote given no
    other way, as the file URI of the path (relative to the work tree)."""
    if remote:
        match = re.match(r"^([A-Za-z][A-Za-z0-9+.-]*)://(?:[^@/]*@)?(.*)$",
                         remote)
        if match:
            scheme, rest = match.group(1).lower(), match.group(2)
            if scheme in ("ssh", "git+ssh"):
                user = re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://([^@/:]*)@",
                                remote)
                return "ssh://%s%s" % (user.group(1) + "@" if user else "",
                                       rest)
            return "%s://%s" % (scheme, rest)
        scp = re.match(r"^(?:([^@/:]+)@)?([^/:]+):(?!//)(.+)$", remote)
        if scp and not re.match(r"^[A-Za-z]:[\\/]", remote):
            user, host, path = scp.groups()
            return "ssh://%s%s/%s" % (user + "@" if user else "", host,
                                      path.lstrip("/"))
        path = Path(remote)
        if not path.is_absolute():
            path = Path(top) / path
        return path.resolve().as_uri()
    return Path(top).as_uri()


def version_control(root: Path) -> Optional[list]:
    """versionControlProvenance for a source root inside a git work tree:
    the repository (its origin, else the work tree itself), the commit and
    the branch; None outside git."""
    def git(*args):
        try:
            done = subprocess.run(["git", "-C", str(root)] + list(args),
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True,
                                  check=False)
        except OSError:
            return None
        return done.stdout.strip() if done.returncode == 0 else None

    top = git("rev-parse", "--show-toplevel")
    revision = git("rev-parse", "HEAD")
    if not top or not revision:
        return None
    details = {"repositoryUri": repository_uri(
                   git("remote", "get-url", "origin"), top),
               "revisionId": revision,
               "mappedTo": {"uriBaseId": SRCROOT}}
    branch = git("rev-parse", "--abbrev-ref", "HEAD")
    if branch and branch != "HEAD":
        details["branch"] = branch
    return [details]


def rule_descriptor(rule_id: str, docs_uri) -> dict:
    short = gf.GPUMEM_RULES.get(rule_id)
    page = gf.doc_page(rule_id)
    descriptor = {"id": rule_id}
    if short is None:
        # A diagnostic of another check (the standalone links them all) or
        # of the compiler: named, not described.
        descriptor["shortDescription"] = {"text": rule_id}
        return descriptor
    text = page.read_text(encoding="utf-8") if page else ""
    descriptor["shortDescription"] = {"text": short}
    descriptor["fullDescription"] = {"text": gf.first_sentence(text) or short}
    descriptor["name"] = rule_name(rule_id)
    if docs_uri:
        descriptor["helpUri"] = docs_uri + "docs/checks/" + rule_id + ".md"
    elif page:
        descriptor["helpUri"] = page.as_uri()
    if text:
        descriptor["help"] = {"text": text, "markdown": text}
    descriptor["defaultConfiguration"] = {"level": gf.DEFAULT_RULE_LEVEL}
    descriptor["properties"] = {"tags": ["cuda", "performance", "memory"]}
    return descriptor


def notification(locator, f) -> dict:
    """A gpumem-diagnostic-* line as a tool execution notification."""
    entry = {"descriptor": {"id": f.rule}, "level": f.level,
             "message": {"text": f.message}}
    if f.at:
        entry["locations"] = [{"physicalLocation": physical(locator, f.at,
                                                            f.end)}]
    return entry


def build_sarif(findings, root: Path, version, docs_uri=None,
                invocation=None) -> dict:
    locator = Locator(root)
    notifications = [notification(locator, f) for f in findings
                     if gf.is_analysis_diagnostic(f.rule)]
    findings = [f for f in findings if not gf.is_analysis_diagnostic(f.rule)]
    if notifications:
        invocation = dict(invocation or {"executionSuccessful": True})
        invocation["toolExecutionNotifications"] = notifications
    rule_ids = sorted(gf.GPUMEM_RULES)
    for f in findings:
        if f.rule not in rule_ids:
            rule_ids.append(f.rule)
    rules = [rule_descriptor(r, docs_uri) for r in rule_ids]

    results = []
    seen = {}
    for f in findings:
        result = {"ruleId": f.rule, "ruleIndex": rule_ids.index(f.rule),
                  "level": f.level, "message": {"text": f.message}}
        if f.at:
            location = physical(locator, f.at, f.end)
            location["contextRegion"] = {
                "startLine": f.at.line, "endLine": f.at.line,
                "snippet": {"text": f.source_line}}
            result["locations"] = [{"physicalLocation": location}]
            uri = locator.relative(f.at.path) or f.at.path
        else:
            uri = ""
        related = []
        for note in f.notes:
            entry = {"id": len(related) + 1, "message": {"text": note.message}}
            if note.at:
                entry["physicalLocation"] = physical(locator, note.at,
                                                     note.end)
            related.append(entry)
        if related:
            result["relatedLocations"] = related
        fixes = []
        if f.replacements:
            fixes.append(fix(locator, "apply the fix-it of the warning",
                             f.replacements))
        for note in f.notes:
            if note.replacements:
                fixes.append(fix(locator, note.message, note.replacements))
        if fixes:
            result["fixes"] = fixes
        # Identical findings on identical lines of one file are told apart
        # by their order, as GitHub does for its own line hashes.
        base = fingerprint(f.rule, uri, f.message, f.source_line)
        seen[base] = seen.get(base, 0) + 1
        result["partialFingerprints"] = {
            FINGERPRINT_KEY: "%s:%d" % (base, seen[base])}
        numbers = f.numbers
        if numbers:
            result["properties"] = numbers
        results.append(result)

    driver = {"name": "gpumem-tidy",
              "informationUri": (docs_uri + "README.md" if docs_uri else
                                 gf.readme_path().as_uri()),
              "rules": rules}
    if version:
        driver["version"] = version
        driver["semanticVersion"] = version
    run = {"tool": {"driver": driver},
           "originalUriBaseIds": {SRCROOT: {"uri": root.as_uri() + "/"}},
           "columnKind": "utf16CodeUnits",
           "results": results}
    if invocation:
        run["invocations"] = [invocation]
    provenance = version_control(root)
    if provenance:
        run["versionControlProvenance"] = provenance
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    command = []
    if "--" in argv:
        cut = argv.index("--")
        argv, command = argv[:cut], argv[cut + 1:]
    parser = argparse.ArgumentParser(
        description="SARIF 2.1.0 from gpumem-tidy: give --export-fixes "
                    "YAML files, or `-- <gpumem-tidy command>` to run it.")
    parser.add_argument("fixes", nargs="*", help="--export-fixes YAML files")
    parser.add_argument("-o", "--output", default="-",
                        help="SARIF file to write (default: stdout)")
    parser.add_argument("--source-root",
                        help="root that artifact URIs are relative to "
                             "(default: the git work tree, else the cwd)")
    parser.add_argument("--tool-version",
                        help="driver version (default: project(VERSION) of "
                             "the CMakeLists.txt beside tools/)")
    parser.add_argument("--docs-uri",
                        help="base URI of the gpumem-tidy sources, e.g. "
                             "https://github.com/ORG/gpumem-tidy/blob/v0.1.0/ "
                             "(default: file URIs into this checkout)")
    parser.add_argument("--list-rules", action="store_true",
                        help="print the gpumem rules it describes and exit")
    args = parser.parse_args(argv)
    if args.list_rules:
        print("\n".join(sorted(gf.GPUMEM_RULES)))
        return 0
    if bool(command) == bool(args.fixes):
        parser.error("give either YAML files or `-- <command>`, not both")
    docs_uri = args.docs_uri
    if docs_uri and not docs_uri.endswith("/"):
        docs_uri += "/"

    files = gf.SourceFiles()
    invocation = None
    exit_code = 0
    if command:
        # With the SARIF on stdout the tool's own output goes to stderr.
        run = gf.run_tool(command, files, echo=False, progress="gpumem-sarif")
        (sys.stderr if args.output == "-" else sys.stdout).write(run.stdout)
        sys.stderr.write(run.stderr)
        findings = run.findings
        exit_code = run.exit_code
        invocation = {
            "commandLine": " ".join(command),
            "arguments": command,
            "exitCode": run.exit_code,
            "executionSuccessful": run.exit_code >= 0 and not any(
                f.rule == "clang-diagnostic-error" for f in findings),
        }
    else:
        findings = []
        for path in args.fixes:
            findings.extend(gf.load_export_fixes(path, files))

    sarif = build_sarif(findings, source_root(args.source_root),
                        args.tool_version or gf.project_version(), docs_uri,
                        invocation)
    text = json.dumps(sarif, indent=2) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
    return exit_code if exit_code >= 0 else 128 - exit_code


if __name__ == "__main__":
    gf.run_main(main, "gpumem-sarif")
