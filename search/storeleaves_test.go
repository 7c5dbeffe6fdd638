package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

// storeLeavesFENs are quiet and tactical positions for the StoreLeaves tests.
var storeLeavesFENs = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	kiwipete,
	"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", // WAC.001
}

func pureLeafOptions(driver string, leaves bool) Options {
	opt := DefaultOptions()
	opt.Driver, opt.Selective, opt.ETC, opt.MTDfAccel, opt.StoreLeaves = driver, false, false, false, leaves
	return opt
}

// TestStoreLeavesStoresHorizon: with Options.StoreLeaves a pure-mode search
// of depth 1 leaves a draft-0 entry, a bound, for every child of the root
// (each a horizon node, searched by the quiescence search), and a second
// identical search with the table kept finds them there instead of
// evaluating them again; without it the table has no draft-0 entry and the
// second search evaluates every child again.
func TestStoreLeavesStoresHorizon(t *testing.T) {
	for _, fen := range storeLeavesFENs {
		pos := mustPos(t, fen)
		var buf [engine.MaxMoves]engine.Move
		moves := pos.GenerateMoves(buf[:])
		for _, leaves := range []bool{true, false} {
			s := NewSearcher(8)
			opt := pureLeafOptions("AlphaBeta", leaves)
			first := s.Search(context.Background(), pos, Limits{Depth: 1}, opt, nil)
			require.GreaterOrEqual(t, first.Stats.Leaves, uint64(len(moves)), "every child evaluated: %s", fen)
			stored := 0
			for _, m := range moves {
				e, ok := s.tt.Probe(pos.ChildKey(m), 1)
				if ok && e.draft == 0 {
					require.True(t, e.lower > -Infinity || e.upper < Infinity, "a bound: %s %v", fen, m)
					stored++
				}
			}
			second := s.Search(context.Background(), pos, Limits{Depth: 1}, opt, nil)
			require.Equal(t, first.Score, second.Score, fen)
			if leaves {
				require.Equal(t, len(moves), stored, "every horizon node stored: %s", fen)
				require.Less(t, second.Stats.Leaves*4, first.Stats.Leaves,
					"the second search finds the leaves in the table: %d then %d, %s", first.Stats.Leaves, second.Stats.Leaves, fen)
			} else {
				require.Zero(t, stored, "nothing at draft 0 without StoreLeaves: %s", fen)
				require.GreaterOrEqual(t, second.Stats.Leaves, uint64(len(moves)), "every child evaluated again: %s", fen)
			}
		}
	}
}

// TestStoreLeavesSavesMTPasses: MTD(f) and MT-SSS* search the tree again in
// every pass; with the leaves stored they evaluate fewer of them (and reach
// the same value: the invariant tests check it for every driver).
func TestStoreLeavesSavesMTPasses(t *testing.T) {
	for _, driver := range []string{"MTDf", "SSS"} {
		var on, off uint64
		for _, fen := range storeLeavesFENs {
			pos := mustPos(t, fen)
			s := NewSearcher(8)
			a := s.Search(context.Background(), pos, Limits{Depth: 4}, pureLeafOptions(driver, true), nil)
			s.Clear()
			b := s.Search(context.Background(), pos, Limits{Depth: 4}, pureLeafOptions(driver, false), nil)
			require.Equal(t, b.Score, a.Score, "%s %s", driver, fen)
			on, off = on+a.Stats.Leaves, off+b.Stats.Leaves
		}
		t.Logf("%s depth 4: %d leaves with StoreLeaves, %d without", driver, on, off)
		require.Less(t, on, off, driver)
	}
}
