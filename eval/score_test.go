package eval

import (
	"math/rand"
	"testing"
)

// Packed scores add and scale both halves exactly, whatever their signs,
// as long as each half stays within ±2³¹.
func TestScorePacking(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	edge := []int{0, 1, -1, weightLimit, -weightLimit, 1<<31 - 1, -1 << 31}
	for i := 0; i < 100000; i++ {
		var mg, eg int
		if i < len(edge)*len(edge) {
			mg, eg = edge[i%len(edge)], edge[i/len(edge)]
		} else {
			mg, eg = rng.Intn(2*weightLimit+1)-weightLimit, rng.Intn(2*weightLimit+1)-weightLimit
		}
		s := makeScore(mg, eg)
		if s.mg() != mg || s.eg() != eg {
			t.Fatalf("makeScore(%d, %d) unpacks as (%d, %d)", mg, eg, s.mg(), s.eg())
		}
		if i < len(edge)*len(edge) {
			continue
		}
		n := rng.Intn(129) - 64
		mg2, eg2 := rng.Intn(2*weightLimit+1)-weightLimit, rng.Intn(2*weightLimit+1)-weightLimit
		sum := s*score(n) + makeScore(mg2, eg2)
		if sum.mg() != mg*n+mg2 || sum.eg() != eg*n+eg2 {
			t.Fatalf("(%d, %d)×%d + (%d, %d) = (%d, %d)", mg, eg, n, mg2, eg2, sum.mg(), sum.eg())
		}
		if d := s - makeScore(mg2, eg2); d.mg() != mg-mg2 || d.eg() != eg-eg2 {
			t.Fatalf("(%d, %d) - (%d, %d) = (%d, %d)", mg, eg, mg2, eg2, d.mg(), d.eg())
		}
	}
}

func TestWeightLimit(t *testing.T) {
	w := DefaultWeights()
	w[fTempo] = S{weightLimit, -weightLimit}
	NewWithWeights(&w) // at the limit: accepted
	w[fTempo].EG--
	defer func() {
		if recover() == nil {
			t.Error("NewWithWeights accepted a weight beyond ±weightLimit")
		}
	}()
	NewWithWeights(&w)
}
