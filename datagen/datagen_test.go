package datagen

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/internal/enginetest"
	"github.com/bounder-chess/bounder/match"
	"github.com/bounder-chess/bounder/tune"
	"github.com/stretchr/testify/require"
)

// randomEngine is the path of match's random test engine, built once.
var randomEngine string

func TestMain(m *testing.M) { enginetest.Main(m, &randomEngine) }

var testOpenings = []match.Opening{
	{FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", ID: "e4"},
	{FEN: "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", ID: "d4"},
	{Moves: []string{"c2c4", "e7e5"}, ID: "c4e5"},
}

func randomSpec(seed int) match.EngineSpec {
	return match.EngineSpec{Name: "random", Cmd: randomEngine, Args: []string{"-seed", fmt.Sprint(seed)}}
}

// replay checks that the lines of one game are positions of that game,
// parse with tune's reader, carry the game's result, are quiet, not in
// check and not repeated.
func checkGameLines(t *testing.T, rec *match.GameRecord, lines []string, label string, skip int) {
	t.Helper()
	want := map[string]float64{"1.0": 1, "0.5": 0.5, "0.0": 0}[label]
	switch rec.Result {
	case match.ResultWhiteWins:
		if label != "1.0" {
			t.Fatalf("result %s labelled %s", rec.Result, label)
		}
	case match.ResultBlackWins:
		if label != "0.0" {
			t.Fatalf("result %s labelled %s", rec.Result, label)
		}
	case match.ResultDraw:
		if label != "0.5" {
			t.Fatalf("result %s labelled %s", rec.Result, label)
		}
	}
	// The FENs (four fields) of the positions the engines moved in, after skip.
	inGame := map[string]bool{}
	pos, err := engine.ParseFEN(rec.StartFEN)
	if err != nil {
		t.Fatal(err)
	}
	ply := 0
	for _, mv := range rec.Moves {
		if !mv.Book {
			if ply >= skip {
				inGame[key4(pos.FEN())] = true
			}
			ply++
		}
		if err := pos.PlayMoves([]string{mv.UCI}); err != nil {
			t.Fatal(err)
		}
	}
	seen := map[string]bool{}
	for _, l := range lines {
		if !strings.HasSuffix(l, "\n") || strings.Count(l, "\n") != 1 {
			t.Fatalf("line %q is not one line", l)
		}
		fen, res, err := tune.ParseLine(l)
		if err != nil {
			t.Fatalf("tune cannot parse %q: %v", l, err)
		}
		if res != want {
			t.Fatalf("%q: result %v, want %v", l, res, want)
		}
		k := key4(fen)
		if !inGame[k] {
			t.Fatalf("%q is not a position of the game after the skipped plies", l)
		}
		if seen[k] {
			t.Fatalf("%q written twice", l)
		}
		seen[k] = true
		p, err := engine.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if p.InCheck() || !Quiet(p) {
			t.Fatalf("%q is not quiet", l)
		}
	}
}

func key4(fen string) string { return strings.Join(strings.Fields(fen)[:4], " ") }

func TestPositionsOfRandomGames(t *testing.T) {
	ctx := context.Background()
	results := map[string]int{}
	for i := 0; i < 4; i++ {
		spec := randomSpec(i + 1)
		rec, err := match.PlayGame(ctx, spec, spec, testOpenings[i%len(testOpenings)], match.TimeControl{Nodes: 100}, match.Adjudication{})
		if err != nil {
			t.Fatal(err)
		}
		lines, label, ok := Positions(&rec, 4, 0)
		if !ok {
			t.Fatalf("game %d (%s, %s) not usable", i, rec.Result, rec.Termination)
		}
		if len(lines) == 0 {
			t.Fatalf("game %d of %d moves gave no positions", i, len(rec.Moves))
		}
		checkGameLines(t, &rec, lines, label, 4)
		results[rec.Result]++
	}
	t.Logf("results %v", results)
}

func TestPositionsStopsAtDecidedScore(t *testing.T) {
	cp := func(v int) match.Score { return match.Score{Kind: match.ScoreCP, Value: v} }
	rec := match.GameRecord{
		StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		Moves: []match.MoveRecord{
			{UCI: "e2e4", Book: true},
			{UCI: "e7e5", Score: cp(10)},
			{UCI: "g1f3", Score: cp(20)},
			{UCI: "b8c6", Score: cp(-30)},
			{UCI: "f1b5", Score: cp(40)},
			{UCI: "g8f6", Score: cp(-2000)},
			{UCI: "e1g1", Score: cp(50)},
		},
		Result:      match.ResultWhiteWins,
		Termination: match.TermAdjudication,
	}
	lines, label, ok := Positions(&rec, 1, 1000)
	if !ok || label != "1.0" {
		t.Fatalf("ok %v label %q", ok, label)
	}
	// Engine plies 1..3 (skip 1): after 1.e4 e5, after 2.Nf3, after 2...Nc6.
	want := []string{
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 1.0 20\n",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2 1.0 30\n",
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 1.0 40\n",
	}
	if strings.Join(lines, "") != strings.Join(want, "") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(lines, ""), strings.Join(want, ""))
	}
	// A mate score counts as decided even without a limit.
	rec.Moves[3].Score = match.Score{Kind: match.ScoreMate, Value: -7}
	lines, _, _ = Positions(&rec, 0, 0)
	if len(lines) != 2 {
		t.Fatalf("with a mate score at engine ply 2: %d lines, want 2", len(lines))
	}
	// Abnormal ends and unfinished games are not used.
	for _, term := range []match.Termination{match.TermTimeForfeit, match.TermAbandoned, match.TermIllegalMove, match.TermStall} {
		rec.Termination = term
		if _, _, ok := Positions(&rec, 0, 0); ok {
			t.Errorf("termination %q used", term)
		}
	}
	rec.Termination, rec.Result = match.TermUnterminated, match.ResultNone
	if _, _, ok := Positions(&rec, 0, 0); ok {
		t.Error("unfinished game used")
	}
}

