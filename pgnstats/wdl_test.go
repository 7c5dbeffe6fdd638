package pgnstats

import (
	"bytes"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/match"
	"github.com/bounder-chess/bounder/wdl"
)

// wdlGame is a short game in "bounder match" form, with a book move, a
// mate score, a move without a comment and the closing comment.
const wdlGame = `[Event "t"]
[White "A"]
[Black "B"]
[Result "0-1"]
[TimeControl "1+0.01"]

1. e4 {book} e5 {book} 2. Nf3 {+0.35/12 0.123s} Nc6 {-0.20/11 0.1s} 3. Bc4
{+0.10/9 0.05s} Nf6 4. Ng5 {0.00/10 0.2s} d5 {+M3/20 0.01s} 5. exd5 {-1.50/8
0.02s} Nxd5 {+2.00/9 0.03s} 6. Nxf7 {-0.25/7 0.01s} Kxf7 {+1.00/6 0.01s}
{Black wins on time} 0-1
`

func TestWDLGameSamples(t *testing.T) {
	samples, skips, err := wdlGameSamples(wdlGame, 0)
	if err != nil {
		t.Fatal(err)
	}
	full := wdl.MaxMaterial
	want := []wdl.Sample{
		{Score: 35, Material: full, Result: -1},     // 2. Nf3, White to move, White lost
		{Score: -20, Material: full, Result: 1},     // 2... Nc6
		{Score: 10, Material: full, Result: -1},     // 3. Bc4
		{Score: 0, Material: full, Result: -1},      // 4. Ng5 (3... Nf6 has no comment)
		{Score: -150, Material: full, Result: -1},   // 5. exd5 (4... d5 has a mate score)
		{Score: 200, Material: full - 1, Result: 1}, // 5... Nxd5, a pawn gone
		{Score: -25, Material: full - 2, Result: -1},
		{Score: 100, Material: full - 2 - 1, Result: 1}, // Kxf7 after Nxf7 took a pawn
	}
	if len(samples) != len(want) {
		t.Fatalf("%d samples %+v, want %d", len(samples), samples, len(want))
	}
	for i := range want {
		if samples[i] != want[i] {
			t.Errorf("sample %d: %+v, want %+v", i, samples[i], want[i])
		}
	}
	if skips.Mates != 1 || skips.Unscored != 3 || skips.Early != 0 { // two book moves and Nf6
		t.Errorf("skips %+v", skips)
	}
	samples, skips, err = wdlGameSamples(wdlGame, 4)
	if err != nil || len(samples) != len(want)-2 || skips.Early != 4 || samples[0] != want[2] {
		t.Errorf("skip 4 plies: %+v %+v %v", samples, skips, err)
	}
	// No result: no samples.
	if s, _, err := wdlGameSamples(strings.Replace(wdlGame, `"0-1"`, `"*"`, 1), 0); err != nil || len(s) != 0 {
		t.Errorf("unfinished game: %v %v", s, err)
	}
	// A game lost on time gives nothing.
	if s, k, err := wdlGameSamples(strings.Replace(wdlGame, "[Event", "[Termination \"time forfeit\"]\n[Event", 1), 0); err != nil || len(s) != 0 || k.Forfeits != 1 {
		t.Errorf("time forfeit: %v %+v %v", s, k, err)
	}
	// A Chess960 game is not replayed.
	if _, _, err := wdlGameSamples("[Variant \"Chess960\"]\n"+wdlGame, 0); !errors.Is(err, errVariant) {
		t.Errorf("Chess960: %v", err)
	}
}

