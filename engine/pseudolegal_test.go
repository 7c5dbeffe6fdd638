package engine

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestIsLegalFastAgreesWithGenerator plays random games and, at every ply,
// asks IsLegalFast about every 16-bit move that could be encoded from the
// generated moves' squares (all kinds, all promotion pieces) and about
// random words: it must say yes exactly for the generated moves.
func TestIsLegalFastAgreesWithGenerator(t *testing.T) {
	playLegalFastGames(t, []string{StartFEN}, 7)
}

// playLegalFastGames is TestIsLegalFastAgreesWithGenerator's check on games
// from the given starts (taken in turn), with the random generator seeded
// with seed.
func playLegalFastGames(t *testing.T, starts []string, seed int64) {
	r := rand.New(rand.NewSource(seed))
	games := 60
	switch {
	case *long:
		games = 1000
	case testing.Short():
		games = 10
	}
	var buf [MaxMoves]Move
	for g := 0; g < games; g++ {
		p, err := ParseFEN(starts[g%len(starts)])
		require.NoError(t, err)
		for ply := 0; ply < 150; ply++ {
			moves := p.GenerateMoves(buf[:])
			legal := map[Move]bool{}
			for _, m := range moves {
				legal[m] = true
			}
			candidates := make([]Move, 0, 64)
			for _, m := range moves {
				base := m & 0xFFF
				for hi := Move(0); hi < 16; hi++ {
					candidates = append(candidates, base|hi<<12)
				}
				// The same squares from the other side's view, and reversed.
				candidates = append(candidates, newMove(m.To(), m.From()), newMove(m.From().Mirror(), m.To().Mirror()))
			}
			for i := 0; i < 64; i++ {
				candidates = append(candidates, Move(r.Uint32()))
			}
			for _, c := range candidates {
				require.Equal(t, legal[c], p.IsLegalFast(c), "%s: move %v (%#04x)", p.FEN(), c, uint16(c))
			}
			if len(moves) == 0 || p.IsFiftyMoveDraw() {
				break
			}
			p.Make(moves[r.Intn(len(moves))])
		}
	}
}
