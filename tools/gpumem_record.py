"""The access dump's record: the one reader of what gpumem-tidy analysed.

debug-gpumem-access-dump with its option Format set to json writes one
remark per kernel and one per access whose message is a JSON object, the
record (schema "gpumem-access-dump", version 1; docs/access-record.md). Every
Python tool that needs the analysis' facts or the model's numbers reads them
here, from that record: tools/gpumem-report.py, tools/gpumem-coverage.py,
bench/nsight/predict.py. None of them parses a message's prose or prices an
access itself.

    import gpumem_record as gr
    command = [gpumem_tidy] + gr.dump_arguments() + files
    kernels = gr.read_text(subprocess.run(command, ...).stdout)
    for kernel in kernels:
        for access in kernel.accesses:
            access.status, access.global_cost, access.lanes ...

A record of another schema or version raises RecordError: a tool that
misreads the numbers would draw wrong figures without a word.
"""

import json
import re
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Tuple

SCHEMA = "gpumem-access-dump"
VERSION = 1
DUMP_CHECK = "debug-gpumem-access-dump"
FORMAT_OPTION = DUMP_CHECK + ".Format"

# The location clang-tidy prints before a remark, and the check's name after.
_REMARK = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<column>\d+): remark: "
                     r"(?P<message>\{.*\}) \[" + re.escape(DUMP_CHECK) + r"\]$")


class RecordError(ValueError):
    """A record this reader cannot read: another schema or version, or a
    message that is not one JSON object."""


def dump_arguments() -> List[str]:
    """gpumem-tidy arguments that enable only the dump, writing records,
    with the .clang-tidy files' options (the hardware) kept."""
    config = {"InheritParentConfig": True,
              "CheckOptions": {FORMAT_OPTION: "json"}}
    return ["--checks=-*," + DUMP_CHECK, "--config=" + json.dumps(config)]


@dataclass
class Location:
    path: str
    line: int
    column: int
    # Byte offset in the file, where the caller knows it (export-fixes).
    offset: Optional[int] = None


@dataclass
class Geometry:
    """The sizes the lane offsets are drawn against."""
    transaction: int
    sector: int
    banks: int
    bank_width: int


@dataclass
class Lanes:
    offsets: List[int]
    mask: int

    def active(self, lane: int) -> bool:
        return bool((self.mask >> lane) & 1)


@dataclass
class Cost:
    """The model's cost of one warp's global access."""
    transactions: int
    sectors: int
    useful_bytes: int
    efficiency: float
    excess_sectors: int


@dataclass
class Count:
    """A count per request: mean over the scenarios, and the worst."""
    mean: float
    worst: int


@dataclass
class Kernel:
    at: Location
    name: str
    block_source: str
    # (x, y, z), None for an extent that is not a constant; None when the
    # shape is assumed.
    block_shape: Optional[Tuple[Optional[int], ...]]
    geometry: Geometry
    architecture: str
    # More accesses than MaxAccessesPerKernel: the rest are not analysed.
    capped: bool = False
    accesses: List["Access"] = field(default_factory=list)


@dataclass
class Access:
    at: Location
    kernel: Kernel
    kind: str
    space: str
    expression: str
    width: int
    offset: str
    # known, symbolic, unknown, unpriced (known, no scenario)
    status: str
    active: int
    in_loop: bool
    scenarios: int
    record: dict

    @property
    def reported(self) -> bool:
        """True for the analysis a check reports at this place."""
        return bool(self.record.get("reported"))

    @property
    def unknown(self) -> Optional[Tuple[str, str]]:
        """(kind, reason) of an unknown offset."""
        u = self.record.get("unknown")
        return (u["kind"], u["reason"]) if u else None

    @property
    def lanes(self) -> Optional[Lanes]:
        """The lanes the checks price: the worst scenario (global), the one
        with the highest degree (shared), a symbolic factor at its sample."""
        return lanes_of(self.record.get("lanes"))

    @property
    def struct(self) -> Optional[dict]:
        return self.record.get("struct")

    @property
    def array(self) -> Optional[dict]:
        return self.record.get("array")

    @property
    def symbolic_stride(self) -> List[str]:
        return list(self.record.get("symbolicStride", []))

    # Global memory: the verdict of the global checks (default policy).
    @property
    def cause(self) -> Optional[str]:
        g = self.record.get("global")
        return g["cause"] if g else None

    @property
    def global_cost(self) -> Optional[Cost]:
        g = self.record.get("global")
        return _cost(g["cost"]) if g else None

    @property
    def fix(self) -> Optional[Tuple[Lanes, Cost]]:
        """The lanes and cost of the layout the cause's fix leads to."""
        g = self.record.get("global") or {}
        f = g.get("fix")
        return (lanes_of(f["lanes"]), _cost(f["cost"])) if f else None

    @property
    def global_verdict(self) -> dict:
        return dict(self.record.get("global") or {})

    # Shared memory: the bank conflict of the priced lanes, and the padding
    # the bank-conflict check's plan gives the array.
    @property
    def shared(self) -> Optional[dict]:
        return self.record.get("shared")

    @property
    def padding(self) -> Optional[dict]:
        s = self.record.get("shared") or {}
        return s.get("padding")

    def per_request(self, name: str) -> Optional[Count]:
        """sectors, transactions (global) or wavefronts (shared) per request."""
        c = (self.record.get("perRequest") or {}).get(name)
        return Count(c["mean"], c["worst"]) if c else None


