#!/usr/bin/env python3
"""An HTML report of what gpumem-tidy found, with the seed's figures.

    gpumem-report.py -o report.html -- gpumem-tidy [options] kernel.cu ...

One self-contained file (inline CSS, SVG and a few lines of script; nothing
is fetched) listing every finding with its numbers and notes, each with a
figure:

- global accesses: one strip per warp, the 32 lanes' requested bytes in
  lane colours inside the 128-byte blocks that are fetched (boxes, the
  32-byte sectors moved shaded), and beside it the strip of the layout the
  check suggests (consecutive elements, structure of arrays, an aligned
  base, a full warp);
- bank conflicts: the 32 banks with each lane's word, stacked where lanes
  queue on one bank, and the padded array's banks beside them;
- arithmetic intensity: the roofline, with the kernel left of the ridge.

The tool runs twice: once as given (the findings, exactly as configured),
once with only debug-gpumem-access-dump and its LaneOffsets option (the
per-lane offsets the figures are drawn from), joined on the location both
report at. docs/integrations/report.md has the details.
"""

import argparse
import datetime
import html
import json
import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional

# realpath: run through a link in <prefix>/bin, the modules are beside the
# script, not the link.
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ next to the tools
import gpumem_findings as gf  # noqa: E402

import gpumem_record as gr  # noqa: E402

WARP = 32
Geometry = gr.Geometry


def dump_command(command: List[str]) -> List[str]:
    """The user's command with only the access dump, writing its record.

    The configuration (.clang-tidy files, or the user's --config) is kept,
    so the hardware options the checks used price the dump too."""
    config_text = gf.option_value(command, "config")
    config_file = gf.option_value(command, "config-file")
    config = {}
    if config_text or config_file:
        import yaml
        if config_file:
            config_text = Path(config_file).read_text(encoding="utf-8")
        config = yaml.safe_load(config_text) or {}
    else:
        config["InheritParentConfig"] = True
    options = config.get("CheckOptions") or {}
    if isinstance(options, list):  # the older list-of-{key, value} form
        options = {o["key"]: o["value"] for o in options}
    options[gr.FORMAT_OPTION] = "json"
    config["CheckOptions"] = options
    stripped = gf.drop_options(command, {
        "checks", "config", "config-file", "export-fixes",
        "warnings-as-errors"})
    stripped = [a for a in stripped
                if a not in ("--fix", "-fix", "--fix-errors", "-fix-errors",
                             "--fix-notes", "-fix-notes")]
    return gf.with_options(stripped, ["--checks=-*," + gr.DUMP_CHECK,
                                      "--config=" + json.dumps(config)])


# --- What the figures draw -------------------------------------------------
#
# Every number a figure prints is the record's (the model's, in C++); the
# lanes say only where to draw each lane's bytes.


