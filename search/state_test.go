package search

import (
	"context"
	"testing"

	"github.com/bounder-chess/bounder/engine"
	"github.com/stretchr/testify/require"
)

// singularWorker returns a worker prepared by a short search of fen with
// singular extensions on, as the tests below call ab directly.
func singularWorker(t *testing.T, fen string) *worker {
	t.Helper()
	pos := mustPos(t, fen)
	s := NewSearcher(1)
	opt := DefaultOptions()
	opt.Singular = true
	s.Search(context.Background(), pos, Limits{Depth: 1}, opt, nil)
	w := s.w
	w.pos = pos.Clone()
	w.ctl.stop.Store(false) // the search's end stopped its threads
	return w
}

// A singular test of a node whose only legal move is the one left out
// proves nothing about the other moves: there are none, which is neither
// mate nor stalemate, so it must fail low (the move is singular) and never
// fail high on the stalemate score.
func TestSingularTestWithOnlyTheExcludedMove(t *testing.T) {
	// White's only move is h2h3: the king is boxed in by its own pawn and
	// the rook on the b-file, the a-pawn is blocked.
	w := singularWorker(t, "k7/1r6/8/8/7p/p7/P6P/K7 w - - 0 1")
	var buf [engine.MaxMoves]engine.Move
	legal := w.pos.GenerateMoves(buf[:])
	require.Len(t, legal, 1)
	require.False(t, w.pos.InCheck())

	const ply = 1
	w.stack[ply].excluded = legal[0]
	v := w.ab(-11, -10, 3, ply)
	require.Less(t, v, -10, "a singular test without any other move failed high")
}

// The move a singular test leaves out is cleared by the node that reads it,
// even when that node returns at once (a stopped search), so that it cannot
// leak into the next node at that ply or into the next search.
func TestSingularExclusionDoesNotLeak(t *testing.T) {
	w := singularWorker(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	var buf [engine.MaxMoves]engine.Move
	m := w.pos.GenerateMoves(buf[:])[0]
	for _, depth := range []int{0, 4} {
		w.stack[2].excluded = m
		w.stopped = true
		w.ab(-1, 0, depth, 2)
		w.stopped = false
		require.Equal(t, engine.NullMove, w.stack[2].excluded, "depth %d", depth)
	}
}

// A search after Clear is the search of a new Searcher, for every driver:
// nothing a previous search left in the worker may steer it (BNS's tests
// once read the root's evaluation from whatever the last search left).
func TestClearedSearcherSearchesAsNew(t *testing.T) {
	pos := mustPos(t, kiwipete)
	lim := Limits{Depth: 6}
	for _, drv := range []string{"BNS", "MTDf", "NegaScout"} {
		opt := DefaultOptions()
		opt.Driver = drv
		fresh := NewSearcher(16).Search(context.Background(), pos, lim, opt, nil)
		s := NewSearcher(16)
		s.Search(context.Background(), pos, lim, DefaultOptions(), nil)
		s.Clear()
		again := s.Search(context.Background(), pos, lim, opt, nil)
		require.Equal(t, fresh.Stats.Nodes, again.Stats.Nodes, drv)
		require.Equal(t, fresh.BestMove, again.BestMove, drv)
	}
}

// ProbCut's known answers: a knight takes a hanging queen. A cut above the
// evaluation by less than the queen is found with that capture; one by more
// than the capture can win is not tried (static exchange) and not found.
func TestProbCut(t *testing.T) {
	w := singularWorker(t, "4k3/pp6/8/3q4/8/4N3/PP6/4K3 w - - 0 1")
	nxd5, err := w.pos.ParseMove("e3d5")
	require.NoError(t, err)
	const ply, depth = 1, 6
	ev := w.evaluate()
	require.Less(t, ev, -400, "white is down a queen for a knight")

	v, m, ok := w.probCut(ev+700, ev, depth, ply)
	require.True(t, ok)
	require.Equal(t, nxd5, m)
	require.GreaterOrEqual(t, v, ev+700)

	_, _, ok = w.probCut(ev+1200, ev, depth, ply)
	require.False(t, ok, "a cut the only capture cannot reach by static exchange")
	require.Equal(t, "4k3/pp6/8/3q4/8/4N3/PP6/4K3 w - - 0 1", w.pos.FEN(), "probCut left the position changed")
}

// Step 13's decision, case by case (singularVerdict's doc).
func TestSingularVerdict(t *testing.T) {
	for _, c := range []struct {
		v, sBeta, beta, ttLower int
		ext                     int
		cutoff                  bool
	}{
		{v: 80, sBeta: 84, beta: 50, ttLower: 100, ext: 1},       // singular
		{v: 90, sBeta: 84, beta: 50, ttLower: 100, cutoff: true}, // multi-cut
		{v: 84, sBeta: 84, beta: 84, ttLower: 100, cutoff: true}, // multi-cut at beta itself
		{v: 90, sBeta: 84, beta: 95, ttLower: 100, ext: -1},      // negative extension
		{v: 90, sBeta: 84, beta: 100, ttLower: 100, ext: -1},     // ttLower at beta
		{v: 90, sBeta: 84, beta: 101, ttLower: 100},              // the bound is below beta
		{v: -30, sBeta: -20, beta: -500, ttLower: 0, ext: 1},     // singular far above beta
		{v: -20, sBeta: -20, beta: -19, ttLower: 0, ext: -1},     // v at sBeta is not singular
		{v: 500, sBeta: 84, beta: 200, ttLower: 100, ext: 0},     // a better move than the table's
		{v: 83, sBeta: 84, beta: 200, ttLower: 100, ext: 1},      // singular though the node fails low
		{v: 84, sBeta: 84, beta: 85, ttLower: 100, ext: -1, cutoff: false},
	} {
		ext, cutoff := singularVerdict(c.v, c.sBeta, c.beta, c.ttLower)
		require.Equal(t, c.ext, ext, "%+v", c)
		require.Equal(t, c.cutoff, cutoff, "%+v", c)
	}
}

// Multi-cut in a search: the table move (a knight takes the queen) has a
// lower bound just short of the node's depth; the rook takes the queen
// too, so the singular test without the knight's capture fails high, and
// with beta at or below the test's window the node returns the window's
// edge, sBeta, at once (at a PV node, where null-move pruning and ProbCut
// cannot cut it first). Without the rook the capture is singular and the
// node is searched in full.
func TestSingularMultiCut(t *testing.T) {
	for _, c := range []struct {
		fen      string
		lower    int // the table's lower bound, near the node's value
		multiCut bool
	}{
		{"4k3/pp6/8/3q4/8/2N5/PP6/3RK3 w - - 0 1", 600, true},
		{"4k3/pp6/8/3q4/8/2N5/PP6/4K3 w - - 0 1", 250, false},
	} {
		w := singularWorker(t, c.fen)
		nxd5, err := w.pos.ParseMove("c3d5")
		require.NoError(t, err)
		p := live.Load()
		const ply = 1
		depth, lower := p.SingularDepth, c.lower
		w.tt.Store(w.pos.Key(), ply, depth-1, lower-1, lower, lower, nxd5, false)
		sBeta := lower - p.SingularMargin*depth
		beta := sBeta - 30
		w.stack[ply].pvPath = true // a PV node: no null move or ProbCut first
		v := w.ab(beta-1, beta, depth, ply)
		if c.multiCut {
			require.Equal(t, sBeta, v, c.fen)
		} else {
			require.NotEqual(t, sBeta, v, c.fen)
			require.GreaterOrEqual(t, v, beta, c.fen)
		}
	}
}
