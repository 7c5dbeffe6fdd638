package tune

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/bounder-chess/bounder/eval"
)

func TestFreezeKeepsWeights(t *testing.T) {
	truth := trueWeights()
	train, _, err := Load(strings.NewReader(syntheticData(t, 2000, &truth)), LoadOptions{Name: "synthetic"})
	if err != nil {
		t.Fatal(err)
	}
	w := eval.HandWeights()
	p := fromWeights(&w)
	k := train.FitK(p, 0)
	opt := newAdam(3, 0)
	if err := opt.freezeGroups([]string{"Material"}); err != nil {
		t.Fatal(err)
	}
	if err := opt.freezeGroups([]string{"NoSuchGroup"}); err == nil {
		t.Error("unknown group accepted")
	}
	counts := train.weightCounts()
	if n := opt.freezeRare(train, 50); n == 0 {
		t.Errorf("froze %d rare weights", n)
	}
	rng := rand.New(rand.NewSource(1))
	for e := 0; e < 5; e++ {
		opt.epoch(train, p, k, 512, rng)
	}
	got := p.weights()
	for i := 0; i < 5; i++ {
		if got[i] != w[i] {
			t.Errorf("frozen material weight %d changed: %v -> %v", i, w[i], got[i])
		}
	}
	for i, c := range counts {
		before, after := w[i/2].MG, got[i/2].MG
		if i%2 == 1 {
			before, after = w[i/2].EG, got[i/2].EG
		}
		if c < 50 && after != before {
			t.Errorf("weight %d (half %d) determined by %.1f positions changed: %v -> %v", i/2, i%2, c, before, after)
		}
	}
	if got == w {
		t.Error("nothing was tuned")
	}
}

// TestWeightCounts: a position counts toward a feature's middlegame weight
// by its phase and toward the endgame weight by the rest, and not at all
// where the feature cancels out between the sides.
func TestWeightCounts(t *testing.T) {
	data := strings.Join([]string{
		"4k3/8/8/8/8/8/8/R3K3 w - - 0 1 1.0",                           // a rook up, phase 2
		"r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1.0", // a knight up, phase 23
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0.5", // the material cancels
	}, "\n") + "\n"
	d, _, err := Load(strings.NewReader(data), LoadOptions{Name: "counts"})
	if err != nil {
		t.Fatal(err)
	}
	counts := d.weightCounts()
	rook, knight, queen := 2*3, 2*1, 2*4 // the Material group's first weights
	want := map[int]float64{
		rook: 2.0 / eval.MaxPhase, rook + 1: 1 - 2.0/eval.MaxPhase,
		knight: 23.0 / eval.MaxPhase, knight + 1: 1 - 23.0/eval.MaxPhase,
		queen: 0, queen + 1: 0,
	}
	for i, w := range want {
		if math.Abs(counts[i]-w) > 1e-9 {
			t.Errorf("count of weight %d (half %d): %v, want %v", i/2, i%2, counts[i], w)
		}
	}
}
