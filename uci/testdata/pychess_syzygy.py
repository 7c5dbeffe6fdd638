#!/usr/bin/env python3
# Syzygy play through a real client (run by TestPythonChessSyzygy in
# uci/e2e_syzygy_test.go). python-chess sets Bounder's SyzygyPath to the
# project's 3- and 4-piece tables (syzygy/testdata) and lets it play the
# winning side of won endings against a perfect defender: python-chess's own
# Syzygy prober (chess.syzygy), an implementation independent of Bounder's,
# picks the defence that loses slowest (largest DTZ). Every move Bounder plays
# must keep the win by python-chess's tables, and the game must end in mate
# within the fifty-move rule; the info lines of a win must report tbhits.
# Then the other way: in a drawn ending Bounder, with the tables, must never
# play into a loss.
# Anything python-chess logs at WARNING or above, and any exception, fails it.
#
# usage: pychess_syzygy.py PATH_TO_ENGINE
# Exit status: 0 passed, 1 failed (the reasons on standard output).

import os
import sys

import chess
import chess.engine
import chess.syzygy

from pychess_common import run_client

MOVE_TIME = 0.05       # seconds per move: the tables, not the search, must win
MAX_PLIES = 200        # a 4-piece win needs at most a few dozen moves with DTZ play
COMMAND_TIMEOUT = 120  # seconds python-chess waits for an answer: generous, for loaded machines

TABLES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "syzygy", "testdata")

# Won for the side to move (by the tables; checked below), chosen so that the
# search alone, at 50 ms a move, has work to do: KQvKR and KRvK need a plan,
# KPvK a careful king, KBNvK is the hard one (33 moves to mate at worst).
WINS = [
    "8/8/k7/8/8/3r4/8/4KQ2 w - - 0 1",     # KQvKR
    "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",      # KRvK
    "8/5k2/8/8/8/8/1P6/1K6 w - - 0 1",     # KPvK: the pawn runs with its king
    "3k4/8/4K3/4P3/8/8/8/8 w - - 0 1",     # KPvK: opposition decides
    "8/8/8/3k4/8/8/8/2BNK3 w - - 0 1",     # KBNvK: mate in the right corner
]

# Drawn for the side to move: Bounder, with the tables, must hold the draw
# against the same perfect opponent (who plays its best DTZ move).
DRAWS = [
    "8/8/8/8/8/k7/2p5/2K5 w - - 0 1",      # KvKP: the king in front of the pawn
    "8/8/4k3/8/8/8/3RK3/7r w - - 0 1",     # KRvKR
    "8/8/8/8/8/8/1pk5/4K2R w - - 0 1",     # KRvKP: only some rook moves hold
]


def defend(tb, board):
    """The tables' best move for the side to move: the best WDL, then the
    slowest loss (largest DTZ) or the fastest win."""
    best, best_key = None, None
    for move in board.legal_moves:
        board.push(move)
        wdl = -tb.probe_wdl(board)
        dtz = tb.probe_dtz(board)
        board.pop()
        # Higher is better for the mover: win first, then draw, then loss;
        # among wins the shortest DTZ, among losses the longest.
        key = (wdl, -abs(dtz) if wdl > 0 else abs(dtz))
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best


def play(engine, tb, fen, want, failures):
    """Bounder moves for the side to move in fen; the tables defend. want is
    the WDL (2 win, 0 draw) Bounder must keep."""
    board = chess.Board(fen)
    side = board.turn
    start = tb.probe_wdl(board)
    if (start > 0) != (want > 0) or (want == 0 and start != 0):
        failures.append("%s: the tables say WDL %d, the test wants %d" % (fen, start, want))
        return
    tbhits = 0
    while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
        if board.turn == side:
            result = engine.play(board, chess.engine.Limit(time=MOVE_TIME), info=chess.engine.INFO_ALL, game=fen)
            move = result.move
            if move is None or move not in board.legal_moves:
                failures.append("%s, ply %d: %s is not a legal move in %s" % (fen, board.ply(), move, board.fen()))
                return
            tbhits = max(tbhits, result.info.get("tbhits", 0))
            board.push(move)
            if board.is_game_over():
                break
            after = -tb.probe_wdl(board)
            if (want > 0 and after <= 0) or (want == 0 and after < 0):
                failures.append("%s: %s threw the result away (WDL %d after it) in %s" % (
                    fen, move, after, board.fen()))
                return
        else:
            board.push(defend(tb, board))
    outcome = board.outcome(claim_draw=True)
    line = chess.Board(fen).variation_san(board.move_stack)
    print("%s: %d plies, %s (%s): %s" % (fen, board.ply(), board.result(claim_draw=True),
                                        outcome.termination.name if outcome else "unfinished", line))
    if tbhits == 0 and want > 0:
        failures.append("%s: no tbhits in Bounder's info" % fen)
    if want > 0:
        if outcome is None or outcome.winner != side:
            failures.append("%s: not won in %d plies" % (fen, board.ply()))
    elif outcome is not None and outcome.winner is not None and outcome.winner != side:
        failures.append("%s: lost a drawn ending" % fen)


def endings(engine, failures):
    engine.configure({"SyzygyPath": TABLES})
    with chess.syzygy.open_tablebase(TABLES) as tb:
        for fen in WINS:
            play(engine, tb, fen, 2, failures)
        for fen in DRAWS:
            play(engine, tb, fen, 0, failures)


def main():
    return run_client("SyzygyPath", endings, COMMAND_TIMEOUT)


if __name__ == "__main__":
    sys.exit(main())
