"""Prints what tools/gpumem_record.py reads from a record on stdin, one
line per kernel and per access, for FileCheck."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "..", "tools"))
sys.dont_write_bytecode = True
import gpumem_record as gr  # noqa: E402

for kernel in gr.read_text(sys.stdin.read()):
    print("kernel %s #%d block %s %s; %d accesses; transaction %d" % (
        kernel.name, kernel.accesses[0].record["kernelIndex"]
        if kernel.accesses else -1, kernel.block_source, kernel.block_shape,
        len(kernel.accesses), kernel.geometry.transaction))
    for a in sorted(kernel.accesses, key=lambda a: (a.at.line, a.at.column)):
        line = "  %d:%d %s %s '%s' %s" % (a.at.line, a.at.column, a.kind,
                                          a.space, a.expression, a.status)
        if a.unknown:
            line += " (%s: %s)" % a.unknown
        if a.global_cost:
            line += "; %s %s %d transactions %d sectors" % (
                a.cause, a.global_verdict.get("check", "-"),
                a.global_cost.transactions, a.global_cost.sectors)
        if a.fix:
            line += "; fix %d transactions" % a.fix[1].transactions
        if a.shared:
            line += "; %d-way, %d wavefronts" % (a.shared["degree"],
                                                 a.shared["wavefronts"])
        if a.padding:
            line += "; pad to %s: %d-way" % (a.padding["dims"],
                                             a.padding["degree"])
        if a.reported:
            line += "; reported"
        count = a.per_request("sectors") or a.per_request("wavefronts")
        if count:
            line += "; per request %g (worst %d)" % (count.mean, count.worst)
        print(line)
