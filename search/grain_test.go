package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

func TestRoundToGrain(t *testing.T) {
	for _, c := range []struct{ v, g, want int }{
		{0, 2, 0}, {1, 2, 2}, {-1, 2, -2}, {3, 4, 4}, {-3, 4, -4}, {2, 4, 4}, {-2, 4, -4}, {1, 4, 0},
		{-1, 4, 0}, {47, 16, 48}, {40, 16, 48}, {39, 16, 32}, {-40, 16, -48}, {-39, 16, -32}, {100, 32, 96},
	} {
		assert.Equal(t, c.want, roundToGrain(c.v, c.g), "%d to %d", c.v, c.g)
	}
	for g := 2; g <= 64; g *= 2 {
		for v := -300; v <= 300; v++ {
			r := roundToGrain(v, g)
			assert.Zero(t, r%g, "%d to %d", v, g)
			assert.LessOrEqual(t, 2*abs(r-v), g, "%d to %d: the nearest multiple", v, g)
			assert.Equal(t, -r, roundToGrain(-v, g), "%d to %d: symmetric", v, g)
		}
	}
}

// TestEvalGrain: grain 0 and 1 search exactly as without the option, in
// both modes (the bench signature is the other proof); a coarser grain
// changes the search and every value becomes a multiple of it (pure mode,
// no mate), with all drivers still agreeing on it.
func TestEvalGrain(t *testing.T) {
	fens := minimalFENs(t)
	checked := 0
	for _, fen := range []string{fens[1], fens[len(fens)-1]} {
		pos, err := engine.ParseFEN(fen)
		require.NoError(t, err)
		for _, c := range []struct {
			driver    string
			selective bool
		}{{"MTDf", false}, {"NegaScout", false}, {"MTDf", true}, {"NegaScout", true}} {
			opt := DefaultOptions()
			opt.Driver, opt.Selective, opt.MTDfAccel = c.driver, c.selective, false
			s := NewSearcher(8)
			search := func(g int) Result {
				s.Clear()
				o := opt
				o.EvalGrain = g
				return s.Search(context.Background(), pos, Limits{Depth: 4}, o, nil)
			}
			def := search(0)
			one := search(1)
			assert.Equal(t, def.Stats, one.Stats, "%s selective=%v %s: grain 1 is the default", c.driver, c.selective, fen)
			assert.Equal(t, def.Score, one.Score)
			coarse := search(16)
			assert.NotEqual(t, def.Stats, coarse.Stats, "%s selective=%v %s: grain 16 changes the search", c.driver, c.selective, fen)
		}
		var values []int
		for _, d := range Drivers() {
			opt := DefaultOptions()
			opt.Driver, opt.Selective, opt.MTDfAccel, opt.EvalGrain = d, false, false, 16
			r := NewSearcher(8).Search(context.Background(), pos, Limits{Depth: 3}, opt, nil)
			if driverNamed(d).Bounded {
				continue
			}
			if !IsMate(r.Score) {
				assert.Zero(t, r.Score%16, "%s %s: a value of grain 16", d, fen)
				checked++
			}
			values = append(values, r.Score)
		}
		for _, v := range values {
			assert.Equal(t, values[0], v, "%s: every driver the same value at grain 16", fen)
		}
	}
	assert.Positive(t, checked, "some value is not a mate")
}
