package search

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

// Positions where the best move changes between iterations, so that a
// search cut off mid-iteration often has a better move than the last
// completed iteration's (the start position, stopped at 160,000 nodes,
// once played e2e4 after a last PV of d2d4), and where MultiPV lines
// change rank.
var rankChangers = []string{
	engine.StartFEN,
	"2b1r1k1/1p6/pQ1p1q1p/P2P3P/2P1pPpN/6P1/4R1K1/8 w - - 0 1",
	kiwipete,
	"r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
	"8/5pk1/6p1/3P4/1p3P2/1Pr3P1/5K2/3R4 b - - 0 45",
}

// checkSets splits reports into the sets of lines a GUI is shown (a set
// starts at multipv 1) and checks each: lines numbered 1..n, n the number
// of lines the search can give, distinct first moves, the newest lines
// first and each depth's lines ordered by score; and the last set begins
// with the move played, whose PV's second move is the ponder move.
func checkSets(t *testing.T, reports []Report, r Result, lines int, what string) {
	t.Helper()
	require.NotEmpty(t, reports, "%s: no report", what)
	var sets [][]Report
	for _, rep := range reports {
		if rep.MultiPV == 1 {
			sets = append(sets, nil)
		}
		require.NotEmpty(t, sets, "%s: a set must start at multipv 1", what)
		sets[len(sets)-1] = append(sets[len(sets)-1], rep)
	}
	for i, set := range sets {
		require.Len(t, set, lines, "%s: set %d has %d lines", what, i, len(set))
		seen := map[engine.Move]bool{}
		for k, l := range set {
			require.Equal(t, k+1, l.MultiPV, "%s: set %d", what, i)
			require.NotEmpty(t, l.PV, "%s: set %d line %d", what, i, k+1)
			require.False(t, seen[l.PV[0]], "%s: set %d repeats %s", what, i, l.PV[0])
			seen[l.PV[0]] = true
			require.GreaterOrEqual(t, l.SelDepth, l.Depth, "%s: seldepth below depth", what)
			if k > 0 {
				prev := set[k-1]
				require.LessOrEqual(t, l.Depth, prev.Depth, "%s: set %d: an older line before a newer one", what, i)
				if l.Depth == prev.Depth {
					require.LessOrEqual(t, l.Score, prev.Score, "%s: set %d: lines out of score order", what, i)
				}
			}
		}
	}
	last := sets[len(sets)-1][0]
	require.Equal(t, r.BestMove, last.PV[0], "%s: the move played is not the first move of the last PV", what)
	ponder := engine.NullMove
	if len(last.PV) > 1 {
		ponder = last.PV[1]
	}
	require.Equal(t, ponder, r.PonderMove, "%s: the ponder move is not the last PV's second move", what)
}

// TestReportedSetsAreWhole is issue 24's "bestmove is not the first move of
// the last PV" and issue 29's "MultiPV repeats moves": every driver, one
// and two threads, MultiPV 1, 3 and 5, stopped by nodes, by time and by
// Stop.
func TestReportedSetsAreWhole(t *testing.T) {
	// Short (the race detector's run): fewer positions and smaller limits.
	fens, nodes, limit := rankChangers[:3], uint64(60_000), 30*time.Millisecond
	if testing.Short() {
		fens, nodes, limit = rankChangers[:1], 20_000, 20*time.Millisecond
	}
	s := NewSearcher(16)
	for _, fen := range fens {
		pos := mustPos(t, fen)
		legal := len(rootMoves(pos, nil))
		for _, drv := range Drivers() {
			for _, threads := range []int{1, 2} {
				for _, multiPV := range []int{1, 3, 5} {
					for _, stop := range []string{"nodes", "time", "stop"} {
						opt := DefaultOptions()
						opt.Driver, opt.Threads, opt.MultiPV = drv, threads, multiPV
						var lim Limits
						ctx, cancel := context.WithCancel(context.Background())
						switch stop {
						case "nodes":
							lim.Nodes = nodes
						case "time":
							lim.MoveTime = limit
						case "stop":
							// Stop by cancelling: a Stop that came before the
							// search started would be forgotten.
							time.AfterFunc(limit, cancel)
						}
						s.Clear()
						var reports []Report
						r := s.Search(ctx, pos, lim, opt, func(rep Report) { reports = append(reports, rep) })
						cancel()
						what := fmt.Sprintf("%s %s threads %d multipv %d by %s", fen, drv, threads, multiPV, stop)
						checkSets(t, reports, r, min(multiPV, legal), what)
					}
				}
			}
		}
	}
}

// TestBestMoveOfTheInterruptedIteration: the start position stopped at
// 160,000 nodes is the case found by hand: the interrupted iteration proves
// e2e4 at least as good as the last completed one's d2d4, and plays it; the
// last report must show it, as a lower bound at the interrupted depth.
func TestBestMoveOfTheInterruptedIteration(t *testing.T) {
	pos := mustPos(t, engine.StartFEN)
	var reports []Report
	r := NewSearcher(64).Search(context.Background(), pos, Limits{Nodes: 160_000}, DefaultOptions(),
		func(rep Report) { reports = append(reports, rep) })
	checkSets(t, reports, r, 1, "startpos nodes 160000")
	last := reports[len(reports)-1]
	if last.Depth > r.Depth {
		require.Equal(t, BoundLower, last.Bound, "a move from an unfinished iteration is only proved at least as good")
	}
}

// TestFirstIterationCompletes: even a search stopped before it starts (a
// node limit of 1, a stop already given) searches depth 1, so the move
// comes with a score and a PV.
func TestFirstIterationCompletes(t *testing.T) {
	pos := mustPos(t, kiwipete)
	s := NewSearcher(8)
	var reports []Report
	r := s.Search(context.Background(), pos, Limits{Nodes: 1}, DefaultOptions(), func(rep Report) { reports = append(reports, rep) })
	require.Equal(t, 1, r.Depth)
	checkSets(t, reports, r, 1, "nodes 1")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	reports = nil
	opt := DefaultOptions()
	opt.MultiPV = 3
	r = s.Search(ctx, pos, Limits{}, opt, func(rep Report) { reports = append(reports, rep) })
	require.Equal(t, 1, r.Depth)
	checkSets(t, reports, r, 3, "cancelled")
}
