package engine

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func play(t *testing.T, p *Position, moves string) {
	t.Helper()
	require.NoError(t, p.PlayMoves(strings.Fields(moves)), moves)
}

func TestRepetition(t *testing.T) {
	p := NewPosition()
	play(t, p, "g1f3 g8f6 f3g1")
	assert.False(t, p.IsRepetition())
	play(t, p, "f6g8") // the start position, second time
	assert.True(t, p.IsRepetition())
	assert.False(t, p.IsThreefold())
	assert.True(t, p.RepetitionSince(0))
	assert.False(t, p.RepetitionSince(1))
	play(t, p, "g1f3 g8f6 f3g1 f6g8") // third time
	assert.True(t, p.IsThreefold())
	assert.True(t, p.RepetitionSince(4))
	assert.False(t, p.RepetitionSince(5))

	// An irreversible move cuts the history: the pawn move makes earlier
	// positions unreachable, and the window starts after it.
	play(t, p, "e2e4 e7e5 g1f3 b8c6 f3g1 c6b8")
	assert.True(t, p.IsRepetition())
	assert.False(t, p.IsThreefold())

	// Castling rights are part of the position: after the kings step out and
	// back, the placement repeats but the rights are gone.
	p = NewPosition()
	play(t, p, "e2e4 e7e5 e1e2 e8e7 e2e1 e7e8")
	assert.False(t, p.IsRepetition())
	play(t, p, "e1e2 e8e7 e2e1 e7e8")
	assert.True(t, p.IsRepetition())
}

// TestRepetitionEnPassant: a double push leaves an en-passant right only
// when it can be used; the position after 2...d5 with exd6 possible differs
// from the same placement later, when it is not.
func TestRepetitionEnPassant(t *testing.T) {
	p := NewPosition()
	play(t, p, "e2e4 g8f6 e4e5 d7d5") // e5xd6 possible
	withEP := p.Key()
	require.Equal(t, "d6", p.EnPassant().String())
	play(t, p, "g1f3 b8c6 f3g1 c6b8") // same placement, right gone
	assert.NotEqual(t, withEP, p.Key())
	assert.False(t, p.IsRepetition())
	play(t, p, "g1f3 b8c6 f3g1 c6b8")
	assert.True(t, p.IsRepetition())

	// A double push nobody can capture leaves no right: 1.e4 Nf6 2.Nf3 Ng8
	// 3.Ng1 reaches the position after 1.e4 again (the ep square e3 was
	// never usable).
	p = NewPosition()
	play(t, p, "e2e4")
	assert.Equal(t, NoSquare, p.EnPassant())
	play(t, p, "g8f6 g1f3 f6g8 f3g1")
	assert.True(t, p.IsRepetition())
}

func TestFiftyMoveRule(t *testing.T) {
	p, err := ParseFEN("7k/8/6K1/8/8/8/8/R7 w - - 99 80")
	require.NoError(t, err)
	assert.False(t, p.IsFiftyMoveDraw())
	play(t, p, "a1a2")
	assert.Equal(t, 100, p.Rule50())
	assert.True(t, p.IsFiftyMoveDraw())
	p.Unmake()
	play(t, p, "a1a8") // mate on the hundredth ply: mate stands (FIDE 9.3)
	assert.Equal(t, 100, p.Rule50())
	assert.False(t, p.HasLegalMove())
	assert.False(t, p.IsFiftyMoveDraw())

	// In check but not mated: the draw stands.
	p, err = ParseFEN("7k/8/8/6K1/8/8/8/R7 w - - 99 80")
	require.NoError(t, err)
	play(t, p, "a1a8")
	assert.True(t, p.InCheck())
	assert.True(t, p.IsFiftyMoveDraw())

	// Captures and pawn moves reset the clock.
	p, err = ParseFEN("7k/8/6K1/8/8/8/1P6/r7 w - - 99 80")
	require.NoError(t, err)
	play(t, p, "b2b3")
	assert.Zero(t, p.Rule50())
	play(t, p, "a1a3")
	assert.Equal(t, 1, p.Rule50())
}

func TestInsufficientMaterial(t *testing.T) {
	for _, c := range []struct {
		fen  string
		want bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true},      // K v K
		{"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true},    // K+B v K
		{"4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", true},    // K+N v K
		{"2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1", true},   // bishops on light squares only (c8, f1)
		{"2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false}, // c8 light, c1 dark
		{"4k3/8/8/8/8/8/8/1NN1K3 w - - 0 1", false},  // two knights can mate (helpmate)
		{"4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", false},  // K+B+N
		{"1n2k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false}, // K+B v K+N: a helpmate exists
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false},   // a pawn
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false},    // a rook
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false},    // a queen
		{"B1B1k3/1B6/8/8/8/8/8/4K3 w - - 0 1", true}, // three bishops on light squares
	} {
		p, err := ParseFEN(c.fen)
		require.NoError(t, err, c.fen)
		assert.Equal(t, c.want, p.IsInsufficientMaterial(), c.fen)
		assert.Equal(t, c.want, p.Mirror().IsInsufficientMaterial(), "mirror of %s", c.fen)
	}
}

func TestNullMove(t *testing.T) {
	p, err := ParseFEN("4k3/8/8/8/3pP3/8/8/4K3 b - e3 3 40")
	require.NoError(t, err)
	fen, key := p.FEN(), p.Key()
	p.MakeNull()
	// The move number advances as after a real black move (it used not to).
	assert.Equal(t, "4k3/8/8/8/3pP3/8/8/4K3 w - - 4 41", p.FEN())
	assert.Equal(t, p.computeKey(), p.Key())
	assert.Equal(t, 1, p.Ply())
	assert.Equal(t, NullMove, p.LastMove())
	p.UnmakeNull()
	assert.Equal(t, fen, p.FEN())
	assert.Equal(t, key, p.Key())
	assert.Zero(t, p.Ply())
	p.Make(p.GenerateMoves(nil)[0])
	p.MakeNull()
	assert.Equal(t, 41, p.FullMoveNumber())
	p.UnmakeNull()
	p.Unmake()
	assert.Equal(t, fen, p.FEN())
}

// TestClone: a clone carries the history (so repetitions still count) and
// is independent of the original.
func TestClone(t *testing.T) {
	p := NewPosition()
	play(t, p, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1")
	q := p.Clone()
	assert.Equal(t, p.FEN(), q.FEN())
	assert.Equal(t, p.Ply(), q.Ply())
	play(t, q, "f6g8")
	assert.True(t, q.IsThreefold())
	assert.False(t, p.IsThreefold())
	for q.Ply() > 0 {
		q.Unmake()
	}
	assert.Equal(t, StartFEN, q.FEN())
	assert.Equal(t, 7, p.Ply())
	assert.Equal(t, "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4", p.FEN())
	checkConsistent(t, q)
	checkConsistent(t, p)
}
