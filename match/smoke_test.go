package match

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// bounder is the real engine, built once for the tests that need it.
var bounder struct {
	once sync.Once
	path string
	err  error
}

// bounderBinary builds the engine (once, beside the test engine) and
// returns its path.
func bounderBinary(t *testing.T) string {
	t.Helper()
	bounder.once.Do(func() {
		start := time.Now()
		exe := filepath.Join(filepath.Dir(randomEngine), "bounder")
		// Built without -race even under "go test -race": the race
		// detector would slow every search down, and the engine's own
		// packages are race-tested elsewhere.
		build := exec.Command("go", "build", "-o", exe, "github.com/bounder-chess/bounder/cmd/engine")
		if out, err := build.CombinedOutput(); err != nil {
			bounder.err = fmt.Errorf("building the engine: %v\n%s", err, out)
			return
		}
		bounder.path = exe
		t.Logf("engine built in %v", time.Since(start).Round(time.Millisecond))
	})
	if bounder.err != nil {
		t.Fatal(bounder.err)
	}
	return bounder.path
}

// TestSmokeBounderSelfPlay is the end-to-end check of "bounder match": it
// builds the real engine, has the built binary's match subcommand play a
// game pair of Bounder against itself at a very fast clock, and checks that
// both games ended properly (no forfeit, crash, stall or illegal move) and
// that the PGN it wrote replays legally.
func TestSmokeBounderSelfPlay(t *testing.T) {
	t.Parallel()
	start := time.Now()
	dir := t.TempDir()
	exe := bounderBinary(t)

	pgnPath := filepath.Join(dir, "smoke.pgn")
	// The engine's own book is off so that the opening suite is used. The
	// clock is very short but the forfeit margin generous: this test must
	// not flake on a loaded machine, yet the clock path is exercised.
	spec := "cmd=" + exe + ",option.OwnBook=false,option.Hash=16,option.Threads=1"
	args := []string{
		"match",
		"--engine", spec + ",name=Bounder A",
		"--engine", spec + ",name=Bounder B",
		"--tc", "0.5+0.02", "--timemargin", "1s", "--stall-timeout", "10s",
		"--games", "2", "--repeat", "--concurrency", "1",
		"--openings", "testdata/openings.pgn", "--seed", "1",
		"--resign", "movecount=3,score=600",
		"--draw", "movenumber=30,movecount=6,score=20",
		"--event", "smoke",
		"--pgnout", pgnPath,
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	playStart := time.Now()
	err := cmd.Run()
	t.Logf("match played in %v\n%s%s", time.Since(playStart).Round(time.Millisecond), stderr.String(), stdout.String())
	if err != nil {
		t.Fatalf("bounder match: %v", err)
	}
	if !strings.Contains(stdout.String(), "Match finished: 2 of 2 games played") {
		t.Errorf("summary does not report 2 of 2 games:\n%s", stdout.String())
	}
	if !strings.Contains(stdout.String(), "Bounder A vs Bounder B: 2 games") {
		t.Errorf("summary does not report the pairing:\n%s", stdout.String())
	}

	text, err := os.ReadFile(pgnPath)
	if err != nil {
		t.Fatal(err)
	}
	games := parsePGNFile(t, string(text)) // fails the test if a game does not replay
	if len(games) != 2 {
		t.Fatalf("%d games in the PGN, want 2", len(games))
	}
	var fens []string
	for i, g := range games {
		result, term := tag(g, "Result"), tag(g, "Termination")
		switch result {
		case ResultWhiteWins, ResultBlackWins, ResultDraw:
		default:
			t.Errorf("game %d: result %q", i+1, result)
		}
		switch Termination(term) {
		case TermNormal, TermAdjudication:
		default:
			// Time forfeit, illegal move, crash or stall: the engine or
			// the runner is broken.
			t.Errorf("game %d: termination %q (%s)", i+1, term, result)
		}
		if tag(g, "Event") != "smoke" || tag(g, "TimeControl") != "0.5+0.02" {
			t.Errorf("game %d: tags %v", i+1, g.TagPairs())
		}
		// Every ply counted in the header was replayed legally.
		plies, err := strconv.Atoi(tag(g, "PlyCount"))
		if err != nil || plies != len(g.Moves()) || plies == 0 {
			t.Errorf("game %d: PlyCount %q, %d moves replayed", i+1, tag(g, "PlyCount"), len(g.Moves()))
		}
		if g.Outcome().String() != result {
			t.Errorf("game %d: replayed outcome %q, result tag %q", i+1, g.Outcome(), result)
		}
		fens = append(fens, tag(g, "FEN"))
	}
	// The two games are a pair: one opening, colours reversed.
	if fens[0] != fens[1] {
		t.Errorf("the pair does not share its opening: %q, %q", fens[0], fens[1])
	}
	if games[0].GetTagPair("White").Value != games[1].GetTagPair("Black").Value {
		t.Errorf("colours not reversed: %v / %v", games[0].TagPairs(), games[1].TagPairs())
	}
	t.Logf("smoke test took %v", time.Since(start).Round(time.Millisecond))
}

// The real engine's refusals of option values reach "bounder match" (issue
// 24: they were played through with the defaults): its range (Threads has
// a maximum of 64; Hash's depends on the machine's memory) and its info
// string error for a book that does not open, each exit 2 with one line
// naming the engine, the option and the value.
func TestSmokeBounderRefusesOptionValues(t *testing.T) {
	t.Parallel()
	exe := bounderBinary(t)
	for _, c := range []struct {
		a, b string // the two engines' options
		want string // stderr
	}{
		{"option.Threads=99", "option.Threads=2",
			`bounder match: engine A: option "Threads" value "99" is out of its range 1..64`},
		{"option.Hash=16", "option.BookFile=/nonexistent/book.bin",
			`bounder match: engine B: option "BookFile" value "/nonexistent/book.bin" refused: info string error: BookFile: `},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		cmd := exec.CommandContext(ctx, exe, "match",
			"--engine", "cmd="+exe+",name=A,"+c.a, "--engine", "cmd="+exe+",name=B,"+c.b,
			"--tc", "1+0.01", "--games", "2")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		cancel()
		code := cmd.ProcessState.ExitCode()
		if code != ExitUsage || !strings.HasPrefix(stderr.String(), c.want) || strings.Count(stderr.String(), "\n") != 1 || stdout.Len() > 0 {
			t.Errorf("%s / %s: %v, exit %d\nstdout %q\nstderr %q\nwant   %q...", c.a, c.b, err, code, stdout.String(), stderr.String(), c.want)
		}
	}
}
