package match

import (
	"fmt"
	"math"
)

// This file holds the match statistics. Everything here is a pure function
// of counts, so it is tested against values computed by hand.
//
// Scores are on the [0,1] scale: a game is worth 1, 1/2 or 0, a game pair
// (two games of one opening with colours reversed) the average of its two
// games: 0, 1/4, 1/2, 3/4 or 1.

// z95 is the two-sided 95% quantile of the standard normal distribution.
const z95 = 1.959963984540054

// EloFromScore converts an expected score into a logistic Elo difference.
// Scores of 0 and 1 give -Inf and +Inf.
func EloFromScore(score float64) float64 {
	switch {
	case score <= 0:
		return math.Inf(-1)
	case score >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/score-1)
}

// ScoreFromElo is the expected score of a player elo points stronger.
func ScoreFromElo(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// WDL counts game results from one engine's point of view.
type WDL struct {
	Wins, Draws, Losses int
}

// Games is the number of games counted.
func (r WDL) Games() int { return r.Wins + r.Draws + r.Losses }

// Points is wins plus half the draws.
func (r WDL) Points() float64 { return float64(r.Wins) + float64(r.Draws)/2 }

// Score is the points per game, or 0.5 before any game.
func (r WDL) Score() float64 {
	if r.Games() == 0 {
		return 0.5
	}
	return r.Points() / float64(r.Games())
}

// distribution is the outcome values and their counts for each model.
func (r WDL) distribution() (values, counts []float64) {
	return []float64{0, 0.5, 1}, []float64{float64(r.Losses), float64(r.Draws), float64(r.Wins)}
}

// Pentanomial counts game pairs by the points one engine scored in the pair:
// index i holds the pairs worth i/2 points (0: lost both, 1: a loss and a
// draw, 2: two draws or a win and a loss, 3: a win and a draw, 4: won both).
type Pentanomial [5]int

// Pairs is the number of pairs counted.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

func (p Pentanomial) distribution() (values, counts []float64) {
	values = []float64{0, 0.25, 0.5, 0.75, 1}
	counts = make([]float64, 5)
	for i, c := range p {
		counts[i] = float64(c)
	}
	return values, counts
}

// meanVar returns the number of samples and the sample mean and variance
// (maximum-likelihood, divided by n) of a discrete distribution.
func meanVar(values, counts []float64) (n, mean, variance float64) {
	for i, c := range counts {
		n += c
		mean += c * values[i]
	}
	if n == 0 {
		return 0, 0.5, 0
	}
	mean /= n
	for i, c := range counts {
		d := values[i] - mean
		variance += c * d * d
	}
	return n, mean, variance / n
}

// Estimate is a strength difference with its 95% confidence interval.
type Estimate struct {
	Score   float64 // mean score per game
	Elo     float64 // EloFromScore(Score)
	EloLow  float64 // 95% interval
	EloHigh float64
	LOS     float64 // likelihood of superiority, P(true score > 1/2)
}

// ErrorMargin is half the width of the 95% interval in Elo (+Inf when an
// end is unbounded).
func (e Estimate) ErrorMargin() float64 {
	return (e.EloHigh - e.EloLow) / 2
}

// estimate derives Elo and its interval from a distribution of per-sample
// scores; the standard error of the mean is sqrt(variance/n).
func estimate(values, counts []float64) Estimate {
	n, mean, variance := meanVar(values, counts)
	e := Estimate{Score: mean, Elo: EloFromScore(mean), LOS: 0.5}
	if n == 0 {
		e.EloLow, e.EloHigh = math.Inf(-1), math.Inf(1)
		return e
	}
	se := math.Sqrt(variance / n)
	e.EloLow = EloFromScore(mean - z95*se)
	e.EloHigh = EloFromScore(mean + z95*se)
	switch {
	case se > 0:
		e.LOS = 0.5 * (1 + math.Erf((mean-0.5)/(se*math.Sqrt2)))
	case mean > 0.5:
		e.LOS = 1
	case mean < 0.5:
		e.LOS = 0
	}
	return e
}

// Estimate uses the trinomial model: games are independent.
func (r WDL) Estimate() Estimate {
	return estimate(r.distribution())
}

// Estimate uses the pentanomial model: pairs are independent, games within
// a pair need not be (same opening), which is why it is the sharper one.
func (p Pentanomial) Estimate() Estimate {
	return estimate(p.distribution())
}

// EloModel selects the unit of the SPRT's Elo bounds.
type EloModel int

const (
	// Logistic Elo: the bounds are ordinary Elo differences, mapped to
	// expected scores by ScoreFromElo (cutechess, OpenBench).
	Logistic EloModel = iota
	// Normalized Elo (fishtest): the bounds are in units that scale with
	// the measured per-game standard deviation, so that a bound means the
	// same effort whatever the draw rate.
	Normalized
)

func (m EloModel) String() string {
	if m == Normalized {
		return "normalized"
	}
	return "logistic"
}

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against
// H1: elo = Elo1, with false-positive rate Alpha and false-negative rate Beta.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	Model       EloModel
}