func TestQuiet(t *testing.T) {
	for _, tc := range []struct {
		fen   string
		quiet bool
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", true},
		// 1.e4 d5: exd5 wins a pawn (Qxd5 only takes it back: equal), so quiet.
		{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", true},
		// A black queen on d4 hangs to the knight on f3: not quiet.
		{"rnb1kbnr/pppp1ppp/8/8/3q4/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4", false},
		// The only capture, Qxh7, loses the queen to Kxh7: quiet.
		{"6rk/7p/8/8/8/8/8/K6Q w - - 0 1", true},
		// In check: never quiet.
		{"rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", false},
		// A promotion is available: not quiet.
		{"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1", false},
	} {
		p, err := engine.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got := Quiet(p); got != tc.quiet {
			t.Errorf("Quiet(%s) = %v, want %v", tc.fen, got, tc.quiet)
		}
		if p.FEN() != tc.fen {
			t.Errorf("Quiet changed the position: %s", p.FEN())
		}
	}
}

func TestMainWritesTunableData(t *testing.T) {
	dir := t.TempDir()
	ops := filepath.Join(dir, "ops.epd")
	var epd strings.Builder
	for _, o := range testOpenings[:2] {
		epd.WriteString(o.FEN + "\n")
	}
	if err := os.WriteFile(ops, []byte(epd.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "data.txt")
	args := []string{"--engine", "cmd=" + randomEngine + ",option.Hash=16", "--nodes", "50",
		"--games", "3", "--openings", ops, "--out", out, "--concurrency", "2", "--seed", "7", "--skip-plies", "2"}
	var stdout, stderr bytes.Buffer
	if code := Main(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	n1 := countLines(t, out)
	if n1 == 0 || !strings.Contains(stdout.String(), fmt.Sprintf("%d positions", n1)) {
		t.Fatalf("%d lines written; stdout %q", n1, stdout.String())
	}
	if !strings.Contains(stderr.String(), "games 3/3") {
		t.Errorf("no final progress line in %q", stderr.String())
	}
	// A second run appends.
	stdout.Reset()
	if code := Main(args, &stdout, &stderr); code != 0 {
		t.Fatalf("second run: exit %d: %s", code, stderr.String())
	}
	n2 := countLines(t, out)
	if n2 <= n1 {
		t.Fatalf("second run did not append: %d then %d lines", n1, n2)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	train, valid, err := tune.Load(f, tune.LoadOptions{Name: out, Holdout: 10, Threads: 1})
	if err != nil {
		t.Fatalf("tune cannot load the data: %v", err)
	}
	if train.Len()+valid.Len() != n2 {
		t.Fatalf("tune loaded %d+%d positions of %d lines", train.Len(), valid.Len(), n2)
	}

	// --relabel: the same positions again, each with the engine's score.
	relabelled := filepath.Join(dir, "relabelled.txt")
	stdout.Reset()
	rargs := []string{"--relabel", out, "--engine", "cmd=" + randomEngine + ",arg=-score,arg=5", "--out", relabelled, "--concurrency", "2"}
	if code := Main(rargs, &stdout, &stderr); code != 0 {
		t.Fatalf("relabel: exit %d: %s", code, stderr.String())
	}
	if n := countLines(t, relabelled); n != n2 || !strings.Contains(stdout.String(), fmt.Sprintf("%d written", n2)) {
		t.Fatalf("relabel wrote %d lines of %d; stdout %q", n, n2, stdout.String())
	}
	for _, bad := range [][]string{
		{"--relabel", out, "--out", relabelled},                                    // no engine
		{"--relabel", out, "--engine", "cmd=" + randomEngine},                      // no output
		{"--relabel", out, "--engine", "cmd=" + randomEngine, "--out", out},        // in place
		{"--relabel", ops, "--engine", "cmd=" + randomEngine, "--out", relabelled}, // not tuning data
	} {
		if code := Main(bad, &stdout, &stderr); code != 2 {
			t.Errorf("Main(%q) = %d, want 2", bad, code)
		}
	}
	if n := countLines(t, relabelled); n != n2 {
		t.Fatalf("rejected runs changed the output: %d lines, want %d", n, n2)
	}
}

func countLines(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		n++
	}
	return n
}

func TestMainRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"--engine", "cmd=x", "--openings", "o.epd"},
		{"--engine", "cmd=x", "--openings", "o.epd", "--out", "f", "--nodes", "0"},
		{"--engine", "nocmd", "--openings", "o.epd", "--out", "f"},
		{"--engine", "cmd=x", "--openings", "o.epd", "--out", "f", "--offset", "-1"},
		{"--engine", "cmd=x", "--openings", "o.epd", "--out", "f", "--offset", "100000001"},
		{"--bogus"},
	} {
		var stdout, stderr bytes.Buffer
		if code := Main(args, &stdout, &stderr); code != 2 {
			t.Errorf("Main(%q) = %d, want 2", args, code)
		}
	}
}

