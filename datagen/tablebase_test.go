package datagen

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/match"
	"github.com/bounder-chess/bounder/syzygy"
)

// tbDir holds the 3- and 4-piece Syzygy tables of package syzygy's tests
// (see its testdata/SOURCES.md).
var tbDir = filepath.Join("..", "syzygy", "testdata")

func openTestTables(t *testing.T) *syzygy.Tables {
	t.Helper()
	tb, err := syzygy.Open(tbDir)
	if err != nil || tb.MaxPieces() != 4 {
		t.Fatalf("opening %s: %v (max pieces %d)", tbDir, err, tb.MaxPieces())
	}
	t.Cleanup(func() { tb.Close() })
	return tb
}

// krkGame is a game from five pieces, beyond the tables, into KRvKP, which
// white wins, then KRvK, until white leaves the rook to be taken: drawn,
// as a fixed-node engine draws KRvK by the fifty-move rule. tbWant is the
// label of each line Positions writes (skip 0, no score limit) once the
// tables correct them: the win of the first held position (after 2.Rxa4)
// for the lines before it and the KRvK ones, the KvK ones' own draw.
func krkGame() (rec match.GameRecord, tbWant []string) {
	cp := func(v int) match.Score { return match.Score{Kind: match.ScoreCP, Value: v} }
	rec = match.GameRecord{
		StartFEN: "4k3/7p/8/8/8/2n5/8/R3K3 b - - 0 1",
		Moves: []match.MoveRecord{
			{UCI: "c3a4", Score: cp(-300)}, // written: five pieces, quiet
			{UCI: "a1a4", Score: cp(800)},  // not quiet: the knight hangs
			{UCI: "e8d8", Score: cp(-900)}, // written: KRvKP
			{UCI: "a4h4", Score: cp(900)},  // written
			{UCI: "h7h5", Score: cp(-900)}, // written
			{UCI: "h4h5", Score: cp(900)},  // not quiet: the pawn hangs
			{UCI: "d8e7", Score: cp(-900)}, // written: KRvK
			{UCI: "h5g5", Score: cp(900)},  // written
			{UCI: "e7f6", Score: cp(-900)}, // written
			{UCI: "e1d2", Score: cp(900)},  // written; 6.Kd2 leaves the rook to the king
			{UCI: "f6g5", Score: cp(500)},  // not quiet: the rook hangs
			{UCI: "d2e3", Score: cp(0)},    // written: KvK
			{UCI: "g5g4", Score: cp(0)},    // written
			{UCI: "e3e2", Score: cp(0)},    // written
		},
		Result:      match.ResultDraw,
		Termination: match.TermNormal,
	}
	tbWant = []string{"1.0", "1.0", "1.0", "1.0", "1.0", "1.0", "1.0", "1.0", "0.5", "0.5", "0.5"}
	return rec, tbWant
}

// splitLines returns each line's label and the line without it.
func splitLines(t *testing.T, lines []string) (labels, rest []string) {
	t.Helper()
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) != 8 {
			t.Fatalf("line %q: want FEN, result and score", l)
		}
		labels = append(labels, f[6])
		rest = append(rest, strings.Join(append(f[:6:6], f[7]), " "))
	}
	return labels, rest
}

