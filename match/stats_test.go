package match

import (
	"bytes"
	"math"
	"strings"
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

// The known answers below were computed separately (a Python script
// solving for the Lagrange multiplier by its own bisection). The script
// checked that no feasible perturbation of q0 or q1 raises the likelihood.
func TestLLRPentanomial(t *testing.T) {
	p := Pentanomial{5, 15, 40, 25, 15}
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	near(t, "LLR", s.LLR(p), 0.6888652561228793, 1e-9)
	// The normal approximation, n (s1-s0)(2m-s0-s1)/(2v) with m = 0.575 and
	// v = 0.069375, gives 0.7405: close, as it should be for 100 pairs.
	s.Model = Normalized
	near(t, "normalized LLR", s.LLR(p), 0.5190946917609752, 1e-9)

	// The LLR is linear in the sample at a fixed distribution, and negative
	// for the mirrored, losing distribution.
	s.Model = Logistic
	double := Pentanomial{10, 30, 80, 50, 30}
	near(t, "LLR doubles with the sample", s.LLR(double), 2*s.LLR(p), 1e-9)
	near(t, "losing LLR", s.LLR(Pentanomial{15, 25, 40, 15, 5}), -0.7495086881944079, 1e-9)
}

func TestLLRTrinomial(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	r := WDL{Wins: 55, Draws: 30, Losses: 15}
	near(t, "LLR", s.LLRTrinomial(r), 1.5910876891322818, 1e-9)
}

// mleWithMean returns a distribution with the requested mean, and
// moving along any direction that keeps it one with that mean lowers the
// likelihood: it is the maximum.
func TestMLEWithMean(t *testing.T) {
	values := []float64{0, .25, .5, .75, 1}
	p := []float64{0.05, 0.15, 0.4, 0.25, 0.15}
	for _, mean := range []float64{0.3, 0.5, 0.5072, 0.9} {
		q := mleWithMean(values, p, mean)
		sum, m := 0.0, 0.0
		for i := range q {
			sum += q[i]
			m += q[i] * values[i]
		}
		near(t, "sum", sum, 1, 1e-9)
		near(t, "mean", m, mean, 1e-9)
		ll := func(q []float64) float64 {
			l := 0.0
			for i := range p {
				l += p[i] * math.Log(q[i])
			}
			return l
		}
		// Directions with zero sum and zero first moment: (1,-2,1,0,0) and shifts.
		for k := 0; k+2 < len(q); k++ {
			for _, e := range []float64{1e-4, -1e-4} {
				q2 := append([]float64(nil), q...)
				q2[k] += e
				q2[k+1] -= 2 * e
				q2[k+2] += e
				if ll(q2) > ll(q)+1e-15 {
					t.Errorf("mean %v: moving by %v at %d raises the likelihood", mean, e, k)
				}
			}
		}
	}
}

// A handful of samples with almost no variance is not evidence: the
// normal approximation used to accept H1 after one won and one drawn pair.
func TestLLRDegenerate(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	if s.LLR(Pentanomial{}) != 0 || s.LLRTrinomial(WDL{}) != 0 {
		t.Error("no games must give LLR 0")
	}
	lower, upper := s.Bounds()
	for _, p := range []Pentanomial{{0, 0, 0, 0, 1}, {0, 0, 0, 0, 3}, {0, 0, 0, 1, 0}, {0, 0, 1, 1, 0}} {
		if l := s.LLR(p); math.IsNaN(l) || l <= 0 || l >= upper {
			t.Errorf("%v: LLR %g, want small and positive", p, l)
		}
	}
	if l := (SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}).LLR(Pentanomial{0, 0, 0, 1, 0}); l >= upper/10 {
		t.Errorf("one pair of a win and a draw, [0, 20]: LLR %g", l)
	}
	// A long run of won pairs does decide, sooner for a bigger elo1 (a
	// Python check: 207 pairs for [0, 5], 8 for [0, 200]).
	if l := s.LLR(Pentanomial{0, 0, 0, 0, 210}); l < upper {
		t.Errorf("210 won pairs: LLR %g should pass %g", l, upper)
	}
	if l := (SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}).LLR(Pentanomial{0, 0, 0, 0, 8}); l < upper {
		t.Errorf("8 won pairs, [0, 200]: LLR %g should pass %g", l, upper)
	}
	if l := s.LLR(Pentanomial{0, 0, 20, 0, 0}); math.IsNaN(l) || l > 0 || l < lower {
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

func TestReportCountsOneGame(t *testing.T) {
	sum := &Summary{Played: 1, Scheduled: 1, Pairings: []*PairingResult{{First: "a", Second: "b", WDL: WDL{Wins: 1}}}}
	var out bytes.Buffer
	sum.Write(&out)
	for _, want := range []string{"1 of 1 game played", "a vs b: 1 game, W/D/L 1/0/0"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	sum.Played, sum.Scheduled, sum.Pairings[0].WDL.Draws = 2, 2, 1
	out.Reset()
	sum.Write(&out)
	if !strings.Contains(out.String(), "a vs b: 2 games") {
		t.Errorf("two games:\n%s", out.String())
	}
}
