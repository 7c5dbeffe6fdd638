package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

// TestDepthStats: the per-depth counts sum to the search's own, per
// iteration as well as in all; a search counts the same nodes with them as
// without; nothing is counted above the iteration's depth; and in pure mode
// the root, the one node of remaining depth d in iteration d, is counted
// once per pass.
func TestDepthStats(t *testing.T) {
	const depth = 5
	fens := minimalFENs(t)
	for _, c := range []struct {
		driver    string
		selective bool
		etc       int
	}{{"NegaScout", false, 2}, {"MTDf", false, 0}, {"AlphaBeta", false, 3}, {"MTDf", true, 1}} {
		for _, fen := range []string{fens[1], fens[len(fens)-1]} {
			pos, err := engine.ParseFEN(fen)
			require.NoError(t, err)
			opt := DefaultOptions()
			opt.Driver, opt.Selective, opt.ETC, opt.ETCDepth = c.driver, c.selective, c.etc > 0, c.etc
			s := NewSearcher(8)
			off := s.Search(context.Background(), pos, Limits{Depth: depth}, opt, nil)

			var ds DepthStats
			opt.DepthStats = &ds
			s.Clear()
			var prev DepthStats
			var prevStats Stats
			on := s.Search(context.Background(), pos, Limits{Depth: depth}, opt, func(r Report) {
				it, st := ds.Sub(prev), r.Stats
				sums := it.Sums()
				where := c.driver + " " + fen + " depth " + itoa(r.Depth)
				assert.Equal(t, st.Interior-prevStats.Interior, sums.Interior, where)
				assert.Equal(t, st.Leaves-prevStats.Leaves, sums.Leaves, where)
				assert.Equal(t, st.TTHits-prevStats.TTHits, sums.TTHits, where)
				assert.Equal(t, st.TTCutoffs-prevStats.TTCutoffs, sums.TTCutoffs, where)
				assert.Equal(t, st.ETCProbes-prevStats.ETCProbes, sums.ETCProbes, where)
				assert.Equal(t, st.ETCCutoffs-prevStats.ETCCutoffs, sums.ETCCutoffs, where)
				for d := r.Depth + 1; d <= MaxDepth; d++ {
					assert.Zero(t, it.Interior[d]+it.TTHits[d]+it.Leaves[d], "%s: remaining depth %d", where, d)
				}
				if !c.selective {
					assert.Equal(t, st.Passes-prevStats.Passes, it.Interior[r.Depth], "%s: the root, once a pass", where)
					assert.Zero(t, it.TTCutoffs[r.Depth], "%s: never a cutoff at the root", where)
				}
				prev, prevStats = ds, st
			})
			assert.Equal(t, off.Stats, on.Stats, "%s %s: the counters change nothing", c.driver, fen)
			assert.Equal(t, on.Stats.Leaves, ds.Sums().Leaves)
			assert.Positive(t, ds.Leaves[0])
			if c.etc > 0 && !c.selective {
				assert.Positive(t, ds.ETCProbes[c.etc], "ETC from depth %d", c.etc)
				assert.Zero(t, ds.ETCProbes[c.etc-1], "no ETC below depth %d", c.etc)
			}
		}
	}
}

// TestDepthStatsMainThreadOnly: with helper threads, the per-depth counts
// are still the main thread's (and the helpers do not write to them).
func TestDepthStatsMainThreadOnly(t *testing.T) {
	pos, err := engine.ParseFEN(minimalFENs(t)[1])
	require.NoError(t, err)
	opt := DefaultOptions()
	opt.Threads = 2
	var ds DepthStats
	opt.DepthStats = &ds
	r := NewSearcher(8).Search(context.Background(), pos, Limits{Depth: 6}, opt, nil)
	sums := ds.Sums()
	assert.Equal(t, r.Stats.Interior, sums.Interior)
	assert.Equal(t, r.Stats.TTHits, sums.TTHits)
}

// TestFirstGuess: Options.FirstGuess sets one iteration's first guess and
// changes no value. Started at the iteration's true value, MTD(f) proves it
// in two passes (a fail high at ƒ, a fail low at ƒ+1) and Aspiration
// NegaScout in one; the iterations before it are as without.
func TestFirstGuess(t *testing.T) {
	const depth = 4
	far := uint64(0) // MTD(f)'s passes beyond two from a distorted guess
	for _, fen := range minimalFENs(t)[8:] {
		pos, err := engine.ParseFEN(fen)
		require.NoError(t, err)
		opt := pureOptions()
		s := NewSearcher(8)
		passes := func(opt Options) ([]uint64, []int) {
			s.Clear()
			var ps []uint64
			var vs []int
			last := uint64(0)
			s.Search(context.Background(), pos, Limits{Depth: depth}, opt, func(r Report) {
				ps, vs, last = append(ps, r.Stats.Passes-last), append(vs, r.Score), r.Stats.Passes
			})
			return ps, vs
		}
		plain, values := passes(opt)
		for _, k := range []int{0, -30, 7, 300} {
			for _, d := range []string{"MTDf", "NegaScout"} {
				o := opt
				o.Driver = d
				o.FirstGuess = &FirstGuess{Depth: depth, Score: values[depth-1] + k}
				ps, vs := passes(o)
				assert.Equal(t, values, vs, "%s k %d %s: the same values", d, k, fen)
				if d == "MTDf" {
					assert.Equal(t, plain[:depth-1], ps[:depth-1], "%s k %d %s: the iterations before", d, k, fen)
				}
				switch {
				case k == 0 && d == "MTDf":
					assert.Equal(t, uint64(2), ps[depth-1], fen)
				case k == 0:
					assert.Equal(t, uint64(1), ps[depth-1], fen)
				case d == "MTDf":
					assert.GreaterOrEqual(t, ps[depth-1], uint64(2), "%s k %d", fen, k)
					far += ps[depth-1] - 2 // a fail-soft bound may land on ƒ at once
				}
			}
		}
	}
	assert.Positive(t, far, "a distorted first guess costs passes")
}
