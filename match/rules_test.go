package match

import (
	"strings"
	"testing"
	"time"
)

func mustBoard(t *testing.T, fen string, moves ...string) *board {
	t.Helper()
	b, err := newBoard(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if err := b.play(m); err != nil {
			t.Fatal(err)
		}
	}
	return b
}

func TestOutcome(t *testing.T) {
	cases := []struct {
		name   string
		fen    string
		moves  []string
		result string
		reason string // substring; empty means the game goes on
	}{
		{"start", "", nil, "", ""},
		{"fool's mate", "", []string{"f2f3", "e7e5", "g2g4", "d8h4"}, ResultBlackWins, "Black mates"},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", nil, ResultDraw, "stalemate"},
		{"bare kings", "8/8/4k3/8/8/4K3/8/8 w - - 0 1", nil, ResultDraw, "insufficient"},
		{"K+N v K", "8/8/4k3/8/8/4K3/4N3/8 w - - 0 1", nil, ResultDraw, "insufficient"},
		{"bishops on one colour", "8/8/2b1k3/8/8/3BK3/8/8 w - - 0 1", nil, ResultDraw, "insufficient"},
		{"bishops on both colours", "8/8/2b1k3/8/8/2B1K3/8/8 w - - 0 1", nil, "", ""},
		{"K+N+N v K can mate", "8/8/4k3/8/8/4K3/3NN3/8 w - - 0 1", nil, "", ""},
		{"fifty moves", "8/8/4k3/8/8/4K3/4R3/8 w - - 99 80", []string{"e2e1"}, ResultDraw, "fifty"},
		{"fifty moves reset by a pawn", "8/8/4k3/8/8/4K3/3P4/8 w - - 99 80", []string{"d2d4"}, "", ""},
		{"two repetitions", "", []string{"g1f3", "g8f6", "f3g1", "f6g8"}, "", ""},
		{"threefold", "", []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"}, ResultDraw, "3-fold"},
	}
	for _, c := range cases {
		b := mustBoard(t, c.fen, c.moves...)
		result, reason, over := b.outcome()
		if over != (c.result != "") || result != c.result || !strings.Contains(reason, c.reason) {
			t.Errorf("%s: got %q %q over=%v, want %q %q", c.name, result, reason, over, c.result, c.reason)
		}
	}
}

func TestPlayRejectsIllegal(t *testing.T) {
	b := mustBoard(t, "")
	for _, mv := range []string{"e2e5", "e1g1", "zz", "e7e5", "", "e2e4x"} {
		if err := b.play(mv); err == nil {
			t.Errorf("%q accepted", mv)
		}
	}
	// Promotion needs its piece letter.
	b = mustBoard(t, "8/4P3/8/8/8/k7/8/K7 w - - 0 1")
	if err := b.play("e7e8"); err == nil {
		t.Error("promotion without a piece accepted")
	}
	if err := b.play("e7e8n"); err != nil {
		t.Error(err)
	}
}

func TestPositionCommand(t *testing.T) {
	if got := mustBoard(t, "").positionCommand(); got != "position startpos" {
		t.Errorf("got %q", got)
	}
	if got := mustBoard(t, "", "e2e4", "c7c5").positionCommand(); got != "position startpos moves e2e4 c7c5" {
		t.Errorf("got %q", got)
	}
	fen := "8/8/4k3/8/8/4K3/4R3/8 b - - 3 40"
	if got := mustBoard(t, "  "+strings.ReplaceAll(fen, " ", "  "), "e6d6").positionCommand(); got != "position fen "+fen+" moves e6d6" {
		t.Errorf("got %q", got)
	}
	if n := mustBoard(t, fen, "e6d6").fullMoveNumber(); n != 41 {
		t.Errorf("full move number %d", n)
	}
}

func TestCanMate(t *testing.T) {
	b := mustBoard(t, "8/8/4k3/8/8/4K3/4N3/8 w - - 0 1")
	if b.canMate(0) || b.canMate(1) {
		t.Error("K+N v K: nobody can mate")
	}
	b = mustBoard(t, "8/8/4k3/4p3/8/4K3/4N3/8 w - - 0 1")
	if !b.canMate(0) || !b.canMate(1) {
		t.Error("K+N v K+P: both can mate in principle")
	}
}

func TestAdjudicator(t *testing.T) {
	cp := func(v int) Score { return Score{Kind: ScoreCP, Value: v} }
	// One-sided: the loser agrees but the winner does not.
	a := adjudicator{rules: Adjudication{ResignMoveCount: 2, ResignScore: 500}}
	for i := 0; i < 10; i++ {
		if _, _, over := a.observe(i%2, 1, cp([]int{-900, 100}[i%2])); over {
			t.Fatal("one-sided resignation adjudicated")
		}
	}
	// Both agree: Black is lost; a mate score counts as beyond any bound.
	a = adjudicator{rules: Adjudication{ResignMoveCount: 2, ResignScore: 500}}
	seq := []Score{cp(600), cp(-550), {Kind: ScoreMate, Value: 5}, {Kind: ScoreMate, Value: -4}}
	for i, s := range seq {
		result, _, over := a.observe(i%2, 1+i/2, s)
		if over != (i == 3) {
			t.Fatalf("ply %d: over=%v", i, over)
		}
		if over && result != ResultWhiteWins {
			t.Errorf("result %s", result)
		}
	}
	// Draw: a missing score breaks the streak.
	a = adjudicator{rules: Adjudication{DrawMoveNumber: 1, DrawMoveCount: 2, DrawScore: 10}}
	seq = []Score{cp(0), cp(5), {}, cp(-3), cp(2), cp(0)}
	for i, s := range seq {
		if _, _, over := a.observe(i%2, 1+i/2, s); over {
			t.Fatalf("ply %d: drawn too early", i)
		}
	}
	if _, _, over := a.observe(0, 4, cp(1)); !over {
		t.Error("four plies inside the window should draw")
	}
}

func TestParseTimeControl(t *testing.T) {
	good := map[string]TimeControl{
		"10+0.1":   {Base: 10 * time.Second, Increment: 100 * time.Millisecond},
		"60":       {Base: time.Minute},
		"40/60+.5": {Base: time.Minute, Increment: 500 * time.Millisecond, MovesToGo: 40},
		"1+0.01":   {Base: time.Second, Increment: 10 * time.Millisecond},
		"500ms+0":  {Base: 500 * time.Millisecond},
		// The range's ends, in both spellings.
		"1e7+1e7":               {Base: MaxTime, Increment: MaxTime},
		"10000000s+2777h46m40s": {Base: MaxTime, Increment: MaxTime},
	}
	for s, want := range good {
		got, err := ParseTimeControl(s)
		if err != nil || got != want {
			t.Errorf("%q: got %+v, %v; want %+v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "abc", "10+", "-5", "0+1", "x/10", "0/10", "10+-1", "10+0.1+3", "NaN",
		"10000001", "10000001s", "166667m", "2778h", "1+10000001", "1+10000001s", "40/10000000.5s", "1e7s+1e8", "1+2777h46m40.000000001s"} {
		if _, err := ParseTimeControl(s); err == nil {
			t.Errorf("%q accepted", s)
		}
	}
	if s := (TimeControl{Base: 10 * time.Second, Increment: 100 * time.Millisecond}).String(); s != "10+0.1" {
		t.Errorf("String = %q", s)
	}
	if s := (TimeControl{Base: time.Minute, MovesToGo: 40}).String(); s != "40/60" {
		t.Errorf("String = %q", s)
	}
}

func TestClocks(t *testing.T) {
	c := NewClocks(TimeControl{Base: time.Second, Increment: 100 * time.Millisecond, MovesToGo: 2})
	cmd, allowed := c.goCommand(0)
	if cmd != "go wtime 1000 btime 1000 winc 100 binc 100 movestogo 2" || allowed != time.Second {
		t.Errorf("%q %v", cmd, allowed)
	}
	c.Spend(0, 300*time.Millisecond)
	c.Spend(0, 300*time.Millisecond) // end of period: +1s
	if c.remaining[0] != 1600*time.Millisecond || c.movesLeft[0] != 2 {
		t.Errorf("remaining %v, moves left %d", c.remaining[0], c.movesLeft[0])
	}
	c.Spend(1, 5*time.Second) // overran within the margin: clamps at zero
	if c.remaining[1] != 100*time.Millisecond {
		t.Errorf("remaining %v", c.remaining[1])
	}
	cmd, allowed = NewClocks(TimeControl{MoveTime: 50 * time.Millisecond}).goCommand(1)
	if cmd != "go movetime 50" || allowed != 50*time.Millisecond {
		t.Errorf("%q %v", cmd, allowed)
	}
	cmd, allowed = NewClocks(TimeControl{Nodes: 5000}).goCommand(1)
	if cmd != "go nodes 5000" || allowed != 0 {
		t.Errorf("%q %v", cmd, allowed)
	}
}

func TestParseInfo(t *testing.T) {
	var r searchResult
	for _, l := range []string{
		"depth 12 seldepth 20 score cp -35 nodes 1000 pv e2e4 e7e5",
		"string score cp 999",
		"depth 13 currmove e2e4 currmovenumber 1",
	} {
		parseInfo(strings.Fields(l), &r)
	}
	if r.score != (Score{Kind: ScoreCP, Value: -35}) || r.depth != 13 {
		t.Errorf("got %+v", r)
	}
	parseInfo(strings.Fields("depth 14 score mate -3 pv a1a2"), &r)
	if r.score != (Score{Kind: ScoreMate, Value: -3}) || r.score.String() != "-M3" {
		t.Errorf("got %+v", r)
	}
	parseInfo(strings.Fields("depth 15 score cp 7 lowerbound nodes 5"), &r)
	if r.score.String() != "+0.07" {
		t.Errorf("got %q", r.score)
	}
	parseInfo(strings.Fields("score cp"), &r) // truncated: ignored, no panic
	if (Score{Kind: ScoreCP, Value: -5}).String() != "-0.05" || (Score{}).String() != "" {
		t.Error("Score.String")
	}
}
