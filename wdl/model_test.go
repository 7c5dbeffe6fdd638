package wdl

import (
	"math"
	"math/rand"
	"strings"
	"testing"
)

// testModels are the compiled model and a few others of different shapes,
// all passing Check.
func testModels() map[string]Model {
	return map[string]Model{
		"compiled": Default(),
		"flat":     {A: [Terms]float64{120}, B: [Terms]float64{70}},
		"steep":    {A: [Terms]float64{300, -100, 50}, B: [Terms]float64{20, 5, -3}},
		"wide":     {A: [Terms]float64{5, 2, 1}, B: [Terms]float64{400, 100, 0}},
	}
}

func TestCompiledModelValid(t *testing.T) {
	m := Default()
	if err := m.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestCheckRejects(t *testing.T) {
	for name, m := range map[string]Model{
		"negative a":            {A: [Terms]float64{-1}, B: [Terms]float64{50}},
		"zero b":                {A: [Terms]float64{100}, B: [Terms]float64{0}},
		"b negative at one end": {A: [Terms]float64{100}, B: [Terms]float64{50, 60}},
		"NaN":                   {A: [Terms]float64{math.NaN()}, B: [Terms]float64{50}},
		"Inf":                   {A: [Terms]float64{math.Inf(1)}, B: [Terms]float64{50}},
	} {
		if m.Check() == nil {
			t.Errorf("%s: Check accepted %+v", name, m)
		}
	}
}

// TestPerMilleInvariants: W+D+L = 1000, every part in [0, 1000], colour
// symmetry (the WDL of -s is the flipped WDL of s), W never falls and L
// never rises as the score grows, at every material count.
func TestPerMilleInvariants(t *testing.T) {
	for name, m := range testModels() {
		for mat := 0; mat <= 100; mat += 3 {
			prev := WDL{L: 1001}
			prevExp := -1.0
			for cp := -3000; cp <= 3000; cp += 7 {
				w := m.PerMille(cp, mat)
				if w.W+w.D+w.L != 1000 || w.W < 0 || w.D < 0 || w.L < 0 || w.W > 1000 || w.L > 1000 {
					t.Fatalf("%s: PerMille(%d, %d) = %v", name, cp, mat, w)
				}
				if f := m.PerMille(-cp, mat); f != w.Flip() {
					t.Fatalf("%s: PerMille(%d, %d) = %v but PerMille(%d) = %v", name, cp, mat, w, -cp, f)
				}
				if w.W < prev.W || w.L > prev.L || w.Expected() < prevExp {
					t.Fatalf("%s: material %d: not monotone: %v then %v at %d", name, mat, prev, w, cp)
				}
				prev, prevExp = w, w.Expected()
			}
		}
	}
}

// TestPerMilleEnds: a huge score is a certain result; a score of 0 is even.
func TestPerMilleEnds(t *testing.T) {
	for name, m := range testModels() {
		for _, mat := range []int{MinMaterial, 40, MaxMaterial} {
			if w := m.PerMille(30000, mat); w != (WDL{W: 1000}) {
				t.Errorf("%s: PerMille(30000, %d) = %v", name, mat, w)
			}
			if w := m.PerMille(-30000, mat); w != (WDL{L: 1000}) {
				t.Errorf("%s: PerMille(-30000, %d) = %v", name, mat, w)
			}
			if w := m.PerMille(0, mat); w.W != w.L {
				t.Errorf("%s: PerMille(0, %d) = %v", name, mat, w)
			}
		}
	}
}

func TestMate(t *testing.T) {
	for n, want := range map[int]WDL{1: {1000, 0, 0}, 12: {1000, 0, 0}, 0: {0, 0, 1000}, -1: {0, 0, 1000}, -30: {0, 0, 1000}} {
		if got := Mate(n); got != want {
			t.Errorf("Mate(%d) = %v, want %v", n, got, want)
		}
	}
	if s := (WDL{1, 2, 997}).String(); s != "1 2 997" {
		t.Errorf("String = %q", s)
	}
}

func TestMaterialAndX(t *testing.T) {
	if got := Material(16, 4, 4, 4, 2); got != MaxMaterial {
		t.Errorf("start position material %d, want %d", got, MaxMaterial)
	}
	for mat, want := range map[int]float64{MinMaterial: -1, MaxMaterial: 1, 0: -1, 200: 1, (MinMaterial + MaxMaterial) / 2: 0} {
		if got := X(mat); math.Abs(got-want) > 1e-12 {
			t.Errorf("X(%d) = %v, want %v", mat, got, want)
		}
	}
}

func TestPerMilleAllocates(t *testing.T) {
	m := Default()
	var sink WDL
	if n := testing.AllocsPerRun(100, func() { sink = m.PerMille(37, 55) }); n != 0 {
		t.Errorf("PerMille allocates %v times", n)
	}
	_ = sink
}

// synthetic draws n samples from m: material uniform over the range and a
// little beyond, scores spread like a game's (mostly small, some large),
// results by the model's own chances.
func synthetic(m Model, n int, seed int64) []Sample {
	r := rand.New(rand.NewSource(seed))
	out := make([]Sample, n)
	for i := range out {
		mat := MinMaterial - 4 + r.Intn(MaxMaterial-MinMaterial+9)
		score := int(r.NormFloat64() * 250)
		w, d, _ := m.Probs(score, mat)
		res := int8(-1)
		switch u := r.Float64(); {
		case u < w:
			res = 1
		case u < w+d:
			res = 0
		}
		out[i] = Sample{Score: score, Material: mat, Result: res}
	}
	return out
}

// TestFitRecoversKnownModel: samples drawn from a known model (seeded) give
// back that model's a and b, within a few percent at every material count,
// and a likelihood no worse than the true model's.
func TestFitRecoversKnownModel(t *testing.T) {
	truth := Model{A: [Terms]float64{110, -60, 40}, B: [Terms]float64{70, 5, -8}}
	samples := synthetic(truth, 200000, 1)
	res, err := Fit(samples)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("fitted %+v in %d steps", res.Model, res.Iterations)
	for mat := MinMaterial; mat <= MaxMaterial; mat += 4 {
		a, b := res.Model.Params(mat)
		ta, tb := truth.Params(mat)
		if math.Abs(a-ta) > 0.06*ta || math.Abs(b-tb) > 0.06*tb {
			t.Errorf("material %d: fitted a %.1f b %.1f, true a %.1f b %.1f", mat, a, b, ta, tb)
		}
	}
	if tl := truth.LogLikelihood(samples); res.LogLik < tl-1e-9 {
		t.Errorf("fitted log-likelihood %.6f below the true model's %.6f", res.LogLik, tl)
	}
	if res.LogLik < res.Baseline+0.1 {
		t.Errorf("fitted log-likelihood %.4f, constant model %.4f", res.LogLik, res.Baseline)
	}
	// A different seed, a different truth: constant a and b.
	truth = Model{A: [Terms]float64{200}, B: [Terms]float64{120}}
	res, err = Fit(synthetic(truth, 100000, 2))
	if err != nil {
		t.Fatal(err)
	}
	if a, b := res.Model.Params(40); math.Abs(a-200) > 12 || math.Abs(b-120) > 7 {
		t.Errorf("constant truth a 200 b 120: fitted %+v", res.Model)
	}
}

// TestGradient checks the analytic gradient against central differences
// of the log-likelihood.
func TestGradient(t *testing.T) {
	m := Model{A: [Terms]float64{90, -30, 20}, B: [Terms]float64{60, 4, -2}}
	samples := synthetic(Model{A: [Terms]float64{110, -60, 40}, B: [Terms]float64{70, 5, -8}}, 3000, 3)
	g := m.gradient(samples)
	v := m.vector()
	for i := range v {
		h := 1e-3
		up, down := v, v
		up[i] += h
		down[i] -= h
		mu, md := modelOf(up), modelOf(down)
		num := (mu.LogLikelihood(samples) - md.LogLikelihood(samples)) / (2 * h)
		if math.Abs(num-g[i]) > 1e-6+1e-4*math.Abs(num) {
			t.Errorf("coefficient %d: gradient %.8g, numerical %.8g", i, g[i], num)
		}
	}
}

func TestFitErrors(t *testing.T) {
	if _, err := Fit(nil); err == nil {
		t.Error("Fit(nil) succeeded")
	}
	wins := []Sample{{Score: 10, Material: 40, Result: 1}, {Score: -10, Material: 40, Result: 1}}
	if _, err := Fit(wins); err == nil || !strings.Contains(err.Error(), "draws") {
		t.Errorf("Fit of wins only: %v", err)
	}
	if _, err := Fit([]Sample{{Result: 3}}); err == nil {
		t.Error("Fit took a result of 3")
	}
}

func TestCalibration(t *testing.T) {
	truth := Model{A: [Terms]float64{110, -60, 40}, B: [Terms]float64{70, 5, -8}}
	samples := synthetic(truth, 50000, 4)
	for _, buckets := range [][]Bucket{truth.CalibrateByScore(samples, ScoreEdges), truth.CalibrateByExpected(samples, 10)} {
		n := 0
		for _, b := range buckets {
			n += b.N
			for k := range 3 {
				// Samples drawn from the model: within a few standard
				// errors of what it predicts.
				se := math.Sqrt(b.Pred[k]*(1-b.Pred[k])/float64(b.N)) + 1e-9
				if math.Abs(b.Pred[k]-b.Actual[k]) > 5*se+0.005 {
					t.Errorf("bucket %s (%d samples): predicted %v, actual %v", b.Label, b.N, b.Pred, b.Actual)
				}
			}
		}
		if n != len(samples) {
			t.Errorf("buckets hold %d samples of %d", n, len(samples))
		}
	}
	var sb strings.Builder
	if err := WriteCalibration(&sb, "score", truth.CalibrateByScore(samples, []int{0})); err != nil {
		t.Fatal(err)
	}
	if got := sb.String(); !strings.Contains(got, "| < 0 |") || !strings.Contains(got, "| >= 0 |") {
		t.Errorf("table:\n%s", got)
	}
}

func TestGoSource(t *testing.T) {
	r := FitResult{Model: Model{A: [Terms]float64{1.5, -2, 3}, B: [Terms]float64{4, 5, 6}}, Samples: 10, Iterations: 3}
	src, err := GoSource(r, []string{"from test games"})
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	for _, want := range []string{"DO NOT EDIT", "package wdl", "// from test games", "A: [Terms]float64{1.5000, -2.0000, 3.0000}", "B: [Terms]float64{4.0000, 5.0000, 6.0000}"} {
		if !strings.Contains(s, want) {
			t.Errorf("source lacks %q:\n%s", want, s)
		}
	}
}
