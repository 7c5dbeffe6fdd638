package search

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestProgress is issue 12's "no output for seconds during long
// iterations": Limits.Progress is called about once a second, the first
// time after a second, with the nodes, the time and the root move under
// search, for the tree walker's drivers and for BNS (whose root moves are
// searched by the driver).
func TestProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: takes three seconds")
	}
	pos := mustPos(t, kiwipete)
	for _, c := range []struct {
		driver  string
		reports int
	}{{"MTDf", 2}, {"BNS", 1}} {
		s := NewSearcher(4)
		opt := DefaultOptions()
		opt.Driver = c.driver
		var got []Progress
		lim := Limits{Infinite: true, Progress: func(p Progress) {
			got = append(got, p)
			if len(got) == c.reports {
				s.Stop()
			}
		}}
		r := s.Search(context.Background(), pos, lim, opt, nil)
		require.True(t, pos.IsLegal(r.BestMove))
		require.Len(t, got, c.reports, c.driver)
		for i, p := range got {
			require.GreaterOrEqual(t, p.Elapsed, time.Duration(i+1)*ProgressInterval, "%s %d: %+v", c.driver, i, p)
			require.NotZero(t, p.Nodes)
			require.True(t, pos.IsLegal(p.CurrMove), "%s: currmove %v", c.driver, p.CurrMove)
			require.GreaterOrEqual(t, p.CurrMoveNumber, 1)
			require.LessOrEqual(t, p.CurrMoveNumber, 48) // kiwipete's legal moves
			require.GreaterOrEqual(t, p.Hashfull, 0)
			require.LessOrEqual(t, p.Hashfull, 1000)
			if i > 0 {
				require.GreaterOrEqual(t, p.Elapsed-got[i-1].Elapsed, ProgressInterval)
				require.Greater(t, p.Nodes, got[i-1].Nodes)
			}
		}
	}
}

// Progress reports read the clock but do not change the search: the node
// counts (the bench signature) are the same with and without them.
func TestProgressKeepsNodeCounts(t *testing.T) {
	pos := mustPos(t, kiwipete)
	nodes := func(progress func(Progress)) uint64 {
		return NewSearcher(4).Search(context.Background(), pos, Limits{Depth: 6, Progress: progress}, DefaultOptions(), nil).Stats.Nodes
	}
	require.Equal(t, nodes(nil), nodes(func(Progress) {}))
}