// The openings come in a seeded order that repeats none before all have
// come (an engine at fixed nodes replays the same game from the same
// opening), the same for the same seed, and --offset continues it.
func TestOpeningOrder(t *testing.T) {
	const n = 7
	order := OpeningOrder(3, n, 0, 3*n+2)
	require.Len(t, order, 3*n+2)
	for cycle := 0; cycle < 3; cycle++ {
		seen := map[int]bool{}
		for _, o := range order[cycle*n : (cycle+1)*n] {
			require.True(t, o >= 0 && o < n, "opening %d out of range", o)
			require.False(t, seen[o], "cycle %d repeats opening %d: %v", cycle, o, order)
			seen[o] = true
		}
	}
	require.Equal(t, order, OpeningOrder(3, n, 0, 3*n+2), "same seed, same order")
	require.NotEqual(t, order, OpeningOrder(4, n, 0, 3*n+2), "another seed, another order")
	for _, off := range []int{1, n - 1, n, 2*n + 3} {
		require.Equal(t, order[off:], OpeningOrder(3, n, off, 3*n+2-off), "offset %d", off)
	}
	require.Equal(t, []int{0, 0, 0}, OpeningOrder(9, 1, 5, 3), "a single opening")
}

// Relabelling: every position gets the engine's score in white's view (the
// test engine reports +37 for the side to move), in input order, an old
// score is replaced, decided scores drop the line, and a malformed line is
// an error before anything is written.
func TestRelabel(t *testing.T) {
	in := strings.Join([]string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 0.5 -12",
		"# a comment",
		"",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 1.0",
		"8/8/4k3/8/8/3K4/8/8 w - - [0.0]",
	}, "\n")
	for _, conc := range []int{1, 3} {
		spec := randomSpec(1)
		spec.Args = append(spec.Args, "-score", "37")
		var out bytes.Buffer
		st, err := Relabel(context.Background(), RelabelConfig{Engine: spec, Nodes: 100, Concurrency: conc}, strings.NewReader(in), &out)
		if err != nil {
			t.Fatal(err)
		}
		want := "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 0.5 -37\n" +
			"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 1.0 37\n" +
			"8/8/4k3/8/8/3K4/8/8 w - - 0 1 0.0 37\n"
		if out.String() != want || st != (RelabelStats{Read: 3, Written: 3}) {
			t.Fatalf("concurrency %d: %+v\n%s\nwant\n%s", conc, st, out.String(), want)
		}
		for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			if _, lab, err := tune.ParseLabels(l); err != nil || !lab.HasScore {
				t.Fatalf("tune reads %q as %+v, %v", l, lab, err)
			}
		}
	}
	// A score beyond --max-score drops the position.
	spec := randomSpec(1)
	spec.Args = append(spec.Args, "-score", "2000")
	var out bytes.Buffer
	st, err := Relabel(context.Background(), RelabelConfig{Engine: spec, Nodes: 100, MaxScore: 1500}, strings.NewReader(in), &out)
	if err != nil || out.Len() != 0 || st.Dropped != 3 {
		t.Fatalf("decided: %+v %v %q", st, err, out.String())
	}
	// Malformed input.
	for _, bad := range []string{"8/8/4k3/8/8/3K4/8/8 w - - 2.0", "8/8/8/8/8/8/8/8 w - - 0 1 1.0"} {
		out.Reset()
		_, err := Relabel(context.Background(), RelabelConfig{Engine: spec, Nodes: 100}, strings.NewReader(in+"\n"+bad), &out)
		if !errors.Is(err, ErrBadInput) || out.Len() != 0 {
			t.Errorf("%q: error %v, output %q", bad, err, out.String())
		}
	}
}

