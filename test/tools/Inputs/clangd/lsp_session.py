#!/usr/bin/env python3
"""Drives a clangd over LSP on stdin/stdout, the way an editor does.

    lsp_session.py [--timeout S] [--arg=ARG]... [--also=OTHER.cu]...
                   CLANGD FILE.cu [NEW_TEXT]

initialize, initialized, didOpen(FILE.cu), wait for its publishDiagnostics
and print them; with NEW_TEXT (a file), didChange to its text, wait again
and print them; shutdown, exit. clangd publishes again only when the
diagnostics change, so NEW_TEXT must change them. Each diagnostic is printed on one line:

    <phase>: <line>:<col>-<line>:<col> <source> <code> <message>

(lines and columns 1-based, as the compiler prints them), then
"<phase>: N diagnostics". Every wait has a deadline: the script never
hangs; on a timeout or an early exit of clangd it prints why, with the tail
of clangd's log, and exits 1.

With --also, the other files are opened right after FILE.cu, before any
wait, and clangd gets one worker thread per file (-j), so their ASTs and
checks are built at the same time; each file's diagnostics are printed
under "open <basename>".
"""

import argparse
import json
import os
import queue
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request


class LspError(Exception):
    pass


class Session:
    def __init__(self, argv, timeout):
        self.timeout = timeout
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE)
        self.messages = queue.Queue()
        self.passed_over = []
        self.log = []
        self.next_id = 1
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_stdout(self):
        out = self.proc.stdout
        try:
            while True:
                length = None
                while True:
                    line = out.readline()
                    if not line:
                        return
                    line = line.strip()
                    if not line:
                        break
                    name, _, value = line.partition(b":")
                    if name.lower() == b"content-length":
                        length = int(value)
                if length is None:
                    continue
                self.messages.put(json.loads(out.read(length)))
        finally:
            self.messages.put(None)

    def _read_stderr(self):
        for line in self.proc.stderr:
            self.log.append(line.decode("utf-8", "replace").rstrip())

    def send(self, message):
        message["jsonrpc"] = "2.0"
        body = json.dumps(message).encode("utf-8")
        self.proc.stdin.write(
            b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"id": rid, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == rid and "method" not in m,
                         "the reply to " + method)

    def notify(self, method, params):
        self.send({"method": method, "params": params})

    def wait(self, predicate, what):
        # Messages an earlier wait passed over (another file's diagnostics)
        # are looked at first.
        for i, message in enumerate(self.passed_over):
            if predicate(message):
                return self.passed_over.pop(i)
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise LspError("timed out after %gs waiting for %s"
                               % (self.timeout, what))
            try:
                message = self.messages.get(timeout=left)
            except queue.Empty:
                continue
            if message is None:
                raise LspError("clangd exited (status %s) while waiting for %s"
                               % (self.proc.poll(), what))
            if message.get("method") in ("window/workDoneProgress/create",
                                         "client/registerCapability",
                                         "workspace/configuration"):
                # Requests from the server: answer so that it goes on.
                self.send({"id": message["id"], "result": None})
                continue
            if predicate(message):
                return message
            self.passed_over.append(message)

    def close(self):
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
            self.proc.wait(timeout=self.timeout)
        except Exception:  # noqa: BLE001 - closing is best effort
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


FULL_MESSAGES = False


def print_diagnostics(phase, diagnostics):
    def position(d):
        return (d["range"]["start"]["line"], d["range"]["start"]["character"])

    for d in sorted(diagnostics, key=position):
        start, end = d["range"]["start"], d["range"]["end"]
        lines = d["message"].splitlines()
        print("%s: %d:%d-%d:%d %s %s %s" % (
            phase, start["line"] + 1, start["character"] + 1,
            end["line"] + 1, end["character"] + 1, d.get("source", "-"),
            d.get("code", "-"), lines[0]))
        if FULL_MESSAGES:  # the rest: notes clangd folds into the message
            for line in lines[1:]:
                if line.strip():
                    print("%s:   | %s" % (phase, line))
    print("%s: %d diagnostics" % (phase, len(diagnostics)))
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("clangd")
    parser.add_argument("file")
    parser.add_argument("new_text", nargs="?")
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--arg", action="append", default=[],
                        help="an extra argument for clangd")
    parser.add_argument("--also", action="append", default=[],
                        help="another file to open at the same time")
    parser.add_argument("--full", action="store_true",
                        help="print every line of each message")
    parser.add_argument("--server-info", action="store_true",
                        help="print the serverInfo of the initialize reply")
    args = parser.parse_args()
    global FULL_MESSAGES
    FULL_MESSAGES = args.full

    def uri_of(file):
        return urllib.parse.urljoin(
            "file:", urllib.request.pathname2url(os.path.abspath(file)))

    path = os.path.abspath(args.file)
    uri = uri_of(path)
    with open(path) as f:
        text = f.read()

    session = Session([args.clangd, "--background-index=false",
                       "--clang-tidy", "--log=info",
                       "-j=%d" % (1 + len(args.also))] + args.arg,
                      args.timeout)
    try:
        initialized = session.request("initialize", {
            "processId": os.getpid(),
            "rootUri": urllib.parse.urljoin(
                "file:", urllib.request.pathname2url(os.path.dirname(path))),
            "capabilities": {"textDocument": {"publishDiagnostics": {
                "versionSupport": True}}},
        })
        session.notify("initialized", {})
        if args.server_info:
            info = initialized.get("result", {}).get("serverInfo", {})
            print("serverInfo: name %s; version %s" %
                  (info.get("name"), info.get("version")))

        def diagnostics_of(version, of=uri):
            return lambda m: (
                m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == of
                and m["params"].get("version") == version)

        session.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "cuda", "version": 1, "text": text}})
        for other in args.also:
            with open(other) as f:
                session.notify("textDocument/didOpen", {"textDocument": {
                    "uri": uri_of(other), "languageId": "cuda", "version": 1,
                    "text": f.read()}})
        opened = session.wait(diagnostics_of(1), "diagnostics of the file")
        print_diagnostics("open", opened["params"]["diagnostics"])
        for other in args.also:
            published = session.wait(diagnostics_of(1, uri_of(other)),
                                     "diagnostics of " + other)
            print_diagnostics("open " + os.path.basename(other),
                              published["params"]["diagnostics"])
        if args.new_text is None:
            session.close()
            return 0

        with open(args.new_text) as f:
            new_text = f.read()
        session.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"text": new_text}]})
        changed = session.wait(diagnostics_of(2),
                               "diagnostics of the edited file")
        print_diagnostics("change", changed["params"]["diagnostics"])
    except LspError as e:
        print("lsp_session: error: %s" % e)
        session.close()
        print("lsp_session: clangd's log ends with:")
        for line in session.log[-30:]:
            print("  " + line)
        return 1
    session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
