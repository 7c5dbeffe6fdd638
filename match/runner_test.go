package match

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/notnil/chess"
)

// parsePGNFile splits a PGN file into games and decodes each one.
func parsePGNFile(t *testing.T, text string) []*chess.Game {
	t.Helper()
	texts, err := SplitPGN(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	var games []*chess.Game
	for _, s := range texts {
		decode, err := chess.PGN(strings.NewReader(s))
		if err != nil {
			t.Fatalf("game does not parse: %v\n%s", err, s)
		}
		games = append(games, chess.NewGame(decode))
	}
	return games
}

func tag(g *chess.Game, k string) string {
	if tp := g.GetTagPair(k); tp != nil {
		return tp.Value
	}
	return ""
}

func TestRunRandom(t *testing.T) {
	t.Parallel()
	ops, err := LoadOpenings("testdata/openings.epd")
	if err != nil {
		t.Fatal(err)
	}
	var pgn, progress bytes.Buffer
	cfg := Config{
		Engines:     []EngineSpec{engine("alpha"), engine("beta")},
		TimeControl: fastTC,
		Games:       3, Rounds: 2,
		Concurrency: 2,
		Openings:    ops,
		Repeat:      true,
		Seed:        42,
		PGN:         NewPGNWriter(&pgn),
		Progress:    &progress,
		Event:       "test",
	}
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	p := sum.Pairings[0]
	if sum.Played != 6 || sum.Scheduled != 6 || p.WDL.Games() != 6 {
		t.Fatalf("played %d of %d, W/D/L %+v", sum.Played, sum.Scheduled, p.WDL)
	}
	if p.Penta.Pairs() != 3 {
		t.Errorf("%d complete pairs, want 3", p.Penta.Pairs())
	}
	games := parsePGNFile(t, pgn.String())
	if len(games) != 6 {
		t.Fatalf("%d games in the PGN", len(games))
	}
	byRound := map[string]*chess.Game{}
	for _, g := range games {
		byRound[tag(g, "Round")] = g
		if tag(g, "Event") != "test" || tag(g, "Termination") != string(TermNormal) {
			t.Errorf("tags: %v", g.TagPairs())
		}
	}
	// Game pairs share the opening with colours reversed.
	for _, pair := range [][2]string{{"1", "2"}, {"3", "4"}, {"5", "6"}} {
		a, b := byRound[pair[0]], byRound[pair[1]]
		if a == nil || b == nil {
			t.Fatalf("rounds %v missing", pair)
		}
		if tag(a, "FEN") == "" || tag(a, "FEN") != tag(b, "FEN") {
			t.Errorf("rounds %v: openings %q and %q", pair, tag(a, "FEN"), tag(b, "FEN"))
		}
		if tag(a, "White") != tag(b, "Black") || tag(a, "White") != "alpha" {
			t.Errorf("rounds %v: colours not reversed", pair)
		}
	}
	if lines := strings.Count(progress.String(), "\n"); lines != 6 {
		t.Errorf("%d progress lines:\n%s", lines, progress.String())
	}
	var report bytes.Buffer
	sum.Write(&report)
	for _, want := range []string{"6 of 6 games", "alpha vs beta: 6 games", "Pentanomial", "Elo",
		"Time per move: alpha 0.", "least left"} {
		if !strings.Contains(report.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, report.String())
		}
	}

	// The time report counts each engine's own moves, not the book's.
	var moves [2]int
	for _, g := range games {
		first := 0
		if tag(g, "White") != "alpha" {
			first = 1
		}
		for i, c := range g.Comments() {
			if len(c) == 0 || c[0] == "book" {
				continue
			}
			side := i % 2
			if f := strings.Fields(tag(g, "FEN")); len(f) > 1 && f[1] == "b" {
				side = 1 - side
			}
			if side == first {
				moves[0]++
			} else {
				moves[1]++
			}
		}
	}
	for i, u := range p.Use {
		if u.Moves != moves[i] || u.Moves == 0 || !u.Clock || u.Least > fastTC.Base || u.Max > u.Total ||
			u.Mean() > u.Max || u.Mean()*time.Duration(u.Moves) > u.Total {
			t.Errorf("engine %d: %+v, want %d moves on a clock", i, u, moves[i])
		}
	}

	// The same seed picks the same openings. Drawing every game at once
	// (the random engine always reports 0.00) keeps this rerun quick.
	var again bytes.Buffer
	cfg.PGN, cfg.Progress = NewPGNWriter(&again), nil
	cfg.Adjudication = Adjudication{DrawMoveNumber: 1, DrawMoveCount: 1}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	fens := func(text string) map[string]string {
		m := map[string]string{}
		for _, g := range parsePGNFile(t, text) {
			m[tag(g, "Round")] = tag(g, "FEN")
		}
		return m
	}
	a, b := fens(pgn.String()), fens(again.String())
	for r := range a {
		if a[r] != b[r] {
			t.Errorf("round %s: %q then %q", r, a[r], b[r])
		}
	}
}