def lanes_of(value) -> Optional[Lanes]:
    """Lanes from a record's {offsets, mask} object."""
    return Lanes(list(value["offsets"]), int(value["mask"])) if value else None


def _cost(value) -> Cost:
    return Cost(value["transactions"], value["sectors"], value["usefulBytes"],
                value["efficiency"], value["excessSectors"])


def parse_record(message: str) -> dict:
    """The record a remark's message holds; RecordError when it is not one
    this reader knows."""
    try:
        record = json.loads(message)
    except ValueError as error:
        raise RecordError("not a JSON record: %s" % error) from None
    if not isinstance(record, dict) or record.get("schema") != SCHEMA:
        raise RecordError("not a %s record: %.80s" % (SCHEMA, message))
    if record.get("version") != VERSION:
        raise RecordError("%s record version %s; this reader knows version %d"
                          % (SCHEMA, record.get("version"), VERSION))
    if record.get("record") not in ("kernel", "access"):
        raise RecordError("unknown record kind %r" % record.get("record"))
    return record


def _kernel(record: dict, at: Location) -> Kernel:
    block = record["block"]
    shape = block.get("shape")
    arch = record["architecture"]
    return Kernel(at, record["kernel"], block["source"],
                  tuple(shape) if shape else None,
                  Geometry(arch["transactionBytes"], arch["sectorBytes"],
                           arch["banks"], arch["bankWidthBytes"]),
                  arch["name"], bool(record.get("accessesCapped")))


def _access(record: dict, at: Location, kernel: Kernel) -> Access:
    return Access(at, kernel, record["kind"], record["space"],
                  record["expression"], record["width"], record["offset"],
                  record["status"], record["active"], record["inLoop"],
                  record["scenarios"], record)


def read(remarks: Iterable[Tuple[Location, str]]) -> List[Kernel]:
    """Kernels with their accesses from (location, message) pairs, in any
    order (clang-tidy sorts diagnostics by place): an access names the
    index of its kernel's record."""
    kernels: Dict[int, Kernel] = {}
    accesses = []
    for at, message in remarks:
        record = parse_record(message)
        if record["record"] == "kernel":
            kernels[record["index"]] = _kernel(record, at)
        else:
            accesses.append((at, record))
    for at, record in accesses:
        kernel = kernels.get(record["kernelIndex"])
        if kernel is None:
            raise RecordError("access record of kernel %r with no kernel "
                              "record" % record["kernel"])
        kernel.accesses.append(_access(record, at, kernel))
    return [kernels[i] for i in sorted(kernels)]


def read_text(text: str) -> List[Kernel]:
    """The records in gpumem-tidy's printed output (other lines skipped)."""
    remarks = []
    for line in text.splitlines():
        match = _REMARK.match(line)
        if match:
            remarks.append((Location(match["path"], int(match["line"]),
                                     int(match["column"])),
                            match["message"]))
    return read(remarks)


def read_findings(findings) -> List[Kernel]:
    """The records among gpumem_findings.Finding objects (--export-fixes)."""
    return read((Location(f.at.path, f.at.line, f.at.column, f.at.offset),
                 f.message)
                for f in findings if f.rule == DUMP_CHECK and f.at is not None)


def accesses_at(kernels: List[Kernel]) -> Dict[tuple, List[Access]]:
    """Every analysis of each access by (path, byte offset): a device
    function analysed once per call, a template once per instantiation."""
    out: Dict[tuple, List[Access]] = {}
    for kernel in kernels:
        for access in kernel.accesses:
            if access.at.offset is not None:
                out.setdefault((access.at.path, access.at.offset),
                               []).append(access)
    return out


def reported(analyses: List[Access], space: str,
             check: Optional[str] = None) -> Optional[Access]:
    """Of the analyses of one location, the one a check reports there: the
    record's `reported` flag, which the checks' own selection sets
    (docs/access-record.md). For global memory, `check` names the global
    check (each may report its own analysis of one location)."""
    for access in analyses:
        if access.space != space or not access.reported:
            continue
        if check is None or access.global_verdict.get("check") == check:
            return access
    return None