// fastchess writes more after the score and time; variations, NAGs, move
// numbers joined to moves and a FEN start are read too.
func TestWDLGameSamplesFastchess(t *testing.T) {
	game := `[White "T2"]
[Black "T1"]
[Result "1/2-1/2"]
[FEN "r1bqkbnr/ppp1ppp1/2np3p/8/2P4P/3P4/PP2PPP1/RNBQKBNR w KQkq - 0 4"]

4. d4 {+0.05/13 0.283s, tl=4.817s, latency=-0.003s, n=167857, sd=22} $1
Nf6 {-0.10/13 0.172s, tl=4.928s} (4... e5 {a line} (4... a6)) 5.Nc3
{0.00/14 0.209s, tl=4.658s} 1/2-1/2
`
	samples, _, err := wdlGameSamples(game, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []wdl.Sample{{Score: 5, Material: 78, Result: 0}, {Score: -10, Material: 78, Result: 0}, {Score: 0, Material: 78, Result: 0}}
	if len(samples) != 3 || samples[0] != want[0] || samples[1] != want[1] || samples[2] != want[2] {
		t.Errorf("samples %+v, want %+v", samples, want)
	}
}

func TestWDLGameSamplesErrors(t *testing.T) {
	head := "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n"
	for _, moves := range []string{
		"1. e5 {+0.1/1 1s} 1-0", // illegal
		"1. e4 {+0.1/1 1s 1-0",  // comment not closed
		"1. e4 (1. d4 1-0",      // variation not closed
		"1. Nd2 1-0",            // no knight reaches d2
		"12x. e4 1-0",           // a number that is not a move number
		"1. e4 ) 1-0",           // stray
	} {
		if _, _, err := wdlGameSamples(head+moves+"\n", 0); err == nil {
			t.Errorf("%q: no error", moves)
		}
	}
	if _, _, err := wdlGameSamples("[Result \"1-0\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 1-0\n", 0); err == nil {
		t.Error("a FEN without kings: no error")
	}
}

func TestCommentScore(t *testing.T) {
	for text, want := range map[string][2]int{
		"+0.35/12 0.123s":  {35, scoreCP},
		"-1.07/9 1s":       {-107, scoreCP},
		"0.00/14 0.2s, x":  {0, scoreCP},
		"+12.5/3 1s":       {1250, scoreCP},
		"+12/3 1s":         {0, scoreNone},
		"+1.00/x":          {0, scoreNone},
		"+1.00/":           {0, scoreNone},
		" +0.355/1":        {36, scoreCP},
		"+M5/20 0.01s":     {0, scoreMate},
		"-M12/16":          {0, scoreMate},
		"book":             {0, scoreNone},
		"White mates":      {0, scoreNone},
		"1/2-1/2":          {0, scoreNone},
		"+inf/3":           {0, scoreNone},
		"+NaN/3":           {0, scoreNone},
		"--1/3":            {0, scoreNone},
		"+1e300/3":         {0, scoreNone},
		"+M/3":             {0, scoreNone},
		"Draw by 3-fold/x": {0, scoreNone},
		"0.123s":           {0, scoreNone},
	} {
		cp, kind := commentScore(text)
		if cp != want[0] || kind != want[1] {
			t.Errorf("commentScore(%q) = %d, %d; want %d, %d", text, cp, kind, want[0], want[1])
		}
	}
}

func TestResolveSAN(t *testing.T) {
	pos, _, err := match.ParseFEN("r3k2r/pPp2ppp/8/3pP3/8/1N3N2/PPP2PPP/R3K2R w KQkq d6 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for san, uci := range map[string]string{
		"O-O": "e1g1", "0-0-0": "e1c1", "O-O+": "e1g1",
		"exd6": "e5d6", "e5xd6": "e5d6", "exd6!?": "e5d6",
		"bxa8=Q": "b7a8q", "bxa8Q+": "b7a8q", "b8=N": "b7b8n",
		"Nbd2": "b3d2", "Nfd2": "f3d2", "N3d4": "", "Nf3d4": "f3d4", "Nbd4": "b3d4",
		"Nd2": "", "Kd2": "e1d2", "Ke1e2": "e1e2", "e6": "e5e6", "e5-e6": "e5e6",
		"b8": "", "b8=K": "", "b8=P": "", "Qd1": "", "Zd1": "", "x": "", "": "", "Ni9": "",
		"Nabcd2": "", "O-O-O-O": "",
	} {
		m, err := resolveSAN(pos, san)
		got := ""
		if err == nil {
			got = m.String()
		}
		if got != uci {
			t.Errorf("resolveSAN(%q) = %q (%v), want %q", san, got, err, uci)
		}
	}
}

func FuzzWDLGameSamples(f *testing.F) {
	f.Add(wdlGame, 0)
	f.Add("[Result \"1-0\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O {+5.00/3 1s} Kd7 {-M2/4} 1-0\n", 1)
	f.Add("[Result \"1/2-1/2\"]\n\n1.e4 {0.1/1} (1.d4 {x} (1.c4)) $3 e5 ; rest\n2. Nf3 1/2-1/2", 0)
	f.Fuzz(func(t *testing.T, text string, skip int) {
		samples, skips, err := wdlGameSamples(text, skip)
		if err != nil {
			return
		}
		for _, s := range samples {
			if s.Result < -1 || s.Result > 1 || s.Material < 0 || s.Material > 200 {
				t.Fatalf("sample %+v", s)
			}
		}
		if skips.Mates < 0 || skips.Unscored < 0 || skips.Early < 0 {
			t.Fatalf("skips %+v", skips)
		}
	})
}

func TestWDLMainUsage(t *testing.T) {
	dir := t.TempDir()
	pgn := filepath.Join(dir, "g.pgn")
	if err := os.WriteFile(pgn, []byte(wdlGame), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.pgn")
	if err := os.WriteFile(bad, []byte("[Result \"1-0\"]\n\n1. e5 1-0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		out  string // in stdout (code 0) or stderr
	}{
		{[]string{"--help"}, match.ExitOK, "usage: bounder wdl fit"},
		{[]string{"fit", "-h"}, match.ExitOK, "--out FILE"},
		{nil, match.ExitUsage, "no subcommand"},
		{[]string{"show"}, match.ExitUsage, `unknown subcommand "show"`},
		{[]string{"fit"}, match.ExitUsage, "no PGN file"},
		{[]string{"fit", "--bogus", pgn}, match.ExitUsage, "bogus"},
		{[]string{"fit", pgn, "--skip-plies", "-1"}, match.ExitUsage, "--skip-plies -1"},
		{[]string{"fit", filepath.Join(dir, "missing.pgn")}, match.ExitUsage, "missing.pgn"},
		{[]string{"fit", bad}, match.ExitUsage, "game 1"},
		{[]string{"fit", pgn}, match.ExitFailure, "the fit needs draws"}, // one game: no draws
	} {
		var out, errb bytes.Buffer
		code := WDLMain(c.args, &out, &errb)
		text := errb.String()
		if code == match.ExitOK {
			text = out.String()
		}
		if code != c.code || !strings.Contains(text, c.out) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d and %q", c.args, code, out.String(), errb.String(), c.code, c.out)
		}
	}
}

// wdlTestdata is the self-play that wdl/coeffs.go was fitted to (the
// games at 2+0.02 beside it are the held-out check of docs/wdl.md).
func wdlTestdata(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "wdl", "fastchess-*.pgn.gz"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/wdl/fastchess-*.pgn.gz: %v", err)
	}
	return files
}

// TestWDLCompiledModelReproduces: fitting the games of testdata/wdl again
// with the command docs/wdl.md gives ("bounder wdl fit --out") writes the
// compiled model back (a and b within a centipawn at every material
// count); and the compiled model predicts those games far better than the
// constant W/D/L frequencies.
func TestWDLCompiledModelReproduces(t *testing.T) {
	if testing.Short() {
		t.Skip("refits thousands of positions")
	}
	files := wdlTestdata(t)
	out := filepath.Join(t.TempDir(), "coeffs.go")
	var stdout, stderr bytes.Buffer
	if code := WDLMain(append([]string{"fit", "--out", out}, files...), &stdout, &stderr); code != match.ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	refit := modelFromSource(t, out)
	compiled := wdl.Default()
	for mat := wdl.MinMaterial; mat <= wdl.MaxMaterial; mat++ {
		a, b := refit.Params(mat)
		ca, cb := compiled.Params(mat)
		if math.Abs(a-ca) > 1 || math.Abs(b-cb) > 1 {
			t.Errorf("material %d: refitted a %.2f b %.2f, compiled a %.2f b %.2f", mat, a, b, ca, cb)
		}
	}
	var samples []wdl.Sample
	for _, f := range files {
		s, _, _, err := readWDLFile(f, 0)
		if err != nil {
			t.Fatal(err)
		}
		samples = append(samples, s...)
	}
	ll, base := compiled.LogLikelihood(samples), wdl.BaselineLogLikelihood(samples)
	t.Logf("%d positions: log-likelihood %.5f, constant model %.5f", len(samples), ll, base)
	if ll < base+0.3 || ll < refit.LogLikelihood(samples)-1e-3 {
		t.Errorf("compiled model's log-likelihood %.5f: constant model %.5f, refit %.5f", ll, base, refit.LogLikelihood(samples))
	}
}

// modelFromSource reads the model of a file "bounder wdl fit --out" wrote:
// the A and B of the composite literal of its var fitted.
func modelFromSource(t *testing.T, path string) wdl.Model {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	if err != nil {
		t.Fatalf("written source: %v", err)
	}
	var m wdl.Model
	found := 0
	ast.Inspect(f, func(n ast.Node) bool {
		kv, ok := n.(*ast.KeyValueExpr)
		if !ok {
			return true
		}
		name, _ := kv.Key.(*ast.Ident)
		lit, _ := kv.Value.(*ast.CompositeLit)
		if name == nil || lit == nil || (name.Name != "A" && name.Name != "B") || len(lit.Elts) != wdl.Terms {
			return true
		}
		dst := &m.A
		if name.Name == "B" {
			dst = &m.B
		}
		for i, e := range lit.Elts {
			sign := 1.0
			if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.SUB {
				sign, e = -1, u.X
			}
			bl, ok := e.(*ast.BasicLit)
			if !ok {
				t.Fatalf("coefficient %d of %s: %T", i, name.Name, e)
			}
			v, err := strconv.ParseFloat(bl.Value, 64)
			if err != nil {
				t.Fatal(err)
			}
			dst[i] = sign * v
		}
		found++
		return false
	})
	if found != 2 {
		t.Fatalf("%s: %d of the coefficient lists A and B", path, found)
	}
	return m
}

// TestStatsWDLCalibration: "bounder stats" adds the expected-against-actual
// table when the move comments carry scores, and not otherwise.
func TestStatsWDLCalibration(t *testing.T) {
	dir := t.TempDir()
	scored := filepath.Join(dir, "scored.pgn")
	if err := os.WriteFile(scored, []byte(wdlGame), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := StatsMain([]string{scored}, &out, &errb); code != match.ExitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if s := out.String(); !strings.Contains(s, "Expected against actual results") || !strings.Contains(s, "8 positions of 1 game") ||
		!strings.Contains(s, "| expected score | positions |") {
		t.Errorf("stats:\n%s", s)
	}
	unscored := filepath.Join(dir, "unscored.pgn")
	plain := strings.NewReplacer("+0.35/12 ", "", "-0.20/11 ", "", "+0.10/9 ", "", "0.00/10 ", "", "-1.50/8\n", "\n",
		"+2.00/9 ", "", "-0.25/7 ", "", "+1.00/6 ", "").Replace(wdlGame)
	if err := os.WriteFile(unscored, []byte(plain), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if code := StatsMain([]string{unscored}, &out, &errb); code != match.ExitOK || strings.Contains(out.String(), "Expected against") {
		t.Errorf("no scores: exit %d:\n%s", code, out.String())
	}
}
