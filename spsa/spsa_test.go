package spsa

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
)

// TestGainsAtTheEnds: at the last iteration the perturbation is c_end and
// a_N = r_end·c_end² (fishtest's meaning of the two); both gains shrink
// over the run, c_k by k^γ exactly.
func TestGainsAtTheEnds(t *testing.T) {
	p := Param{Name: "x", Start: 50, Min: 0, Max: 100, CEnd: 4, REnd: 0.002}
	const n = 5000
	end := GainsAt(p, n, n)
	if math.Abs(end.C-4) > 1e-12 || math.Abs(end.A-0.002*16) > 1e-12 {
		t.Errorf("gains at N: %+v, want c 4, a 0.032", end)
	}
	first := GainsAt(p, 1, n)
	if want := 4 * math.Pow(n, gamma); math.Abs(first.C-want) > 1e-9 {
		t.Errorf("c_1 %g, want %g", first.C, want)
	}
	if want := 0.032 * math.Pow((1+stability)*n/(stability*n+1), alpha); math.Abs(first.A-want) > 1e-9 {
		t.Errorf("a_1 %g, want %g", first.A, want)
	}
	prev := first
	for k := 2; k <= n; k += 97 {
		g := GainsAt(p, k, n)
		if !(g.C < prev.C && g.A < prev.A) {
			t.Fatalf("gains grew from %+v to %+v at k %d", prev, g, k)
		}
		prev = g
	}
}

// model is a synthetic player: parameter i costs (θᵢ − target[i])²/scale²
// Elo-like units, and the plus side wins a game with the logistic
// probability of the difference in cost, else loses (no draws). Its random
// bits are seeded, so a run with one worker is reproducible.
type model struct {
	target []float64
	scale  float64
	mu     sync.Mutex
	rng    *rand.Rand
	calls  int
	seen   [][2][]int
}

func (m *model) cost(v []int) float64 {
	c := 0.0
	for i, x := range v {
		d := (float64(x) - m.target[i]) / m.scale
		c += d * d
	}
	return c
}

func (m *model) PlayPair(_ context.Context, _, _ int, plus, minus []int) (float64, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.calls++
	m.seen = append(m.seen, [2][]int{append([]int(nil), plus...), append([]int(nil), minus...)})
	p := 1 / (1 + math.Exp(m.cost(plus)-m.cost(minus)))
	r := 0.0
	for g := 0; g < 2; g++ {
		if m.rng.Float64() < p {
			r++
		} else {
			r--
		}
	}
	return r, nil
}

func newModel(seed uint64, target ...float64) *model {
	return &model{target: target, scale: 10, rng: rand.New(rand.NewPCG(seed, 99))}
}

// TestConverges: from starts far off, SPSA brings two parameters with
// different optima near them, each within a few c_end.
func TestConverges(t *testing.T) {
	ps := []Param{
		{Name: "a", Start: 20, Min: 0, Max: 200, CEnd: 4, REnd: 0.02},
		{Name: "b", Start: 150, Min: 0, Max: 200, CEnd: 4, REnd: 0.02},
	}
	m := newModel(7, 80, 100)
	res, err := Run(context.Background(), Config{Params: ps, Iterations: 4000, Seed: 3, Player: m})
	if err != nil {
		t.Fatal(err)
	}
	if res.Iterations != 4000 || m.calls != 4000 {
		t.Fatalf("%d iterations, %d pairs played", res.Iterations, m.calls)
	}
	for i, want := range m.target {
		if math.Abs(res.Theta[i]-want) > 12 {
			t.Errorf("%s ended at %.1f, want %g ± 12 (from %g)", ps[i].Name, res.Theta[i], want, ps[i].Start)
		}
	}
}

