#!/usr/bin/env python3
# Acceptance test of Bounder through python-chess (run by TestPythonChess in
# uci/e2e_test.go): a full game of Bounder against itself with pondering on a
# short clock, then MultiPV analysis from the start position, with and
# without the book. Anything python-chess logs at WARNING or above (it warns
# about unexpected engine output, unparseable info lines, illegal PV or
# ponder moves), and any exception, fails it.
#
# It also surveys MultiPV analysis (issue 29): three lines on each of the
# Bratko-Kopec positions at Threads 1 and 2, 0.25 s each; a set of lines in
# which two start with the same move fails it. With --survey it runs only
# that, on any UCI engine, and prints the counts (for comparing engines:
# pychess_acceptance.py --survey /usr/games/stockfish).
#
# usage: pychess_acceptance.py [--survey] PATH_TO_ENGINE
# Exit status: 0 passed, 1 failed (the reasons on standard output).

import collections
import logging
import os
import sys
import time

import chess
import chess.engine

from pychess_common import Collect

BASE = 2.0         # seconds per side
INC = 0.05         # increment per move
MAX_PLIES = 300    # a game still going then is adjourned (it has been long enough)
COMMAND_TIMEOUT = 120  # seconds python-chess waits for an answer: generous, for loaded machines


class Tail(logging.Handler):
    """Keeps the last lines of python-chess's debug log (the UCI dialogue),
    shown when the test fails."""

    def __init__(self, n):
        super().__init__(level=logging.DEBUG)
        self.lines = collections.deque(maxlen=n)

    def emit(self, record):
        self.lines.append("%.3f %s" % (record.created, record.getMessage()))


def play_game(engines, failures):
    board = chess.Board()
    clock = {chess.WHITE: BASE, chess.BLACK: BASE}
    game = object()  # one game: ucinewgame once, ponderhit on a ponder hit
    while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
        side = board.turn
        limit = chess.engine.Limit(white_clock=clock[chess.WHITE], black_clock=clock[chess.BLACK],
                                   white_inc=INC, black_inc=INC)
        t0 = time.perf_counter()
        result = engines[side].play(board, limit, ponder=True, game=game, info=chess.engine.INFO_ALL)
        clock[side] += INC - (time.perf_counter() - t0)
        if result.move is None or result.move not in board.legal_moves:
            failures.append("ply %d: %s is not a legal move in %s" % (board.ply(), result.move, board.fen()))
            return board
        board.push(result.move)
        if clock[side] < 0:
            # Not a failure here: a loaded machine delays the process, not the
            # engine's clock; but say so.
            print("note: %s's clock ran out at ply %d (%.3f s)" % (chess.COLOR_NAMES[side], board.ply(), clock[side]))
    outcome = board.outcome(claim_draw=True)
    print("game: %d plies, %s, clocks %.2f / %.2f s" % (
        board.ply(), outcome.termination.name if outcome else "adjourned", clock[chess.WHITE], clock[chess.BLACK]))
    print(chess.Board().variation_san(board.move_stack))
    return board


def check_multipv(engine, limit, failures, what):
    infos = engine.analyse(chess.Board(), limit, multipv=3, game=what)
    if len(infos) != 3:
        failures.append("%s: %d lines, want 3" % (what, len(infos)))
        return
    first = set()
    for i, info in enumerate(infos):
        if "score" not in info or not info.get("pv"):
            failures.append("%s: line %d has no score or no pv: %r" % (what, i + 1, info))
            continue
        first.add(info["pv"][0])
        print("%s: multipv %d: %s %s" % (what, i + 1, info["score"].white(), chess.Board().variation_san(info["pv"])))
    if len(first) != len(infos):
        failures.append("%s: the lines do not start with different moves" % what)


SURVEY_EPD = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "testdata", "epd", "bratko-kopec.epd")
SURVEY_TIME = 0.25  # seconds per position
SURVEY_LINES = 3


def survey_positions():
    boards = []
    with open(SURVEY_EPD) as f:
        for line in f:
            if line.strip():
                board, _ = chess.Board.from_epd(line)
                boards.append(board)
    return boards


