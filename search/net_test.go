package search

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

// TestNetworkPureModeAgrees: with the network evaluating, every driver
// returns one value in pure mode (BNS a bound that holds it), with ETC on
// and off, so the accumulators follow the tree whatever the driver's
// order of passes; after each search the stack is back at the root.
func TestNetworkPureModeAgrees(t *testing.T) {
	// Quiet positions: pure mode's quiescence search has no pruning, and
	// the perft suite's capture trees under a net of the first data take
	// minutes. Castling, en passant and a promotion are among the moves.
	fens := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		"rnbqkbnr/ppp2ppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
		"8/P5k1/8/8/8/8/6K1/8 w - - 0 1",
	}
	maxDepth := 2
	s := NewSearcher(8)
	for _, fen := range fens {
		pos, err := engine.ParseFEN(fen)
		require.NoError(t, err)
		for depth := 1; depth <= maxDepth; depth++ {
			want, have := 0, false
			for _, d := range Drivers() {
				for _, etc := range []bool{true, false} {
					opt := DefaultOptions()
					opt.Driver, opt.Selective, opt.ETC, opt.ETCDepth, opt.EvalGrain = d, false, etc, 2, 1
					opt.Eval = NetworkEval
					s.Clear()
					r := s.Search(context.Background(), pos, Limits{Depth: depth}, opt, nil)
					require.True(t, pos.IsLegal(r.BestMove), fen)
					require.Zero(t, s.w.nn.Depth(), "the stack is back at the root")
					if r.Bound == BoundLower {
						require.Equal(t, "BNS", d)
						continue
					}
					require.Equal(t, BoundExact, r.Bound)
					if !have {
						want, have = r.Score, true
					}
					require.Equal(t, want, r.Score, "%s etc=%v depth %d: %s", d, etc, depth, fen)
				}
			}
		}
	}
}

// TestNetworkSelective: the playing search with the network finds a move
// and its evaluation is not the hand-crafted one.
func TestNetworkSelective(t *testing.T) {
	pos := engine.NewPosition()
	s := NewSearcher(8)
	opt := DefaultOptions()
	opt.Eval = NetworkEval
	r := s.Search(context.Background(), pos, Limits{Depth: 6}, opt, nil)
	require.True(t, pos.IsLegal(r.BestMove))
	require.Zero(t, s.w.nn.Depth())
}

// TestNetworkStackInStep: in the playing search (pruning, reductions,
// null moves, singular extensions, ETC, the quiescence search), every
// network evaluation is the one of a fresh accumulator of the position
// evaluated: no move is made past the stack.
func TestNetworkStackInStep(t *testing.T) {
	checked, bad := 0, 0
	netCheck = func(w *worker) {
		checked++
		if w.nn.Evaluate(w.pos) != w.nn.Net().Evaluate(w.pos) {
			bad++
		}
	}
	defer func() { netCheck = nil }()
	// 200,000 nodes a position; under -short (the race run, where a fresh
	// evaluation at every node made this the package's slowest test) 30,000.
	nodes := uint64(200000)
	if testing.Short() {
		nodes = 30000
	}
	s := NewSearcher(8)
	for _, fen := range []string{
		"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	} {
		pos, err := engine.ParseFEN(fen)
		require.NoError(t, err)
		opt := DefaultOptions()
		opt.Eval = NetworkEval
		s.Clear()
		s.Search(context.Background(), pos, Limits{Nodes: nodes}, opt, nil)
	}
	require.Greater(t, checked, 10000)
	require.Zero(t, bad, "of %d evaluations", checked)
}

// TestNetBlind: the positions the network leaves to the hand-crafted
// evaluation are those of fewer than five pieces and those with a lone
// king, whichever side it is and whoever is to move.
func TestNetBlind(t *testing.T) {
	for fen, want := range map[string]bool{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1": false,
		"8/2k5/8/8/8/8/1R6/4K2B w - - 0 1":                         true,  // KRBK: four pieces
		"8/8/4k3/8/8/8/1Q2P3/4K3 b - - 0 1":                        true,  // KQPK: four
		"3r4/8/4k3/8/4P3/4K3/8/4R3 w - - 0 1":                      false, // KRPKR: five
		"8/8/2k5/8/8/8/2P5/RR2K3 w - - 0 1":                        true,  // Black's king alone
		"8/8/2k5/2rr4/2p5/8/8/4K3 w - - 0 1":                       true,  // White's king alone
		"8/5k2/5p2/8/8/2P5/2R5/4K3 w - - 0 1":                      false,
	} {
		pos, err := engine.ParseFEN(fen)
		require.NoError(t, err)
		require.Equal(t, want, NetBlind(pos), fen)
	}
}

// TestNetworkBlindIsFull: in a position of four pieces every evaluation of
// a search with the network is the hand-crafted one's, so the search's
// value is Full's; in the start position it is not.
func TestNetworkBlindIsFull(t *testing.T) {
	s := NewSearcher(8)
	value := func(fen, ev string) int {
		pos, err := engine.ParseFEN(fen)
		require.NoError(t, err)
		opt := DefaultOptions()
		opt.Selective, opt.EvalGrain, opt.Eval = false, 1, ev
		s.Clear()
		return s.Search(context.Background(), pos, Limits{Depth: 3}, opt, nil).Score
	}
	krbk := "8/2k5/8/8/8/8/1R6/4K2B w - - 0 1"
	require.Equal(t, value(krbk, "Full"), value(krbk, NetworkEval))
	start := engine.NewPosition().FEN()
	require.NotEqual(t, value(start, "Full"), value(start, NetworkEval))
}
