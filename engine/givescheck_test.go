package engine

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// checkKinds counts, over a walk, the checking moves of each kind that
// GivesCheck had to find.
type checkKinds struct {
	direct, discovered, castle, enPassant, promotion int
}

// walkGivesCheck compares GivesCheck with making the move and asking
// InCheck, for every legal move of every node of p's tree to depth d.
func walkGivesCheck(t *testing.T, p *Position, d int, name string, k *checkKinds) {
	var buf [256]Move
	for _, m := range p.GenerateMoves(buf[:]) {
		got := p.GivesCheck(m)
		p.Make(m)
		want := p.InCheck()
		if want {
			switch {
			case m.kind() == kindCastle:
				k.castle++
			case m.kind() == kindEnPassant:
				k.enPassant++
			case m.kind() == kindPromotion:
				k.promotion++
			case p.Checkers()&SquareBB(m.To()) == 0:
				k.discovered++
			default:
				k.direct++
			}
		}
		if d > 1 && !t.Failed() {
			walkGivesCheck(t, p, d-1, name, k)
		}
		p.Unmake()
		if got != want {
			t.Errorf("%s: %s in %s: GivesCheck %v, made and checked %v", name, m, p.FEN(), got, want)
		}
	}
}

// TestGivesCheck checks GivesCheck against making each move, over the
// trees of the perft suites, standard and Chess960, to a depth that keeps
// each tree small; every kind of check must turn up.
func TestGivesCheck(t *testing.T) {
	t.Parallel()
	var k checkKinds
	for _, file := range append([]string{"perftsuite.epd", "cpw-standard.epd"}, chess960Suites...) {
		for i, c := range loadPerftSuite(t, file) {
			if file == "fischer.epd" && i%20 != 0 {
				continue
			}
			p, err := ParseFEN(c.fen)
			require.NoError(t, err, c.name)
			d := 1
			for d+1 < len(c.counts) && c.counts[d+1] <= 20_000 {
				d++
			}
			walkGivesCheck(t, p, d, c.name, &k)
		}
	}
	// En passant checks are rare in the suites' small trees: one direct,
	// one discovered by the pawn taken off the bishop's diagonal.
	for _, fen := range []string{
		"8/4k3/8/3pP3/8/8/8/4K3 w - d6 0 2",
		"6k1/8/8/3pP3/8/8/Q7/4K3 w - d6 0 2",
	} {
		p, err := ParseFEN(fen)
		require.NoError(t, err, fen)
		walkGivesCheck(t, p, 3, fen, &k)
	}
	t.Logf("checks: %+v", k)
	require.NotZero(t, k.direct, "direct checks")
	require.NotZero(t, k.discovered, "discovered checks")
	require.NotZero(t, k.castle, "checks by castling")
	require.NotZero(t, k.enPassant, "checks by en passant")
	require.NotZero(t, k.promotion, "checks by promotion")
}
