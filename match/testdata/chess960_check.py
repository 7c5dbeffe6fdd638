"""python-chess's view of Bounder's Chess960 output, for match/chess960_match_test.go.

    chess960_check.py backranks      print the back rank of Chess960 positions 0..959,
                                     one a line, from chess.Board.from_chess960_pos
    chess960_check.py pgn FILE       read every game of FILE with chess.pgn.read_game,
                                     replay it, and print one line of counts

The pgn mode fails (exit status 1, the reason on stderr) when a game has a
parse error, is not read as Chess960, holds a move python-chess finds illegal,
has a PlyCount other than its number of moves, or ends "normal"ly in a way
the final position does not show.
"""

import sys

import chess
import chess.pgn


def backranks():
    for n in range(960):
        board = chess.Board.from_chess960_pos(n)
        print("".join(board.piece_at(chess.square(f, 0)).symbol() for f in range(8)))


def check_pgn(path):
    games = plies = castles = 0
    with open(path, encoding="utf-8") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            games += 1
            where = "%s: game %d" % (path, games)
            if game.errors:
                fail("%s: parse errors: %s" % (where, game.errors))
            board = game.board()
            if not board.chess960 or game.headers.get("Variant") != "Chess960":
                fail("%s: not read as Chess960 (Variant %r)" % (where, game.headers.get("Variant")))
            n = 0
            for move in game.mainline_moves():
                if not board.is_legal(move):
                    fail("%s: ply %d %s is illegal in %s" % (where, n + 1, move, board.fen()))
                if board.is_castling(move):
                    castles += 1
                board.push(move)
                n += 1
            plies += n
            if game.headers.get("PlyCount") != str(n):
                fail("%s: PlyCount %s, %d moves" % (where, game.headers.get("PlyCount"), n))
            result, term = game.headers.get("Result"), game.headers.get("Termination")
            if term == "normal":
                over = board.outcome(claim_draw=True)
                if over is None or over.result() != result:
                    fail("%s: %s by rule, but python-chess finds %s in %s" % (where, result, over, board.fen()))
    if games == 0:
        fail("%s: no games" % path)
    print("games %d plies %d castles %d" % (games, plies, castles))


def fail(msg):
    print(msg, file=sys.stderr)
    sys.exit(1)


if __name__ == "__main__":
    if len(sys.argv) == 2 and sys.argv[1] == "backranks":
        backranks()
    elif len(sys.argv) == 3 and sys.argv[1] == "pgn":
        check_pgn(sys.argv[2])
    else:
        fail(__doc__)
