# What the python-chess client tests in this directory share (each script
# imports it: Python puts the script's own directory on sys.path).

import logging
import os
import sys

import chess.engine


class Collect(logging.Handler):
    """Keeps every record logged at WARNING or above: python-chess logs
    there what it found wrong in the engine's output, and any such record
    fails a client test."""

    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.records = []

    def emit(self, record):
        self.records.append(record)


def run_client(option, body, timeout=120):
    """The frame of a client test: starts the engine named on the command
    line, checks that it offers option, runs body(engine, failures), and
    prints every failure, with whatever python-chess logged at WARNING or
    above. Returns the exit status: 0 passed, 1 failed. timeout is how long
    python-chess waits for an answer: generous, for loaded machines."""
    if len(sys.argv) != 2:
        print("usage: %s PATH_TO_ENGINE" % os.path.basename(sys.argv[0]))
        return 1
    collect = Collect()
    logging.getLogger("chess.engine").addHandler(collect)
    failures = []
    with chess.engine.SimpleEngine.popen_uci([sys.argv[1]], timeout=timeout) as engine:
        if option not in engine.options:
            failures.append("no %s option" % option)
        else:
            body(engine, failures)
    failures += ["python-chess logged: %s" % r.getMessage() for r in collect.records]
    for f in failures:
        print("FAIL:", f)
    return 1 if failures else 0
