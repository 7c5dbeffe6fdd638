# What the python-chess client tests in this directory share (each script
# imports it: Python puts the script's own directory on sys.path).

import logging


class Collect(logging.Handler):
    """Keeps every record logged at WARNING or above: python-chess logs
    there what it found wrong in the engine's output, and any such record
    fails a client test."""

    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.records = []

    def emit(self, record):
        self.records.append(record)
