package search

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/eval"
)

// TestThreadsPureModeInvariant: with helper threads storing their bounds in
// the shared table, every driver in pure mode still returns the minimax
// value (each stored bound is a proved bound of the same fixed-depth tree).
// Run with -race, this is also the check that the threads share nothing
// but the table and the control block.
func TestThreadsPureModeInvariant(t *testing.T) {
	maxDepth, wac := 3, 10
	if testing.Short() {
		maxDepth, wac = 3, 4
	}
	fens := invariantFENs(t, wac)
	if testing.Short() {
		fens = append(fens[:12:12], fens[len(fens)-wac:]...)
	}
	ev := eval.New()
	s := NewSearcher(8)
	var mainNodes, helperNodes uint64
	for i, fen := range fens {
		pos := mustPos(t, fen+" 0 1")
		// Every other position with the quiescence search's results stored
		// (Options.StoreLeaves), ETC from the ply above them.
		v := pureVariant{etc: true, leaves: i%2 == 1}
		for depth := 2; depth <= maxDepth; depth++ {
			ref := alphaBetaRef(pos, ev, -Infinity, Infinity, depth, 0)
			for _, d := range Drivers() {
				opt := DefaultOptions()
				opt.Driver, opt.Selective, opt.ETC, opt.ETCDepth, opt.Threads = d, false, true, 2, 3
				opt.StoreLeaves = v.leaves
				if v.leaves {
					opt.ETCDepth = 1
				}
				opt.EvalGrain = 1 // the references score with the evaluation as it is
				opt.Eval = "Full" // and it is the hand-crafted one (eval.New)
				s.Clear()
				r := s.Search(context.Background(), pos, Limits{Depth: depth}, opt, nil)
				checkPureResult(t, pos, ev, r, ref, d, v, depth, fen+" (3 threads)")
				mainNodes += s.w.stats.Nodes
				s.settle() // the helpers wind down after the move
				for _, h := range s.helpers {
					helperNodes += h.stats.Nodes
				}
			}
		}
	}
	// The helpers must have taken part, or the test proves nothing.
	t.Logf("nodes: main thread %d, helpers %d", mainNodes, helperNodes)
	require.Greater(t, helperNodes, mainNodes/10)
}

// TestThreadsSearch: a selective search with helpers returns a legal move of
// the depth asked for, counts every thread's nodes, and stops on Stop, at a
// node limit (counted over all threads) and at mate or stalemate roots.
func TestThreadsSearch(t *testing.T) {
	pos := mustPos(t, kiwipete)
	s := NewSearcher(8)
	opt := DefaultOptions()
	opt.Threads = 4

	one := DefaultOptions()
	single := NewSearcher(8).Search(context.Background(), pos, Limits{Depth: 8}, one, nil)
	var reports []Report
	r := s.Search(context.Background(), pos, Limits{Depth: 8}, opt, func(rep Report) { reports = append(reports, rep) })
	require.Equal(t, 8, r.Depth)
	require.True(t, pos.IsLegal(r.BestMove))
	require.NotEmpty(t, reports)
	for i := 1; i < len(reports); i++ {
		require.GreaterOrEqual(t, reports[i].Nodes, reports[i-1].Nodes, "reported nodes never go back")
	}
	require.GreaterOrEqual(t, r.Stats.Nodes, reports[len(reports)-1].Nodes, "the result counts every thread")
	require.Greater(t, r.Stats.Nodes, single.Stats.Nodes/2, "helpers' nodes are counted: %d against one thread's %d",
		r.Stats.Nodes, single.Stats.Nodes)

	// A node limit over all threads: each thread may pass it by up to a
	// poll interval before it sees the total.
	const limit = 50_000
	r = s.Search(context.Background(), pos, Limits{Nodes: limit}, opt, nil)
	require.True(t, pos.IsLegal(r.BestMove))
	require.LessOrEqual(t, r.Stats.Nodes, uint64(limit+opt.Threads*(pollMask+1)+opt.Threads*MaxPly))
	require.Greater(t, r.Stats.Nodes, uint64(limit/2))

	done := make(chan Result)
	go func() { done <- s.Search(context.Background(), pos, Limits{Infinite: true}, opt, nil) }()
	time.Sleep(50 * time.Millisecond)
	s.Stop()
	select {
	case r = <-done:
		require.True(t, pos.IsLegal(r.BestMove))
	case <-time.After(10 * time.Second):
		t.Fatal("Stop did not end a search with helper threads")
	}

	for _, fen := range []string{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"} {
		r := s.Search(context.Background(), mustPos(t, fen), Limits{Depth: 5}, opt, nil)
		require.Zero(t, r.Stats.Nodes, fen)
	}

	// MultiPV lines stay distinct with helpers (they search line 1 only).
	opt.MultiPV = 3
	var lines []Report
	s.Search(context.Background(), pos, Limits{Depth: 5}, opt, func(rep Report) {
		if rep.Depth == 5 {
			lines = append(lines, rep)
		}
	})
	require.Len(t, lines, 3)
	require.NotEqual(t, lines[0].PV[0], lines[1].PV[0])
	require.NotEqual(t, lines[1].PV[0], lines[2].PV[0])
	require.NotEqual(t, lines[0].PV[0], lines[2].PV[0])
}

// TestOneThreadIsUnchanged: Threads 1 (and 0, read as 1) searches exactly
// the tree of a searcher that never had helpers, after a search with them.
func TestOneThreadIsUnchanged(t *testing.T) {
	pos := mustPos(t, kiwipete)
	want := NewSearcher(4).Search(context.Background(), pos, Limits{Depth: 7}, DefaultOptions(), nil)
	s := NewSearcher(4)
	opt := DefaultOptions()
	opt.Threads = 3
	s.Search(context.Background(), pos, Limits{Depth: 5}, opt, nil)
	for _, n := range []int{1, 0} {
		s.Clear()
		opt.Threads = n
		got := s.Search(context.Background(), pos, Limits{Depth: 7}, opt, nil)
		require.Equal(t, want.Stats, got.Stats, "threads %d", n)
		require.Equal(t, want.BestMove, got.BestMove)
	}
}
