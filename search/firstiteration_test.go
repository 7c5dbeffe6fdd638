package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/eval"
)

// TestFirstIteration: Options.FirstIteration moves where the first
// iteration starts and never a value. FirstAtEval searches exactly as
// Options.FirstGuess at depth 1 set to the root's static evaluation (at
// the grain) does; FirstFullWindow searches depth 1 of every driver that
// starts from a guess as alpha-beta does (one pass, the same counts);
// FirstAtZero is the default and Bounder's play.
func TestFirstIteration(t *testing.T) {
	const depth = 3
	assert.Equal(t, FirstAtZero, DefaultOptions().FirstIteration)
	ev, ok := eval.NewKind("Full")
	require.True(t, ok)
	moved := 0 // positions where FirstAtEval changes MTD(f)'s search
	fens := minimalFENs(t)[:6]
	if testing.Short() {
		fens = fens[:3]
	}
	for _, fen := range fens {
		pos, err := engine.ParseFEN(fen)
		require.NoError(t, err)
		s := NewSearcher(4)
		run := func(opt Options) ([]Stats, []int) {
			s.Clear()
			var st []Stats
			var vs []int
			s.Search(context.Background(), pos, Limits{Depth: depth}, opt, func(r Report) {
				st, vs = append(st, r.Stats), append(vs, r.Score)
			})
			return st, vs
		}
		base := pureOptions()
		base.Driver = "NegaScout"
		_, want := run(base)
		ab := pureOptions()
		ab.Driver = "AlphaBeta"
		abStats, _ := run(ab)
		for _, d := range DriverTable() {
			for _, grain := range []int{1, 8} {
				opt := pureOptions()
				opt.Driver, opt.EvalGrain = d.Name, grain
				zero, vz := run(opt)
				opt.FirstIteration = FirstAtEval
				atEval, ve := run(opt)
				opt.FirstIteration = FirstFullWindow
				window, vw := run(opt)
				if grain == 1 {
					for _, vs := range [][]int{vz, ve, vw} {
						if d.Bounded {
							for i := range vs {
								assert.LessOrEqual(t, vs[i], want[i], "%s %s", d.Name, fen)
							}
						} else {
							assert.Equal(t, want, vs, "%s %s: the values", d.Name, fen)
						}
					}
				}
				if !d.Guessed {
					assert.Equal(t, zero, atEval, "%s %s: takes no guess", d.Name, fen)
					assert.Equal(t, zero, window, "%s %s: takes no guess", d.Name, fen)
					continue
				}
				if grain == 1 {
					assert.Equal(t, abStats[0], window[0], "%s %s: depth 1 with the full window is alpha-beta's", d.Name, fen)
				}
				assert.Equal(t, uint64(1), window[0].Passes, "%s %s", d.Name, fen)
				// FirstAtEval is FirstGuess at depth 1 at the evaluation.
				g := roundToGrain(ev.Evaluate(pos), grain)
				switch {
				case pos.InCheck():
					g = 0 // no static value: the default's 0
				case grain <= 1:
					g = ev.Evaluate(pos)
				}
				opt.FirstIteration = FirstAtZero
				opt.FirstGuess = &FirstGuess{Depth: 1, Score: g}
				fixed, _ := run(opt)
				assert.Equal(t, fixed, atEval, "%s %s grain %d: started at the evaluation %d", d.Name, fen, grain, g)
				if d.Name == "MTDf" && grain == 1 && atEval[0] != zero[0] {
					moved++
				}
			}
		}
	}
	assert.Positive(t, moved, "the root's evaluation is another start than 0")
}
