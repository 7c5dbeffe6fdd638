package search

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/bounder-chess/bounder/engine"
)

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func mustPos(t testing.TB, fen string) *engine.Position {
	t.Helper()
	p, err := engine.ParseFEN(fen)
	require.NoError(t, err)
	return p
}

// TestNodeCountsReproduce: the same search gives the same node count every
// time (what the bench signature relies on), for every driver.
func TestNodeCountsReproduce(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: covered by the bench determinism test")
	}
	pos := mustPos(t, kiwipete)
	for _, d := range Drivers() {
		opt := DefaultOptions()
		opt.Driver = d
		var counts []uint64
		for i := 0; i < 2; i++ {
			s := NewSearcher(4)
			r := s.Search(context.Background(), pos, Limits{Depth: 5}, opt, nil)
			counts = append(counts, r.Stats.Nodes)
		}
		require.Equal(t, counts[0], counts[1], d)
		require.NotZero(t, counts[0], d)
	}
}

func TestSearchDoesNotModifyPosition(t *testing.T) {
	pos := mustPos(t, kiwipete)
	fen, key := pos.FEN(), pos.Key()
	NewSearcher(4).Search(context.Background(), pos, Limits{Depth: 4}, DefaultOptions(), nil)
	require.Equal(t, fen, pos.FEN())
	require.Equal(t, key, pos.Key())
}

func TestNodeLimitIsExact(t *testing.T) {
	pos := mustPos(t, kiwipete)
	for _, d := range Drivers() {
		opt := DefaultOptions()
		opt.Driver = d
		r := NewSearcher(4).Search(context.Background(), pos, Limits{Nodes: 5000}, opt, nil)
		require.LessOrEqual(t, r.Stats.Nodes, uint64(5000), d)
		require.Greater(t, r.Stats.Nodes, uint64(4000), d)
		require.True(t, pos.IsLegal(r.BestMove), d)
	}
}

// TestStopEndsInfiniteSearch: Stop and a cancelled context both end an
// infinite search, which still returns a legal move.
func TestStopEndsInfiniteSearch(t *testing.T) {
	pos := mustPos(t, kiwipete)
	s := NewSearcher(4)
	done := make(chan Result)
	go func() { done <- s.Search(context.Background(), pos, Limits{Infinite: true}, DefaultOptions(), nil) }()
	time.Sleep(20 * time.Millisecond)
	s.Stop()
	r := <-done
	require.True(t, pos.IsLegal(r.BestMove))

	ctx, cancel := context.WithCancel(context.Background())
	go func() { done <- s.Search(ctx, pos, Limits{Infinite: true}, DefaultOptions(), nil) }()
	time.Sleep(20 * time.Millisecond)
	cancel()
	r = <-done
	require.True(t, pos.IsLegal(r.BestMove))
}

// TestPonderHitStartsTheClock: a pondering search runs without a clock
// until the hit, and from the hit on its Limits' clock, as a search
// started then; a hit that comes before the search has started (the GUI's
// ponderhit can overtake the goroutine that starts it) counts the same.
func TestPonderHitStartsTheClock(t *testing.T) {
	pos := mustPos(t, kiwipete)
	s := NewSearcher(4)
	clock := &TimeControl{Time: 500 * time.Millisecond}
	_, hard, _ := Limits{Clock: clock, Ponder: NewPonder()}.Budget()

	// The machine may be shared, so a search can overrun its deadline
	// waiting for a core: each timing is the best of up to three tries.
	done := make(chan Result)
	best := time.Hour
	for try := 0; try < 3 && best >= hard+250*time.Millisecond; try++ {
		lim := Limits{Clock: clock, Ponder: NewPonder()}
		go func() { done <- s.Search(context.Background(), pos, lim, DefaultOptions(), nil) }()
		select {
		case <-done:
			t.Fatal("a pondering search ended before the hit")
		case <-time.After(hard + 100*time.Millisecond):
		}
		hit := time.Now()
		lim.Ponder.Hit()
		select {
		case r := <-done:
			require.True(t, pos.IsLegal(r.BestMove))
			best = min(best, time.Since(hit))
		case <-time.After(10 * time.Second):
			s.Stop()
			t.Fatal("ponderhit did not end the search")
		}
	}
	require.Less(t, best, hard+250*time.Millisecond, "the deadline counts from the hit")

	// Hit before the search starts: timed from the hit.
	best = time.Hour
	for try := 0; try < 3 && best >= hard+250*time.Millisecond; try++ {
		early := Limits{Clock: clock, Ponder: NewPonder()}
		early.Ponder.Hit()
		r := s.Search(context.Background(), pos, early, DefaultOptions(), nil)
		require.True(t, pos.IsLegal(r.BestMove))
		best = min(best, time.Since(early.Ponder.At()))
	}
	require.Less(t, best, hard+250*time.Millisecond)

	// go ponder infinite: the hit changes nothing, stop ends it.
	inf := Limits{Clock: clock, Infinite: true, Ponder: NewPonder()}
	go func() { done <- s.Search(context.Background(), pos, inf, DefaultOptions(), nil) }()
	inf.Ponder.Hit()
	select {
	case <-done:
		t.Fatal("a ponder infinite search ended at the hit's deadline")
	case <-time.After(hard + 100*time.Millisecond):
	}
	s.Stop()
	<-done
}

