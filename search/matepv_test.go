package search

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

// mateLineError checks a reported line as fastchess's -check-mate-pvs does:
// an exact "score mate N" line must be 2N-1 plies (2N for mated in N) of
// legal moves ending in checkmate.
func mateLineError(root *engine.Position, r Report) error {
	if !IsMate(r.Score) || r.Bound != BoundExact {
		return nil
	}
	n := MateIn(r.Score)
	want := 2*n - 1
	if n <= 0 {
		want = -2 * n
	}
	p := root.Clone()
	for i, m := range r.PV {
		if !p.IsLegal(m) {
			return fmt.Errorf("mate %d, depth %d: move %d of %s is illegal", n, r.Depth, i+1, pvString(r.PV))
		}
		p.Make(m)
	}
	if len(r.PV) != want {
		return fmt.Errorf("mate %d, depth %d: %d plies, want %d: %s", n, r.Depth, len(r.PV), want, pvString(r.PV))
	}
	if !p.InCheck() || p.HasLegalMove() {
		return fmt.Errorf("mate %d, depth %d: %s does not end in mate", n, r.Depth, pvString(r.PV))
	}
	return nil
}

// matePositions have forced mates a short search finds (WAC, and two
// endings whose mates run longer than the depth that finds them).
var matePositions = []string{
	"r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",        // WAC.004, mate in 2
	"5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1",                // WAC.005, mate in 2
	"3q1rk1/p4pp1/2pb3p/3p4/6Pr/1PNQ4/P1PB1PP1/4RRK1 b - - 0 1",         // WAC.009, mate in 5
	"r2rb1k1/pp1q1p1p/2n1p1p1/2bp4/5P2/PP1BPR1Q/1BPN2PP/R5K1 w - - 0 1", // WAC.014, mate in 4
	"r3q1kr/ppp5/3p2pQ/8/3PP1b1/5R2/PPP3P1/5RK1 w - - 0 1",              // WAC.057, mate in 3: once cut short
	"r6k/p1Q4p/2p1b1rq/4p3/B3P3/4P3/PPP3P1/4RRK1 b - - 0 1",             // WAC.088, mate in 5
	"6k1/2pb1r1p/3p1PpQ/p1nPp3/1q2P3/2N2P2/PrB5/2K3RR w - - 0 1",        // WAC.103, mate in 4
	"2r1kb1r/pp3ppp/2n1b3/1q1N2B1/1P2Q3/8/P4PPP/3RK1NR w Kk - 0 1",      // WAC.267, mate in 5
	"8/8/8/3k4/8/8/8/2QK4 w - - 0 1",                                    // KQvK
	"8/8/8/4k3/8/8/8/R3K3 w - - 0 1",                                    // KRvK
}

// TestMateLinesShowTheirMate is issue 64's second item: every exact mate
// line any driver reports is its announced number of
// plies and ends in mate, in fresh searches and in a searcher that plays
// the mate out, both sides (its table holding the earlier moves' entries).
func TestMateLinesShowTheirMate(t *testing.T) {
	drivers, nodes, plies := Drivers(), uint64(30000), 4
	if testing.Short() {
		drivers, nodes, plies = []string{"MTDf", "NegaScout", "BNS"}, 10000, 2
	}
	mates := 0
	for _, drv := range drivers {
		for _, fen := range matePositions {
			s := NewSearcher(4)
			opt := DefaultOptions()
			opt.Driver = drv
			pos := mustPos(t, fen)
			for ply := 0; ply < plies && pos.HasLegalMove(); ply++ {
				res := s.Search(context.Background(), pos, Limits{Nodes: nodes}, opt, func(r Report) {
					if IsMate(r.Score) {
						mates++
					}
					require.NoError(t, mateLineError(pos, r), "%s, %s, ply %d", drv, fen, ply)
				})
				pos.Make(res.BestMove)
			}
		}
	}
	require.Greater(t, mates, 10*len(drivers), "too few mate lines to tell")
}

// TestStoredMateScoreShowsItsLine: a mate score that comes out of the table
// with no line behind it (a bound stored without a move, as a quiescence
// search or another search leaves it), or with a table move that leads
// elsewhere, still yields the whole mating line, for every driver and both
// sides; before, the line ended where the table's moves did.
func TestStoredMateScoreShowsItsLine(t *testing.T) {
	// WAC.004: Qxh7+ Kxh7 hxg6#, a mate in 2.
	const fen = "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1"
	for _, c := range []struct {
		name, moves string // moves from fen to the root
		first       string // the root's best move
		plant       string // the position after first: its score is stored
		detour      string // a table move stored after first and the reply, leading elsewhere
	}{
		{name: "we mate", first: "h6h7"},
		{name: "we mate, a detour stored", first: "h6h7", detour: "d1e1"},
		{name: "we are mated", moves: "h6h7", first: "h8h7"},
	} {
		for _, drv := range Drivers() {
			root := position(t, fen, c.moves)
			s := NewSearcher(4)
			opt := DefaultOptions()
			opt.Driver = drv
			// The true mate, searched once, then the table cleared and
			// only the score after the first move stored, with no move.
			var want Report
			s.Search(context.Background(), root, Limits{Depth: 8}, opt, func(r Report) { want = r })
			require.True(t, IsMate(want.Score), "%s: %s: no mate found", c.name, drv)
			require.Equal(t, c.first, want.PV[0].String(), c.name)
			s.Clear()
			first, err := root.ParseMove(c.first)
			require.NoError(t, err)
			after := root.Clone()
			after.Make(first)
			v := -want.Score // the value after first, from its side, at ply 1
			move := engine.NullMove
			if c.detour != "" {
				move = want.PV[1] // the reply, then the detour
			}
			s.tt.Store(after.Key(), 1, tbDraft, v-1, v+1, v, move, false)
			if c.detour != "" {
				after.Make(move)
				m, err := after.ParseMove(c.detour)
				require.NoError(t, err)
				s.tt.Store(after.Key(), 2, 1, -1, 1, 0, m, false)
			}
			reported := 0
			s.Search(context.Background(), root, Limits{Depth: 4}, opt, func(r Report) {
				require.NoError(t, mateLineError(root, r), "%s: %s", c.name, drv)
				if IsMate(r.Score) && r.Bound == BoundExact {
					reported++
				}
			})
			require.Positive(t, reported, "%s: %s: no mate line reported", c.name, drv)
		}
	}
}
