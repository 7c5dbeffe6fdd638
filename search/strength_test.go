package search

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/bounder-chess/bounder/engine"
)

// strengthSearcher is the tests' searcher (a new one costs more than the
// small searches of these tests).
var strengthSearcher = sync.OnceValue(func() *Searcher { return NewSearcher(1) })

// strengthSearch runs a limited search of fen at elo with seed (no clock:
// the node cap ends it), on a cleared table, and returns the result and the
// reports.
func strengthSearch(t *testing.T, fen string, elo int, seed uint64, multiPV int, lim Limits) (Result, []Report) {
	t.Helper()
	s := strengthSearcher()
	s.Clear()
	pos, err := engine.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	opt := DefaultOptions()
	opt.LimitStrength, opt.Elo, opt.StrengthSeed, opt.MultiPV = true, elo, seed, multiPV
	var reports []Report
	res := s.Search(context.Background(), pos, lim, opt, func(r Report) {
		r.PV = append([]engine.Move(nil), r.PV...)
		reports = append(reports, r)
	})
	return res, reports
}

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// TestStrengthTable: the calibration table spans MinElo to MaxElo in
// increasing Elo, and the settings it gives weaken monotonically as the
// Elo falls: fewer nodes, no more depth, a margin and a temperature no
// smaller.
func TestStrengthTable(t *testing.T) {
	if strengthTable[0].elo != MinElo || strengthTable[len(strengthTable)-1].elo != MaxElo {
		t.Fatalf("table spans %d..%d, want %d..%d", strengthTable[0].elo, strengthTable[len(strengthTable)-1].elo, MinElo, MaxElo)
	}
	for i := 1; i < len(strengthTable); i++ {
		if strengthTable[i].elo <= strengthTable[i-1].elo {
			t.Errorf("row %d: Elo %d after %d", i, strengthTable[i].elo, strengthTable[i-1].elo)
		}
	}
	prev := strengthAt(MinElo - 100)
	if prev != strengthAt(MinElo) {
		t.Errorf("below MinElo: %+v, want MinElo's %+v", prev, strengthAt(MinElo))
	}
	for elo := MinElo + 10; elo <= MaxElo+100; elo += 10 {
		s := strengthAt(elo)
		if s.nodes < prev.nodes || s.depth < prev.depth || s.margin > prev.margin || s.temp > prev.temp || s.lines > prev.lines || s.clock < prev.clock {
			t.Errorf("Elo %d: %+v is weaker than Elo %d's %+v", elo, s, elo-10, prev)
		}
		if s.nodes == 0 || s.depth < 1 || s.depth > MaxDepth || s.lines < 1 || s.clock <= 0 || s.clock > 1 {
			t.Errorf("Elo %d: %+v", elo, s)
		}
		prev = s
	}
	if s := strengthAt(2000); s.margin >= 300 {
		t.Errorf("Elo 2000: margin %d cp would let a minor piece go", s.margin)
	}
}

// TestPlayingElo: UCI_Elo with UCI_LimitStrength, else Skill Level's Elo,
// and full strength (0) at Skill Level 20.
func TestPlayingElo(t *testing.T) {
	for _, c := range []struct {
		limit       bool
		elo, skill  int
		want        int
		description string
	}{
		{false, 2000, 20, 0, "the defaults: full strength"},
		{true, 2000, 20, 2000, "UCI_Elo"},
		{true, 2000, 3, 2000, "UCI_Elo wins over Skill Level"},
		{true, 99999, 20, MaxElo, "clamped"},
		{true, 5, 20, MinElo, "clamped"},
		{false, 2000, 0, 1320, "level 0"},
		{false, 2000, 10, 2060, "level 10"},
		{false, 2000, 19, 2726, "level 19"},
		{false, 2000, 25, 0, "above 20"},
		{false, 2000, -3, 1320, "below 0"},
	} {
		if got := PlayingElo(c.limit, c.elo, c.skill); got != c.want {
			t.Errorf("PlayingElo(%v, %d, %d) = %d, want %d (%s)", c.limit, c.elo, c.skill, got, c.want, c.description)
		}
	}
	for level := range MaxSkillLevel {
		if e := SkillElo(level); e < MinElo || e > MaxElo || (level > 0 && e <= SkillElo(level-1)) {
			t.Errorf("SkillElo(%d) = %d", level, e)
		}
	}
}

