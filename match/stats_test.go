package match

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.10g, want %.10g (±%g)", what, got, want, tol)
	}
}

func TestEloFromScore(t *testing.T) {
	near(t, "Elo(0.5)", EloFromScore(0.5), 0, 1e-12)
	// 0.75 = 1/(1+10^(-d/400)) <=> d = 400 log10(3).
	near(t, "Elo(0.75)", EloFromScore(0.75), 400*math.Log10(3), 1e-9)
	near(t, "Elo(0.75) literal", EloFromScore(0.75), 190.848501887865, 1e-9)
	near(t, "Elo(0.25)", EloFromScore(0.25), -190.848501887865, 1e-9)
	near(t, "Elo(0.7)", EloFromScore(0.7), 147.19071411783776, 1e-9)
	if !math.IsInf(EloFromScore(1), 1) || !math.IsInf(EloFromScore(0), -1) {
		t.Error("scores 0 and 1 should give infinite Elo")
	}
	for _, s := range []float64{0.01, 0.3, 0.5, 0.64, 0.99} {
		near(t, "round trip", ScoreFromElo(EloFromScore(s)), s, 1e-12)
	}
}

func TestWDLEstimate(t *testing.T) {
	r := WDL{Wins: 30, Draws: 40, Losses: 30}
	if r.Games() != 100 || r.Points() != 50 || r.Score() != 0.5 {
		t.Fatalf("counts wrong: %d games %.1f points", r.Games(), r.Points())
	}
	e := r.Estimate()
	near(t, "Elo", e.Elo, 0, 1e-12)
	// Per-game variance: (30*0.25 + 40*0 + 30*0.25)/100 = 0.15, standard
	// error sqrt(0.15/100); the interval maps score 0.5 ± 1.96 se to Elo.
	near(t, "EloHigh", e.EloHigh, 53.157979780053275, 1e-9)
	near(t, "EloLow", e.EloLow, -53.157979780053225, 1e-9)
	near(t, "ErrorMargin", e.ErrorMargin(), 53.15797978005325, 1e-9)
	near(t, "LOS", e.LOS, 0.5, 1e-12)

	// A clear win has LOS near 1 and an interval above zero.
	e = WDL{Wins: 60, Draws: 20, Losses: 20}.Estimate()
	near(t, "Elo(60/20/20)", e.Elo, 147.19071411783776, 1e-9)
	if e.EloLow <= 0 || e.LOS < 0.999 {
		t.Errorf("60/20/20: interval low %.1f, LOS %.4f", e.EloLow, e.LOS)
	}

	// Nothing played: no information.
	e = WDL{}.Estimate()
	if e.Elo != 0 || !math.IsInf(e.EloLow, -1) || !math.IsInf(e.EloHigh, 1) {
		t.Errorf("empty estimate: %+v", e)
	}
}

func TestPentanomialEstimate(t *testing.T) {
	p := Pentanomial{5, 15, 40, 25, 15}
	if p.Pairs() != 100 {
		t.Fatalf("pairs = %d", p.Pairs())
	}
	e := p.Estimate()
	// Mean pair score (0*5 + .25*15 + .5*40 + .75*25 + 1*15)/100 = 0.575;
	// variance 6.9375/100 = 0.069375 (worked out term by term).
	near(t, "score", e.Score, 0.575, 1e-12)
	se := math.Sqrt(0.069375 / 100)
	near(t, "EloHigh", e.EloHigh, -400*math.Log10(1/(0.575+z95*se)-1), 1e-9)
	near(t, "EloLow", e.EloLow, -400*math.Log10(1/(0.575-z95*se)-1), 1e-9)
}

func TestSPRTBounds(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	lo, hi := s.Bounds()
	near(t, "lower", lo, -2.9444389791664403, 1e-12)
	near(t, "upper", hi, 2.9444389791664403, 1e-12)
	s = SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.1}
	lo, hi = s.Bounds()
	near(t, "lower", lo, math.Log(0.1/0.95), 1e-12)
	near(t, "upper", hi, math.Log(0.9/0.05), 1e-12)
	if s.Decide(hi) != AcceptH1 || s.Decide(lo) != AcceptH0 || s.Decide(0) != Continue {
		t.Error("Decide does not follow the bounds")
	}
}

