package match

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestMainBadInput(t *testing.T) {
	t.Parallel()
	eng := "--engine=cmd=" + randomEngine
	cases := [][]string{
		{},
		{eng},
		{eng, "--engine", "foo"},
		{eng, "--engine", "cmd="},
		{eng, "--engine", ""},
		{eng, "--engine", "cmd=" + randomEngine + ",bogus=1"},
		{eng, "--engine", "cmd=" + randomEngine + ",option.=1"},
		{eng, "--engine", "cmd=/nonexistent/engine"},
		{eng, eng, "--tc", "abc"},
		{eng, eng, "--tc", "10+"},
		{eng, eng, "--tc", "0"},
		{eng, eng, "--tc", "10000001"},
		{eng, eng, "--tc", "10000001s"},
		{eng, eng, "--tc", "1+10000001s"},
		{eng, eng, "--movetime", "10000001s"},
		{eng, eng, "--tc", "10+0.1", "--nodes", "100"},
		{eng, eng, "--movetime", "-1"},
		{eng, eng, "--movetime", "soon"},
		{eng, eng, "--nodes", "0"},
		{eng, eng, "--nodes", "many"},
		{eng, eng, "--games", "0"},
		{eng, eng, "--concurrency", "0"},
		{eng, eng, "--sprt", "elo0=5,elo1=0"},
		{eng, eng, "--sprt", "alpha=x"},
		{eng, eng, "--sprt", "alpha=NaN"},
		{eng, eng, "--sprt", "foo=1"},
		{eng, eng, "--sprt", "elo0"},
		{eng, eng, "--sprt", "elo0=1,elo0=2"},
		{eng, eng, "--sprt", "model=quadratic"},
		{eng, eng, eng, "--sprt", "elo0=0,elo1=5"},
		{eng, eng, "--resign", "movecount=0"},
		{eng, eng, "--resign", "score=abc"},
		{eng, eng, "--draw", "score=-1"},
		{eng, eng, "--draw", "movenumber=40,movecount=8,score=10,extra=1"},
		{eng, eng, "--openings", "testdata/missing.epd"},
		{eng, eng, "--openings", "cli_test.go"},
		{eng, eng, "--openings", "testdata/illegal-opening.epd", "--rounds", "2"},
		{eng, eng, "--pgnout", "/nonexistent/dir/games.pgn"},
		{eng, eng, "--timemargin", "0"},
		{eng, eng, "--stall-timeout", "x"},
		{eng, eng, "--foo"},
		{eng, eng, "stray"},
	}
	for _, args := range cases {
		var stdout, stderr bytes.Buffer
		code := Main(args, &stdout, &stderr)
		msg := stderr.String()
		if code != ExitUsage {
			t.Errorf("%q: exit %d, want %d (stderr %q)", args, code, ExitUsage, msg)
			continue
		}
		if !strings.HasPrefix(msg, "bounder match: ") || strings.Count(msg, "\n") != 1 || !strings.HasSuffix(msg, "\n") {
			t.Errorf("%q: stderr is not one error line: %q", args, msg)
		}
		if stdout.Len() != 0 {
			t.Errorf("%q: wrote to stdout: %q", args, stdout.String())
		}
	}
}

func TestMainHelp(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"-h"}, &stdout, &stderr); code != ExitOK {
		t.Errorf("exit %d", code)
	}
	if !strings.Contains(stdout.String(), "--engine") {
		t.Errorf("usage: %q", stdout.String())
	}
}

func TestMainMatch(t *testing.T) {
	t.Parallel()
	pgnPath := filepath.Join(t.TempDir(), "games.pgn")
	var stdout, stderr bytes.Buffer
	code := Main([]string{
		"--engine", "cmd=" + randomEngine + ",name=A,arg=-require-option,arg=Hash=64,option.Hash=64",
		"--engine", "cmd=" + randomEngine + ",name=B,arg=-seed,arg=5",
		"--tc", "1+0.01",
		"--games", "4",
		"--concurrency", "2",
		"--openings", "testdata/openings.pgn",
		"--repeat",
		"--seed", "3",
		"--pgnout", pgnPath,
		"--sprt", "elo0=0,elo1=5,alpha=0.05,beta=0.05",
		"--resign", "movecount=3,score=600",
		"--draw", "movenumber=40,movecount=8,score=10",
	}, &stdout, &stderr)
	if code != ExitOK {
		t.Fatalf("exit %d\nstderr:\n%s", code, stderr.String())
	}
	for _, want := range []string{"4 of 4 games", "A vs B: 4 games", "Pentanomial", "SPRT: logistic elo0=0 elo1=5", "LLR"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
		}
	}
	// Header, the core warning when two games do not leave a core free
	// (fewer than three cores), and one line per game.
	want := 5
	if runtime.NumCPU() < 3 {
		want = 6
	}
	if n, warned := strings.Count(stderr.String(), "\n"), strings.Contains(stderr.String(), "\nwarning: 2 game(s) at once"); n != want || warned != (want == 6) {
		t.Errorf("stderr has %d lines (want %d, the warning %v):\n%s", n, want, want == 6, stderr.String())
	}
	data, err := os.ReadFile(pgnPath)
	if err != nil {
		t.Fatal(err)
	}
	games := parsePGNFile(t, string(data))
	if len(games) != 4 {
		t.Fatalf("%d games in %s", len(games), pgnPath)
	}
	for _, g := range games {
		// The PGN openings are played as book moves from their start.
		if len(g.Moves()) < 3 || g.Comments()[0][0] != "book" {
			t.Errorf("game %s does not start with its book moves", tag(g, "Round"))
		}
	}
}
