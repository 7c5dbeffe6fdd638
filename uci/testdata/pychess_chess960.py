#!/usr/bin/env python3
# Chess960 through a real client (run by TestPythonChessChess960 in
# uci/chess960_test.go): python-chess plays Bounder against itself from
# Double Fischer random and Chess960 starts. Given a chess960 board,
# python-chess sets UCI_Chess960, sends Shredder-FEN and king-takes-rook
# castling, and reads bestmove, ponder and pv the same way, checking each
# move; so an illegal or standard-notation castling move fails here.
# Whether a game castles depends on the search, so castling itself is
# asked for where it is the only mate in one (MATES): each side, each wing,
# and a king that stays on its square while only its rook moves. Anything
# python-chess logs at WARNING or above, and any exception, fails it.
#
# usage: pychess_chess960.py PATH_TO_ENGINE
# Exit status: 0 passed, 1 failed (the reasons on standard output).

import sys

import chess
import chess.engine

from pychess_common import run_client

MOVE_TIME = 0.05      # seconds per move
MAX_PLIES = 80        # enough to castle and play on; the result does not matter
COMMAND_TIMEOUT = 120  # seconds python-chess waits for an answer: generous, for loaded machines

# Shredder-FEN as GUIs send it: Double Fischer random starts (independent
# back ranks; testdata/perft/dfrc.epd) and a middle-game position of
# Chess960 where both sides can castle at once.
STARTS = [
    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w CAhf - 0 1",
    "nrkbbqnr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GEhb - 0 1",
    "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBgb - 0 1",
]

# Positions whose only mate in one is castling, with that move in
# king-takes-rook notation: long castling with the king moving away from
# its rook (b1 to c1), and short castling where the king is already on g1
# (g8) and only the rook moves. Any depth finds a mate in one, so the
# engine must play it.
MATES = [
    ("3k4/2R1R3/8/8/8/8/P7/RK6 w A - 0 1", "b1a1"),
    ("5k2/4R1R1/8/8/8/8/7P/6KR w H - 0 1", "g1h1"),
    ("rk6/p7/8/8/8/8/2r1r3/3K4 b a - 0 1", "b8a8"),
    ("6kr/7p/8/8/8/8/4r1r1/5K2 b h - 0 1", "g8h8"),
]


def mates(engine, failures):
    for fen, want in MATES:
        board = chess.Board(fen, chess960=True)
        result = engine.play(board, chess.engine.Limit(time=0.2), game=fen)
        got = None if result.move is None else board.uci(result.move, chess960=True)
        if got != want:
            failures.append("%s: played %s, the only mate in one is castling %s" % (fen, got, want))
            continue
        board.push(result.move)
        if not board.is_checkmate():
            failures.append("%s: %s does not mate in python-chess's reading" % (fen, want))


def play(engine, fen, failures):
    board = chess.Board(fen, chess960=True)
    castles = 0
    while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
        result = engine.play(board, chess.engine.Limit(time=MOVE_TIME), info=chess.engine.INFO_PV, game=fen)
        if result.move is None or result.move not in board.legal_moves:
            failures.append("%s, ply %d: %s is not a legal move in %s" % (fen, board.ply(), result.move, board.fen()))
            return 0
        if board.is_castling(result.move):
            castles += 1
            print("castles: %s in %s" % (board.uci(result.move, chess960=True), board.fen(shredder=True)))
        board.push(result.move)
    print("%s: %d plies, %d castlings: %s" % (fen, board.ply(), castles,
                                             chess.Board(fen, chess960=True).variation_san(board.move_stack)))
    return castles


def games(engine, failures):
    mates(engine, failures)
    castles = sum(play(engine, fen, failures) for fen in STARTS)
    print("%d castlings in %d games" % (castles, len(STARTS)))


def main():
    return run_client("UCI_Chess960", games, COMMAND_TIMEOUT)


if __name__ == "__main__":
    sys.exit(main())
