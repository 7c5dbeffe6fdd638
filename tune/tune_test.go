package tune

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"go/parser"
	"go/token"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/eval"
)

// randomPositions plays deterministic random games (preferring captures,
// so material becomes unbalanced) and returns positions along them.
func randomPositions(n int, seed int64) []string {
	rng := rand.New(rand.NewSource(seed))
	var fens []string
	var buf, caps [engine.MaxMoves]engine.Move
	for len(fens) < n {
		pos := engine.NewPosition()
		for ply := 0; ply < 120 && len(fens) < n; ply++ {
			moves := pos.GenerateMoves(buf[:])
			if len(moves) == 0 {
				break
			}
			if ply >= 8 && ply%4 == 0 && !pos.InCheck() {
				fens = append(fens, pos.FEN())
			}
			captures := pos.GenerateCaptures(caps[:])
			m := moves[rng.Intn(len(moves))]
			if len(captures) > 0 && rng.Intn(4) > 0 {
				m = captures[rng.Intn(len(captures))]
			}
			pos.Make(m)
		}
	}
	return fens
}

// syntheticData labels random positions with the results a "true"
// evaluation (weights w, K 1) predicts, rounded to 1, 0.5 or 0.
func syntheticData(t *testing.T, n int, w *eval.Weights) string {
	t.Helper()
	e := eval.NewWithWeights(w)
	var b strings.Builder
	for i, fen := range randomPositions(n, 3) {
		pos, err := engine.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		v := e.Evaluate(pos)
		if pos.SideToMove() == engine.Black {
			v = -v
		}
		p := sigmoid(1, float64(v))
		r := "0.5"
		switch {
		case p > 0.6:
			r = "1.0"
		case p < 0.4:
			r = "0.0"
		}
		switch i % 3 { // exercise the accepted result spellings
		case 0:
			fmt.Fprintf(&b, "%s %s\n", fen, r)
		case 1:
			fmt.Fprintf(&b, "%s [%s]\n", fen, r)
		default:
			f := strings.Fields(fen)
			pgn := map[string]string{"1.0": "1-0", "0.5": "1/2-1/2", "0.0": "0-1"}[r]
			fmt.Fprintf(&b, "%s c9 %q;\n", strings.Join(f[:4], " "), pgn)
		}
	}
	return b.String()
}

// trueWeights differ from the hand weights in a few clear ways.
func trueWeights() eval.Weights {
	w := eval.HandWeights()
	w[1] = eval.S{MG: 420, EG: 400}       // knights worth more
	w[4] = eval.S{MG: 800, EG: 850}       // queens worth less
	w[mopUpEdge()] = eval.S{MG: 5, EG: 5} // (frozen: untouched)
	return w
}

// mopUpEdge is the index of the mop-up edge weight, one of the frozen ones.
func mopUpEdge() int {
	for _, g := range eval.Groups() {
		if g.Name == "MopUpEdge" {
			return g.Offset
		}
	}
	panic("no MopUpEdge group")
}