def touched_blocks(lanes: gr.Lanes, width, geometry: Geometry):
    """(blocks, sectors) the lanes' bytes fall in: where to draw boxes."""
    touched = set()
    for lane in range(WARP):
        if lanes.active(lane):
            touched.update(range(lanes.offsets[lane],
                                 lanes.offsets[lane] + width))
    return (sorted({b // geometry.transaction for b in touched}),
            sorted({b // geometry.sector for b in touched}))


FIX_LABELS = {
    "stride": "consecutive elements",
    "symbolic-stride": "the factor at 1",
    "array-of-structs": "structure of arrays",
    "partial-warp": "all 32 lanes",
}


def fix_label(access: gr.Access, message: str = "") -> str:
    """What the fix in the record is, in the figure's words: the advice
    the finding's \p message gives."""
    verdict = access.global_verdict
    cause = verdict.get("cause")
    if cause == "misaligned":
        return "aligned to a %d-byte block" % access.kernel.geometry.transaction
    if verdict.get("rowsSpanned", 0) > 1:
        # A warp over several rows: the fix keeps it in one, whatever the
        # cause (a constant stride or a symbolic one).
        wide = "a block %d threads wide" % WARP
        return wide if wide in message else "consecutive elements"
    return FIX_LABELS.get(cause, "consecutive elements")


@dataclass
class BankPicture:
    phase: int
    phases: int
    first_lane: int
    last_lane: int
    # bank -> list of (word, [lanes]) in word order
    banks: Dict[int, list]
    # The record's: the phase's degree and the bank the most lanes queue on.
    degree: int
    worst_bank: int


def bank_picture(lanes: gr.Lanes, width, geometry: Geometry,
                 conflict: dict) -> BankPicture:
    """The words each lane of the record's worst phase touches, by bank;
    \\p conflict is the record's "shared" or "padding" object."""
    phase, phases = conflict["worstPhase"], conflict["phases"]
    per_phase = WARP // phases
    banks: Dict[int, Dict[int, list]] = {}
    for lane in range(phase * per_phase, (phase + 1) * per_phase):
        if not lanes.active(lane):
            continue
        first = lanes.offsets[lane] // geometry.bank_width
        last = (lanes.offsets[lane] + width - 1) // geometry.bank_width
        for word in range(first, last + 1):
            banks.setdefault(word % geometry.banks, {}).setdefault(
                word, []).append(lane)
    return BankPicture(phase, phases, phase * per_phase,
                       (phase + 1) * per_phase - 1,
                       {b: sorted(words.items()) for b, words in banks.items()},
                       conflict["degree"], conflict["worstBank"])


# --- Drawing ----------------------------------------------------------------


def lane_color(lane: int) -> str:
    return "hsl(%d,75%%,48%%)" % round(lane * 300 / (WARP - 1))


def esc(text) -> str:
    return html.escape(str(text), quote=True)


BLOCK_PX = 160
BLOCKS_PER_ROW = 4
ROW_PX = 62
BOX_TOP = 16
BOX_PX = 34


def strip_svg(lanes: gr.Lanes, width, geometry: Geometry, role: str):
    """One warp's strip: the fetched blocks as boxes, sectors moved shaded,
    each lane's bytes in its colour."""
    blocks, sectors = touched_blocks(lanes, width, geometry)
    mask = lanes.mask
    lanes = lanes.offsets
    scale = BLOCK_PX / geometry.transaction
    parts = []
    positions = {}
    x = row = 0
    row_widths = []
    previous = None
    for i, block in enumerate(blocks):
        if i and i % BLOCKS_PER_ROW == 0:
            row_widths.append(x)
            row += 1
            x = 0
        adjacent = previous is not None and block == previous + 1
        gap = 6 if adjacent or previous is None else 22
        if i % BLOCKS_PER_ROW == 0:
            gap = 4 if previous is None or adjacent else 22
        if previous is not None and not adjacent:
            parts.append('<text class="skip" x="%d" y="%d">&#8943;</text>'
                         % (x + gap / 2 - 6, row * ROW_PX + BOX_TOP + 22))
        x += gap
        positions[block] = (x, row * ROW_PX)
        x += BLOCK_PX
        previous = block
    row_widths.append(x)
    total_width = max(row_widths) + 8
    total_height = (row + 1) * ROW_PX

    sectors_per_block = geometry.transaction // geometry.sector
    used_sectors = set(sectors)
    for block, (bx, by) in positions.items():
        top = by + BOX_TOP
        parts.append('<rect class="block" x="%d" y="%d" width="%d" height="%d">'
                     '<title>block at byte %d</title></rect>'
                     % (bx, top, BLOCK_PX, BOX_PX, block * geometry.transaction))
        for s in range(sectors_per_block):
            sector = block * sectors_per_block + s
            sx = bx + s * geometry.sector * scale
            if sector in used_sectors:
                parts.append('<rect class="sector-used" x="%.1f" y="%d" '
                             'width="%.1f" height="%d"/>'
                             % (sx, top, geometry.sector * scale, BOX_PX))
            if s:
                parts.append('<line class="sector-line" x1="%.1f" y1="%d" '
                             'x2="%.1f" y2="%d"/>'
                             % (sx, top, sx, top + BOX_PX))
        parts.append('<text class="addr" x="%d" y="%d">%d</text>'
                     % (bx + 1, by + BOX_TOP - 4, block * geometry.transaction))
    for lane in range(WARP):
        if not (mask >> lane) & 1:
            continue
        start, end = lanes[lane], lanes[lane] + width
        while start < end:
            block = start // geometry.transaction
            stop = min(end, (block + 1) * geometry.transaction)
            bx, by = positions[block]
            parts.append(
                '<rect class="lane" data-lane="%d" x="%.1f" y="%d" width="%.1f"'
                ' height="%d" fill="%s"><title>lane %d: bytes [%d, %d)</title>'
                '</rect>'
                % (lane, bx + (start - block * geometry.transaction) * scale,
                   by + BOX_TOP + 5, max(1.5, (stop - start) * scale),
                   BOX_PX - 10, lane_color(lane), lane, lanes[lane],
                   lanes[lane] + width))
            start = stop
    svg = ('<svg class="strip %s" xmlns="http://www.w3.org/2000/svg" '
           'width="%d" height="%d" viewBox="0 0 %d %d" role="img">%s</svg>'
           % (role, total_width, total_height, total_width, total_height,
              "".join(parts)))
    return svg


def strip_panel(title, lanes: gr.Lanes, width, geometry, role,
                cost: gr.Cost):
    """A strip with the record's cost of those lanes as its caption."""
    svg = strip_svg(lanes, width, geometry, role)
    active = bin(lanes.mask).count("1")
    caption = ("%d transaction%s, %d sectors: %d of %d bytes used "
               "(%.1f%%), %d active lane%s"
               % (cost.transactions, "" if cost.transactions == 1 else "s",
                  cost.sectors, cost.useful_bytes,
                  cost.transactions * geometry.transaction,
                  100 * cost.efficiency, active,
                  "" if active == 1 else "s"))
    return ('<div class="panel %s" data-transactions="%d" data-sectors="%d">'
            '<div class="panel-title">%s</div>%s<div class="panel-caption">%s'
            '</div></div>' % (role, cost.transactions, cost.sectors,
                              esc(title), svg, esc(caption)))


CELL_W = 21
CELL_H = 17


def banks_svg(picture: BankPicture, geometry: Geometry, role: str):
    rows = max([1, picture.degree] +
               [len(words) for words in picture.banks.values()])
    width = geometry.banks * CELL_W + 40
    height = rows * CELL_H + 34
    parts = []
    worst = picture.worst_bank if picture.degree > 1 else None
    for bank in range(geometry.banks):
        x = 34 + bank * CELL_W
        cls = "bank worst-bank" if bank == worst else "bank"
        parts.append('<rect class="%s" x="%d" y="16" width="%d" height="%d"/>'
                     % (cls, x, CELL_W, rows * CELL_H))
        if bank % 4 == 0 or bank == worst:
            parts.append('<text class="bank-label" x="%d" y="12">%d</text>'
                         % (x + 2, bank))
        for depth, (word, lanes) in enumerate(picture.banks.get(bank, [])):
            y = 16 + depth * CELL_H
            label = (str(lanes[0]) if len(lanes) == 1 else
                     "%d+%d" % (lanes[0], len(lanes) - 1))
            parts.append(
                '<rect class="word" data-lane="%d" x="%d" y="%d" width="%d" '
                'height="%d" fill="%s"><title>word %d (byte %d), lanes %s'
                '</title></rect><text class="word-label" x="%d" y="%d">%s'
                '</text>'
                % (lanes[0], x + 1, y + 1, CELL_W - 2, CELL_H - 2,
                   lane_color(lanes[0]), word, word * geometry.bank_width,
                   ", ".join(map(str, lanes)), x + 3, y + 12, esc(label)))
    if worst is not None:
        # On top of the words, so the queue stands out.
        parts.append('<rect class="worst-outline" x="%d" y="15" width="%d" '
                     'height="%d"/>' % (34 + worst * CELL_W - 1, CELL_W + 2,
                                        rows * CELL_H + 2))
    parts.append('<text class="axis" x="0" y="12">bank</text>')
    parts.append('<text class="axis" x="0" y="%d">words</text>' % (16 + 12))
    return ('<svg class="banks %s" xmlns="http://www.w3.org/2000/svg" '
            'width="%d" height="%d" viewBox="0 0 %d %d" role="img">%s</svg>'
            % (role, width, height, width, height, "".join(parts)))


def bank_panel(title, lanes: gr.Lanes, width, geometry, role, conflict):
    picture = bank_picture(lanes, width, geometry, conflict)
    phase = ("" if picture.phases == 1 else
             ", phase %d of %d (lanes %d-%d)"
             % (picture.phase + 1, picture.phases, picture.first_lane,
                picture.last_lane))
    if picture.degree > 1:
        caption = ("%d-way conflict on bank %d: %d cycles%s"
                   % (picture.degree, picture.worst_bank, picture.degree, phase))
    else:
        caption = "conflict-free: 1 cycle%s" % phase
    return ('<div class="panel %s" data-degree="%d"><div class="panel-title">'
            '%s</div>%s<div class="panel-caption">%s</div></div>'
            % (role, picture.degree, esc(title),
               banks_svg(picture, geometry, role), esc(caption)))


def roofline_svg(intensity: float, balance: float) -> str:
    """Attainable fraction of peak against intensity, log2 axes."""
    import math
    lo = min(intensity, balance) / 8
    hi = max(intensity, balance) * 8
    w, h, left, bottom = 460, 200, 40, 30

    def px(i):
        return left + (math.log2(i) - math.log2(lo)) / \
            (math.log2(hi) - math.log2(lo)) * (w - left - 10)

    def py(fraction):
        low = math.log2(lo / balance)
        return 10 + (0 - math.log2(fraction)) / (0 - low) * (h - bottom - 10)

    ridge = px(balance)
    parts = [
        '<line class="axis-line" x1="%d" y1="%d" x2="%d" y2="%d"/>'
        % (left, h - bottom, w - 10, h - bottom),
        '<line class="axis-line" x1="%d" y1="10" x2="%d" y2="%d"/>'
        % (left, left, h - bottom),
        '<polyline class="roof" points="%.1f,%.1f %.1f,%.1f %.1f,%.1f"/>'
        % (px(lo), py(lo / balance), ridge, py(1), w - 10, py(1)),
        '<line class="ridge" x1="%.1f" y1="10" x2="%.1f" y2="%d"/>'
        % (ridge, ridge, h - bottom),
        '<text class="axis" x="%.1f" y="%d">balance %g</text>'
        % (ridge + 4, h - bottom - 6, balance),
    ]
    # Tick values: powers of two on the intensity axis, fractions of peak
    # on the other, each labelled.
    for e in range(math.ceil(math.log2(lo)), math.floor(math.log2(hi)) + 1):
        x = px(2.0 ** e)
        parts.append('<line class="tick" x1="%.1f" y1="%d" x2="%.1f" y2="%d"/>'
                     '<text class="tick-label" x="%.1f" y="%d">%g</text>'
                     % (x, h - bottom, x, h - bottom + 4, x - 6,
                        h - bottom + 14, 2.0 ** e))
    for e in range(0, math.floor(math.log2(lo / balance)) - 1, -2):
        y = py(2.0 ** e)
        if y > h - bottom - 12:  # would sit on the intensity axis' labels
            break
        parts.append('<line class="tick" x1="%d" y1="%.1f" x2="%d" y2="%.1f"/>'
                     '<text class="tick-label" x="%d" y="%.1f">%.3g%%</text>'
                     % (left - 4, y, left, y, 2, y + 4, 100 * 2.0 ** e))
    fraction = min(1.0, intensity / balance)
    parts.append('<circle class="kernel-point" cx="%.1f" cy="%.1f" r="6">'
                 '<title>intensity %g FLOP/byte</title></circle>'
                 % (px(intensity), py(fraction), intensity))
    parts.append('<text class="axis" x="%.1f" y="%.1f">I = %g</text>'
                 % (px(intensity) + 9, py(fraction) + 4, intensity))
    parts.append('<text class="axis" x="%d" y="%d">FLOP/byte (log)</text>'
                 % (w - 120, h - 2))
    return ('<svg class="roofline" xmlns="http://www.w3.org/2000/svg" '
            'width="%d" height="%d" viewBox="0 0 %d %d" role="img">%s</svg>'
            % (w, h, w, h, "".join(parts)))


def reported_analysis(finding: gf.Finding,
                      analyses: List[gr.Access]) -> Optional[gr.Access]:
    """The analysis of the finding's access that the finding reports."""
    if finding.rule == "gpumem-bank-conflict":
        return gr.reported(analyses, "shared")
    return gr.reported(analyses, "global", finding.rule)


def figure_for(finding: gf.Finding, analyses: List[gr.Access]) -> str:
    numbers = finding.numbers
    # What the message says, next to what the figure draws: the browser
    # test holds them equal.
    attrs = 'data-rule="%s"' % esc(finding.rule) + "".join(
        ' data-message-%s="%s"' % (key, esc(numbers[key]))
        for key in ("transactions", "degree") if key in numbers)
    access = reported_analysis(finding, analyses)
    if access and access.space == "global" and access.lanes:
        geometry = access.kernel.geometry
        cost = access.global_cost
        written = strip_panel("as written", access.lanes, access.width,
                              geometry, "written", cost)
        fixed, fixed_transactions, label = "", cost.transactions, ""
        if access.fix:
            fix_lanes, fix_cost = access.fix
            label = fix_label(access, finding.message)
            fixed = strip_panel("fixed: " + label, fix_lanes, access.width,
                                geometry, "fixed", fix_cost)
            fixed_transactions = fix_cost.transactions
        caption = ("One warp of '%s' (%d-byte %s): coloured bars are the "
                   "bytes each lane asks for, boxes the %d-byte blocks "
                   "fetched, shading the %d-byte sectors moved. %d "
                   "transaction%s as written%s."
                   % (access.expression, access.width, access.kind,
                      geometry.transaction, geometry.sector,
                      cost.transactions,
                      "" if cost.transactions == 1 else "s",
                      ", %d %s" % (fixed_transactions, label) if label
                      else ""))
        return ('<figure class="gpumem-figure" data-kind="global" %s '
                'data-transactions="%d" data-fixed-transactions="%d">'
                '<div class="panels">%s%s</div><figcaption>%s</figcaption>'
                '</figure>' % (attrs, cost.transactions, fixed_transactions,
                               written, fixed, esc(caption)))
    if access and access.space == "shared" and access.lanes:
        geometry = access.kernel.geometry
        written = bank_panel("as written", access.lanes, access.width,
                             geometry, "written", access.shared)
        padded = ""
        padding = access.padding
        if padding and padding.get("lanes"):
            dims = "".join("[%d]" % d for d in padding["dims"])
            padded = bank_panel("padded to " + dims,
                                gr.lanes_of(padding["lanes"]), access.width,
                                geometry, "fixed", padding)
        caption = ("The %d banks of shared memory (%d bytes wide) for '%s': "
                   "each cell is a word a lane reads, stacked where lanes "
                   "queue on one bank; the cell's number is the lane "
                   "(\"3+1\": lane 3 and one more on the same word)."
                   % (geometry.banks, geometry.bank_width, access.expression))
        sample = (access.shared or {}).get("sample")
        if sample:
            # A symbolic factor: drawn at the value the finding names.
            caption += (" Drawn with '%s' = %d, the value the finding names."
                        % (sample["symbol"], sample["value"]))
        return ('<figure class="gpumem-figure" data-kind="shared" %s '
                'data-degree="%d"><div class="panels">%s%s</div>'
                '<figcaption>%s</figcaption></figure>'
                % (attrs, access.shared["degree"], written, padded,
                   esc(caption)))
    if "intensity" in numbers and "balance" in numbers:
        intensity, balance = numbers["intensity"], numbers["balance"]
        caption = ("Roofline: at %g FLOP/byte the kernel can reach at most "
                   "%.0f%% of peak; the ridge is at the machine balance, %g."
                   % (intensity, 100 * min(1.0, intensity / balance), balance))
        return ('<figure class="gpumem-figure" data-kind="roofline" %s>%s'
                '<figcaption>%s</figcaption></figure>'
                % (attrs, roofline_svg(intensity, balance), esc(caption)))
    return ('<figure class="gpumem-figure" data-kind="none" %s><figcaption>'
            'No per-lane data for this finding.</figcaption></figure>' % attrs)


# --- The page ----------------------------------------------------------------

STYLE = """
body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;
color:#1d2330;background:#f6f7f9}
header{background:#1d2330;color:#fff;padding:14px 24px}
header h1{margin:0;font-size:20px}
header p{margin:4px 0 0;color:#c9d1e0}
main{padding:12px 24px 40px}
.summary{border-collapse:collapse;margin:8px 0 12px;background:#fff}
.summary td,.summary th{border:1px solid #d7dbe3;padding:3px 10px;text-align:left}
.legend{display:flex;align-items:center;gap:2px;margin:6px 0 14px;font-size:11px}
.legend span{display:inline-block;width:18px;height:14px;color:#fff;
text-align:center;border-radius:2px;font-size:10px;line-height:14px}
.filters label{margin-right:14px;font-size:13px}
h2.file{font-size:15px;margin:22px 0 8px;font-family:ui-monospace,monospace}
article.finding{background:#fff;border:1px solid #d7dbe3;border-left:4px solid #d9822b;
border-radius:4px;padding:10px 14px;margin:0 0 14px}
article.finding.error{border-left-color:#c23030}
article.finding h3{margin:0 0 4px;font-size:14px}
.rule{font-family:ui-monospace,monospace;color:#5c6b82;font-weight:normal}
.message{margin:2px 0 6px}
pre.source{background:#f1f3f6;padding:4px 8px;margin:4px 0;overflow:auto;font-size:12px}
.numbers{display:flex;flex-wrap:wrap;gap:6px;margin:6px 0}
.numbers span{background:#eef2f8;border-radius:10px;padding:1px 9px;font-size:12px}
.numbers b{font-weight:600}
ul.notes{margin:4px 0 8px;padding-left:18px;color:#41506a;font-size:13px}
figure{margin:8px 0 0}
.panels{display:flex;flex-wrap:wrap;gap:18px;align-items:flex-start}
.panel{border:1px solid #e1e4ea;border-radius:4px;padding:6px 8px;background:#fcfcfd}
.panel.fixed{border-color:#9fd4a9;background:#f6fcf7}
.panel-title{font-weight:600;font-size:12px;margin-bottom:2px}
.panel-caption{font-size:12px;color:#41506a}
figcaption{font-size:12px;color:#5c6b82;margin-top:4px;max-width:1100px}
svg text{font:10px ui-monospace,monospace;fill:#41506a}
svg .addr{font-size:9px}
svg .skip{font-size:16px;fill:#8a94a6}
.block{fill:#fff;stroke:#2b3445;stroke-width:1.2}
.sector-used{fill:#dbe7fb}
.sector-line{stroke:#9aa6bb;stroke-dasharray:2 2}
.lane{stroke:#fff;stroke-width:0.3}
.bank{fill:#fff;stroke:#e1e4ea}
.worst-bank{fill:#fde8e8;stroke:#c23030}
.worst-outline{fill:none;stroke:#c23030;stroke-width:2}
.word{stroke:#fff;stroke-width:0.5}
.word-label{font-size:9px;fill:#fff}
.bank-label{font-size:9px}
.roof{fill:none;stroke:#2b3445;stroke-width:2}
.ridge{stroke:#c23030;stroke-dasharray:4 3}
.axis-line{stroke:#8a94a6}
.tick{stroke:#8a94a6}
.tick-label{font-size:9px;fill:#5a6478}
.kernel-point{fill:#d9822b;stroke:#fff;stroke-width:1.5}
.hidden{display:none}
.lane.dim,.word.dim{opacity:.15}
"""

SCRIPT = """
(function () {
  var boxes = document.querySelectorAll('.filters input');
  function apply() {
    var shown = {};
    boxes.forEach(function (b) { shown[b.value] = b.checked; });
    document.querySelectorAll('article.finding').forEach(function (a) {
      a.classList.toggle('hidden', shown[a.dataset.rule] === false);
    });
  }
  boxes.forEach(function (b) { b.addEventListener('change', apply); });
  // Hovering a lane highlights the same lane in every panel of a figure.
  document.querySelectorAll('figure').forEach(function (fig) {
    var marks = fig.querySelectorAll('[data-lane]');
    marks.forEach(function (m) {
      m.addEventListener('mouseenter', function () {
        marks.forEach(function (o) {
          o.classList.toggle('dim', o.dataset.lane !== m.dataset.lane);
        });
      });
      m.addEventListener('mouseleave', function () {
        marks.forEach(function (o) { o.classList.remove('dim'); });
      });
    });
  });
  document.body.dataset.figures =
      String(document.querySelectorAll('figure.gpumem-figure').length);
})();
"""


def numbers_html(numbers: Dict[str, float]) -> str:
    names = [("transactions", "transactions / warp", ""),
             ("efficiency", "efficiency", "%"),
             ("sectors", "sectors", ""),
             ("strideBytes", "stride", " B"),
             ("degree", "bank conflict", "-way"),
             ("intensity", "intensity", " FLOP/B"),
             ("balance", "machine balance", " FLOP/B")]
    spans = ['<span data-number="%s">%s <b>%s%s</b></span>'
             % (key, esc(label), esc(numbers[key]), esc(unit))
             for key, label, unit in names if key in numbers]
    return '<div class="numbers">%s</div>' % "".join(spans) if spans else ""


def figure_left_out(finding: gf.Finding, limit: int) -> str:
    return ('<figure class="gpumem-figure" data-kind="left-out" '
            'data-rule="%s"><figcaption>Figure left out: the first %d '
            'findings of this check have one (--max-figures-per-check).'
            '</figcaption></figure>' % (esc(finding.rule), limit))


def render(findings: List[gf.Finding], facts: Dict[tuple, List[gr.Access]],
           root: Path, title: str, version: Optional[str],
           max_figures: int = 100) -> str:
    shown = [f for f in findings if f.level in ("warning", "error")
             and f.rule != gr.DUMP_CHECK
             and not gf.is_analysis_diagnostic(f.rule)]

    def display_path(path):
        try:
            return Path(path).resolve().relative_to(root).as_posix()
        except ValueError:
            return path

    by_rule: Dict[str, int] = {}
    for f in shown:
        by_rule[f.rule] = by_rule.get(f.rule, 0) + 1
    # A large project's run has thousands of findings: figures (the bulk of
    # the page and of its time) for the first max_figures of each check.
    drawn: Dict[str, int] = {}
    # The figures drawn, by check: a finding with no per-lane data (or
    # past the limit) has none, and is not counted as having one.
    pictured: Dict[str, int] = {}
    filters = "".join('<label><input type="checkbox" value="%s" checked> %s'
                      '</label>' % (esc(rule), esc(rule))
                      for rule in sorted(by_rule))
    legend = "".join('<span style="background:%s">%d</span>'
                     % (lane_color(l), l) for l in range(WARP))

    # What the analysis could not see (a header not found, a kernel
    # template never instantiated): listed apart, not counted as findings.
    unseen = [f for f in findings if gf.is_analysis_diagnostic(f.rule)]
    body = []
    if unseen:
        body.append('<ul class="analysis-notes">%s</ul>' % "".join(
            '<li>%s%s <span class="rule">[%s]</span></li>' % (
                esc("%s:%d:%d: " % (display_path(f.at.path), f.at.line,
                                    f.at.column)) if f.at else "",
                esc(f.message), esc(f.rule)) for f in unseen))
    current = None
    for index, f in enumerate(sorted(
            shown, key=lambda f: (display_path(f.at.path) if f.at else "",
                                  f.at.offset if f.at else 0)), start=1):
        path = display_path(f.at.path) if f.at else "(no file)"
        if path != current:
            body.append('<h2 class="file">%s</h2>' % esc(path))
            current = path
        where = "%d:%d" % (f.at.line, f.at.column) if f.at else ""
        analyses = facts.get((f.at.path, f.at.offset), []) if f.at else []
        drawn[f.rule] = drawn.get(f.rule, 0) + 1
        figure = (figure_for(f, analyses) if drawn[f.rule] <= max_figures
                  else figure_left_out(f, max_figures))
        if not re.search(r'data-kind="(none|left-out)"', figure):
            pictured[f.rule] = pictured.get(f.rule, 0) + 1
        # A note in another file (a header, the launch in another .cu)
        # names that file; one in the finding's file needs only its line.
        notes = "".join(
            "<li>%s%s</li>" % (
                esc("%s%d:%d: " % (
                    "" if f.at and n.at.path == f.at.path
                    else display_path(n.at.path) + ":",
                    n.at.line, n.at.column)) if n.at else "",
                esc(n.message)) for n in f.notes)
        body.append(
            '<article class="finding %s" id="finding-%d" data-rule="%s">'
            '<h3>%s <span class="rule">[%s]</span></h3>'
            '<p class="message">%s</p>%s%s%s%s</article>'
            % (f.level, index, esc(f.rule), esc(where), esc(f.rule),
               esc(f.message),
               '<pre class="source">%s</pre>' % esc(f.source_line)
               if f.source_line else "",
               numbers_html(f.numbers),
               '<ul class="notes">%s</ul>' % notes if notes else "",
               figure))
    if not shown:
        body.append('<p class="none">No findings.</p>')
    summary = "".join('<tr><td class="rule">%s</td><td>%d</td><td>%d</td></tr>'
                      % (esc(rule), count, pictured.get(rule, 0))
                      for rule, count in sorted(by_rule.items()))

    stamp = datetime.datetime.now(datetime.timezone.utc).strftime(
        "%Y-%m-%d %H:%M UTC")
    return """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%(title)s</title><style>%(style)s</style></head>
<body>
<header><h1>%(title)s</h1><p>gpumem-tidy %(version)s &middot; %(count)d finding%(s)s &middot; %(stamp)s</p></header>
<main>
<table class="summary"><tr><th>check</th><th>findings</th><th>with figures</th></tr>%(summary)s</table>
<div class="filters">%(filters)s</div>
<div class="legend">lanes&nbsp;%(legend)s</div>
%(body)s
</main>
<script>%(script)s</script>
</body></html>
""" % {"title": esc(title), "style": STYLE, "version": esc(version or ""),
       "count": len(shown), "s": "" if len(shown) == 1 else "s",
       "stamp": stamp, "summary": summary, "filters": filters,
       "legend": legend, "body": "\n".join(body), "script": SCRIPT}


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--" not in argv:
        argv += ["--help"]
        command = []
    else:
        cut = argv.index("--")
        argv, command = argv[:cut], argv[cut + 1:]
    parser = argparse.ArgumentParser(
        usage="%(prog)s -o report.html [options] -- <gpumem-tidy command>",
        description="An HTML report of gpumem-tidy's findings with warp "
                    "figures.")
    parser.add_argument("-o", "--output", required=True,
                        help="HTML file to write")
    parser.add_argument("--title", default="gpumem-tidy report")
    parser.add_argument("--source-root",
                        help="paths are shown relative to it (default: cwd)")
    parser.add_argument("--max-figures-per-check", type=int, default=100,
                        metavar="N",
                        help="draw figures for the first N findings of each "
                             "check, in the page's order; the others say so "
                             "(default: 100; 0: none)")
    args = parser.parse_args(argv)
    if args.max_figures_per_check < 0:
        parser.error("--max-figures-per-check must be 0 or more")
    if not command:
        parser.error("give the command after `--`")

    files = gf.SourceFiles()
    # Two runs of the tool: long on a project, so each is said as it
    # starts, and each file as the tool reaches it.
    sys.stderr.write("gpumem-report: 1 of 2: the findings\n")
    sys.stderr.flush()
    run = gf.run_tool(command, files, progress="gpumem-report")
    sys.stderr.write("gpumem-report: 2 of 2: the access records the figures "
                     "are drawn from\n")
    sys.stderr.flush()
    dump = gf.run_tool(dump_command(command), files, echo=False,
                       progress="gpumem-report")
    if dump.exit_code != 0 and not dump.findings:
        sys.stderr.write("gpumem-report: the access dump failed (exit %d); "
                         "figures are left out\n%s" % (dump.exit_code,
                                                       dump.stderr[-2000:]))
    try:
        facts = gr.accesses_at(gr.read_findings(dump.findings))
    except gr.RecordError as error:
        sys.stderr.write("gpumem-report: %s; figures are left out\n" % error)
        facts = {}
    root = Path(args.source_root or os.getcwd()).resolve()
    page = render(run.findings, facts, root, args.title, gf.project_version(),
                  args.max_figures_per_check)
    Path(args.output).write_text(page, encoding="utf-8")
    return run.exit_code if run.exit_code >= 0 else 128 - run.exit_code


if __name__ == "__main__":
    gf.run_main(main, "gpumem-report")
