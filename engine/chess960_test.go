package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chess960Suites are the Chess960 and Double Fischer random perft files of
// testdata/perft (their sources are in testdata/perft/SOURCES.md).
var chess960Suites = []string{"fischer.epd", "stockfish-960.epd", "dfrc.epd"}

// TestChess960Perft checks the Chess960 suites: every count up to depth 4
// by default (about 550 M leaves, most of them over the 960 positions of
// fischer.epd: a few seconds), every depth with -long but fischer.epd's
// depth 6 (about 480 G leaves), which is checked on every 20th position
// (24 G leaves; all of it together takes a few minutes of one core).
// After each count the position must be exactly restored.
func TestChess960Perft(t *testing.T) {
	t.Parallel()
	for _, file := range chess960Suites {
		for i, c := range loadPerftSuite(t, file) {
			p, err := ParseFEN(c.fen)
			require.NoError(t, err, c.name)
			fen, key := p.FEN(), p.Key()
			for d := 1; d < len(c.counts); d++ {
				if (!*long && d > 4) || (file == "fischer.epd" && d > 5 && i%20 != 0) {
					continue
				}
				require.Equal(t, c.counts[d], p.Perft(d), "%s depth %d: %s", c.name, d, c.fen)
				require.Equal(t, fen, p.FEN(), "%s depth %d: FEN after perft", c.name, d)
				require.Equal(t, key, p.Key(), "%s depth %d: key after perft", c.name, d)
			}
		}
	}
}

// TestChess960CheckedPerft walks the smaller trees of the Chess960 suites
// with checkedPerft (keys, ChildKey, IsLegal, the captures/quiets split and
// Unmake checked at every node), and checks that the colour-flipped
// position has the same counts.
func TestChess960CheckedPerft(t *testing.T) {
	t.Parallel()
	budget := uint64(20_000)
	if *long {
		budget = 1_000_000
	}
	for _, file := range chess960Suites {
		for i, c := range loadPerftSuite(t, file) {
			if file == "fischer.epd" && !*long && i%20 != 0 {
				continue // a sample by default: 48 of the 960
			}
			p, err := ParseFEN(c.fen)
			require.NoError(t, err, c.name)
			m := p.Mirror()
			for d := 1; d < len(c.counts) && c.counts[d] <= budget; d++ {
				require.Equal(t, c.counts[d], checkedPerft(t, p, d), "%s depth %d", c.name, d)
				require.Equal(t, c.counts[d], m.Perft(d), "%s depth %d: mirror %s", c.name, d, m.FEN())
			}
		}
	}
}

// TestChess960FENRoundTrip: every position of the Chess960 suites, given in
// Shredder-FEN there, is written in X-FEN and read back to the same
// castling rules, key and mode; and the X-FEN field uses a file letter only
// for a right whose rook has another rook beyond it.
func TestChess960FENRoundTrip(t *testing.T) {
	for _, file := range chess960Suites {
		for _, c := range loadPerftSuite(t, file) {
			p, err := ParseFEN(c.fen)
			require.NoError(t, err, c.name)
			q, err := ParseFEN(p.FEN())
			require.NoError(t, err, "%s: %s", c.name, p.FEN())
			require.Equal(t, p.castling, q.castling, "%s: %s", c.name, p.FEN())
			require.Equal(t, p.Key(), q.Key(), c.name)
			require.Equal(t, p.Chess960(), q.Chess960(), c.name)
			require.Equal(t, p.FEN(), q.FEN(), c.name)
		}
	}
}