def multipv_survey(path, threads, failures):
    """Analyses every survey position with MultiPV 3 and counts the final sets
    in which two lines start with one move (a failure) and those whose lines
    of one depth are out of score order (counted only: a line not yet
    searched at the new depth keeps its last score)."""
    boards = survey_positions()
    repeated = disordered = 0
    with chess.engine.SimpleEngine.popen_uci([path], timeout=COMMAND_TIMEOUT) as engine:
        engine.configure({"Hash": 16, "Threads": threads})
        for i, board in enumerate(boards):
            infos = engine.analyse(board, chess.engine.Limit(time=SURVEY_TIME), multipv=SURVEY_LINES, game=i)
            firsts = [info["pv"][0] for info in infos if info.get("pv")]
            if len(set(firsts)) != len(firsts):
                repeated += 1
                failures.append("survey, Threads %d, %s: lines start with one move twice: %s" % (
                    threads, board.fen(), " / ".join(m.uci() for m in firsts)))
            for a, b in zip(infos, infos[1:]):
                if a.get("depth") == b.get("depth") and "score" in a and "score" in b and \
                        a["score"].relative < b["score"].relative:
                    disordered += 1
                    break
    print("multipv survey: %s, Threads %d, %d positions at %.2f s, MultiPV %d: %d sets repeat a move, %d out of score order" % (
        os.path.basename(path), threads, len(boards), SURVEY_TIME, SURVEY_LINES, repeated, disordered))
    return repeated, disordered


def main():
    args = sys.argv[1:]
    survey_only = bool(args) and args[0] == "--survey"
    if survey_only:
        args = args[1:]
    if len(args) != 1:
        print("usage: pychess_acceptance.py [--survey] PATH_TO_ENGINE")
        return 1
    path = args[0]
    if survey_only:
        failures = []
        for threads in (1, 2):
            multipv_survey(path, threads, failures)
        for f in failures:
            print("repeated:", f)
        return 0
    collect = Collect()
    logging.getLogger().addHandler(collect)
    tail = Tail(80)
    chess_log = logging.getLogger("chess.engine")
    chess_log.setLevel(logging.DEBUG)
    chess_log.addHandler(tail)
    failures = []
    engines = {}
    try:
        for side in (chess.WHITE, chess.BLACK):
            engines[side] = chess.engine.SimpleEngine.popen_uci([path], timeout=COMMAND_TIMEOUT)
            # Move Overhead: python-chess and a shared machine add latency per move.
            engines[side].configure({"Hash": 16, "Threads": 2, "Move Overhead": 100})
            engines[side].ping()
        t0 = time.perf_counter()
        play_game(engines, failures)
        print("game took %.1f s" % (time.perf_counter() - t0))
        a = engines[chess.WHITE]
        # Analysis: three lines with scores, from the search (not the book),
        # and progress lines parsed along the way (a search of over a second).
        check_multipv(a, chess.engine.Limit(time=1.5), failures, "analyse movetime")
        a.configure({"OwnBook": True})
        check_multipv(a, chess.engine.Limit(depth=6), failures, "analyse depth, OwnBook on")
        # On the clock the book plays, and only its main moves.
        r = a.play(chess.Board(), chess.engine.Limit(white_clock=BASE, black_clock=BASE, white_inc=INC, black_inc=INC),
                   game="book", info=chess.engine.INFO_ALL)
        print("OwnBook on, on the clock: %s (%s)" % (r.move, r.info.get("string", "")))
        if r.move is None or r.move.uci() not in ("e2e4", "d2d4"):
            failures.append("OwnBook on, on the clock: %s, want the book's 1.e4 or 1.d4" % r.move)
        with a.analysis(chess.Board(), multipv=3, game="infinite") as analysis:
            time.sleep(1.2)
            analysis.stop()
            analysis.wait()
        for e in engines.values():
            e.ping()
        for threads in (1, 2):
            multipv_survey(path, threads, failures)
    except Exception as exc:  # any exception fails the test
        failures.append("exception: %r" % (exc,))
    finally:
        for e in engines.values():
            try:
                e.quit()
            except Exception as exc:
                failures.append("exception on quit: %r" % (exc,))
    for r in collect.records:
        failures.append("python-chess logged %s: %s" % (r.levelname, r.getMessage()))
    for f in failures:
        print("FAIL:", f)
    if failures:
        print("the end of the UCI dialogue:")
        for line in tail.lines:
            print("   ", line)
        return 1
    print("ok: no warnings, no exceptions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
