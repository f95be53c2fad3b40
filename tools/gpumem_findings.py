"""What gpumem-tidy found, read from clang-tidy's --export-fixes YAML.

Shared by tools/gpumem-sarif.py (SARIF for code scanning) and
tools/gpumem-report.py (the HTML report with the warp figures).

Why the export-fixes YAML and not the text output: it is clang-tidy's own
machine-readable record of every diagnostic, and the only one that carries
the fix-its (warning and note replacements, byte-exact) next to the notes.
It gives byte offsets, not lines and columns; this module turns them into
positions by reading the source files.

Needs PyYAML (Debian: python3-yaml), as clang's own run-clang-tidy.py and
clang-tidy-diff.py do for the same file.
"""

import bisect
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Tuple

TOOLS_DIR = Path(__file__).resolve().parent
# The checkout the tools ship in; installed, <prefix>/share/gpumem-tidy.
PROJECT_DIR = TOOLS_DIR.parent
# `cmake --install` writes gpumem-install.json next to the installed tools:
# the version, and where the docs went (share/doc/gpumem-tidy, relative to
# this folder). Without it the tools run from a checkout: the docs are
# docs/ and the version is the top CMakeLists.txt's.
INSTALL_LAYOUT = TOOLS_DIR / "gpumem-install.json"