// TestSameSeedSameRun: with one worker a run is a function of its seed and
// the results; another seed gives other signs.
func TestSameSeedSameRun(t *testing.T) {
	ps := []Param{{Name: "a", Start: 50, Min: 0, Max: 100, CEnd: 5, REnd: 0.01}, {Name: "b", Start: 5, Min: 1, Max: 9, CEnd: 1, REnd: 0.01}}
	run := func(seed uint64) ([]Iteration, *model) {
		var its []Iteration
		m := newModel(1, 60, 3)
		_, err := Run(context.Background(), Config{Params: ps, Iterations: 200, Seed: seed, Player: m,
			Observe: func(it Iteration) { its = append(its, it) }})
		if err != nil {
			t.Fatal(err)
		}
		return its, m
	}
	a, ma := run(5)
	b, mb := run(5)
	c, _ := run(6)
	if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(ma.seen, mb.seen) {
		t.Error("two runs with one seed differ")
	}
	if reflect.DeepEqual(a, c) {
		t.Error("two seeds gave the same run")
	}
	for i, it := range a {
		if it.K != i+1 {
			t.Fatalf("iteration %d observed as %d", i+1, it.K)
		}
		for j, p := range ps {
			// The two sides straddle θ by the same rounded perturbation,
			// in the direction of the sign, within the range.
			pl, mi := it.Plus[j], it.Minus[j]
			if float64(pl) < p.Min || float64(pl) > p.Max || float64(mi) < p.Min || float64(mi) > p.Max {
				t.Fatalf("iteration %d: %s played at %d and %d, outside [%g, %g]", it.K, p.Name, pl, mi, p.Min, p.Max)
			}
			if (pl-mi)*it.Delta[j] < 0 {
				t.Fatalf("iteration %d: %s plus %d minus %d against sign %d", it.K, p.Name, pl, mi, it.Delta[j])
			}
		}
	}
}

// always is a player whose plus side always wins both games.
type always struct{}

func (always) PlayPair(context.Context, int, int, []int, []int) (float64, error) { return 2, nil }

// TestStaysInRange: a player that rewards every perturbation drives the
// parameters to their bounds but never past them; with several workers
// every iteration is played once.
func TestStaysInRange(t *testing.T) {
	ps := []Param{{Name: "a", Start: 5, Min: 0, Max: 10, CEnd: 1, REnd: 1}, {Name: "b", Start: 5, Min: 0, Max: 10, CEnd: 1, REnd: 1}}
	var mu sync.Mutex
	seen := map[int]bool{}
	res, err := Run(context.Background(), Config{Params: ps, Iterations: 300, Workers: 4, Seed: 1, Player: always{},
		Observe: func(it Iteration) {
			mu.Lock()
			defer mu.Unlock()
			if seen[it.K] {
				t.Errorf("iteration %d twice", it.K)
			}
			seen[it.K] = true
			for i, v := range it.Theta {
				if v < ps[i].Min || v > ps[i].Max {
					t.Errorf("iteration %d: %s at %g", it.K, ps[i].Name, v)
				}
			}
		}})
	if err != nil || res.Iterations != 300 || len(seen) != 300 || res.Points != 600 {
		t.Fatalf("err %v, %d iterations, %d seen, %g points", err, res.Iterations, len(seen), res.Points)
	}
}

// failing fails at its third pair.
type failing struct{ n int }

func (f *failing) PlayPair(context.Context, int, int, []int, []int) (float64, error) {
	f.n++
	if f.n == 3 {
		return 0, errors.New("engine gone")
	}
	if f.n == 2 {
		return 0, nil
	}
	return 1, nil
}