// TestLimitStrengthSettings: what a limited search runs with, and that
// full strength changes nothing.
func TestLimitStrengthSettings(t *testing.T) {
	pos, _ := engine.ParseFEN(startFEN)
	clock := &TimeControl{Time: 10 * time.Second, Inc: 100 * time.Millisecond}
	lim := Limits{Clock: clock, Depth: 30}
	opt := DefaultOptions()
	opt.Threads, opt.MultiPV = 4, 1
	called := 0
	report := func(Report) { called++ }

	st, l, o, _ := limitStrength(pos, lim, opt, report)
	if st.elo != 0 || l.Clock != clock || l.Depth != 30 || l.Nodes != 0 || o != opt {
		t.Errorf("full strength changed the search: %+v %+v %+v", st, l, o)
	}

	opt.LimitStrength, opt.Elo = true, 1500
	st, l, o, rep := limitStrength(pos, lim, opt, report)
	want := strengthAt(1500)
	if l.Nodes != want.nodes || l.Depth != want.depth || o.Threads != 1 || o.MultiPV != want.lines {
		t.Errorf("limits %+v options %+v, want %+v", l, o, want)
	}
	if l.Clock.Time != 5*time.Second || l.Clock.Inc != 50*time.Millisecond || clock.Time != 10*time.Second {
		t.Errorf("clock %+v (caller's %+v), want half", *l.Clock, *clock)
	}
	rep(Report{MultiPV: 1})
	rep(Report{MultiPV: 2})
	if called != 1 {
		t.Errorf("%d reports passed on with MultiPV 1, want 1", called)
	}
	// A tighter limit of the caller's stands.
	lim = Limits{Nodes: 50, Depth: 1}
	_, l, _, _ = limitStrength(pos, lim, opt, nil)
	if l.Nodes != 50 || l.Depth != 1 {
		t.Errorf("limits %+v, want the caller's 50 nodes and depth 1", l)
	}
}

// TestPickLine: the margin, upper bounds, found mates and the
// temperature.
func TestPickLine(t *testing.T) {
	mv := []engine.Move{1}
	line := func(score int, b Bound) Report { return Report{Score: score, Bound: b, PV: mv} }
	lines := []Report{line(50, BoundExact), line(40, BoundExact), line(30, BoundUpper), line(-100, BoundExact)}
	counts := make([]int, len(lines))
	const draws = 20000
	for i := range draws {
		counts[pickLine(lines, 100, 20, strengthMix(uint64(i)))]++
	}
	if counts[2] != 0 || counts[3] != 0 {
		t.Errorf("an upper bound or a line beyond the margin was chosen: %v", counts)
	}
	// Weights 1 and e^-0.5: line 0 about 62% of the time.
	if f := float64(counts[0]) / draws; f < 0.59 || f > 0.65 {
		t.Errorf("line 0 chosen %.3f of the time, want about 0.62 (%v)", f, counts)
	}
	for i := range draws {
		if pickLine(lines, 100, 0, strengthMix(uint64(i))) != 0 {
			t.Fatal("temperature 0 chose another line than the best")
		}
		if pickLine([]Report{line(MateScore-3, BoundExact), line(MateScore-5, BoundExact)}, 100, 50, strengthMix(uint64(i))) != 0 {
			t.Fatal("a mate found was not played")
		}
	}
}