// Validate reports parameters the test cannot run with.
func (s SPRT) Validate() error {
	if !(s.Alpha > 0 && s.Alpha < 1) || !(s.Beta > 0 && s.Beta < 1) {
		return fmt.Errorf("alpha and beta must be in (0,1), have %g and %g", s.Alpha, s.Beta)
	}
	if !(s.Elo1 > s.Elo0) {
		return fmt.Errorf("elo1 (%g) must be greater than elo0 (%g)", s.Elo1, s.Elo0)
	}
	return nil
}

// Bounds are the LLR thresholds: at or below lower H0 is accepted, at or
// above upper H1 is.
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Decision is the state of an SPRT.
type Decision int

const (
	Continue Decision = iota
	AcceptH0          // the difference is not above Elo0
	AcceptH1          // the difference is at least Elo1
)

func (d Decision) String() string {
	switch d {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// Decide compares llr with the bounds.
func (s SPRT) Decide(llr float64) Decision {
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// LLR is the log-likelihood ratio of the pentanomial results (pairs).
func (s SPRT) LLR(p Pentanomial) float64 {
	values, counts := p.distribution()
	// A pair's score has variance sigma^2/2 for a per-game sigma.
	return s.llr(values, counts, 2)
}

// LLRTrinomial is the log-likelihood ratio of results counted per game, for
// matches whose games are not played in pairs.
func (s SPRT) LLRTrinomial(r WDL) float64 {
	values, counts := r.distribution()
	return s.llr(values, counts, 1)
}

// llrEpsilon replaces empty outcome classes, as fishtest does, so that the
// maximum-likelihood distributions below exist from the first sample.
const llrEpsilon = 1e-3

// llr is the generalised SPRT's log-likelihood ratio: with N samples whose
// empirical distribution over the outcome values is p, it is
//
//	N · Σ p_i · log(q1_i / q0_i)
//
// where q0 and q1 are the distributions closest to p (maximum likelihood)
// whose means are s0 and s1, the expected scores of the two hypotheses
// (see mleWithMean). For large samples this agrees with the normal
// approximation N (s1-s0)(2m-s0-s1) / (2v); unlike it, it stays small on a
// handful of samples with almost no variance (a won pair and a drawn pair
// is not proof of +20 Elo). gamesPerSample converts the sample variance
// into a per-game one for the normalised model.
func (s SPRT) llr(values, counts []float64, gamesPerSample float64) float64 {
	total := 0.0
	reg := make([]float64, len(counts))
	for i, c := range counts {
		total += c
		reg[i] = math.Max(c, llrEpsilon)
	}
	if total == 0 {
		return 0
	}
	n, _, variance := meanVar(values, reg)
	var s0, s1 float64
	switch s.Model {
	case Normalized:
		// nElo = (score - 1/2) / sigmaPerGame * 800 / ln 10.
		sigma := math.Sqrt(variance * gamesPerSample)
		k := sigma * math.Ln10 / 800
		s0, s1 = 0.5+s.Elo0*k, 0.5+s.Elo1*k
	default:
		s0, s1 = ScoreFromElo(s.Elo0), ScoreFromElo(s.Elo1)
	}
	p := make([]float64, len(reg))
	for i, c := range reg {
		p[i] = c / n
	}
	q0, q1 := mleWithMean(values, p, s0), mleWithMean(values, p, s1)
	sum := 0.0
	for i := range p {
		sum += p[i] * math.Log(q1[i]/q0[i])
	}
	return n * sum
}

// mleWithMean returns the distribution q over values with mean s that
// maximises the likelihood of a sample with empirical distribution p (all
// p_i > 0, and s strictly between the smallest and largest value). By a
// Lagrange multiplier, q_i = p_i / (1 + θ(v_i - s)), with θ chosen so
// that q has mean s (then it also sums to one). θ is found by bisection
// over the interval where every denominator is positive.
func mleWithMean(values, p []float64, s float64) []float64 {
	lo, hi := math.Inf(-1), math.Inf(1)
	for _, v := range values {
		switch d := v - s; {
		case d > 0:
			lo = math.Max(lo, -1/d)
		case d < 0:
			hi = math.Min(hi, -1/d)
		}
	}
	// g(θ) = Σ p_i (v_i - s) / (1 + θ(v_i - s)) is decreasing; its root
	// makes q a distribution with mean s.
	g := func(th float64) float64 {
		sum := 0.0
		for i, v := range values {
			d := v - s
			sum += p[i] * d / (1 + th*d)
		}
		return sum
	}
	for i := 0; i < 200; i++ {
		mid := (lo + hi) / 2
		if g(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	th := (lo + hi) / 2
	q := make([]float64, len(p))
	for i, v := range values {
		q[i] = p[i] / (1 + th*(v-s))
	}
	return q
}