// TestChess960FEN: the three ways to write castling rights, what each
// means, and what FEN writes back.
func TestChess960FEN(t *testing.T) {
	cases := []struct {
		why, fen, canon string
		chess960        bool
		rooks           [4]Square // the rook of each right (NoSquare: none)
	}{
		{"standard", StartFEN, StartFEN, false, [4]Square{H1, A1, H8, A8}},
		{"Shredder-FEN of the standard start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", StartFEN, false, [4]Square{H1, A1, H8, A8}},
		{"Shredder-FEN, any order", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w haAH - 0 1", StartFEN, false, [4]Square{H1, A1, H8, A8}},
		{"a Chess960 start in Shredder-FEN", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
			"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", true, [4]Square{H1, F1, H8, F8}},
		{"the same in X-FEN", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
			"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", true, [4]Square{H1, F1, H8, F8}},
		{"Double Fischer random, king b1 between a1 and c1", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w CAhf - 0 1",
			"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/RKRBBQNN w KQkq - 0 1", true, [4]Square{C1, A1, H8, F8}},
		{"the right of an inner rook: E, not K", "rr6/2kpp3/1ppn2p1/p2b1q1p/P4P1P/1PNN2P1/2PP4/1K2R2R b E - 1 20",
			"rr6/2kpp3/1ppn2p1/p2b1q1p/P4P1P/1PNN2P1/2PP4/1K2R2R b E - 1 20", true, [4]Square{E1, NoSquare, NoSquare, NoSquare}},
		{"X-FEN K: the outermost rook", "rr6/2kpp3/1ppn2p1/p2b1q1p/P4P1P/1PNN2P1/2PP4/1K2R2R b K - 1 20",
			"rr6/2kpp3/1ppn2p1/p2b1q1p/P4P1P/1PNN2P1/2PP4/1K2R2R b K - 1 20", true, [4]Square{H1, NoSquare, NoSquare, NoSquare}},
		{"X-FEN q with the king off e8 (black letters)", "1r2k3/8/8/8/8/8/8/4K3 w q - 0 1", "1r2k3/8/8/8/8/8/8/4K3 w q - 0 1", true,
			[4]Square{NoSquare, NoSquare, NoSquare, 57}},
		{"X-FEN K with the king off e1", "4k3/8/8/8/8/8/8/5K1R w K - 0 1", "4k3/8/8/8/8/8/8/5K1R w K - 0 1", true,
			[4]Square{H1, NoSquare, NoSquare, NoSquare}},
		{"K with rooks on g1 and h1 is h1: standard", "4k3/8/8/8/8/8/8/4K1RR w K - 0 1", "4k3/8/8/8/8/8/8/4K1RR w K - 0 1", false,
			[4]Square{H1, NoSquare, NoSquare, NoSquare}},
		{"G with rooks on g1 and h1", "4k3/8/8/8/8/8/8/4K1RR w G - 0 1", "4k3/8/8/8/8/8/8/4K1RR w G - 0 1", true,
			[4]Square{G1, NoSquare, NoSquare, NoSquare}},
		{"king on its rook's destination square", "4k3/8/8/8/8/8/8/R4RK1 w Q - 0 1", "4k3/8/8/8/8/8/8/R4RK1 w Q - 0 1", true,
			[4]Square{NoSquare, A1, NoSquare, NoSquare}},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err, c.why)
		assert.Equal(t, c.canon, p.FEN(), c.why)
		assert.Equal(t, c.chess960, p.Chess960(), c.why)
		for i, rook := range c.rooks {
			if rook == NoSquare {
				assert.Zero(t, p.CastlingRights()&(1<<i), "%s: right %d", c.why, i)
				continue
			}
			assert.NotZero(t, p.CastlingRights()&(1<<i), "%s: right %d", c.why, i)
			assert.Equal(t, rook, p.castling.rules[i].rookFrom, "%s: right %d", c.why, i)
		}
		assert.Equal(t, p.computeKey(), p.Key(), c.why)
	}

	// The castling rights of a Chess960 position have the Polyglot keys of
	// the same rights in standard chess.
	p, err := ParseFEN("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
	require.NoError(t, err)
	q, err := ParseFEN("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w - - 2 9")
	require.NoError(t, err)
	assert.Equal(t, castleKey[15], p.Key()^q.Key())
}

// TestChess960FENErrors: malformed or impossible castling fields are
// errors that say what is wrong, never panics.
func TestChess960FENErrors(t *testing.T) {
	bad := []struct{ why, fen, msg string }{
		{"Shredder file without a rook", "4k3/8/8/8/8/8/8/4K2R w G - 0 1", "without a white rook on g1"},
		{"Shredder file of the king", "4k3/8/8/8/8/8/8/4K2R w E - 0 1", "without a white rook on e1"},
		{"Shredder file of a black rook", "4k2r/8/8/8/8/8/8/4K2R w Hha - 0 1", "without a black rook on a8"},
		{"white letter for a black rook", "4k2r/8/8/8/8/8/8/4K3 w H - 0 1", "without a white rook on h1"},
		{"king off the back rank", "4k3/8/8/8/8/8/4K3/7R w H - 0 1", "without the white king on rank 1"},
		{"black king off the back rank", "8/4k3/8/8/8/8/8/4K2R w k - 0 1", "without the black king on rank 8"},
		{"K without a rook right of the king", "4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "right of the king"},
		{"q without a rook left of the king", "4k2r/8/8/8/8/8/8/4K3 w q - 0 1", "left of the king"},
		{"rook on the wrong rank", "4k3/8/8/8/8/8/7R/4K3 w K - 0 1", "right of the king"},
		{"two king-side rights, X-FEN and Shredder", "4k3/8/8/8/8/8/8/4K1RR w KG - 0 1", "repeats the white king-side"},
		{"two king-side rights, K and H", "4k3/8/8/8/8/8/8/4K2R w HK - 0 1", "repeats the white king-side"},
		{"two queen-side rights", "4k3/8/8/8/8/8/8/RR2K3 w AB - 0 1", "repeats the white queen-side"},
		{"five rights", "r3k2r/8/8/8/8/8/8/R3K2R w KQkqK - 0 1", "more than four"},
		{"a digit", "4k3/8/8/8/8/8/8/4K2R w 1 - 0 1", "bad castling field"},
		{"a letter beyond h", "4k3/8/8/8/8/8/8/4K2R w I - 0 1", "bad castling field"},
		{"a dash among letters", "4k3/8/8/8/8/8/8/4K2R w H- - 0 1", "bad castling field"},
		{"a non-ASCII byte", "4k3/8/8/8/8/8/8/4K2R w \xc8 - 0 1", "bad castling field"},
	}
	for _, c := range bad {
		var p *Position
		var err error
		require.NotPanics(t, func() { p, err = ParseFEN(c.fen) }, c.why)
		require.Error(t, err, c.why)
		assert.Nil(t, p, c.why)
		assert.Contains(t, err.Error(), c.msg, c.why)
		assert.Regexp(t, "^fen: ", err.Error(), c.why)
	}
}

// TestChess960Castling: the castling rules on positions made for them,
// each checked against python-chess 1.11.2 (chess.Board(fen,
// chess960=True), the castling moves of legal_moves, in its king-takes-rook
// text).
func TestChess960Castling(t *testing.T) {
	cases := []struct {
		why, fen string
		castles  []string // in Chess960 text
	}{
		{"both sides, the king moving each way", "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBgb - 0 1", []string{"f1b1", "f1h1"}},
		{"the rook shields c1 from a1: lifted, the king would land in check", "4k3/8/8/8/8/8/8/rR3K2 w Q - 0 1", nil},
		{"without the a1 rook, legal", "4k3/8/8/8/8/8/8/1R3K2 w Q - 0 1", []string{"f1b1"}},
		{"king and rook swap squares", "4k3/8/8/8/8/8/8/5KR1 w K - 0 1", []string{"f1g1"}},
		{"the king stays on g1", "4k3/8/8/8/8/8/8/6KR w K - 0 1", []string{"g1h1"}},
		{"the king stays on c1, the rook jumps it", "4k3/8/8/8/8/8/8/R1K5 w Q - 0 1", []string{"c1a1"}},
		{"the king stays on g1 but is in check", "4k3/8/8/8/8/8/6r1/6KR w K - 0 1", nil},
		{"the inner rook castles past the outer one", "k7/8/8/8/8/8/8/1K2R2R w E - 0 1", []string{"b1e1"}},
		{"the king's destination is attacked", "k7/8/8/8/8/8/6r1/1K2R3 w E - 0 1", nil},
		{"a square the king crosses is attacked", "k7/8/8/8/8/8/3r4/1K2R3 w E - 0 1", nil},
		{"a square only the rook crosses is attacked", "4k3/8/8/8/8/8/1r6/R3K3 w Q - 0 1", []string{"e1a1"}},
		{"a piece on a square only the rook crosses", "4k3/8/8/8/8/8/8/RNK5 w Q - 0 1", nil},
		{"a piece on the rook's destination only", "4k3/8/8/8/8/8/8/RK1N4 w Q - 0 1", nil},
		{"black, the king moving away from its rook's side", "rk6/8/8/8/8/8/8/4K3 b q - 0 1", []string{"b8a8"}},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err, c.why)
		p.SetChess960(true)
		var got []string
		for _, m := range p.GenerateMoves(nil) {
			if m.IsCastle() {
				got = append(got, p.FormatMove(m))
			}
		}
		assert.ElementsMatch(t, c.castles, got, "%s: %s", c.why, c.fen)
		checkedPerft(t, p, 2)
	}
}

// TestChess960MakeCastling: castling puts king and rook on g1/f1 or c1/d1
// whatever their start, and Unmake puts them back.
func TestChess960MakeCastling(t *testing.T) {
	cases := []struct{ fen, move, after string }{
		{"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBgb - 0 1", "f1b1", "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1"},
		{"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBgb - 0 1", "f1h1", "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"},
		{"1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1", "f8g8", "1r3rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR3R w - - 2 2"},
		{"4k3/8/8/8/8/8/8/6KR w K - 0 1", "g1h1", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
		{"4k3/8/8/8/8/8/8/R1K5 w Q - 0 1", "c1a1", "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"},
		{"k7/8/8/8/8/8/8/1K2R2R w E - 0 1", "b1e1", "k7/8/8/8/8/8/8/5RKR b - - 1 1"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err)
		p.SetChess960(true)
		before, key := p.FEN(), p.Key()
		m, err := p.ParseMove(c.move)
		require.NoError(t, err, "%s in %s", c.move, c.fen)
		require.True(t, m.IsCastle())
		child := p.ChildKey(m)
		p.Make(m)
		assert.Equal(t, c.after, p.FEN(), "%s in %s", c.move, c.fen)
		checkConsistent(t, p)
		assert.Equal(t, child, p.Key())
		p.Unmake()
		assert.Equal(t, before, p.FEN())
		assert.Equal(t, key, p.Key())
		checkConsistent(t, p)
	}
}

// TestChess960MoveText: castling text by mode, strictly; every other move
// reads and writes alike in both modes.
func TestChess960MoveText(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	p, err := ParseFEN(kiwipete)
	require.NoError(t, err)
	require.False(t, p.Chess960())
	short, err := p.ParseMove("e1g1")
	require.NoError(t, err)
	long, err := p.ParseMove("e1c1")
	require.NoError(t, err)
	assert.Equal(t, "e1g1", p.FormatMove(short))
	assert.Equal(t, "e1c1", p.FormatMove(long))
	assert.Equal(t, "e1g1", MoveText{}.Format(short), "the zero MoveText is standard")

	p.SetChess960(true)
	require.True(t, p.Chess960())
	assert.Equal(t, "e1h1", p.FormatMove(short))
	assert.Equal(t, "e1a1", p.FormatMove(long))
	assert.Equal(t, "e1g1", short.String(), "Move.String stays the standard form")
	m, err := p.ParseMove("e1h1")
	require.NoError(t, err)
	assert.Equal(t, short, m)
	_, err = p.ParseMove("e1g1")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "king taking its rook: e1h1")

	// The mode is a game's: kept by Make, Clone and Mirror, and the
	// MoveText of the root writes the castling of a later position.
	text := p.MoveText()
	require.NoError(t, p.PlayMoves([]string{"a2a3", "e8h8"}))
	assert.True(t, p.Chess960())
	assert.True(t, p.Clone().Chess960())
	assert.True(t, p.Mirror().Chess960())
	castles := 0
	for _, m := range p.GenerateMoves(nil) {
		if m.IsCastle() {
			castles++
			assert.Contains(t, []string{"e1a1", "e1h1"}, text.Format(m))
			assert.Equal(t, p.FormatMove(m), text.Format(m))
		}
	}
	assert.NotZero(t, castles)

	// Every generated move reads back from its text, in both modes, over
	// the suites' positions.
	for _, file := range append([]string{"cpw-standard.epd"}, chess960Suites...) {
		for i, c := range loadPerftSuite(t, file) {
			if file == "fischer.epd" && i%10 != 0 {
				continue
			}
			p, err := ParseFEN(c.fen)
			require.NoError(t, err)
			for _, on := range []bool{false, true} {
				p.SetChess960(on)
				assert.Equal(t, on || p.castling.needs960, p.Chess960(), c.name)
				for _, m := range p.GenerateMoves(nil) {
					back, err := p.ParseMove(p.FormatMove(m))
					require.NoError(t, err, "%s: %s", c.name, p.FormatMove(m))
					require.Equal(t, m, back, "%s: %s", c.name, p.FormatMove(m))
				}
			}
		}
	}

	// A FEN whose castling needs Chess960 text is in that mode, and stays.
	p, err = ParseFEN("1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBgb - 0 1")
	require.NoError(t, err)
	assert.True(t, p.Chess960())
	p.SetChess960(false)
	assert.True(t, p.Chess960())
	_, err = p.ParseMove("f1c1")
	assert.Error(t, err, "f1c1 would be the king's move of queen-side castling")
	m, err = p.ParseMove("f1g1")
	require.NoError(t, err)
	assert.False(t, m.IsCastle(), "f1g1 is the plain king move")
}

// TestChess960IsLegalFast plays random games from Chess960 and Double
// Fischer random starts and asks IsLegalFast about every generated move,
// its variants and random words, as TestIsLegalFastAgreesWithGenerator does
// for standard chess.
func TestChess960IsLegalFast(t *testing.T) {
	var starts []string
	for i, c := range loadPerftSuite(t, "fischer.epd") {
		if i%40 == 0 {
			starts = append(starts, c.fen)
		}
	}
	for _, c := range loadPerftSuite(t, "dfrc.epd") {
		starts = append(starts, c.fen)
	}
	playLegalFastGames(t, starts, 3)
}
