package tune

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/eval"
)

func TestMaterialClass(t *testing.T) {
	for _, c := range []struct {
		fen   string
		class string
		black bool
	}{
		{"8/8/8/8/8/4k3/4P3/4K3 w - - 0 1", "1-0", false},
		{"8/8/4k3/8/8/2r5/8/4K3 w - - 0 1", "R0-0", true},
		{"3r4/5k2/5pp1/8/8/8/1PP2K2/3RB3 w - - 0 1", "RB2-R2", false},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "0-0", false},       // level: white's side
		{"4k3/pp6/8/8/8/8/P7/4K3 w - - 0 1", "2-1", true},     // pawns decide when the pieces are level
		{"q3k3/8/8/8/8/8/8/RR2K3 b - - 0 1", "RR0-Q0", false}, // 10 units against 9
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "QRRBBNN8-QRRBBNN8", false},
	} {
		pos, err := engine.ParseFEN(c.fen)
		require.NoError(t, err)
		class, black := materialClass(pos)
		require.Equal(t, c.class, class, c.fen)
		require.Equal(t, c.black, black, c.fen)
	}
}

// Classes sees each class from its stronger side, and averages results
// and predictions over the class; classes from several sets (and worker
// parts, whose class numbers differ) are merged by name.
func TestClasses(t *testing.T) {
	w := eval.DefaultWeights()
	p := fromWeights(&w)
	var a, b Dataset
	add := func(d *Dataset, fen string, result float64, score int) {
		pos, err := engine.ParseFEN(fen)
		require.NoError(t, err)
		tr := eval.Trace(pos)
		d.add(pos, &tr, Labels{Result: result, Score: score, HasScore: true})
	}
	add(&a, "8/8/4k3/8/8/2r5/8/4K3 w - - 0 1", 0, -900) // KRK, black wins
	add(&a, "8/8/8/8/8/4k3/4P3/4K3 w - - 0 1", 0.5, 0)  // KPK, a draw
	add(&b, "8/8/8/8/8/4k3/4P3/4K3 b - - 0 1", 1, 300)  // KPK again, in another set
	add(&b, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 1, 900)   // KRK, white wins
	var all Dataset
	all.append(&b) // b's classes come first here, unlike in a
	rows := Classes([]*Dataset{&a, &all}, p, 1, 1, 1)
	require.Len(t, rows, 2)
	byName := map[string]ClassRow{}
	for _, r := range rows {
		byName[r.Class] = r
	}
	krk, kpk := byName["R0-0"], byName["1-0"]
	require.Equal(t, 2, krk.N)
	require.Equal(t, 1.0, krk.Result, "both KRK games won by the rook's side")
	require.Greater(t, krk.Eval, 0.9)
	require.Greater(t, krk.Score, 0.9)
	require.Equal(t, 2, kpk.N)
	require.Equal(t, 0.75, kpk.Result)
	require.InDelta(t, (sigmoid(1, 0)+sigmoid(1, 300))/2, kpk.Score, 1e-9)
	require.False(t, math.IsNaN(kpk.Eval))
}