// TestStrengthDeterministic: with a seed, a limited search plays the same
// move with the same nodes every time; over many seeds it plays more than
// one move, mostly good ones.
func TestStrengthDeterministic(t *testing.T) {
	fens := []string{startFEN, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"}
	for _, fen := range fens {
		for _, elo := range []int{1320, 1600, 1900} {
			for seed := uint64(1); seed <= 3; seed++ {
				a, _ := strengthSearch(t, fen, elo, seed, 1, Limits{})
				b, _ := strengthSearch(t, fen, elo, seed, 1, Limits{})
				if a.BestMove != b.BestMove || a.Stats.Nodes != b.Stats.Nodes || a.Score != b.Score {
					t.Errorf("%s at %d, seed %d: %v (%d nodes) then %v (%d nodes)", fen, elo, seed, a.BestMove, a.Stats.Nodes, b.BestMove, b.Stats.Nodes)
				}
			}
		}
	}
	moves := map[engine.Move]int{}
	for seed := uint64(1); seed <= 40; seed++ {
		res, _ := strengthSearch(t, startFEN, MinElo, seed, 1, Limits{})
		moves[res.BestMove]++
	}
	if len(moves) < 2 {
		t.Errorf("40 seeds at Elo %d played only %v", MinElo, moves)
	}
}

// TestStrengthNeverHangsQueen: at Elo 2000, in positions where one of the
// moves searched hangs the queen (searchmoves and MultiPV 4 keep it among
// the lines the choice sees; a node limit, as "go nodes", keeps the test
// quick), it is never played: over 200 seeds in the first, and
// it is further below the best line than the margin in all.
func TestStrengthNeverHangsQueen(t *testing.T) {
	cases := []struct {
		fen, hang string
		others    []string
	}{
		// 1. e4 d5: Qg4?? Bxg4.
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "d1g4", []string{"e4d5", "b1c3", "g1f3"}},
		// 1. e4 e5 2. d4: Qg5?? Bxg5.
		{"rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR b KQkq d3 0 2", "d8g5", []string{"e5d4", "b8c6", "g8f6"}},
		// Qxd5?? Rxd5 (the d5 pawn is guarded by the d8 rook).
		{"3r2k1/5ppp/8/3p4/8/8/5PPP/3Q2K1 w - - 0 1", "d1d5", []string{"g2g3", "d1d2", "h2h3"}},
	}
	for i, c := range cases {
		pos, err := engine.ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		var only []engine.Move
		for _, s := range append([]string{c.hang}, c.others...) {
			m, err := pos.ParseMove(s)
			if err != nil {
				t.Fatalf("%s: %s: %v", c.fen, s, err)
			}
			only = append(only, m)
		}
		hang := only[0]
		// The choice saw the move in its last set of lines, further below
		// the best than the margin: no seed can pick it.
		lim := Limits{SearchMoves: only, Nodes: 20000}
		_, reports := strengthSearch(t, c.fen, 2000, 1, 4, lim)
		if len(reports) < 4 {
			t.Fatalf("%s: %d reports", c.fen, len(reports))
		}
		last := reports[len(reports)-4:]
		best := last[0].Score
		for _, r := range last {
			best = max(best, r.Score)
		}
		seen := false
		for _, r := range last {
			if r.PV[0] == hang {
				seen = true
				if best-r.Score <= strengthAt(2000).margin {
					t.Errorf("%s: %s scored %d against the best %d, within the margin", c.fen, c.hang, r.Score, best)
				}
			}
		}
		if !seen {
			t.Errorf("%s: %s not among the last lines %v", c.fen, c.hang, last)
		}
		// And it is never played: 200 seeds in the first position, 40 in
		// the others (a fifth of that with -short).
		seeds := uint64(40)
		if i == 0 {
			seeds = 200
		}
		if testing.Short() {
			seeds /= 5
		}
		for seed := uint64(1); seed <= seeds; seed++ {
			res, _ := strengthSearch(t, c.fen, 2000, seed, 4, lim)
			if res.BestMove == hang {
				t.Fatalf("%s: seed %d played %s", c.fen, seed, c.hang)
			}
		}
	}
}

// TestStrengthFewerNodes: a lower Elo searches fewer nodes. (Not in
// every position: the first iteration is never cut short, and at the
// lowest levels it runs in pure mode, whose quiescence search can take tens
// of thousands of nodes in a position full of captures, such as
// Kiwipete.)
func TestStrengthFewerNodes(t *testing.T) {
	fens := []string{
		startFEN,
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
		"8/5pk1/6p1/8/3K4/6P1/5P2/8 w - - 0 1",
	}
	elos := []int{1320, 1500, 1700, 1900}
	var last uint64
	for i, elo := range elos {
		var nodes uint64
		for _, fen := range fens {
			res, _ := strengthSearch(t, fen, elo, 7, 1, Limits{})
			nodes += res.Stats.Nodes
		}
		if i > 0 && nodes <= last {
			t.Errorf("Elo %d searched %d nodes, Elo %d %d", elo, nodes, elos[i-1], last)
		}
		last = nodes
	}
}

// TestStrengthReportsChosenLast: the last set of lines reported begins with
// the move played, so that bestmove is the first move of the last PV
// reported (multipv 1), and no more lines are reported than asked for, for
// seeds where the choice is the search's best line and where it is not.
func TestStrengthReportsChosenLast(t *testing.T) {
	other := 0
	for _, multiPV := range []int{1, 2} {
		for seed := uint64(1); seed <= 30; seed++ {
			res, reports := strengthSearch(t, startFEN, 1400, seed, multiPV, Limits{})
			if len(reports) == 0 {
				t.Fatal("no reports")
			}
			first := len(reports) - 1
			for first > 0 && reports[first].MultiPV != 1 {
				first--
			}
			last := reports[first]
			if last.PV[0] != res.BestMove || last.Score != res.Score || res.PV[0] != res.BestMove {
				t.Fatalf("seed %d: last set begins with %v (%d), the move played is %v (%d)", seed, last.PV[0], last.Score, res.BestMove, res.Score)
			}
			if len(res.PV) > 1 && res.PonderMove != res.PV[1] {
				t.Errorf("seed %d: ponder move %v, PV %v", seed, res.PonderMove, res.PV)
			}
			for _, r := range reports {
				if r.MultiPV > multiPV {
					t.Fatalf("seed %d: line %d reported with MultiPV %d", seed, r.MultiPV, multiPV)
				}
			}
			if first > 0 && reports[first-multiPV].PV[0] != res.BestMove {
				other++ // the set before the last one began with another move
			}
		}
	}
	if other == 0 {
		t.Error("no seed chose another line than the search's best: the re-report is untested")
	}
}
