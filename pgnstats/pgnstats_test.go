package pgnstats

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bounder-chess/bounder/match"
)

// The report from the PGN equals the match's own: a match of random
// engines is played to a PGN file in two chunks, and "bounder stats" on the
// two files gives the W/D/L, pairs, terminations and move counts of the two
// summaries added up, and the same time figures to the PGN's millisecond.
func TestStatsMatchesTheMatch(t *testing.T) {
	t.Parallel()
	ops, err := match.LoadOpenings("../match/testdata/openings.epd")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var sums []*match.Summary
	var files []string
	for chunk := 0; chunk < 2; chunk++ {
		var pgn bytes.Buffer
		cfg := match.Config{
			Engines:     []match.EngineSpec{engine("alpha"), engine("beta")},
			TimeControl: fastTC,
			Games:       2, Rounds: 2,
			Concurrency: 2,
			Openings:    ops,
			Repeat:      true,
			Seed:        int64(chunk),
			PGN:         match.NewPGNWriter(&pgn),
		}
		sum, err := match.Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		sums = append(sums, sum)
		f := filepath.Join(dir, "chunk"+string(rune('a'+chunk))+".pgn")
		if err := os.WriteFile(f, pgn.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	var out, errb bytes.Buffer
	if code := StatsMain(files, &out, &errb); code != match.ExitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var games []statGame
	for i, f := range files {
		g, err := readStatsFile(f, i)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g...)
	}
	s := summarize(games)
	if s.Played != 8 || len(s.Pairings) != 1 {
		t.Fatalf("%d games in %d pairings", s.Played, len(s.Pairings))
	}
	got := s.Pairings[0]
	want := &match.PairingResult{First: "alpha", Second: "beta", Paired: true, Terminations: map[match.Termination]int{}}
	for _, sum := range sums {
		p := sum.Pairings[0]
		want.WDL.Wins += p.WDL.Wins
		want.WDL.Draws += p.WDL.Draws
		want.WDL.Losses += p.WDL.Losses
		for i := range p.Penta {
			want.Penta[i] += p.Penta[i]
		}
		for k, n := range p.Terminations {
			want.Terminations[k] += n
		}
		want.Use[0].Add(p.Use[0])
		want.Use[1].Add(p.Use[1])
	}
	if got.First != want.First || got.WDL != want.WDL || got.Penta != want.Penta || !got.Paired {
		t.Errorf("stats %+v, the match %+v", got, want)
	}
	for k, n := range want.Terminations {
		if got.Terminations[k] != n {
			t.Errorf("terminations %v, the match %v", got.Terminations, want.Terminations)
		}
	}
	for i := range want.Use {
		g, w := got.Use[i], want.Use[i]
		slack := time.Duration(w.Moves) * time.Millisecond // the PGN rounds each move to the millisecond
		if g.Moves != w.Moves || !g.Clock || absDur(g.Total-w.Total) > slack || absDur(g.Max-w.Max) > time.Millisecond ||
			absDur(g.Least-w.Least) > slack {
			t.Errorf("engine %d: stats %+v, the match %+v", i, g, w)
		}
	}
	for _, s := range []string{"8 games from 2 files", "alpha vs beta: 8 games", "Pentanomial", "Time per move: alpha"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("report lacks %q:\n%s", s, out.String())
		}
	}
	if strings.Contains(out.String(), "SPRT") {
		t.Errorf("an SPRT line without --sprt:\n%s", out.String())
	}

	// With --sprt (before, between or after the files), the pooled LLR
	// the match's own test computes from the same pairs.
	sprt := match.SPRT{Elo0: -5, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	wantLine := fmt.Sprintf("  SPRT: logistic elo0=-5 elo1=5 alpha=0.05 beta=0.05 (pentanomial): LLR %.3f, bounds (-2.944, 2.944): %s\n",
		sprt.LLR(want.Penta), sprt.Decide(sprt.LLR(want.Penta)))
	for _, args := range [][]string{
		{"--sprt", "elo0=-5,elo1=5", files[0], files[1]},
		{files[0], "--sprt=elo0=-5,elo1=5", files[1]},
		{files[0], files[1], "-sprt", "elo0=-5,elo1=5"},
	} {
		out.Reset()
		if code := StatsMain(args, &out, &errb); code != match.ExitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		if !strings.Contains(out.String(), "8 games from 2 files") || !strings.Contains(out.String(), wantLine) {
			t.Errorf("%v: want %q in\n%s", args, wantLine, out.String())
		}
	}
}

func absDur(d time.Duration) time.Duration { return max(d, -d) }

const statsGame = `[Event "x"]
[Round "%d"]
[White "%s"]
[Black "%s"]
[Result "%s"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]
[TimeControl "10+0.1"]
[Termination "normal"]

1... e5 {book} 2. Nf3 {+0.20/9 0.300s} Nc6 {-0.10/8 1.000s} 3. Bb5 {0.100s} a6
{+M2/3 0.050s} {White resigns} %s
`

// statsPGN is a file of statsGame games: White, Black and result each.
func statsPGN(games ...[3]string) string {
	var b strings.Builder
	for i, g := range games {
		fmt.Fprintf(&b, statsGame, i+1, g[0], g[1], g[2], g[2])
		b.WriteString("\n")
	}
	return b.String()
}

// Known answers from hand-made games: the moves' times (book moves and the
// closing comment not counted, a comment without a score counted), the
// clock replayed from the TimeControl tag, a pair with colours reversed,
// and an unfinished game left out.
func TestStatsKnownAnswers(t *testing.T) {
	text := statsPGN([3]string{"A", "B", "1-0"}, [3]string{"B", "A", "1/2-1/2"}, [3]string{"A", "B", "*"})
	games, err := readStats(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	s := summarize(games)
	if s.Played != 2 || s.Unfinished != 1 || len(s.Pairings) != 1 {
		t.Fatalf("%+v", s)
	}
	p := s.Pairings[0]
	if p.First != "A" || p.WDL != (match.WDL{Wins: 1, Draws: 1}) || p.Penta != (match.Pentanomial{0, 0, 0, 1, 0}) || !p.Paired {
		t.Errorf("%+v", p)
	}
	ms := time.Millisecond
	// Black moved first (after the book move): Black 1000 and 50 ms, White 300 and 100 ms.
	// A was White in game 1 and Black in game 2.
	// All eight moves are in moves 1-10.
	a := match.TimeUse{Moves: 4, Total: 1450 * ms, Max: 1000 * ms, Least: 9000 * ms, Clock: true, Running: true}
	a.Stages[0] = match.StageUse{Moves: 4, Total: 1450 * ms}
	if p.Use[0] != a || p.Use[1] != a {
		t.Errorf("time use %+v, want %+v for both", p.Use, a)
	}
}

// Names that differ only in case are one engine, under the first spelling;
// a game of an engine against itself so spelled is refused.
func TestStatsNamesIgnoreCase(t *testing.T) {
	text := statsPGN([3]string{"bounder", "B", "1-0"}, [3]string{"B", "Bounder", "1-0"}, [3]string{"BOUNDER", "b", "0-1"})
	games, err := readStats(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	s := summarize(games)
	if s.Played != 3 || len(s.Pairings) != 1 {
		t.Fatalf("%d games in %d pairings, want 3 in 1: %+v", s.Played, len(s.Pairings), s.Pairings)
	}
	if p := s.Pairings[0]; p.First != "bounder" || p.Second != "B" || p.WDL != (match.WDL{Wins: 1, Losses: 2}) {
		t.Errorf("%+v", p)
	}
	if _, err := readStats(strings.NewReader(statsPGN([3]string{"Bounder", "bounder", "1-0"}))); err == nil {
		t.Error("a game of Bounder against bounder was read")
	}
}

func TestStatsMainErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	good := write("good.pgn", statsPGN([3]string{"A", "B", "1-0"}))
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{nil, match.ExitUsage, "no PGN file"},
		{[]string{filepath.Join(dir, "missing.pgn")}, match.ExitUsage, "missing.pgn"},
		{[]string{good, write("empty.pgn", "")}, match.ExitOK, "empty.pgn: no games (skipped)"},
		{[]string{write("empty2.pgn", "\n")}, match.ExitUsage, "no games"},
		{[]string{write("open.pgn", "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 {0.1s 1-0\n")}, match.ExitUsage, "not closed"},
		{[]string{write("self.pgn", "[White \"A\"]\n[Black \"A\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n")}, match.ExitUsage, "two engines"},
		{[]string{"--help"}, match.ExitOK, "usage: bounder stats"},
		{[]string{good}, match.ExitOK, "1 game from 1 file"},
		{[]string{good, "--sprt"}, match.ExitUsage, "--sprt needs a SPEC"},
		{[]string{"--sprt", "elo0=x", good}, match.ExitUsage, `elo0="x" is not a number`},
		{[]string{"--sprt", "elo0=10,elo1=0", good}, match.ExitUsage, "--sprt:"},
		{[]string{"--sprt", "elo0=0,elo1=10", "--sprt"}, match.ExitUsage, "--sprt needs a SPEC"},
		{[]string{"--sprt", "elo0=0,elo1=10"}, match.ExitUsage, "no PGN file"},
		{[]string{"--pairs", good}, match.ExitUsage, "unknown flag --pairs"},
		{[]string{"--sprt", "elo0=0,elo1=10", good}, match.ExitOK, "SPRT: logistic elo0=0 elo1=10"},
	} {
		var out, errb bytes.Buffer
		code := StatsMain(c.args, &out, &errb)
		if code != c.code || !strings.Contains(out.String()+errb.String(), c.want) || strings.Contains(out.String(), "%%") || strings.Contains(out.String(), "%!") {
			t.Errorf("%v: exit %d, output %q %q; want %d and %q", c.args, code, out.String(), errb.String(), c.code, c.want)
		}
	}
}

func FuzzReadStats(f *testing.F) {
	f.Add([]byte(statsPGN([3]string{"A", "B", "1-0"}, [3]string{"B", "A", "0-1"})))
	f.Add([]byte("[White \"A\"]\n[Black \"B\"]\n[TimeControl \"1/0.1\"]\n\n1. e4 {+1/1 9s} {x 1-0\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		games, err := readStats(bytes.NewReader(b))
		if err != nil {
			return
		}
		s := summarize(games)
		for _, p := range s.Pairings {
			if p.WDL.Games() == 0 || p.First == p.Second || p.Penta.Pairs()*2 > p.WDL.Games() {
				t.Fatalf("%+v", p)
			}
		}
	})
}

// The stages of the PGN reader follow the move numbers of the start FEN,
// book moves included: a game from move 10 with Black to move, one book move.
func TestStatsStagesFromFEN(t *testing.T) {
	text := "[Event \"x\"]\n[Round \"1\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n" +
		"[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 10\"]\n\n" +
		"10... Nf6 {book} 11. Nc3 {+0.10/5 0.100s} Bb4 {-0.10/5 0.200s} 12. Bd3 {+0.10/5 0.300s} 1/2-1/2\n\n"
	games, err := readStats(strings.NewReader(text))
	if err != nil || len(games) != 1 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	w, b := games[0].use[0].Stages, games[0].use[1].Stages
	if w[1] != (match.StageUse{Moves: 2, Total: 400 * time.Millisecond}) || w[0].Moves != 0 {
		t.Errorf("White's stages %v: want moves 11 and 12 in 11-20", w)
	}
	if b[1] != (match.StageUse{Moves: 1, Total: 200 * time.Millisecond}) || b[0].Moves != 0 {
		t.Errorf("Black's stages %v: want move 11 in 11-20", b)
	}
}

// TestStatsReadsChess960: the PGN of a Chess960 game (its Variant and FEN
// tags, its moves in Chess960's SAN) is reported like any other game,
// though notnil/chess cannot replay it for the WDL calibration.
func TestStatsReadsChess960(t *testing.T) {
	fen, err := match.Chess960FEN(21, 21)
	if err != nil {
		t.Fatal(err)
	}
	ms := time.Millisecond
	move := func(uci string, cp int, elapsed time.Duration) match.MoveRecord {
		return match.MoveRecord{UCI: uci, Score: match.Score{Kind: match.ScoreCP, Value: cp}, Depth: 5, Elapsed: elapsed}
	}
	rec := match.GameRecord{
		White: "A", Black: "B", Round: "1", StartFEN: fen, Variant: match.FischerRandom,
		Moves:  []match.MoveRecord{{UCI: "e2e4", Book: true}, move("e7e5", -10, 200*ms), move("d2d4", 20, 100*ms)},
		Result: match.ResultDraw, Termination: match.TermAdjudication, Reason: "draw by adjudication",
	}
	text := rec.PGN()
	if !strings.Contains(text, `[Variant "Chess960"]`) {
		t.Fatalf("not a Chess960 game:\n%s", text)
	}
	path := filepath.Join(t.TempDir(), "960.pgn")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := StatsMain([]string{path}, &out, &errb); code != match.ExitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{
		"1 game from 1 file\n",
		"A vs B: 1 game, W/D/L 0/1/0",
		"Terminations: adjudication 1",
		"Time per move: A 0.100 s (max 0.100 s), B 0.200 s (max 0.200 s)",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s\nof\n%s", want, out.String(), text)
		}
	}
}