// TestBudget: what the limits of "go" mean for the time (the policy is in
// timeman.go): movetime exact less the overhead and capped by the clock's
// deadline, a clock's plan, no budget when infinite.
func TestBudget(t *testing.T) {
	clock := &TimeControl{Time: 50 * time.Millisecond}
	_, clockHard := TimeBudget(*clock, 10*time.Millisecond)
	for _, c := range []struct {
		lim        Limits
		soft, hard time.Duration
		ok         bool
	}{
		{Limits{}, 0, 0, false},
		{Limits{Depth: 5}, 0, 0, false},
		{Limits{MoveTime: 200 * time.Millisecond, Overhead: 10 * time.Millisecond}, 190 * time.Millisecond, 190 * time.Millisecond, true},
		{Limits{MoveTime: 100 * time.Millisecond, Clock: clock, Overhead: 10 * time.Millisecond}, clockHard, clockHard, true},
		{Limits{Clock: clock, Overhead: 10 * time.Millisecond}, 0, clockHard, true},
		{Limits{Clock: clock, Infinite: true}, 0, 0, false},
	} {
		soft, hard, ok := c.lim.Budget()
		if c.soft == 0 && ok {
			c.soft = soft // the clock's target: TimeBudget's tests
		}
		require.Equal(t, [3]any{c.soft, c.hard, c.ok}, [3]any{soft, hard, ok}, "%+v", c.lim)
	}
}

// TestMateAloneBoundsTheDepth: "go mate N" with no other limit ends where
// there is no such mate; with any other limit that limit rules.
func TestMateAloneBoundsTheDepth(t *testing.T) {
	require.Equal(t, 9, Limits{Mate: 3}.maxDepth())
	require.Equal(t, MaxDepth, Limits{Mate: 3, Nodes: 900}.maxDepth())
	require.Equal(t, 2, Limits{Mate: 3, Depth: 2}.maxDepth())
	require.Equal(t, MaxDepth, Limits{Mate: 3, Infinite: true}.maxDepth())
	require.Equal(t, MaxDepth, Limits{Mate: 3, Clock: &TimeControl{Time: time.Second}}.maxDepth())
	r := NewSearcher(1).Search(context.Background(), mustPos(t, kiwipete), Limits{Mate: 1}, DefaultOptions(), nil)
	require.Equal(t, MateDepth(1), r.Depth, "no mate in 1: the search ends at the mate depth")
}

