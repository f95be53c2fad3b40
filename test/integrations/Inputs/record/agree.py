"""Compares the text dump's transactions and sectors with the record's,
access by access (location and expression), and counts the differences
and the distinct accesses priced alike."""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "..", "tools"))
sys.dont_write_bytecode = True
import gpumem_record as gr  # noqa: E402

TEXT = re.compile(r"^(?P<path>.+?):(?P<line>\d+):(?P<column>\d+): remark: "
                  r"(?:load|store|read-modify-write) \w+ '(?P<expr>.*)' width "
                  r"\d+;")
COST = re.compile(r"; transactions (\d+), sectors (\d+)")

text_path, record_path = sys.argv[1:]
texts = []
with open(text_path, encoding="utf-8") as f:
    for line in f:
        m = TEXT.match(line.rstrip("\n"))
        if m:
            cost = COST.search(line)
            # An access with no lanes prints zeros; its record no verdict.
            costs = (int(cost[1]), int(cost[2])) if cost and \
                cost[1] != "0" else None
            texts.append((int(m["line"]), int(m["column"]), m["expr"], costs))
records = []
with open(record_path, encoding="utf-8") as f:
    for kernel in gr.read_text(f.read()):
        for a in kernel.accesses:
            c = a.global_cost
            records.append((a.at.line, a.at.column, a.expression,
                            (c.transactions, c.sectors) if c else None))
# clang-tidy prints two identical remarks once (the store of two
# instantiations); the records differ by their kernel's index.
differ = len(set(texts) ^ set(records))
priced = sum(1 for r in set(records) if r[3] and r in set(texts))
print("%d accesses, %d priced alike, %d differ"
      % (len(records), priced, differ))
