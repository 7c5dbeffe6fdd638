package match

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	eng "github.com/bounder-chess/bounder/engine"
)

// python returns the python3 command and the environment that puts the
// project's python-chess (testdata/pylib) first on its path. Without
// python3, or where python-chess does not import, the test skips, unless
// the CI variable is set: there a check that cannot run is a failure.
func python(t *testing.T) (string, []string) {
	t.Helper()
	skip := t.Skipf
	if os.Getenv("CI") != "" {
		skip = t.Fatalf
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		skip("python3 is not installed: the python-chess check needs it")
	}
	pylib, err := filepath.Abs(filepath.Join("..", "testdata", "pylib"))
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "PYTHONPATH="+pylib+string(os.PathListSeparator)+os.Getenv("PYTHONPATH"))
	check := exec.Command(py, "-c", "import chess.pgn")
	check.Env = env
	if out, err := check.CombinedOutput(); err != nil {
		skip("python-chess cannot be imported from %s: %v\n%s", pylib, err, out)
	}
	return py, env
}

// runCheck runs testdata/chess960_check.py with args and returns its
// standard output; its failure fails the test.
func runCheck(t *testing.T, args ...string) string {
	t.Helper()
	py, env := python(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, append([]string{filepath.Join("testdata", "chess960_check.py")}, args...)...)
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chess960_check.py %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

// Scharnagl's numbering agrees with python-chess's for all 960 positions.
func TestChess960NumberingAgreesWithPythonChess(t *testing.T) {
	t.Parallel()
	lines := strings.Fields(runCheck(t, "backranks"))
	if len(lines) != Chess960Positions {
		t.Fatalf("python-chess gave %d back ranks", len(lines))
	}
	for n, want := range lines {
		if got, _ := Chess960BackRank(n); got != want {
			t.Errorf("position %d: %s, python-chess %s", n, got, want)
		}
	}
}

// castles counts the castling moves of rec, replaying it on a fresh engine
// position (every move must be legal there) and telling the book's from
// the engines'.
func castles(t *testing.T, rec GameRecord) (book, played int) {
	t.Helper()
	pos, err := eng.ParseFEN(rec.StartFEN)
	if err != nil {
		t.Fatalf("start %q: %v", rec.StartFEN, err)
	}
	pos.SetChess960(true)
	for i, mv := range rec.Moves {
		m, err := pos.ParseMove(mv.UCI)
		if err != nil {
			t.Fatalf("ply %d: %v", i+1, err)
		}
		if m.IsCastle() {
			if mv.Book {
				book++
			} else {
				played++
			}
		}
		pos.Make(m)
	}
	return book, played
}

// chess960Spec is Bounder with its book off (a Chess960 game never uses it
// anyway) and a small table.
func chess960Spec(t *testing.T, name string) EngineSpec {
	return EngineSpec{Name: name, Cmd: bounderBinary(t), Options: []EngineOption{
		{Name: "Hash", Value: "16"}, {Name: "Threads", Value: "1"}, {Name: "OwnBook", Value: "false"}}}
}

// The end-to-end check of a Chess960 match: Bounder against itself at a
// fixed node count from the standard position (castling as a book move,
// king takes rook), a Chess960 position and a Double Fischer random one,
// each played twice with colours reversed. Every game ends by the rules or
// adjudication, every move replays legally, the engines castle, and
// python-chess reads the PGN back as Chess960 and replays it; bounder
// stats reads it too.
func TestRunChess960Bounder(t *testing.T) {
	t.Parallel()
	dfrc, _ := Chess960FEN(100, 800)
	c21, _ := Chess960FEN(21, 21)
	openings := []Opening{
		{FEN: StartFEN, Moves: []string{"e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "e1h1"}, ID: "518+O-O"},
		{FEN: c21, ID: "chess960:21"},
		{FEN: dfrc, ID: "dfrc 100/800"},
	}
	path := filepath.Join(t.TempDir(), "960.pgn")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var progress bytes.Buffer
	cfg := Config{
		Engines:     []EngineSpec{chess960Spec(t, "A"), chess960Spec(t, "B")},
		TimeControl: TimeControl{Nodes: 4000},
		Games:       2 * len(openings), Repeat: true, Seed: 1,
		Openings:     openings,
		Variant:      FischerRandom,
		Adjudication: Adjudication{DrawMoveNumber: 30, DrawMoveCount: 6, DrawScore: 15, ResignMoveCount: 3, ResignScore: 500},
		PGN:          NewPGNWriter(f),
		Progress:     &progress, // a stall's diagnosis, should one come
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	// Run keeps no records; the PGN is read back instead, and each game
	// replayed from it by the referee's own FEN and moves.
	sum, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Played != cfg.Games {
		t.Fatalf("%d of %d games played", sum.Played, cfg.Games)
	}
	for term, n := range sum.Pairings[0].Terminations {
		if term != TermNormal && term != TermAdjudication {
			t.Errorf("%d games end by %s; the games:\n%s", n, term, progress.String())
		}
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games := strings.Split(strings.TrimSpace(string(text)), "\n\n[Event")
	if len(games) != cfg.Games {
		t.Fatalf("%d games in the PGN", len(games))
	}
	for i, g := range games {
		for _, want := range []string{`[Variant "Chess960"]`, `[SetUp "1"]`, `[FEN "`} {
			if !strings.Contains(g, want) {
				t.Errorf("game %d lacks %s:\n%s", i+1, want, g)
			}
		}
	}
	if !regexp.MustCompile(`4\. O-O\s+\{book\}`).Match(text) {
		t.Errorf("the book's castling is not written O-O:\n%s", text)
	}
	out := runCheck(t, "pgn", path)
	t.Logf("python-chess: %s", out)
	var n, plies, castled int
	if _, err := parseCounts(out, &n, &plies, &castled); err != nil || n != cfg.Games || castled < 3 {
		t.Errorf("python-chess read %q: want %d games and castling beyond the book's two", out, cfg.Games)
	}
}

// parseCounts reads chess960_check.py's line of counts.
func parseCounts(s string, games, plies, castles *int) (int, error) {
	f := strings.Fields(s)
	if len(f) != 6 || f[0] != "games" || f[2] != "plies" || f[4] != "castles" {
		return 0, errors.New("not a line of counts")
	}
	for i, dst := range []*int{games, plies, castles} {
		n, err := strconv.Atoi(f[2*i+1])
		if err != nil {
			return i, err
		}
		*dst = n
	}
	return 3, nil
}

// A pair of engines plays a Chess960 game, then a standard one: the engines
// are switched back (UCI_Chess960 false), or the standard castling e1g1
// would be refused as a king move.
func TestPairSwitchesVariant(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	p, err := StartPair(ctx, chess960Spec(t, "A"), chess960Spec(t, "B"))
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	tc := TimeControl{Nodes: 2000}
	adj := Adjudication{DrawMoveNumber: 20, DrawMoveCount: 4, DrawScore: 30, ResignMoveCount: 2, ResignScore: 400}
	ops := []Opening{
		{Variant: FischerRandom, Moves: []string{"e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "e1h1", "e8h8"}},
		{Moves: []string{"e2e4", "e7e5", "g1f3", "g8f6", "f1c4", "f8c5", "e1g1", "e8g8"}},
		{Variant: FischerRandom, FEN: "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w KQkq - 0 1", Moves: []string{"f1g1"}},
	}
	for i, o := range ops {
		rec, err := p.Play(ctx, o, tc, adj)
		if err != nil {
			t.Fatalf("game %d: %v", i+1, err)
		}
		if (rec.Termination != TermNormal && rec.Termination != TermAdjudication) || len(rec.Moves) <= len(o.Moves) {
			t.Errorf("game %d (%s): %s after %d plies: %s", i+1, o.Variant, rec.Termination, len(rec.Moves), rec.Reason)
		}
		if rec.Variant != o.Variant {
			t.Errorf("game %d: record of variant %s", i+1, rec.Variant)
		}
		if o.Variant == FischerRandom {
			wantBook := 0
			for _, m := range o.Moves {
				if m == "e1h1" || m == "e8h8" || m == "f1g1" {
					wantBook++
				}
			}
			if book, _ := castles(t, rec); book != wantBook {
				t.Errorf("game %d: %d castling moves in the book, want %d", i+1, book, wantBook)
			}
		}
	}
}

// "bounder match --variant chess960" without openings draws its start
// positions from the 960 by its seed; the report and the PGN say so.
func TestMainChess960(t *testing.T) {
	t.Parallel()
	exe := bounderBinary(t)
	path := filepath.Join(t.TempDir(), "main960.pgn")
	spec := "cmd=" + exe + ",option.Hash=16,option.Threads=1,option.OwnBook=false"
	var stdout, stderr bytes.Buffer
	code := Main([]string{"--engine", spec + ",name=A", "--engine", spec + ",name=B", "--variant", "Chess960",
		"--nodes", "2000", "--games", "2", "--repeat", "--seed", "7", "--pgnout", path,
		"--draw", "movenumber=20,movecount=4,score=30", "--resign", "movecount=2,score=400"}, &stdout, &stderr)
	if code != ExitOK {
		t.Fatalf("exit %d\n%s%s", code, stderr.String(), stdout.String())
	}
	if !strings.Contains(stderr.String(), "variant fischerandom, 960 Chess960 start positions (seed 7) repeated") ||
		!strings.Contains(stdout.String(), "2 of 2 games") {
		t.Errorf("report:\n%s%s", stderr.String(), stdout.String())
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The seed's first position, as the schedule picks it.
	want, _ := Chess960FEN(openingOrder(Chess960Positions, 7)[0], openingOrder(Chess960Positions, 7)[0])
	if strings.Count(string(text), `[FEN "`+want+`"]`) != 2 {
		t.Errorf("the pair does not start from %s:\n%s", want, text)
	}
	runCheck(t, "pgn", path)
}

// Bad input to a Chess960 match is refused before any game, exit 2 with one
// line: an engine without UCI_Chess960 (the test engine is such), a
// malformed or impossible start position, a PGN suite, an option that
// contradicts the variant, an unknown variant.
func TestMainChess960BadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	epd := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := epd("good.epd", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n")
	random := "--engine=cmd=" + randomEngine
	bounder := "--engine=cmd=" + bounderBinary(t)
	ranks := epd("ranks.epd", "bbqnnrkr/pppppppp/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{random, random, "--variant", "fischerandom", "--openings", good, "--nodes", "10"},
			"bounder match: engine randomengine#1 has no option UCI_Chess960, which it needs to play Chess960 (--variant fischerandom) (its options: Hash)"},
		{[]string{bounder, random, "--variant", "chess960", "--nodes", "10"},
			"bounder match: engine randomengine has no option UCI_Chess960, which it needs to play Chess960"},
		{[]string{random, random, "--variant", "fischerandom", "--openings", epd("rights.epd", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w AHah - 0 1\n")},
			`bounder match: opening rights.epd:1: FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w AHah - 0 1": fen: castling right A without a white rook on a1`},
		{[]string{random, random, "--variant", "fischerandom", "--openings", epd("kings.epd", "bbqnnrrr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1\n")},
			`bounder match: opening kings.epd:1: FEN "bbqnnrrr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w - - 0 1": fen: black has 0 kings, want 1`},
		{[]string{random, random, "--variant", "fischerandom", "--openings", ranks},
			"bounder match: --openings: " + ranks + ": line 1: EPD"},
		{[]string{random, random, "--variant", "fischerandom", "--openings", "testdata/openings.pgn"},
			"bounder match: --openings testdata/openings.pgn: --variant fischerandom reads start positions from an .epd file only"},
		{[]string{random + ",option.UCI_Chess960=false", random, "--variant", "fischerandom"},
			"bounder match: --engine 1: option.UCI_Chess960=false contradicts --variant fischerandom"},
		{[]string{random, random + ",option.uci_chess960=true"},
			"bounder match: --engine 2: option.uci_chess960=true needs --variant fischerandom"},
		{[]string{random, random, "--variant", "crazyhouse"},
			`bounder match: --variant: unknown variant "crazyhouse" (want standard, fischerandom or chess960)`},
		// A Chess960 start in a standard match: notnil/chess would judge
		// its castling by the standard rules.
		{[]string{random, random, "--openings", good},
			`bounder match: opening good.epd:1: FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1": its castling needs the Chess960 rules (--variant fischerandom)`},
	} {
		var stdout, stderr bytes.Buffer
		code := Main(c.args, &stdout, &stderr)
		msg := stderr.String()
		if code != ExitUsage || !strings.HasPrefix(msg, c.want) || strings.Count(msg, "\n") != 1 || stdout.Len() != 0 {
			t.Errorf("%q: exit %d\nstderr %q\nwant   %q...", c.args, code, msg, c.want)
		}
	}
}

// A library caller's Pair refuses a Chess960 game with an engine that does
// not offer UCI_Chess960: an error (not a loss), an *UnknownOptionError.
func TestPairRefusesChess960WithoutOption(t *testing.T) {
	t.Parallel()
	_, err := PlayGame(context.Background(), engine("a"), engine("b"), Opening{Variant: FischerRandom}, fastTC, Adjudication{})
	var unknown *UnknownOptionError
	if !errors.As(err, &unknown) || unknown.Option != uciChess960 {
		t.Errorf("PlayGame: %v", err)
	}
}

func TestParseVariant(t *testing.T) {
	for in, want := range map[string]Variant{"standard": Standard, "fischerandom": FischerRandom, "chess960": FischerRandom, " Chess960 ": FischerRandom, "FischeRandom": FischerRandom} {
		if v, err := ParseVariant(in); err != nil || v != want {
			t.Errorf("%q: %v, %v", in, v, err)
		}
	}
	for _, in := range []string{"", "960", "fischerrandom?", "atomic"} {
		if _, err := ParseVariant(in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
	for _, v := range []Variant{Standard, FischerRandom} {
		if back, err := ParseVariant(v.String()); err != nil || back != v {
			t.Errorf("%s does not read back: %v %v", v, back, err)
		}
	}
}