// An option the engine does not offer is a usage error (exit 2) naming the
// engine and the option, found before any game is played or any output
// touched; --help prints to stdout with exit 0 (it exited 2 on stderr).
func TestMainUnknownOptionAndHelp(t *testing.T) {
	dir := t.TempDir()
	ops := filepath.Join(dir, "ops.epd")
	if err := os.WriteFile(ops, []byte(testOpenings[0].FEN+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(dir, "data.txt")
	if err := os.WriteFile(data, []byte("8/8/4k3/8/8/3K4/8/8 w - - 0.5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.txt")
	eng := "cmd=" + randomEngine + ",name=R,option.Hash=16,option.Threads=2"
	for _, args := range [][]string{
		{"--engine", eng, "--openings", ops, "--out", out, "--games", "1", "--nodes", "10"},
		{"--relabel", data, "--engine", eng, "--out", out, "--nodes", "10"},
	} {
		var stdout, stderr bytes.Buffer
		code := Main(args, &stdout, &stderr)
		want := "bounder datagen: engine R has no option \"Threads\" (its options: Hash)\n"
		if code != 2 || stderr.String() != want || stdout.Len() > 0 {
			t.Errorf("%q: exit %d\nstdout %q\nstderr %q", args, code, stdout.String(), stderr.String())
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%q: the output was touched", args)
		}
	}
	// A value outside the range the engine advertised is a usage error too.
	refused := "cmd=" + randomEngine + ",name=R,option.Hash=99999"
	var stdout, stderr bytes.Buffer
	code := Main([]string{"--engine", refused, "--openings", ops, "--out", out, "--games", "1", "--nodes", "10"}, &stdout, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), `"Hash"`) || !strings.Contains(stderr.String(), "99999") {
		t.Errorf("Hash=99999: exit %d, stderr %q", code, stderr.String())
	}
	for _, arg := range []string{"--help", "-h"} {
		var stdout, stderr bytes.Buffer
		if code := Main([]string{arg}, &stdout, &stderr); code != 0 || stderr.Len() > 0 ||
			!strings.HasPrefix(stdout.String(), "usage: bounder datagen") || !strings.Contains(stdout.String(), "\nFlags:\n") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", arg, code, stdout.String(), stderr.String())
		}
	}
}