def _installed() -> Optional[dict]:
    try:
        return json.loads(INSTALL_LAYOUT.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def docs_dir() -> Path:
    """The folder holding README.md and checks/<id>.md."""
    layout = _installed()
    if layout and layout.get("docs"):
        return (TOOLS_DIR / layout["docs"]).resolve()
    return PROJECT_DIR / "docs"


def readme_path() -> Path:
    layout = _installed()
    if layout and layout.get("docs"):
        return docs_dir() / "README.md"
    return PROJECT_DIR / "README.md"

# One entry per gpumem check, with the short description of README.md's
# table; every check reports warnings. test/integrations checks that this
# list matches `gpumem-tidy --list-checks`, so a new check cannot be left
# out of the SARIF rules silently.
GPUMEM_RULES = {
    "gpumem-uncoalesced-access":
        "Global accesses strided by a constant or a symbol",
    "gpumem-aos-access":
        "Global accesses striding over an array of structures",
    "gpumem-misaligned-access":
        "Global accesses that straddle a transaction boundary",
    "gpumem-partial-warp-access":
        "Global accesses by a few lanes, repeated in a loop",
    "gpumem-bank-conflict":
        "k-way shared-memory bank conflicts, with a padding fix-it",
    "gpumem-arithmetic-intensity":
        "Kernels whose arithmetic intensity is below the machine balance",
}
DEFAULT_RULE_LEVEL = "warning"

# What the tool says of its own analysis (a header not found, a kernel
# template never instantiated): gpumem-diagnostic-*, not findings. The
# tools leave them out of finding counts; SARIF carries them as tool
# notifications, not results.
DIAGNOSTIC_PREFIX = "gpumem-diagnostic-"


def is_analysis_diagnostic(rule: str) -> bool:
    return rule.startswith(DIAGNOSTIC_PREFIX)

# The numbers SPEC section 3 requires in messages, by property name.
_NUMBER_PATTERNS = [
    ("transactions", r"(\d+) transactions? per warp"),
    ("efficiency", r"\(([\d.]+)% efficiency\)"),
    ("sectors", r"(\d+) sectors?\b"),
    ("degree", r"(\d+)-way bank conflict"),
    ("intensity", r"arithmetic intensity ([\d.]+) FLOP/byte"),
    ("balance", r"machine balance ([\d.]+)"),
    ("strideBytes", r"stride (\d+) bytes"),
]


def message_numbers(message: str) -> Dict[str, float]:
    """The numbers a gpumem message states, by name (see SPEC section 3)."""
    numbers = {}
    for name, pattern in _NUMBER_PATTERNS:
        match = re.search(pattern, message)
        if match:
            text = match.group(1)
            numbers[name] = float(text) if "." in text else int(text)
    return numbers


def quoted_spelling(message: str) -> Optional[str]:
    """The first '...' in a message: the access as written."""
    match = re.search(r"'([^']+)'", message)
    return match.group(1) if match else None


def project_version(project_dir: Path = PROJECT_DIR) -> Optional[str]:
    """gpumem-tidy's version: the installed one, else VERSION of
    project(gpumem-tidy ...) in the checkout's top CMakeLists.txt."""
    layout = _installed()
    if layout and layout.get("version"):
        return str(layout["version"])
    try:
        text = (project_dir / "CMakeLists.txt").read_text(encoding="utf-8")
    except OSError:
        return None
    match = re.search(r"project\s*\(\s*gpumem-tidy\s+VERSION\s+([0-9][0-9.]*)",
                      text)
    return match.group(1) if match else None


def doc_page(rule_id: str) -> Optional[Path]:
    page = docs_dir() / "checks" / (rule_id + ".md")
    return page if page.is_file() else None


def first_sentence(markdown: str) -> Optional[str]:
    """The first sentence of the first paragraph below the title."""
    paragraph: List[str] = []
    for line in markdown.splitlines():
        stripped = line.strip()
        if not stripped:
            if paragraph:
                break
            continue
        if stripped.startswith("#"):
            continue
        paragraph.append(stripped)
    if not paragraph:
        return None
    text = " ".join(paragraph)
    match = re.match(r"(.+?[.!?])(\s|$)", text)
    return match.group(1) if match else text


# --- Source positions ------------------------------------------------------


class SourceFile:
    """A file's bytes, with offsets turned into lines and columns."""

    def __init__(self, path: str):
        self.path = path
        try:
            with open(path, "rb") as handle:
                self.data = handle.read()
        except OSError:
            self.data = b""
        self.line_starts = [0] + [m.end() for m in re.finditer(b"\n", self.data)]

    def line_of(self, offset: int) -> int:
        """1-based line of a byte offset."""
        return bisect.bisect_right(self.line_starts, offset)

    def line_text(self, line: int) -> str:
        start = self.line_starts[line - 1]
        end = self.data.find(b"\n", start)
        if end < 0:
            end = len(self.data)
        return self.data[start:end].decode("utf-8", "replace").rstrip("\r")

    def byte_column(self, offset: int) -> int:
        """1-based column in bytes, as clang prints it."""
        return offset - self.line_starts[self.line_of(offset) - 1] + 1

    def utf16_column(self, offset: int) -> int:
        """1-based column in UTF-16 code units (SARIF's default kind)."""
        start = self.line_starts[self.line_of(offset) - 1]
        prefix = self.data[start:offset].decode("utf-8", "replace")
        return len(prefix.encode("utf-16-le")) // 2 + 1


class SourceFiles:
    def __init__(self):
        self._files: Dict[str, SourceFile] = {}

    def get(self, path: str) -> SourceFile:
        if path not in self._files:
            self._files[path] = SourceFile(path)
        return self._files[path]


@dataclass
class Position:
    """A point in a file: byte offset, line, columns in bytes and UTF-16."""
    path: str
    offset: int
    line: int
    column: int
    utf16_column: int


def position(files: SourceFiles, path: str, offset: int) -> Position:
    source = files.get(path)
    return Position(path, offset, source.line_of(offset),
                    source.byte_column(offset), source.utf16_column(offset))


@dataclass
class Replacement:
    """Replace `length` bytes at `start` with `text`."""
    start: Position
    end: Position
    text: str


@dataclass
class Note:
    message: str
    at: Optional[Position]
    end: Optional[Position]
    replacements: List[Replacement] = field(default_factory=list)


@dataclass
class Finding:
    """One diagnostic with its notes and fixes."""
    rule: str
    level: str  # SARIF level: error, warning, note
    message: str
    at: Optional[Position]
    end: Optional[Position]
    source_line: str
    notes: List[Note] = field(default_factory=list)
    replacements: List[Replacement] = field(default_factory=list)

    @property
    def numbers(self) -> Dict[str, float]:
        return message_numbers(self.message)

    @property
    def spelling(self) -> Optional[str]:
        return quoted_spelling(self.message)


_LEVELS = {"Error": "error", "Warning": "warning", "Remark": "note"}


def _path_of(entry: dict, build_dir: str) -> str:
    path = entry.get("FilePath") or ""
    if path and not os.path.isabs(path):
        path = os.path.join(build_dir, path)
    return os.path.normpath(path) if path else ""


def _replacements(items, files: SourceFiles, build_dir: str) -> List[Replacement]:
    out = []
    for item in items or []:
        path = _path_of(item, build_dir)
        offset = int(item.get("Offset", 0))
        length = int(item.get("Length", 0))
        out.append(Replacement(position(files, path, offset),
                               position(files, path, offset + length),
                               item.get("ReplacementText") or ""))
    return out


def _token_end(source: SourceFile, at: Position, spelling: Optional[str]) -> int:
    """Byte offset just after what a diagnostic points at.

    The checks report at the access's expression location without a range.
    The access's spelling is quoted in the message: where it covers the
    column on that line, the region ends with it; else it ends with the
    identifier (or the one character) at the column.
    """
    line_start = source.line_starts[at.line - 1]
    text = source.line_text(at.line).encode("utf-8")
    column = at.offset - line_start
    if spelling:
        needle = spelling.encode("utf-8")
        start = text.find(needle)
        while start >= 0:
            if start <= column < start + len(needle):
                return line_start + start + len(needle)
            start = text.find(needle, start + 1)
    match = re.match(rb"[A-Za-z_0-9]+", text[column:])
    if match:
        return at.offset + len(match.group(0))
    return at.offset + (1 if column < len(text) else 0)


class ExportFixesError(ValueError):
    """An --export-fixes file that cannot be read whole: not UTF-8, not
    YAML, cut short, or pointing outside its source files."""


def run_main(main, name: str):
    """sys.exit(main()), with an unreadable --export-fixes file or an
    OSError as one line of error and exit 2: a partial log must not pass
    for a whole one, and a traceback tells a user nothing."""
    try:
        sys.exit(main())
    except (ExportFixesError, OSError) as error:
        sys.stderr.write("%s: error: %s\n" % (name, error))
        sys.exit(2)


def _checked_position(files: SourceFiles, path: str, offset,
                      where: str) -> Position:
    """The position of \p offset in \p path; ExportFixesError when it is
    not a number or lies outside the file (a line 0 would be made up)."""
    try:
        offset = int(offset)
    except (TypeError, ValueError):
        raise ExportFixesError("%s: offset %r is not a number" % (where, offset))
    size = len(files.get(path).data)
    if offset < 0 or (size and offset > size):
        raise ExportFixesError("%s: offset %d is outside %s (%d bytes)"
                               % (where, offset, path, size))
    return position(files, path, offset)


def _finding_of(diag, files: SourceFiles, path: str) -> Finding:
    """The finding of one diagnostic of --export-fixes file `path`."""
    build_dir = diag.get("BuildDirectory") or os.getcwd()
    main = diag.get("DiagnosticMessage") or {}
    path_ = _path_of(main, build_dir)
    message = main.get("Message") or ""
    at = end = None
    line_text = ""
    if path_:
        at = _checked_position(files, path_, main.get("FileOffset", 0),
                               path)
        source = files.get(path_)
        line_text = source.line_text(at.line)
        ranges = [r for r in main.get("Ranges") or []
                  if _path_of(r, build_dir) == path_ and
                  int(r.get("FileOffset", -1)) == at.offset]
        if ranges:
            end_offset = at.offset + int(ranges[0].get("Length", 0))
        else:
            end_offset = _token_end(source, at, quoted_spelling(message))
        end = position(files, path_, end_offset)
    notes = []
    for note in diag.get("Notes") or []:
        note_path = _path_of(note, build_dir)
        note_at = note_end = None
        if note_path:
            note_at = _checked_position(
                files, note_path, note.get("FileOffset", 0), path)
            note_end = position(files, note_path, _token_end(
                files.get(note_path), note_at, None))
        notes.append(Note(
            note.get("Message") or "", note_at, note_end,
            _replacements(note.get("Replacements"), files, build_dir)))
    return Finding(
        rule=diag.get("DiagnosticName") or "clang-tidy",
        level=_LEVELS.get(diag.get("Level"), "warning"),
        message=message, at=at, end=end, source_line=line_text,
        notes=notes,
        replacements=_replacements(main.get("Replacements"), files,
                                   build_dir))


def load_export_fixes(path: str, files: Optional[SourceFiles] = None) -> List[Finding]:
    """The diagnostics of one --export-fixes YAML file, in file order;
    ExportFixesError when it cannot be read whole."""
    try:
        import yaml
    except ImportError:
        sys.exit("gpumem: reading --export-fixes needs PyYAML "
                 "(Debian: apt-get install python3-yaml)")
    files = files or SourceFiles()
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except UnicodeDecodeError as error:
        raise ExportFixesError("%s: not UTF-8 (%s)" % (path, error.reason))
    # clang-tidy ends the document with '...': a file without it was cut
    # short (a disk full, a killed run) and would give a partial log.
    if text.strip() and not text.rstrip().endswith("..."):
        raise ExportFixesError("%s: truncated (no '...' at its end)" % path)
    # The C loader where PyYAML has it: several times faster on big logs.
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        document = yaml.load(text, Loader=loader) or {}
    except yaml.YAMLError as error:
        raise ExportFixesError("%s: not YAML: %s"
                               % (path, str(error).splitlines()[0]))
    if not isinstance(document, dict):
        raise ExportFixesError("%s: not a clang-tidy --export-fixes file"
                               % path)
    diagnostics = document.get("Diagnostics") or []
    if not isinstance(diagnostics, list):
        raise ExportFixesError("%s: its Diagnostics are not a list" % path)
    findings = []
    for index, diag in enumerate(diagnostics, 1):
        # A diagnostic of another shape (a hand-edited or foreign file) is
        # named, not a traceback.
        try:
            findings.append(_finding_of(diag, files, path))
        except (AttributeError, TypeError, ValueError, KeyError) as error:
            raise ExportFixesError("%s: diagnostic %d is malformed (%s)"
                                   % (path, index, error))
    return findings


# --- Running the tool ------------------------------------------------------


def _option_name(arg: str) -> str:
    return arg.lstrip("-").split("=", 1)[0]


def split_tool_args(command: List[str]) -> Tuple[List[str], List[str]]:
    """(tool and its options, the `--` and compiler arguments after it)."""
    if "--" in command[1:]:
        cut = command.index("--", 1)
        return command[:cut], command[cut:]
    return command, []


def drop_options(command: List[str], names) -> List[str]:
    """The command without the clang-tidy options `names` (which take a
    value, as `--name=value` or `--name value`)."""
    tool, rest = split_tool_args(command)
    kept = [tool[0]]
    skip_next = False
    for arg in tool[1:]:
        if skip_next:
            skip_next = False
            continue
        if arg.startswith("-") and _option_name(arg) in names:
            skip_next = "=" not in arg
            continue
        kept.append(arg)
    return kept + rest


def option_value(command: List[str], name: str) -> Optional[str]:
    """The value of clang-tidy option `name` in the command, if given."""
    tool, _ = split_tool_args(command)
    for i, arg in enumerate(tool[1:], start=1):
        if arg.startswith("-") and _option_name(arg) == name:
            if "=" in arg:
                return arg.split("=", 1)[1]
            return tool[i + 1] if i + 1 < len(tool) else None
    return None


def with_options(command: List[str], options: List[str]) -> List[str]:
    """The command with clang-tidy options added before any `--`."""
    tool, rest = split_tool_args(command)
    return tool + options + rest


def with_export_fixes(command: List[str], export_path: str) -> List[str]:
    """The command with --export-fixes=<export_path> (replacing any given)."""
    return with_options(drop_options(command, {"export-fixes"}),
                        ["--export-fixes=" + export_path])


def given_export_fixes(command: List[str]) -> Optional[str]:
    return option_value(command, "export-fixes")


@dataclass
class ToolRun:
    command: List[str]
    exit_code: int
    stdout: str
    stderr: str
    findings: List[Finding]


# clang-tidy's line before each file of a run over several.
PROCESSING = re.compile(r"^\[(\d+)/(\d+)\] Processing file (.*)\.$")


def run_tool(command: List[str], files: Optional[SourceFiles] = None,
             echo: bool = True, progress: Optional[str] = None) -> ToolRun:
    """Runs clang-tidy / gpumem-tidy with --export-fixes and reads the result.

    The tool's own output is echoed (stdout to stdout, stderr to stderr), so
    a CI log and a problem matcher still see the text diagnostics; stderr
    as it comes, with clang-tidy's "[3/78] Processing file" lines. Not
    echoed, with \p progress (a tool's name), each file the tool starts is
    still said on stderr ("NAME: [3/78] path"): a long run is not silent.
    """
    with tempfile.TemporaryDirectory(prefix="gpumem-") as scratch:
        export = given_export_fixes(command) or os.path.join(scratch, "fixes.yaml")
        full = with_export_fixes(command, export)
        try:
            proc = subprocess.Popen(full, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True,
                                    errors="replace")
        except OSError as error:
            sys.exit("gpumem: cannot run %s: %s" % (full[0], error))
        out: List[str] = []
        reader = threading.Thread(target=lambda: out.append(proc.stdout.read()))
        reader.start()
        err = []
        for line in proc.stderr:
            err.append(line)
            match = PROCESSING.match(line.rstrip("\n"))
            if echo:
                sys.stderr.write(line)  # as it comes, its progress included
            elif progress and match:
                sys.stderr.write("%s: [%s/%s] %s\n" % (progress, match.group(1),
                                                       match.group(2),
                                                       match.group(3)))
            sys.stderr.flush()
        reader.join()
        returncode = proc.wait()
        stdout, stderr = "".join(out), "".join(err)
        if echo:
            sys.stdout.write(stdout)
        # clang-tidy writes the file only when it has something to say.
        findings = (load_export_fixes(export, files)
                    if os.path.exists(export) else [])
    return ToolRun(full, returncode, stdout, stderr, findings)