// A game drawn after reaching a won ending is labelled a win, up to where
// the tables' own outcome says otherwise, with the same positions and
// scores as without tables; the first held position decides even when
// nothing from it on is written; a game that never reaches the tables, or
// any game without them, keeps its result.
func TestPositionsWithTablebases(t *testing.T) {
	tb := openTestTables(t)
	rec, tbWant := krkGame()

	plain, label, ok := Positions(&rec, 0, 0)
	if !ok || label != "0.5" {
		t.Fatalf("without tables: ok %v label %q", ok, label)
	}
	plainLabels, plainRest := splitLines(t, plain)
	for i, l := range plainLabels {
		if l != "0.5" {
			t.Fatalf("without tables line %d is labelled %s: %q", i, l, plain[i])
		}
	}

	g, ok := positions(&rec, 0, 0, tb)
	if !ok || g.label != "1.0" || !g.tbChanged {
		t.Fatalf("with tables: ok %v label %q changed %v", ok, g.label, g.tbChanged)
	}
	labels, rest := splitLines(t, g.lines)
	if strings.Join(rest, "\n") != strings.Join(plainRest, "\n") {
		t.Fatalf("the tables changed more than labels:\n%s\nwithout them:\n%s", strings.Join(g.lines, ""), strings.Join(plain, ""))
	}
	if strings.Join(labels, " ") != strings.Join(tbWant, " ") {
		t.Fatalf("labels %v, want %v:\n%s", labels, tbWant, strings.Join(g.lines, ""))
	}
	if g.tbLines != 8 {
		t.Errorf("%d lines counted as relabelled, want 8", g.tbLines)
	}
	checkGameLines(t, &rec, plain, "0.5", 0)

	// The same game scored as a win: the tables agree on the game, and
	// only the KvK lines differ from its result.
	rec.Result = match.ResultWhiteWins
	g, ok = positions(&rec, 0, 0, tb)
	labels, _ = splitLines(t, g.lines)
	if !ok || g.label != "1.0" || g.tbChanged || g.tbLines != 3 || strings.Join(labels, " ") != strings.Join(tbWant, " ") {
		t.Fatalf("scored a win: ok %v label %q changed %v relabelled %d labels %v", ok, g.label, g.tbChanged, g.tbLines, labels)
	}
	rec.Result = match.ResultDraw

	// A decided score at 2.Rxa4 stops the lines before the first position
	// the tables hold; that position still labels the game.
	rec.Moves[1].Score = match.Score{Kind: match.ScoreCP, Value: 2000}
	g, ok = positions(&rec, 0, 1500, tb)
	if !ok || len(g.lines) != 1 || g.label != "1.0" || !strings.Contains(g.lines[0], " 1.0 300\n") {
		t.Fatalf("stopped before the tables: ok %v label %q lines %q", ok, g.label, g.lines)
	}

	// A game that never reaches the tables keeps its result.
	cp := func(v int) match.Score { return match.Score{Kind: match.ScoreCP, Value: v} }
	far := match.GameRecord{
		StartFEN: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		Moves: []match.MoveRecord{
			{UCI: "e2e4", Book: true}, {UCI: "e7e5", Score: cp(10)}, {UCI: "g1f3", Score: cp(20)},
			{UCI: "b8c6", Score: cp(-30)}, {UCI: "f1b5", Score: cp(40)},
		},
		Result:      match.ResultDraw,
		Termination: match.TermAdjudication,
	}
	plain, _, _ = Positions(&far, 0, 0)
	g, ok = positions(&far, 0, 0, tb)
	if !ok || g.label != "0.5" || g.tbChanged || g.tbLines != 0 || strings.Join(g.lines, "") != strings.Join(plain, "") {
		t.Fatalf("beyond the tables: ok %v label %q changed %v\n%s\nwant\n%s", ok, g.label, g.tbChanged, strings.Join(g.lines, ""), strings.Join(plain, ""))
	}
}

// Each outcome maps to white's view: wins and losses by the side to move,
// the fifty-move rule's cursed wins and blessed losses to draws.
func TestWDLLabel(t *testing.T) {
	for _, tc := range []struct {
		w            syzygy.WDL
		white, black string
	}{
		{syzygy.Win, "1.0", "0.0"},
		{syzygy.CursedWin, "0.5", "0.5"},
		{syzygy.Draw, "0.5", "0.5"},
		{syzygy.BlessedLoss, "0.5", "0.5"},
		{syzygy.Loss, "0.0", "1.0"},
	} {
		if got := wdlLabel(tc.w, engine.White); got != tc.white {
			t.Errorf("%s, white to move: %s, want %s", tc.w, got, tc.white)
		}
		if got := wdlLabel(tc.w, engine.Black); got != tc.black {
			t.Errorf("%s, black to move: %s, want %s", tc.w, got, tc.black)
		}
	}
}