// TestErrorsEndTheRun: a failed pair ends the run with the iterations
// before it; a result outside [−2, 2] is an error; a cancelled run says
// so; bad configurations are refused before any game.
func TestErrorsEndTheRun(t *testing.T) {
	ps := []Param{{Name: "a", Start: 5, Min: 0, Max: 10, CEnd: 1, REnd: 0.1}}
	res, err := Run(context.Background(), Config{Params: ps, Iterations: 10, Player: &failing{}})
	if err == nil || res.Iterations != 2 || res.Points != 1 {
		t.Errorf("err %v, %d iterations, %g points; want an error after 2", err, res.Iterations, res.Points)
	}
	_, err = Run(context.Background(), Config{Params: ps, Iterations: 10, Player: outOfRange{}})
	if err == nil {
		t.Error("a result of 3 accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if res, err := Run(ctx, Config{Params: ps, Iterations: 10, Player: always{}}); !errors.Is(err, context.Canceled) || res.Iterations != 0 {
		t.Errorf("cancelled: err %v, %d iterations", err, res.Iterations)
	}
	bad := []Config{
		{Params: nil, Iterations: 1, Player: always{}},
		{Params: []Param{{Name: "a", Start: 11, Min: 0, Max: 10, CEnd: 1, REnd: 1}}, Iterations: 1, Player: always{}},
		{Params: []Param{{Name: "a", Start: 5, Min: 0, Max: 10, CEnd: 0, REnd: 1}}, Iterations: 1, Player: always{}},
		{Params: []Param{{Name: "a", Start: 5, Min: 0, Max: 10, CEnd: 20, REnd: 1}}, Iterations: 1, Player: always{}},
		{Params: []Param{{Name: "a", Start: 5, Min: 0, Max: 10, CEnd: 1, REnd: math.NaN()}}, Iterations: 1, Player: always{}},
		{Params: append(ps, ps...), Iterations: 1, Player: always{}},
		{Params: ps, Iterations: 0, Player: always{}},
		{Params: ps, Iterations: 1},
	}
	for i, c := range bad {
		if _, err := Run(context.Background(), c); err == nil {
			t.Errorf("bad config %d accepted", i)
		}
	}
}

type outOfRange struct{}

func (outOfRange) PlayPair(context.Context, int, int, []int, []int) (float64, error) { return 3, nil }

// bowl is a deterministic player: the side nearer the targets wins both
// games, a tie is drawn.
type bowl struct {
	target []float64
	fail   int // fail at this call (0: never)
	calls  int
}

func (b *bowl) PlayPair(_ context.Context, _, _ int, plus, minus []int) (float64, error) {
	b.calls++
	if b.calls == b.fail {
		return 0, errors.New("stopped")
	}
	m := model{target: b.target, scale: 1}
	switch cp, cm := m.cost(plus), m.cost(minus); {
	case cp < cm:
		return 2, nil
	case cp > cm:
		return -2, nil
	}
	return 0, nil
}

// TestResumedRunIsTheSameRun: a run stopped after 40 of 100 iterations and
// resumed from where it left the parameters (Done 40) ends where the
// uninterrupted run ends: the signs of iteration k depend only on the seed
// and k.
func TestResumedRunIsTheSameRun(t *testing.T) {
	ps := []Param{{Name: "a", Start: 20, Min: 0, Max: 100, CEnd: 3, REnd: 0.05}, {Name: "b", Start: 70, Min: 0, Max: 100, CEnd: 3, REnd: 0.05}}
	target := []float64{40, 55}
	whole, err := Run(context.Background(), Config{Params: ps, Iterations: 100, Seed: 4, Player: &bowl{target: target}})
	if err != nil {
		t.Fatal(err)
	}
	first, err := Run(context.Background(), Config{Params: ps, Iterations: 100, Seed: 4, Player: &bowl{target: target, fail: 41}})
	if err == nil || first.Iterations != 40 {
		t.Fatalf("first part: %d iterations, err %v", first.Iterations, err)
	}
	rest := append([]Param(nil), ps...)
	for i := range rest {
		rest[i].Start = first.Theta[i]
	}
	var ks []int
	second, err := Run(context.Background(), Config{Params: rest, Iterations: 100, Done: 40, Seed: 4, Player: &bowl{target: target},
		Observe: func(it Iteration) { ks = append(ks, it.K) }})
	if err != nil || second.Iterations != 60 || ks[0] != 41 || ks[59] != 100 {
		t.Fatalf("second part: %d iterations (%v … ), err %v", second.Iterations, ks[:1], err)
	}
	if !reflect.DeepEqual(second.Theta, whole.Theta) || whole.Theta[0] == 20 {
		t.Errorf("resumed run ended at %v, the whole run at %v", second.Theta, whole.Theta)
	}
	if _, err := Run(context.Background(), Config{Params: ps, Iterations: 100, Done: 100, Player: always{}}); err == nil {
		t.Error("a run with every iteration done was started")
	}
}