func TestRunCrashingEngine(t *testing.T) {
	t.Parallel()
	var pgn bytes.Buffer
	sum, err := Run(context.Background(), Config{
		Engines:     []EngineSpec{engine("solid"), engine("fragile", "-crash-after", "2")},
		TimeControl: fastTC,
		Games:       4,
		Concurrency: 2,
		PGN:         NewPGNWriter(&pgn),
	})
	if err != nil {
		t.Fatal(err)
	}
	p := sum.Pairings[0]
	if p.WDL != (WDL{Wins: 4}) || p.Terminations[TermAbandoned] != 4 {
		t.Errorf("W/D/L %+v terminations %v", p.WDL, p.Terminations)
	}
	games := parsePGNFile(t, pgn.String())
	if len(games) != 4 {
		t.Fatalf("%d games recorded, want 4", len(games))
	}
	for _, g := range games {
		if tag(g, "Termination") != "abandoned" {
			t.Errorf("termination %q", tag(g, "Termination"))
		}
	}
}

func TestRunSPRTStopsEarly(t *testing.T) {
	t.Parallel()
	sum, err := Run(context.Background(), Config{
		Engines:     []EngineSpec{engine("strong"), engine("broken", "-crash-after", "0")},
		TimeControl: fastTC,
		Games:       200,
		Concurrency: 2,
		Repeat:      true,
		// Every pair is won; [0, 200] decides that in 8 pairs (see TestLLRDegenerate).
		SPRT: &SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05},
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Decision != AcceptH1 || !strings.Contains(sum.Stopped, "H1") {
		t.Errorf("decision %v, stopped %q, LLR %.2f", sum.Decision, sum.Stopped, sum.LLR)
	}
	if sum.Played >= 30 {
		t.Errorf("played %d games before stopping", sum.Played)
	}
}

func TestRunRoundRobin(t *testing.T) {
	t.Parallel()
	adj := Adjudication{DrawMoveNumber: 1, DrawMoveCount: 1, DrawScore: 0}
	sum, err := Run(context.Background(), Config{
		Engines:      []EngineSpec{engine("a"), engine("b"), engine("c")},
		TimeControl:  TimeControl{Nodes: 1},
		Games:        2,
		Adjudication: adj,
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Pairings) != 3 || sum.Played != 6 {
		t.Fatalf("%d pairings, %d games", len(sum.Pairings), sum.Played)
	}
	for _, p := range sum.Pairings {
		if p.WDL != (WDL{Draws: 2}) {
			t.Errorf("%s vs %s: %+v", p.First, p.Second, p.WDL)
		}
	}
}

func TestRunErrors(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	bad := []Config{
		{Engines: []EngineSpec{engine("a")}},
		{Engines: []EngineSpec{engine("a"), engine("b"), engine("c")}, SPRT: &SPRT{Elo1: 5, Alpha: 0.05, Beta: 0.05}},
		{Engines: []EngineSpec{engine("a"), engine("b")}, SPRT: &SPRT{Elo1: 5, Alpha: 2, Beta: 0.05}},
		{Engines: []EngineSpec{engine("a"), engine("b")}, Openings: []Opening{{FEN: "8/8/8/8/8/8/8/8 w - - 0 1"}}},
	}
	for i, cfg := range bad {
		if sum, err := Run(ctx, cfg); err == nil || sum != nil {
			t.Errorf("config %d accepted", i)
		}
	}

	// An engine that cannot start stops the match with an error.
	sum, err := Run(ctx, Config{Engines: []EngineSpec{engine("a"), {Cmd: "/nonexistent/engine"}}, TimeControl: fastTC})
	if err == nil || sum == nil || sum.Played != 0 || !strings.Contains(sum.Stopped, "error") {
		t.Errorf("err %v, summary %+v", err, sum)
	}

	// Cancellation ends the match promptly with the context's error.
	cctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	sum, err = Run(cctx, Config{
		Engines:     []EngineSpec{engine("a", "-delay", "20s"), engine("b")},
		TimeControl: TimeControl{Base: time.Minute},
		Games:       4, Concurrency: 2,
	})
	if !errors.Is(err, context.DeadlineExceeded) || sum == nil || sum.Played != 0 {
		t.Errorf("err %v, summary %+v", err, sum)
	}
	if took := time.Since(start); took > 5*time.Second { // the engine would take 20s
		t.Errorf("cancellation took %v", took)
	}
}

func TestUniqueNames(t *testing.T) {
	got := uniqueNames([]EngineSpec{{Cmd: "/a/bounder"}, {Cmd: "/b/bounder"}, {Name: "x", Cmd: "/c"}})
	if strings.Join(got, ",") != "bounder#1,bounder#2,x" {
		t.Errorf("got %v", got)
	}
}
