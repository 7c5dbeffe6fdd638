package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// effortScale gives more time the less of the nodes the best move took,
// within its bounds, and the target unchanged at its neutral share.
func TestEffortScale(t *testing.T) {
	prev := effortScale(0)
	for s := 0.0; s <= 1.0; s += 0.01 {
		f := effortScale(s)
		assert.LessOrEqual(t, f, prev, "share %.2f", s)
		assert.GreaterOrEqual(t, f, effortMin)
		assert.LessOrEqual(t, f, effortMax)
		prev = f
	}
	assert.InDelta(t, 1.0, effortScale((effortBase-1)/effortSlope), 1e-9)
	assert.Greater(t, effortScale(0.3), effortScale(0.9))
}

// The root effort of a search's last iteration counts the nodes under each
// root move: together no more than the search's nodes, and a free queen's
// capture, which every other move must be refuted against, takes most.
func TestRootEffort(t *testing.T) {
	for _, tc := range []struct {
		name, fen string
		best      string
		atLeast   float64
	}{
		// Black's queen on d4 hangs to the knight on f3.
		{"free queen", "rnb1kbnr/pppp1ppp/8/4p3/3qP3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4", "f3d4", 0.5},
		{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pos := mustPos(t, tc.fen)
			s := NewSearcher(4)
			r := s.Search(context.Background(), pos, Limits{Depth: 9}, DefaultOptions(), nil)
			w := s.w
			require.Len(t, w.rootEffort, len(w.rootMoves))
			var total uint64
			for _, e := range w.rootEffort {
				total += e
			}
			assert.Greater(t, total, uint64(0))
			assert.LessOrEqual(t, total, r.Stats.Nodes)
			share := w.effortShare(r.BestMove)
			t.Logf("best %v share %.3f of %d nodes", r.BestMove, share, total)
			assert.Greater(t, share, 0.0)
			assert.LessOrEqual(t, share, 1.0)
			if tc.best != "" {
				assert.Equal(t, tc.best, r.BestMove.String())
				assert.GreaterOrEqual(t, share, tc.atLeast)
			}
		})
	}
}
