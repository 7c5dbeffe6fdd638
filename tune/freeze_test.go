package tune

import (
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
	counts := train.featureCounts()
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
		if c < 50 && got[i] != w[i] {
			t.Errorf("weight %d seen %d times changed: %v -> %v", i, c, w[i], got[i])
		}
	}
	if got == w {
		t.Error("nothing was tuned")
	}
}