func TestMateAndStalemateRoots(t *testing.T) {
	s := NewSearcher(1)
	// Mated: no move, and the searcher says so.
	r := s.Search(context.Background(), mustPos(t, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"), Limits{Depth: 3}, DefaultOptions(), nil)
	require.Equal(t, engine.NullMove, r.BestMove)
	// Mate in one is found with a mate score, by every driver.
	for _, d := range Drivers() {
		opt := DefaultOptions()
		opt.Driver = d
		r = s.Search(context.Background(), mustPos(t, "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1"), Limits{Depth: 4}, opt, nil)
		require.Equal(t, "g1g7", r.BestMove.String(), d)
		require.True(t, IsMate(r.Score), d)
		require.Equal(t, 1, MateIn(r.Score), d)
	}
}

func TestMateLimitStops(t *testing.T) {
	r := NewSearcher(1).Search(context.Background(), mustPos(t, "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1"), Limits{Mate: 1}, DefaultOptions(), nil)
	require.Equal(t, "g1g7", r.BestMove.String())
	require.Less(t, r.Depth, 10, "stopped once the mate was found")
}

func TestRepetitionIsADrawInSelectiveMode(t *testing.T) {
	// After Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, Black's Ng8 repeats the start
	// position: searched alone, that move must score a draw.
	pos := engine.NewPosition()
	require.NoError(t, pos.PlayMoves([]string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"}))
	m, err := pos.ParseMove("f6g8")
	require.NoError(t, err)
	lim := Limits{Depth: 4, SearchMoves: []engine.Move{m}}
	r := NewSearcher(4).Search(context.Background(), pos, lim, DefaultOptions(), nil)
	require.Equal(t, m, r.BestMove)
	require.Equal(t, 0, r.Score)
	// Pure mode ignores the history (see the package doc): not a draw.
	opt := DefaultOptions()
	opt.Selective = false
	r = NewSearcher(4).Search(context.Background(), pos, lim, opt, nil)
	require.NotEqual(t, 0, r.Score)
}

func TestSearchMovesRestrictsTheRoot(t *testing.T) {
	pos := engine.NewPosition()
	m, err := pos.ParseMove("a2a3")
	require.NoError(t, err)
	r := NewSearcher(4).Search(context.Background(), pos, Limits{Depth: 4, SearchMoves: []engine.Move{m}}, DefaultOptions(), nil)
	require.Equal(t, m, r.BestMove)
}

func TestMultiPVReportsDistinctLines(t *testing.T) {
	pos := mustPos(t, kiwipete)
	opt := DefaultOptions()
	opt.MultiPV = 3
	seen := map[int]map[engine.Move]bool{}
	NewSearcher(4).Search(context.Background(), pos, Limits{Depth: 4}, opt, func(r Report) {
		if seen[r.Depth] == nil {
			seen[r.Depth] = map[engine.Move]bool{}
		}
		require.False(t, seen[r.Depth][r.PV[0]], "line %d repeats a move", r.MultiPV)
		seen[r.Depth][r.PV[0]] = true
	})
	require.Len(t, seen[4], 3)
}

// TestReportsArePerIteration: one report per completed depth, with a legal
// principal variation and cumulative statistics.
func TestReportsArePerIteration(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	pos := mustPos(t, kiwipete)
	for _, d := range Drivers() {
		opt := DefaultOptions()
		opt.Driver = d
		var reports []Report
		NewSearcher(4).Search(context.Background(), pos, Limits{Depth: 5}, opt, func(r Report) { reports = append(reports, r) })
		require.Len(t, reports, 5, d)
		var last uint64
		for i, r := range reports {
			require.Equal(t, i+1, r.Depth, d)
			require.GreaterOrEqual(t, r.Nodes, last, d)
			last = r.Nodes
			p := pos.Clone()
			for _, m := range r.PV {
				require.True(t, p.IsLegal(m), "%s: PV %v", d, r.PV)
				p.Make(m)
			}
			require.GreaterOrEqual(t, r.Stats.Passes, uint64(i+1), d)
		}
	}
}

// TestSearchAllocatesPerIterationNotPerNode: a search ten times larger may
// allocate a little more (one principal variation per iteration), never in
// proportion to its nodes.
func TestSearchAllocatesPerIterationNotPerNode(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("slow under -short and the race detector (which allocates itself)")
	}
	pos := mustPos(t, kiwipete)
	s := NewSearcher(4)
	opt := DefaultOptions()
	opt.EvalGrain = 1 // the tree sizes below were chosen for the evaluation as it is
	var nodes [2]uint64
	allocs := func(depth int, i int) float64 {
		return testing.AllocsPerRun(3, func() {
			s.Clear()
			nodes[i] = s.Search(context.Background(), pos, Limits{Depth: depth}, opt, nil).Stats.Nodes
		})
	}
	small, big := allocs(3, 0), allocs(9, 1)
	require.Greater(t, nodes[1], 10*nodes[0])
	require.Less(t, big-small, 200.0, "allocations grew with the tree: %v -> %v for %d -> %d nodes", small, big, nodes[0], nodes[1])
}

// Every evaluation choice is used: a material-only search scores in
// multiples of 10 (every PieceValue is one), the full evaluation does not
// always, and switching back gives the first score again (the table of
// one evaluation is not used by another; history and killers stay, so the
// node counts may differ).
func TestEvalOption(t *testing.T) {
	s := NewSearcher(4)
	search := func(fen, ev string) Result {
		opt := DefaultOptions()
		opt.Eval = ev
		opt.EvalGrain = 1 // material scores stay multiples of 10
		return s.Search(context.Background(), mustPos(t, fen), Limits{Depth: 5}, opt, nil)
	}
	first := search(kiwipete, "Full")
	odd := false
	for _, fen := range []string{kiwipete, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"} {
		m := search(fen, "material")
		require.Zero(t, m.Score%10, "%s: material-only score %d", fen, m.Score)
		f := search(fen, "Full")
		h := search(fen, "Hand")
		odd = odd || f.Score%10 != 0 || h.Score%10 != 0
	}
	require.True(t, odd, "the Full and Hand evaluations scored only multiples of 10")
	// The histories carry over between searches and move the score; the
	// table must not (the material-only values are gone): with the
	// histories forgotten, the first search's score again.
	s.w.clearHistory()
	again := search(kiwipete, "Full")
	require.Equal(t, first.Score, again.Score)
}
