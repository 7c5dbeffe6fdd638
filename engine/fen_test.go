package engine

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseFENErrors: malformed and impossible FENs are errors, never panics
// or half-built positions.
func TestParseFENErrors(t *testing.T) {
	bad := []struct{ why, fen string }{
		{"empty", ""},
		{"blank", "   "},
		{"one field", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"},
		{"three fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq"},
		{"five fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0"},
		{"seven fields", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x"},
		{"seven ranks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"nine ranks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"empty rank", "rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"bad letter", "rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"digit 9", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"digit 0", "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"nine squares, pieces", "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"nine squares, digits", "rnbqkbnr/pppppppp/4p4/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"nine squares, 81", "rnbqkbnr/pppppppp/81/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"seven squares", "rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"no kings", "8/8/8/8/8/8/8/8 w - - 0 1"},
		{"no white king", "4k3/8/8/8/8/8/8/8 w - - 0 1"},
		{"no black king", "8/8/8/8/8/8/8/4K3 b - - 0 1"},
		{"two white kings", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1"},
		{"two black kings", "3kk3/8/8/8/8/8/8/4K3 w - - 0 1"},
		{"white pawn on rank 8", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1"},
		{"black pawn on rank 1", "4k3/8/8/8/8/8/8/p3K3 w - - 0 1"},
		{"white pawn on rank 1", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1"},
		{"nine white pawns", "4k3/8/8/8/7P/8/PPPPPPPP/4K3 w - - 0 1"},
		{"seventeen white pieces", "4k3/8/8/8/6QQ/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
		{"side not to move in check", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"},
		{"side not to move in check by pawn", "4k3/3P4/8/8/8/8/8/4K3 w - - 0 1"},
		{"kings adjacent", "8/8/8/3kK3/8/8/8/8 w - - 0 1"},
		{"triple check", "4k3/8/8/8/1b6/5n2/8/r3K3 w - - 0 1"},
		{"bad side", "4k3/8/8/8/8/8/8/4K3 x - - 0 1"},
		{"side W", "4k3/8/8/8/8/8/8/4K3 W - - 0 1"},
		{"bad castling letter", "4k3/8/8/8/8/8/8/4K2R w X - 0 1"},
		{"repeated castling right", "4k3/8/8/8/8/8/8/4K2R w KK - 0 1"},
		{"castling dash and letter", "4k3/8/8/8/8/8/8/4K2R w K- - 0 1"},
		{"K without rook", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"},
		{"Q without rook", "4k3/8/8/8/8/8/8/4K2R w Q - 0 1"},
		{"k without rook", "4k3/8/8/8/8/8/8/4K3 w k - 0 1"},
		{"K with king moved off the back rank", "4k3/8/8/8/8/8/5K2/7R w K - 0 1"},
		{"q with rook moved off the back rank", "4k3/r7/8/8/8/8/8/4K3 w q - 0 1"},
		{"black rook for white right", "4k3/8/8/8/8/8/8/4K2r w K - 0 1"},
		{"ep square bad text", "4k3/8/8/8/8/8/8/4K3 w - e9 0 1"},
		{"ep square on rank 4 with white to move", "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1"},
		{"ep square on rank 3 with black to move but no pawn", "4k3/8/8/8/8/8/8/4K3 b - e3 0 1"},
		{"ep square on rank 5", "4k3/8/8/3pP3/8/8/8/4K3 w - d5 0 1"},
		{"ep square without a pushed pawn", "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1"},
		{"ep square occupied", "4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1"},
		{"ep origin occupied", "4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1"},
		{"ep with white pawn as the pusher", "4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 1"},
		{"bad halfmove clock", "4k3/8/8/8/8/8/8/4K3 w - - x 1"},
		{"negative halfmove clock", "4k3/8/8/8/8/8/8/4K3 w - - -1 1"},
		{"huge halfmove clock", "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1"},
		{"zero fullmove number", "4k3/8/8/8/8/8/8/4K3 w - - 0 0"},
		{"negative fullmove number", "4k3/8/8/8/8/8/8/4K3 w - - 0 -5"},
		{"bad fullmove number", "4k3/8/8/8/8/8/8/4K3 w - - 0 1.5"},
	}
	for _, c := range bad {
		t.Run(c.why, func(t *testing.T) {
			var p *Position
			var err error
			require.NotPanics(t, func() { p, err = ParseFEN(c.fen) })
			require.Error(t, err, c.fen)
			assert.Nil(t, p)
			assert.True(t, strings.HasPrefix(err.Error(), "fen: "), "error %q should say it is about the FEN", err)
		})
	}
}

// TestParseFENAccepts: legal positions written in accepted variants.
func TestParseFENAccepts(t *testing.T) {
	good := []struct{ fen, canon string }{
		{StartFEN, StartFEN},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", StartFEN},               // EPD: no counters
		{"  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq - 0 1 ", StartFEN},      // extra blanks
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1", StartFEN},           // castling order
		{"rnbqkbnr/pppppppp/44/8/8/17/PPPPPPPP/RNBQKBNR w KQkq - 0 1", StartFEN},         // split digits
		{"4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1"},          // ep nobody can take
		{"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"},       // ep kept
		{"4k3/8/8/8/8/8/8/4K2R w K - 12 40", "4k3/8/8/8/8/8/8/4K2R w K - 12 40"},         // counters
		{"4k3/8/8/8/8/8/8/4K2R w K - +3 +7", "4k3/8/8/8/8/8/8/4K2R w K - 3 7"},           // Atoi signs
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"}, // all rights
		{"4k3/8/8/8/8/8/8/3RK1r1 w - - 0 1", "4k3/8/8/8/8/8/8/3RK1r1 w - - 0 1"},         // side to move in check
		{"4k3/8/8/8/8/8/8/5K1R w K - 0 1", "4k3/8/8/8/8/8/8/5K1R w K - 0 1"},             // X-FEN: Chess960, king on f1
		{"1r2k3/8/8/8/8/8/8/4K3 w q - 0 1", "1r2k3/8/8/8/8/8/8/4K3 w q - 0 1"},           // X-FEN: Chess960, rook on b8
		{"r3k2r/8/8/8/8/8/8/R3K2R b HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"}, // Shredder-FEN
	}
	for _, c := range good {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err, c.fen)
		assert.Equal(t, c.canon, p.FEN(), c.fen)
		assert.Equal(t, p.computeKey(), p.Key(), c.fen)
	}
}

// TestParseMoveErrors: anything but a legal move in UCI text is an error, and
// the position does not change.
func TestParseMoveErrors(t *testing.T) {
	const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	bad := []struct{ fen, move string }{
		{StartFEN, ""},
		{StartFEN, "e2"},
		{StartFEN, "e2e4e"},
		{StartFEN, "e2e4qq"},
		{StartFEN, "e2-e4"},
		{StartFEN, "E2E4"},
		{StartFEN, "e2e5"},                             // too far
		{StartFEN, "e7e5"},                             // the other side's pawn
		{StartFEN, "e3e4"},                             // empty square
		{StartFEN, "0000"},                             // null move
		{StartFEN, "e1g1"},                             // castling through pieces
		{StartFEN, "i2i4"},                             // off the board
		{StartFEN, "e2e4q"},                            // promotion suffix on a push
		{StartFEN, "Nf3"},                              // SAN
		{StartFEN, "g1f3 "},                            // trailing blank
		{kiwipete, "e1h1"},                             // castling written king-takes-rook
		{kiwipete, "d5e6q"},                            // promotion suffix on a capture
		{kiwipete, "e1e2"},                             // occupied by own piece
		{"n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8"},   // promotion without piece
		{"n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8k"},  // promote to king
		{"n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8p"},  // promote to pawn
		{"n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8Q"},  // upper case
		{"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", "e8e7"},  // no such piece
		{"8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2", "b5c6"},   // ep exposing the king
		{"4k3/8/8/8/8/8/8/4K2r w - - 0 1", "e1f1"},     // into check
		{"4k3/8/8/8/8/8/3r4/R3K2R w KQ - 0 1", "e1c1"}, // castling through an attacked square
	}
	for _, c := range bad {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err, c.fen)
		fen, key := p.FEN(), p.Key()
		m, err := p.ParseMove(c.move)
		assert.Error(t, err, "%q in %s", c.move, c.fen)
		assert.Equal(t, NullMove, m)
		assert.False(t, p.IsLegal(m))
		assert.Equal(t, fen, p.FEN())
		assert.Equal(t, key, p.Key())
	}
	// And the legal special moves parse to the right kinds.
	p, err := ParseFEN(kiwipete)
	require.NoError(t, err)
	m, err := p.ParseMove("e1g1")
	require.NoError(t, err)
	assert.True(t, m.IsCastle())
	p, err = ParseFEN("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1")
	require.NoError(t, err)
	m, err = p.ParseMove("c4d3")
	require.NoError(t, err)
	assert.True(t, m.IsEnPassant())
	p, err = ParseFEN("n3k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
	require.NoError(t, err)
	for _, s := range []string{"b7a8q", "b7a8r", "b7a8b", "b7a8n", "b7b8q", "b7b8n"} {
		m, err = p.ParseMove(s)
		require.NoError(t, err, s)
		assert.Equal(t, s, m.String())
		assert.Equal(t, PieceType(strings.IndexByte(" pnbrqk", s[4])), m.Promotion())
	}
}

// TestIsLegalRejectsForeignMoves: IsLegal refuses moves of the wrong side,
// from empty squares, and moves with a wrong kind.
func TestIsLegalRejectsForeignMoves(t *testing.T) {
	p := NewPosition()
	assert.False(t, p.IsLegal(NullMove))
	assert.False(t, p.IsLegal(newMove(52, 36)))                // e7e5, black's pawn
	assert.False(t, p.IsLegal(newMove(20, 28)))                // e3e4, empty
	assert.False(t, p.IsLegal(newMove(12, 28)|kindCastle<<14)) // e2e4 tagged as castling
	assert.True(t, p.IsLegal(newMove(12, 28)))
}

// TestPlayMovesAtomic: a bad move in the middle leaves the position as it was.
func TestPlayMovesAtomic(t *testing.T) {
	p := NewPosition()
	require.NoError(t, p.PlayMoves([]string{"e2e4"}))
	fen, key, ply := p.FEN(), p.Key(), p.Ply()
	for _, moves := range [][]string{
		{"e7e5", "g1f3", "b8c6", "f1b5", "zzzz"},
		{"e7e5", "e7e5"},
		{"e2e4"},
		{"e7e5", "g1f3", ""},
		{"e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1", "e8g8"}, // black cannot castle yet
	} {
		err := p.PlayMoves(moves)
		require.Error(t, err, moves)
		assert.Equal(t, fen, p.FEN(), moves)
		assert.Equal(t, key, p.Key(), moves)
		assert.Equal(t, ply, p.Ply(), moves)
	}
	require.NoError(t, p.PlayMoves([]string{"e7e5", "g1f3"}))
	assert.Equal(t, 3, p.Ply())
	require.NoError(t, p.PlayMoves(nil))
	assert.Equal(t, 3, p.Ply())
}

// TestMirror: the colour flip of known positions, and its properties.
func TestMirror(t *testing.T) {
	cases := []struct{ fen, mirror string }{
		{StartFEN, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"},
		{"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
			"r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1"},
		{"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
			"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"},
		{"4k3/8/8/8/3pP3/8/8/4K2R b K e3 5 30", "4k2r/8/8/3Pp3/8/8/8/4K3 w k e6 5 30"},
		{"r3k3/8/8/8/8/8/8/4K3 w q - 0 1", "4k3/8/8/8/8/8/8/R3K3 b Q - 0 1"},
	}
	for _, c := range cases {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err)
		m := p.Mirror()
		assert.Equal(t, c.mirror, m.FEN(), c.fen)
		checkConsistent(t, m)
		assert.Equal(t, p.FEN(), m.Mirror().FEN(), "mirror twice: %s", c.fen)
		assert.Equal(t, p.Key(), m.Mirror().Key())
		assert.Equal(t, p.Perft(3), m.Perft(3), c.fen)
		assert.Zero(t, m.Ply())
		q, err := ParseFEN(c.mirror)
		require.NoError(t, err)
		assert.Equal(t, q.Key(), m.Key())
	}
	// The mirror of a position with history has none, and p is untouched.
	p := NewPosition()
	require.NoError(t, p.PlayMoves([]string{"e2e4", "e7e5"}))
	fen := p.FEN()
	m := p.Mirror()
	assert.Equal(t, fen, p.FEN())
	assert.Zero(t, m.Ply())
	m.Make(m.GenerateMoves(nil)[0])
	m.Unmake()
	assert.Equal(t, fen, p.FEN())
}
