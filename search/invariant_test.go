package search

import (
	"bufio"
	"context"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/eval"
)

var long = flag.Bool("long", false, "run the long versions of the search tests")

// invariantFENs are the pure-mode test positions: the perft suite (castling,
// en passant, promotions, checks, bare endgames) and WAC middlegames.
func invariantFENs(t testing.TB, wac int) []string {
	t.Helper()
	var fens []string
	read := func(path string, limit int) {
		f, err := os.Open(path)
		require.NoError(t, err)
		defer f.Close()
		sc := bufio.NewScanner(f)
		n := 0
		for sc.Scan() && n < limit {
			fields := strings.Fields(sc.Text())
			if len(fields) < 4 {
				continue
			}
			fens = append(fens, strings.Join(fields[:4], " "))
			n++
		}
	}
	read("../testdata/perft/perftsuite.epd", 1000)
	read("../testdata/epd/wacnew.epd", wac)
	return fens
}

// pureVariant is how a pure-mode search of the invariant tests stores and
// reads the table: ETC on or off, and the quiescence search storing its
// results (Options.StoreLeaves, the lab's method) or table-free. With
// leaves stored, ETC runs from one ply above the horizon (ETCDepth 1), where
// the children it probes are leaves; without, from ETCDepth 2.
type pureVariant struct{ etc, leaves bool }

var pureVariants = []pureVariant{{false, false}, {true, false}, {false, true}, {true, true}}

func (v pureVariant) String() string {
	return "etc=" + map[bool]string{true: "on", false: "off"}[v.etc] + " leaves=" +
		map[bool]string{true: "stored", false: "not stored"}[v.leaves]
}

// pureSearch runs driver in pure mode to depth with a fresh table.
func pureSearch(s *Searcher, pos *engine.Position, driver string, v pureVariant, depth int) Result {
	opt := DefaultOptions()
	opt.Driver, opt.Selective, opt.ETC, opt.ETCDepth, opt.StoreLeaves = driver, false, v.etc, 2, v.leaves
	if v.leaves {
		opt.ETCDepth = 1
	}
	opt.EvalGrain = 1 // the references score with the evaluation as it is
	opt.Eval = "Full" // and it is the hand-crafted one (eval.New)
	s.Clear()
	return s.Search(context.Background(), pos, Limits{Depth: depth}, opt, nil)
}

// TestPureModeInvariant is the test that proves the framework: in pure mode
// every driver returns the minimax value at every fixed depth (Best Node
// Search a bound that holds it, and a best move that has it). Depths 1-2 are
// checked against plain minimax, deeper ones against a table-free
// alpha-beta, itself checked against minimax where minimax is affordable.
func TestPureModeInvariant(t *testing.T) {
	maxDepth, wac := 3, 30
	if *long {
		maxDepth, wac = 4, 100
	}
	if testing.Short() {
		maxDepth, wac = 2, 0
	}
	fens := invariantFENs(t, wac)
	require.GreaterOrEqual(t, len(fens), 50+wac)
	ev := eval.New()
	searchers := map[string]*Searcher{}
	for _, d := range Drivers() {
		searchers[d] = NewSearcher(8)
	}
	for i, fen := range fens {
		pos, err := engine.ParseFEN(fen)
		require.NoError(t, err, fen)
		// Every variant; with -short (the race run) two per position, the
		// leaves stored and not, ETC on for every other position.
		variants := pureVariants
		if testing.Short() {
			variants = []pureVariant{pureVariants[i%2], pureVariants[i%2+2]}
		}
		for depth := 1; depth <= maxDepth; depth++ {
			ref := alphaBetaRef(pos, ev, -Infinity, Infinity, depth, 0)
			if depth <= 2 {
				require.Equal(t, minimax(pos, ev, depth, 0), ref, "alpha-beta reference vs minimax: %s depth %d", fen, depth)
			}
			for _, d := range Drivers() {
				for _, v := range variants {
					r := pureSearch(searchers[d], pos, d, v, depth)
					checkPureResult(t, pos, ev, r, ref, d, v, depth, fen)
				}
			}
		}
	}
}

func checkPureResult(t *testing.T, pos *engine.Position, ev *eval.Evaluator, r Result, ref int, driver string, v pureVariant, depth int, fen string) {
	t.Helper()
	where := func() string {
		return driver + " " + v.String() + " depth " + itoa(depth) + ": " + fen
	}
	require.Equal(t, depth, r.Depth, where())
	require.True(t, pos.IsLegal(r.BestMove), "illegal best move %v, %s", r.BestMove, where())
	switch r.Bound {
	case BoundExact:
		require.Equal(t, ref, r.Score, where())
	case BoundLower:
		require.Equal(t, "BNS", driver, "only BNS may end with a bound: %s", where())
		require.LessOrEqual(t, r.Score, ref, where())
	default:
		t.Fatalf("bound %v: %s", r.Bound, where())
	}
	// The best move must have the root's value.
	pos.Make(r.BestMove)
	best := -alphaBetaRef(pos, ev, -Infinity, Infinity, depth-1, 1)
	pos.Unmake()
	require.Equal(t, ref, best, "value of best move %v, %s", r.BestMove, where())
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestMTDfBias: MTD(f) started below the previous score (MTDfBias) still
// returns the minimax value, and the bias does change the search.
func TestMTDfBias(t *testing.T) {
	fens := invariantFENs(t, 0)
	ev := eval.New()
	s := NewSearcher(8)
	changed := 0
	for _, fen := range fens[:20] {
		pos, err := engine.ParseFEN(fen)
		require.NoError(t, err, fen)
		ref := alphaBetaRef(pos, ev, -Infinity, Infinity, 3, 0)
		var nodes [2]uint64
		for i, bias := range []int{0, 25} {
			opt := DefaultOptions()
			opt.Driver, opt.Selective, opt.ETC, opt.MTDfAccel, opt.EvalGrain = "MTDf", false, false, false, 1
			opt.Eval = "Full" // the reference's evaluation
			opt.MTDfBias = bias
			s.Clear()
			r := s.Search(context.Background(), pos, Limits{Depth: 3}, opt, nil)
			require.Equal(t, BoundExact, r.Bound, fen)
			require.Equal(t, ref, r.Score, "bias %d: %s", bias, fen)
			nodes[i] = r.Stats.Nodes
		}
		if nodes[0] != nodes[1] {
			changed++
		}
	}
	require.Positive(t, changed, "a bias of 25 cp changed no search")
}