// Relabelling with tables: a position they hold gets their outcome as its
// result, others (beyond them, or with castling rights) keep theirs.
func TestRelabelWithTablebases(t *testing.T) {
	tb := openTestTables(t)
	in := strings.Join([]string{
		"4k3/8/8/8/R7/8/8/4K3 b - - 0 2 0.5 -20",                           // KRvK: white wins
		"8/8/8/6k1/8/4K3/8/8 w - - 0 6 1.0",                                // KvK: draw
		"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 0.5",                               // castling rights: not held
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 0.0 3", // beyond the tables
	}, "\n")
	spec := randomSpec(1)
	spec.Args = append(spec.Args, "-score", "5")
	var out bytes.Buffer
	st, err := Relabel(context.Background(), RelabelConfig{Engine: spec, Nodes: 100, Tables: tb}, strings.NewReader(in), &out)
	if err != nil {
		t.Fatal(err)
	}
	want := "4k3/8/8/8/R7/8/8/4K3 b - - 0 2 1.0 -5\n" +
		"8/8/8/6k1/8/4K3/8/8 w - - 0 6 0.5 5\n" +
		"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 0.5 5\n" +
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 0.0 -5\n"
	if out.String() != want || st != (RelabelStats{Read: 4, Written: 4, TBChanged: 2}) {
		t.Fatalf("%+v\n%s\nwant\n%s", st, out.String(), want)
	}
}

// --syzygy: a path without tables or that cannot be read is a usage error
// (exit 2) before anything is written, in both modes; good tables are used
// and the summary says what they changed.
func TestMainSyzygyFlag(t *testing.T) {
	dir := t.TempDir()
	ops := filepath.Join(dir, "ops.epd")
	if err := os.WriteFile(ops, []byte(testOpenings[0].FEN+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(dir, "data.txt")
	if err := os.WriteFile(data, []byte("4k3/8/8/8/R7/8/8/4K3 b - - 0 2 0.5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.txt")
	eng := "cmd=" + randomEngine
	for _, path := range []string{filepath.Join(dir, "missing"), empty, ops, tbDir + string(os.PathListSeparator) + filepath.Join(dir, "missing")} {
		for _, args := range [][]string{
			{"--engine", eng, "--openings", ops, "--out", out, "--games", "1", "--nodes", "10", "--syzygy", path},
			{"--relabel", data, "--engine", eng, "--out", out, "--nodes", "10", "--syzygy", path},
		} {
			var stdout, stderr bytes.Buffer
			code := Main(args, &stdout, &stderr)
			if code != 2 || !strings.HasPrefix(stderr.String(), "bounder datagen: --syzygy: ") || strings.Count(stderr.String(), "\n") != 1 {
				t.Errorf("%q: exit %d, stderr %q", args, code, stderr.String())
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Fatalf("%q: the output was touched", args)
			}
		}
	}

	var stdout, stderr bytes.Buffer
	code := Main([]string{"--engine", eng, "--openings", ops, "--out", out, "--games", "2", "--nodes", "10", "--syzygy", tbDir}, &stdout, &stderr)
	if code != 0 || !strings.Contains(stdout.String(), ", the tables changed the label of ") ||
		!strings.Contains(stderr.String(), "  tables changed ") {
		t.Fatalf("games: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	relabelled := filepath.Join(dir, "relabelled.txt")
	stdout.Reset()
	code = Main([]string{"--relabel", data, "--engine", eng + ",arg=-score,arg=5", "--out", relabelled, "--nodes", "10", "--syzygy", tbDir}, &stdout, &stderr)
	got, _ := os.ReadFile(relabelled)
	if code != 0 || string(got) != "4k3/8/8/8/R7/8/8/4K3 b - - 0 2 1.0 -5\n" ||
		!strings.Contains(stdout.String(), ", the tables changed the result of 1") {
		t.Fatalf("relabel: exit %d, output %q, stdout %q, stderr %q", code, got, stdout.String(), stderr.String())
	}
}
