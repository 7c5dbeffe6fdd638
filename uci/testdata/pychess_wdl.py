#!/usr/bin/env python3
# UCI_ShowWDL through a real client (run by TestPythonChessWDL in
# uci/wdl_test.go): python-chess sets UCI_ShowWDL, analyses a few positions
# and reads the "wdl W D L" field of Bounder's info lines into info["wdl"].
# Checks: the field is there, W+D+L is 1000, it agrees with the score's
# sign, it favours the side a queen up (whichever side is to move), a mate
# score comes with 1000 0 0, and with the option off there is no field.
# Anything python-chess logs at WARNING or above, and any exception, fails
# it.
#
# usage: pychess_wdl.py PATH_TO_ENGINE
# Exit status: 0 passed, 1 failed (the reasons on standard output).

import sys

import chess
import chess.engine

from pychess_common import run_client

DEPTH = 8
COMMAND_TIMEOUT = 120  # seconds python-chess waits for an answer: generous, for loaded machines

# (FEN, what the side to move should expect: "win", "loss", "even", "mate")
POSITIONS = [
    (chess.STARTING_FEN, "even"),
    # White is a queen up, White to move, then Black to move.
    ("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3", "win"),
    ("rnb1kbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 3", "loss"),
    # Black is a queen up, Black to move.
    ("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNB1KB1R b KQkq - 1 3", "win"),
    # Mate in one for White: the back-rank mate Re8#.
    ("6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1", "mate"),
]


def check(engine, fen, expect, failures):
    board = chess.Board(fen)
    info = engine.analyse(board, chess.engine.Limit(depth=DEPTH))
    wdl = info.get("wdl")
    if wdl is None:
        failures.append("%s: no wdl in %r" % (fen, info))
        return
    w, d, l = wdl.relative.wins, wdl.relative.draws, wdl.relative.losses
    score = info["score"].relative
    print("%s: score %s, wdl %d %d %d (White's view: %s)" % (fen, score, w, d, l, wdl.white()))
    if w + d + l != 1000 or min(w, d, l) < 0:
        failures.append("%s: wdl %d %d %d does not sum to 1000" % (fen, w, d, l))
    if wdl.turn != board.turn:
        failures.append("%s: wdl of the wrong side" % fen)
    if expect == "win" and not (w > 500 and w > l):
        failures.append("%s: a queen up, wdl %d %d %d" % (fen, w, d, l))
    if expect == "loss" and not (l > 500 and l > w):
        failures.append("%s: a queen down, wdl %d %d %d" % (fen, w, d, l))
    if expect == "even" and not (abs(w - l) < 300):
        failures.append("%s: the start, wdl %d %d %d" % (fen, w, d, l))
    if expect == "mate" and (score.mate() is None or score.mate() <= 0 or (w, d, l) != (1000, 0, 0)):
        failures.append("%s: mate in one, score %s wdl %d %d %d" % (fen, score, w, d, l))
    if score.mate() is None and (score.score() > 0) != (w > l) and score.score() != 0:
        failures.append("%s: score %s and wdl %d %d %d disagree" % (fen, score, w, d, l))


def analyses(engine, failures):
    off = engine.analyse(chess.Board(), chess.engine.Limit(depth=4))
    if "wdl" in off:
        failures.append("wdl without UCI_ShowWDL: %r" % off)
    engine.configure({"UCI_ShowWDL": True})
    for fen, expect in POSITIONS:
        check(engine, fen, expect, failures)


def main():
    return run_client("UCI_ShowWDL", analyses, COMMAND_TIMEOUT)


if __name__ == "__main__":
    sys.exit(main())
