package tune

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/eval"
)

// scaledWeights is w with the groups of term t multiplied by mg and eg.
func scaledWeights(w eval.Weights, t eval.Term, mg, eg int32) eval.Weights {
	for _, g := range eval.Groups() {
		if g.Term == t {
			for i := g.Offset; i < g.Offset+g.Size; i++ {
				w[i].MG *= mg
				w[i].EG *= eg
			}
		}
	}
	return w
}

// Known answer: when the targets are exactly what the hand weights with
// mobility doubled in the middlegame and tripled in the endgame predict,
// the fit from the hand weights finds those multipliers, leaves the other
// terms at 1, and never moves material.
func TestFitScalesFindsTheTermThatDiffers(t *testing.T) {
	hand := eval.HandWeights()
	truth := scaledWeights(hand, eval.TermMobility, 2, 3)
	d, _, err := Load(strings.NewReader(syntheticData(t, 3000, &hand)), LoadOptions{Name: "synthetic"})
	if err != nil {
		t.Fatal(err)
	}
	tp := fromWeights(&truth)
	for i := range d.samples {
		v, _ := d.score(&d.samples[i], tp)
		d.samples[i].target = float32(sigmoid(1, v))
	}
	p := fromWeights(&hand)
	sc := d.FitScales(p, 1, 1500, 2)
	for term := range sc {
		want := [2]float64{1, 1}
		if eval.Term(term) == eval.TermMobility {
			want = [2]float64{2, 3}
		}
		for h := 0; h < 2; h++ {
			if math.Abs(sc[term][h]-want[h]) > 0.1 {
				t.Errorf("%v half %d: scale %.3f, want %.1f", eval.Term(term), h, sc[term][h], want[h])
			}
		}
	}
	if sc[eval.TermMaterial] != [2]float64{1, 1} {
		t.Errorf("material moved: %v", sc[eval.TermMaterial])
	}
	if before, after := d.Error(p, 1, 2), d.Error(sc.apply(p), 1, 2); after >= before/10 {
		t.Errorf("error %.6f -> %.6f: the scales did not fit", before, after)
	}
}

// The command writes the scaled weights and names the scales; options that
// do not apply to a scale fit are refused.
func TestMainScales(t *testing.T) {
	hand := eval.HandWeights()
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	if err := os.WriteFile(data, []byte(syntheticData(t, 600, &hand)), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "weights.go")
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"--data", data, "--scales", "--epochs", "20", "--out", out, "--threads", "1"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, s := range []string{"term scales", "Mobility", "Material        1.00  1.00  (fixed)"} {
		if !strings.Contains(stdout.String(), s) {
			t.Errorf("output lacks %q:\n%s", s, stdout.String())
		}
	}
	src, err := os.ReadFile(out)
	if err != nil || !bytes.Contains(src, []byte("Scaled by term")) {
		t.Errorf("weights file: %v\n%.300s", err, src)
	}
	for _, flag := range []string{"--l2", "--min-count", "--batch"} {
		stderr.Reset()
		if code := Main([]string{"--data", data, "--scales", flag, "1", "--dry-run"}, &stdout, &stderr); code != 2 {
			t.Errorf("%s with --scales: exit %d, want 2", flag, code)
		}
	}
}
