package pgnstats

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/match"
)

// writeGames writes games of the given White, Black and Result, one round
// each in order, to a PGN file in dir.
func writeGames(t *testing.T, dir, name string, games ...[3]string) string {
	t.Helper()
	var b strings.Builder
	for i, g := range games {
		fmt.Fprintf(&b, "[Event \"test\"]\n[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n[TimeControl \"10+0.1\"]\n\n",
			i+1, g[0], g[1], g[2])
		fmt.Fprintf(&b, "1. e4 {+0.20/10 0.100s} e5 {-0.20/10 0.100s} %s\n\n", g[2])
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Known answers: each version's result against each opponent, from the
// engine's side whichever colour it had first, with the engine found as the
// one in every pairing, or named.
func TestHistory(t *testing.T) {
	dir := t.TempDir()
	a := writeGames(t, dir, "a.pgn",
		[3]string{"Bounder", "X", "1-0"}, [3]string{"X", "Bounder", "1/2-1/2"},
		[3]string{"Bounder", "Y", "0-1"}, [3]string{"Y", "Bounder", "1-0"})
	b := writeGames(t, dir, "b.pgn", [3]string{"X", "bounder", "1-0"}, [3]string{"bounder", "X", "1-0"})
	png := filepath.Join(dir, "h.png")
	var out, errb bytes.Buffer
	if code := HistoryMain([]string{"--plot", png, "--goal", "X=35", "v1=" + a, "v2=" + b}, &out, &errb); code != match.ExitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{
		"| v1 | X | 2 | 1/1/0 | 75.0% |",
		"| v1 | Y | 2 | 0/0/2 | 0.0% |",
		"| v2 | X | 2 | 1/0/1 | 50.0% | +0.0 ",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no line %q in\n%s", want, out.String())
		}
	}
	img, err := os.ReadFile(png)
	if err != nil || !bytes.HasPrefix(img, []byte("\x89PNG")) {
		t.Errorf("plot: %v, %d bytes, want a PNG", err, len(img))
	}

	// An odd game out: the score is the W/D/L's over all three games, not
	// the one pair's (which Bounder won 2-0).
	c := writeGames(t, dir, "c.pgn",
		[3]string{"Bounder", "X", "1-0"}, [3]string{"X", "Bounder", "0-1"}, [3]string{"Bounder", "X", "0-1"})
	out.Reset()
	if code := HistoryMain([]string{"--engine", "Bounder", "v3=" + c}, &out, &errb); code != match.ExitOK {
		t.Fatalf("v3: exit %d: %s", code, errb.String())
	}
	if want := "| v3 | X | 3 | 2/0/1 | 66.7% |"; !strings.Contains(out.String(), want) {
		t.Errorf("odd game out: no line %q in\n%s", want, out.String())
	}

	out.Reset()
	if code := HistoryMain([]string{"--engine", "X", "v2=" + b}, &out, &errb); code != match.ExitOK {
		t.Fatalf("--engine X: exit %d: %s", code, errb.String())
	}
	if want := "| v2 | bounder | 2 | 1/0/1 | 50.0% | +0.0 (+0.0 .. +0.0) |"; !strings.Contains(out.String(), want) {
		t.Errorf("--engine X: no line %q in\n%s", want, out.String())
	}
}

// Bad arguments are refused with exit status 2 and write no plot.
func TestHistoryErrors(t *testing.T) {
	dir := t.TempDir()
	a := writeGames(t, dir, "a.pgn", [3]string{"A", "B", "1-0"})
	c := writeGames(t, dir, "c.pgn", [3]string{"C", "D", "1-0"})
	png := filepath.Join(dir, "h.png")
	for _, args := range [][]string{
		{},
		{a},
		{"=" + a},
		{"v="},
		{"v=" + a + ","},
		{"v=" + a, "v=" + a},
		{"v=" + filepath.Join(dir, "missing.pgn")},
		{"v=" + a, "w=" + c},                      // no engine plays in both
		{"--engine", "Z", "v=" + a},               // not in its games
		{"--goal", "B=100", "v=" + a},             // not a score one can reach
		{"--goal", "B", "v=" + a},                 // no percentage
		{"--plot", png, "--bogus", "1", "v=" + a}, // unknown flag
	} {
		var out, errb bytes.Buffer
		if code := HistoryMain(args, &out, &errb); code != match.ExitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, match.ExitUsage)
		}
		if errb.Len() == 0 {
			t.Errorf("%q: no message", args)
		}
	}
	if _, err := os.Stat(png); err == nil {
		t.Error("a refused command wrote its plot")
	}
}

// An opponent named in other cases by different versions' games is one
// opponent: the spelling of its first point throughout.
func TestHistoryOpponentCase(t *testing.T) {
	dir := t.TempDir()
	a := writeGames(t, dir, "a.pgn", [3]string{"Bounder", "counter", "1-0"}, [3]string{"counter", "Bounder", "1/2-1/2"})
	b := writeGames(t, dir, "b.pgn", [3]string{"Bounder", "Counter", "0-1"}, [3]string{"Counter", "Bounder", "1-0"})
	points, err := historyPoints([]string{"v1=" + a, "v2=" + b}, "Bounder")
	if err != nil {
		t.Fatal(err)
	}
	if len(points) != 2 {
		t.Fatalf("%d points, want 2: %+v", len(points), points)
	}
	for _, p := range points {
		if p.opponent != "counter" {
			t.Errorf("%s: opponent %q, want the first spelling %q", p.label, p.opponent, "counter")
		}
	}
}