func TestParseLine(t *testing.T) {
	good := []struct {
		line, fen string
		result    float64
	}{
		{"8/8/4k3/8/8/3K4/8/8 w - - 0 1 1.0", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", 1},
		{"8/8/4k3/8/8/3K4/8/8 w - - 0 1 [0.5]", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", 0.5},
		{"8/8/4k3/8/8/3K4/8/8 b - - 0.0", "8/8/4k3/8/8/3K4/8/8 b - -", 0},
		{"8/8/4k3/8/8/3K4/8/8 b - - 1", "8/8/4k3/8/8/3K4/8/8 b - -", 1},
		{"8/8/4k3/8/8/3K4/8/8 b - - \"1/2-1/2\"", "8/8/4k3/8/8/3K4/8/8 b - -", 0.5},
		{"8/8/4k3/8/8/3K4/8/8 w - - 12 40 0-1", "8/8/4k3/8/8/3K4/8/8 w - - 12 40", 0},
		{`8/8/4k3/8/8/3K4/8/8 w - - c9 "1-0";`, "8/8/4k3/8/8/3K4/8/8 w - -", 1},
		{`8/8/4k3/8/8/3K4/8/8 w - - id "x"; c9 "0-1"; c0 "y";`, "8/8/4k3/8/8/3K4/8/8 w - -", 0},
	}
	for _, g := range good {
		fen, r, err := ParseLine(g.line)
		if err != nil || fen != g.fen || r != g.result {
			t.Errorf("%q: got %q %v %v, want %q %v", g.line, fen, r, err, g.fen, g.result)
		}
	}
	for _, bad := range []string{
		"8/8/4k3/8/8/3K4/8/8 w - -",
		"8/8/4k3/8/8/3K4/8/8 w - - 0 1",
		"8/8/4k3/8/8/3K4/8/8 w - - 2.0",
		"8/8/4k3/8/8/3K4/8/8 w - - 0.7",
		"8/8/4k3/8/8/3K4/8/8 w - - win",
		`8/8/4k3/8/8/3K4/8/8 w - - id "x";`,
		"8/8/4k3/8/8/3K4/8/8 w - - 1.0 0.0",
	} {
		if _, _, err := ParseLine(bad); err == nil {
			t.Errorf("%q: accepted", bad)
		}
	}
}

func TestParseLabels(t *testing.T) {
	for _, g := range []struct {
		line, fen string
		want      Labels
	}{
		{"8/8/4k3/8/8/3K4/8/8 w - - 0 1 1.0 35", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", Labels{1, 35, true}},
		{"8/8/4k3/8/8/3K4/8/8 w - - 0 1 0.5 -120", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", Labels{0.5, -120, true}},
		{"8/8/4k3/8/8/3K4/8/8 b - - 0.0 -7", "8/8/4k3/8/8/3K4/8/8 b - -", Labels{0, -7, true}},
		{"8/8/4k3/8/8/3K4/8/8 b - - [1.0] 0", "8/8/4k3/8/8/3K4/8/8 b - -", Labels{1, 0, true}},
		{"8/8/4k3/8/8/3K4/8/8 w - - 0 1 1-0", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", Labels{Result: 1}},
		{`8/8/4k3/8/8/3K4/8/8 w - - c9 "1-0";`, "8/8/4k3/8/8/3K4/8/8 w - -", Labels{Result: 1}},
	} {
		fen, l, err := ParseLabels(g.line)
		if err != nil || fen != g.fen || l != g.want {
			t.Errorf("%q: got %q %+v %v, want %q %+v", g.line, fen, l, err, g.fen, g.want)
		}
	}
	for _, bad := range []string{
		"8/8/4k3/8/8/3K4/8/8 w - - 0 1 1.0 35 12",
		"8/8/4k3/8/8/3K4/8/8 w - - 0 1 1.0 3.5",
		"8/8/4k3/8/8/3K4/8/8 w - - 0 1 0.7 35",
		"8/8/4k3/8/8/3K4/8/8 w - - 0 1 1.0 99999",
	} {
		if _, _, err := ParseLabels(bad); err == nil {
			t.Errorf("%q: accepted", bad)
		}
	}
}

// FuzzParseLabels: no input panics, and what is accepted has a result of
// 0, 0.5 or 1 and a FEN of 4 or 6 fields.
func FuzzParseLabels(f *testing.F) {
	for _, s := range []string{
		"8/8/4k3/8/8/3K4/8/8 w - - 0 1 1.0 35",
		"8/8/4k3/8/8/3K4/8/8 b - - [0.5]",
		`8/8/4k3/8/8/3K4/8/8 w - - id "x"; c9 "0-1";`,
		"8/8/4k3/8/8/3K4/8/8 w - - 1/2-1/2 -3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		fen, l, err := ParseLabels(line)
		if err != nil {
			return
		}
		if n := len(strings.Fields(fen)); n != 4 && n != 6 {
			t.Fatalf("%q: FEN %q has %d fields", line, fen, n)
		}
		if l.Result != 0 && l.Result != 0.5 && l.Result != 1 {
			t.Fatalf("%q: result %v", line, l.Result)
		}
		if !l.HasScore && l.Score != 0 {
			t.Fatalf("%q: score %d without HasScore", line, l.Score)
		}
	})
}

// The scores' own K is recovered from results drawn with it, and Blend mixes
// the two labels as documented.
func TestFitScoreKAndBlend(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var d Dataset
	for i := 0; i < 40000; i++ {
		sc := rng.Intn(1201) - 600
		r := 0.0
		if rng.Float64() < sigmoid(0.7, float64(sc)) {
			r = 1
		}
		d.samples = append(d.samples, sample{result: float32(r), target: float32(r), hasScore: true, score: float32(sc)})
	}
	d.samples = append(d.samples, sample{result: 0.5, target: 0.5}) // no score
	if k := d.FitScoreK(); math.Abs(k-0.7) > 0.05 {
		t.Fatalf("FitScoreK = %.3f, want 0.7", k)
	}
	d.Blend(0.25, 0.7)
	s := d.samples[0]
	want := 0.75*float64(s.result) + 0.25*sigmoid(0.7, float64(s.score))
	if math.Abs(float64(s.target)-want) > 1e-6 {
		t.Fatalf("blended target %v, want %v", s.target, want)
	}
	if last := d.samples[len(d.samples)-1]; last.target != 0.5 {
		t.Fatalf("a sample without a score got target %v, want its result", last.target)
	}
	d.Blend(0, 0)
	if s := d.samples[0]; s.target != s.result {
		t.Fatal("Blend(0) does not restore the results")
	}
	if n := d.Scored(); n != 40000 {
		t.Fatalf("Scored = %d", n)
	}
}

func TestLoadRejectsMalformedLines(t *testing.T) {
	ok := "8/8/4k3/8/8/3K4/8/8 w - - 0 1 1.0\n"
	prefix := strings.Repeat(ok, 600) // the errors fall in the second worker's chunk
	for _, c := range []struct {
		data, want string
	}{
		{"\n# comment\n8/8/4k3/8/8/3K4/8/8 w - - 2.0\n", "data.txt:603: bad result"},
		{ok + "8/8/4k3/8/8/3K4/8/8 w - -\n", "data.txt:602: want a FEN and a result"},
		{"8/8/4k3/8/8/3K4/8/9 w - - 1.0\n" + ok, "data.txt:601: "},
		{ok + "8/8/8/8/8/3K4/8/8 w - - 1.0\n", "data.txt:602: "},         // no black king
		{"8/8/8/8/8/3K4/8/8 w - - 1.0\n" + ok + "x\n", "data.txt:601: "}, // the first error wins
	} {
		_, _, err := Load(strings.NewReader(prefix+c.data), LoadOptions{Name: "data.txt", Threads: 2})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("got error %v, want %q...", err, c.want)
		}
	}
	train, valid, err := Load(strings.NewReader(prefix), LoadOptions{Name: "x", Holdout: 10})
	if err != nil || train.Len()+valid.Len() != 600 {
		t.Fatalf("good data: %v, %d+%d positions", err, train.Len(), valid.Len())
	}
}

// The analytic gradient matches finite differences of the error.
func TestGradient(t *testing.T) {
	w := eval.HandWeights()
	train, _, err := Load(strings.NewReader(syntheticData(t, 300, &w)), LoadOptions{Name: "synthetic"})
	if err != nil {
		t.Fatal(err)
	}
	p := fromWeights(&w)
	const k = 1.1
	idx := make([]int32, train.Len())
	for i := range idx {
		idx[i] = int32(i)
	}
	var grad params
	train.gradient(p, k, idx, &grad)
	checked := 0
	for j := 0; j < nParams && checked < 40; j += 7 {
		if grad[j] == 0 {
			continue
		}
		const h = 0.01
		q := *p
		q[j] += h
		up := train.Error(&q, k, 1)
		q[j] -= 2 * h
		down := train.Error(&q, k, 1)
		num := (up - down) / (2 * h) * float64(train.Len())
		if math.Abs(num-grad[j]) > 1e-3*math.Abs(num)+1e-9 {
			t.Errorf("param %d: analytic %g, numeric %g", j, grad[j], num)
		}
		checked++
	}
	if checked < 20 {
		t.Fatalf("only %d parameters checked", checked)
	}
}

func TestFitK(t *testing.T) {
	w := eval.DefaultWeights()
	p := fromWeights(&w)
	// results are the exact expectation under K = 1.3
	var d Dataset
	for _, fen := range randomPositions(2000, 5) {
		pos, _ := engine.ParseFEN(fen)
		tr := eval.Trace(pos)
		d.add(pos, &tr, Labels{})
		s := &d.samples[len(d.samples)-1]
		v, _ := d.score(s, p)
		s.result = float32(sigmoid(1.3, v))
		s.target = s.result
	}
	if k := d.FitK(p, 0); math.Abs(k-1.3) > 0.01 {
		t.Errorf("fitted K %.4f, want 1.3", k)
	}
	// On game-like results K is positive and moderate.
	truth := trueWeights()
	train, _, err := Load(strings.NewReader(syntheticData(t, 2000, &truth)), LoadOptions{Name: "synthetic"})
	if err != nil {
		t.Fatal(err)
	}
	if k := train.FitK(p, 0); k < 0.3 || k > 5 {
		t.Errorf("fitted K %.4f on synthetic results", k)
	}
}

func TestTuningReducesError(t *testing.T) {
	truth := trueWeights()
	train, valid, err := Load(strings.NewReader(syntheticData(t, 4000, &truth)), LoadOptions{Name: "synthetic", Holdout: 10})
	if err != nil {
		t.Fatal(err)
	}
	w := eval.HandWeights()
	p := fromWeights(&w)
	k := train.FitK(p, 0)
	t0, v0 := train.Error(p, k, 0), valid.Error(p, k, 0)
	opt := newAdam(3, 0)
	rng := rand.New(rand.NewSource(1))
	for e := 0; e < 20; e++ {
		opt.epoch(train, p, k, 1024, rng)
	}
	t1, v1 := train.Error(p, k, 0), valid.Error(p, k, 0)
	t.Logf("K %.3f: training %.5f -> %.5f, validation %.5f -> %.5f (%d/%d positions)", k, t0, t1, v0, v1, train.Len(), valid.Len())
	if t1 >= t0*0.9 || v1 >= v0 {
		t.Errorf("error did not decrease: training %.5f -> %.5f, validation %.5f -> %.5f", t0, t1, v0, v1)
	}
	got := p.weights()
	if got[1].MG <= w[1].MG || got[4].MG >= w[4].MG {
		t.Errorf("knight %v (hand %v, true %v), queen %v (hand %v, true %v): not moving toward the truth",
			got[1], w[1], truth[1], got[4], w[4], truth[4])
	}
	if i := mopUpEdge(); got[i] != w[i] {
		t.Errorf("frozen weight changed: %v -> %v", w[i], got[i])
	}
}

func TestMain(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	truth := trueWeights()
	if err := os.WriteFile(data, []byte(syntheticData(t, 600, &truth)), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "weights.go")
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"--data", data, "--epochs", "2", "--out", out, "--init", "hand"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	for _, want := range []string{"no search scores", "fitted K", "epoch   1", "epoch   2", "valid"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr.String())
		}
	}
	for _, want := range []string{"validation error", "wrote " + out} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout.String())
		}
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(src, []byte("// Code generated by bounder tune; DO NOT EDIT.")) {
		t.Errorf("generated file header:\n%.200s", src)
	}
	if _, err := parser.ParseFile(token.NewFileSet(), out, src, 0); err != nil {
		t.Errorf("generated file does not parse: %v", err)
	}

	// With scores (here the true evaluation, so the blend is a cleaner
	// target), --lambda fits their scale and reports the results-only error.
	scored := filepath.Join(dir, "scored.txt")
	var sb strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(syntheticData(t, 600, &truth)), "\n") {
		fen, r, err := ParseLine(l)
		if err != nil {
			t.Fatal(err)
		}
		pos, err := engine.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		tr := eval.Trace(pos)
		fmt.Fprintf(&sb, "%s %.1f %d\n", fen, r, tr.WhiteScore(&truth))
	}
	os.WriteFile(scored, []byte(sb.String()), 0o644)
	stdout.Reset()
	stderr.Reset()
	if code := Main([]string{"--data", scored, "--epochs", "2", "--lambda", "1", "--dry-run"}, &stdout, &stderr); code != 0 {
		t.Fatalf("--lambda 1: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stderr.String(), "search scores on 600 of 600 positions") ||
		!strings.Contains(stdout.String(), "against the results alone") {
		t.Errorf("--lambda 1 output:\n%s%s", stdout.String(), stderr.String())
	}
	stdout.Reset()
	if code := Main([]string{"--data", scored, "--epochs", "0", "--classes", "3"}, &stdout, &stderr); code != 0 {
		t.Fatalf("--classes 3: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "material classes of the positions") ||
		!strings.Contains(stdout.String(), "| material (stronger side first) |") {
		t.Errorf("--classes output:\n%s", stdout.String())
	}

	for _, args := range [][]string{
		{},
		{"--epochs", "3"},
		{"--data", data, "--lambda", "0.5"}, // asked for, but no scores in the data
		{"--data", data, "--lambda", "1.5"},
		{"--data", data, "--bogus"},
		{"--data", filepath.Join(dir, "missing.txt")},
		{"--data", data, "--init", "zero"},
		{"--data", data, "--classes", "-1"},
		{"--data", data, "extra"},
	} {
		stdout.Reset()
		stderr.Reset()
		if code := Main(args, &stdout, &stderr); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("8/8/4k3/8/8/3K4/8/8 w - - 1.0\n8/8/4k3/8/8/3K4/8/8 w - - 3\n"), 0o644)
	stderr.Reset()
	if code := Main([]string{"--data", bad, "--dry-run"}, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "bad.txt:2:") {
		t.Errorf("malformed data: exit %d, stderr %q", code, stderr.String())
	}
}

// A gzip-compressed data file is read with the same result as the plain
// file; a truncated one is an error, not a shorter set.
func TestMainReadsGzip(t *testing.T) {
	dir := t.TempDir()
	truth := trueWeights()
	text := syntheticData(t, 300, &truth)
	plain := filepath.Join(dir, "data.txt")
	if err := os.WriteFile(plain, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write([]byte(text))
	zw.Close()
	packed := filepath.Join(dir, "data.txt.gz")
	if err := os.WriteFile(packed, zb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(name string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := Main([]string{"--data", name, "--epochs", "0", "--dry-run"}, &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	code, want, _ := run(plain)
	if code != 0 {
		t.Fatalf("plain: exit %d", code)
	}
	code, got, errText := run(packed)
	if code != 0 || got != want {
		t.Fatalf("gzip: exit %d, stdout %q (stderr %q), want %q", code, got, errText, want)
	}
	truncated := filepath.Join(dir, "cut.txt.gz")
	os.WriteFile(truncated, zb.Bytes()[:zb.Len()/2], 0o644)
	if code, _, errText := run(truncated); code != 2 || !strings.Contains(errText, "cut.txt.gz") {
		t.Errorf("truncated gzip: exit %d, stderr %q", code, errText)
	}
	misnamed := filepath.Join(dir, "plain.gz") // text whatever the name says
	os.WriteFile(misnamed, []byte(text), 0o644)
	if code, got, errText := run(misnamed); code != 0 || got != want {
		t.Errorf("text named .gz: exit %d, stdout %q (stderr %q)", code, got, errText)
	}
}

// eval/weights.go is exactly what the generator writes for its weights.
func TestWeightsFileIsGenerated(t *testing.T) {
	file, err := os.ReadFile(filepath.Join("..", "eval", "weights.go"))
	if err != nil {
		t.Fatal(err)
	}
	w := eval.DefaultWeights()
	src, err := WeightsSource(&w, "")
	if err != nil {
		t.Fatal(err)
	}
	tail := func(b []byte) string {
		s := string(b)
		return s[strings.Index(s, "// generatedWeights"):]
	}
	if tail(file) != tail(src) {
		t.Errorf("eval/weights.go differs from the generator's output for its own weights")
	}
}

// TestWriteHandWeights rewrites eval/weights.go from eval.HandWeights when
// BOUNDER_WRITE_HAND_WEIGHTS=1 (after a change of the weight layout, or to
// restart from the hand-written weights); otherwise it does nothing.
func TestWriteHandWeights(t *testing.T) {
	if os.Getenv("BOUNDER_WRITE_HAND_WEIGHTS") != "1" {
		t.Skip("set BOUNDER_WRITE_HAND_WEIGHTS=1 to rewrite eval/weights.go from eval.HandWeights")
	}
	w := eval.HandWeights()
	src, err := WeightsSource(&w, "Hand-written starting weights (eval.HandWeights), not tuned yet.")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("..", "eval", "weights.go"), src, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Every numeric flag is checked: NaN, infinities and values out of range
// are usage errors, reported before any work, and --out is left alone.
// (--lr NaN used to write garbage weights and exit 0.)
func TestMainRejectsBadNumbers(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	truth := trueWeights()
	if err := os.WriteFile(data, []byte(syntheticData(t, 200, &truth)), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "weights.go")
	old := []byte("package eval // the old weights\n")
	for _, c := range []struct{ flag, value string }{
		{"--lr", "NaN"}, {"--lr", "1e308"}, {"--lr", "+Inf"}, {"--lr", "0"}, {"--lr", "-1"},
		{"--lr-decay", "NaN"}, {"--lr-decay", "0"}, {"--lr-decay", "1.5"}, {"--lr-decay", "-Inf"},
		{"--k", "NaN"}, {"--k", "-1"}, {"--k", "11"}, {"--k", "Inf"},
		{"--l2", "NaN"}, {"--l2", "-1e-9"}, {"--l2", "2"}, {"--l2", "Inf"},
		{"--lambda", "NaN"}, {"--lambda", "-0.1"}, {"--lambda", "Inf"},
		{"--epochs", "-1"}, {"--epochs", "1000001"},
		{"--threads", "-1"}, {"--threads", "5000"},
		{"--batch", "-1"}, {"--min-count", "-1"},
		{"--lr", "fast"}, {"--epochs", "1e3"},
	} {
		if err := os.WriteFile(out, old, 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := Main([]string{"--data", data, "--epochs", "1", "--out", out, c.flag, c.value}, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), strings.TrimLeft(c.flag, "-")) || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%s %s: exit %d, stderr %q", c.flag, c.value, code, stderr.String())
		}
		if stdout.Len() > 0 || strings.Contains(stderr.String(), "loaded") {
			t.Errorf("%s %s: work began: %q %q", c.flag, c.value, stdout.String(), stderr.String())
		}
		if got, _ := os.ReadFile(out); !bytes.Equal(got, old) {
			t.Errorf("%s %s: --out changed", c.flag, c.value)
		}
	}
}

// An --out that cannot be written is found before the data is read (the
// data file here does not even exist).
func TestMainChecksOutFirst(t *testing.T) {
	dir := t.TempDir()
	for _, out := range []string{filepath.Join(dir, "no", "such", "dir", "w.go"), dir} {
		var stdout, stderr bytes.Buffer
		code := Main([]string{"--data", filepath.Join(dir, "missing.txt"), "--out", out}, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "--out") || strings.Contains(stderr.String(), "missing.txt") {
			t.Errorf("--out %s: exit %d, stderr %q", out, code, stderr.String())
		}
	}
	// With --dry-run (or no epochs) nothing is written, so --out is not checked.
	var stdout, stderr bytes.Buffer
	code := Main([]string{"--data", filepath.Join(dir, "missing.txt"), "--out", dir, "--dry-run"}, &stdout, &stderr)
	if code != 2 || !strings.Contains(stderr.String(), "missing.txt") {
		t.Errorf("--dry-run: exit %d, stderr %q", code, stderr.String())
	}
}

// A fit that runs away (here a learning rate of 1000 centipawns per step of
// one position, with a small K so that the sigmoid does not flatten the
// gradients) is not written: exit 1, --out as it was.
func TestMainDivergedFitIsNotWritten(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	truth := trueWeights()
	if err := os.WriteFile(data, []byte(syntheticData(t, 300, &truth)), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "weights.go")
	old := []byte("package eval // the old weights\n")
	if err := os.WriteFile(out, old, 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	code := Main([]string{"--data", data, "--out", out, "--epochs", "40", "--lr", "1000", "--k", "0.05", "--lr-decay", "1",
		"--batch", "1", "--l2", "0", "--lambda", "0"}, &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "nothing written") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	if got, _ := os.ReadFile(out); !bytes.Equal(got, old) {
		t.Error("--out changed")
	}
}

func TestParamsCheck(t *testing.T) {
	w := eval.HandWeights()
	p := fromWeights(&w)
	if err := p.check(); err != nil {
		t.Fatalf("hand weights: %v", err)
	}
	for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), maxTunedWeight + 1, -1e9} {
		q := *p
		q[7] = v
		if err := q.check(); err == nil || !strings.Contains(err.Error(), "weight 3 (endgame)") {
			t.Errorf("%g: %v", v, err)
		}
	}
}

// --help and -h print the help to stdout and exit 0.
func TestMainHelp(t *testing.T) {
	for _, arg := range []string{"--help", "-h", "-help"} {
		var stdout, stderr bytes.Buffer
		if code := Main([]string{arg}, &stdout, &stderr); code != 0 || stderr.Len() > 0 ||
			!strings.HasPrefix(stdout.String(), "usage: bounder tune") || !strings.Contains(stdout.String(), "\nFlags:\n  --batch N") {
			t.Errorf("%s: exit %d\nstdout %q\nstderr %q", arg, code, stdout.String(), stderr.String())
		}
	}
}