// llrByHand recomputes the normal-approximation GSPRT LLR from its
// definition, without the package's helpers: n (s1-s0)(2m-s0-s1) / (2v).
func llrByHand(values []float64, counts []float64, s0, s1 float64) float64 {
	n, sum := 0.0, 0.0
	for i := range counts {
		n += counts[i]
		sum += counts[i] * values[i]
	}
	m := sum / n
	v := 0.0
	for i := range counts {
		v += counts[i] * (values[i] - m) * (values[i] - m)
	}
	v /= n
	return n * (s1 - s0) * (2*m - s0 - s1) / (2 * v)
}

func TestLLRPentanomial(t *testing.T) {
	p := Pentanomial{5, 15, 40, 25, 15}
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	// s0 = 0.5, s1 = 1/(1+10^(-5/400)) = 0.5071950817...; m = 0.575,
	// v = 0.069375: LLR = 100 (s1-0.5)(1.15-0.5-s1)/(2 v) = 0.74053553...
	near(t, "LLR literal", s.LLR(p), 0.7405355355371377, 1e-9)
	near(t, "LLR by hand", s.LLR(p),
		llrByHand([]float64{0, .25, .5, .75, 1}, []float64{5, 15, 40, 25, 15}, 0.5, 1/(1+math.Pow(10, -5.0/400))), 1e-9)

	// Normalized Elo: per-game sigma = sqrt(2 v), s_i = 1/2 + nelo_i sigma ln10/800.
	s.Model = Normalized
	near(t, "normalized LLR", s.LLR(p), 0.5588121834341283, 1e-9)

	// The LLR is zero when the mean sits midway between s0 and s1, and
	// grows with the sample at a fixed distribution.
	s.Model = Logistic
	double := Pentanomial{10, 30, 80, 50, 30}
	near(t, "LLR doubles with the sample", s.LLR(double), 2*s.LLR(p), 1e-9)
	if s.LLR(Pentanomial{15, 25, 40, 15, 5}) >= 0 {
		t.Error("a losing distribution must have negative LLR")
	}
}

func TestLLRTrinomial(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	r := WDL{Wins: 55, Draws: 30, Losses: 15}
	// m = 0.7, v = 0.135 (see TestLLRPentanomial for the formula).
	near(t, "LLR", s.LLRTrinomial(r), 2.0547713326567107, 1e-9)
	near(t, "LLR by hand", s.LLRTrinomial(r),
		llrByHand([]float64{0, 0.5, 1}, []float64{15, 30, 55}, 0.5, ScoreFromElo(10)), 1e-9)
}

func TestLLRDegenerate(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	if s.LLR(Pentanomial{}) != 0 || s.LLRTrinomial(WDL{}) != 0 {
		t.Error("no games must give LLR 0")
	}
	// Empty classes are regularised, so an all-win start is a finite,
	// positive LLR that crosses the upper bound quickly, and all draws
	// stay near zero instead of dividing by zero.
	_, upper := s.Bounds()
	one := s.LLR(Pentanomial{0, 0, 0, 0, 1})
	if math.IsNaN(one) || math.IsInf(one, 0) || one <= 0 || one >= upper {
		t.Errorf("one won pair: LLR %g", one)
	}
	if l := s.LLR(Pentanomial{0, 0, 0, 0, 3}); l < upper {
		t.Errorf("three won pairs: LLR %g should pass %g", l, upper)
	}
	if l := s.LLR(Pentanomial{0, 0, 20, 0, 0}); math.IsNaN(l) || l > 0 {
		t.Errorf("all draws: LLR %g", l)
	}
}

func TestSPRTValidate(t *testing.T) {
	bad := []SPRT{
		{Elo0: 5, Elo1: 0, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: 5, Alpha: 0, Beta: 0.05},
		{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 1},
	}
	for _, s := range bad {
		if s.Validate() == nil {
			t.Errorf("%+v accepted", s)
		}
	}
	if err := (SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}).Validate(); err != nil {
		t.Error(err)
	}
}
