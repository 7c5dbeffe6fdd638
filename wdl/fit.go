package wdl

import (
	"errors"
	"fmt"
	"math"
)

// Sample is one position of a game: the score the engine gave it (from the
// side to move's view), its material count, and how the game ended for the
// side to move.
type Sample struct {
	Score    int  // centipawns
	Material int  // Material's count
	Result   int8 // 1 a win, 0 a draw, -1 a loss for the side to move
}

// logSigmoid is log(1/(1+exp(-z))), accurate for large |z|.
func logSigmoid(z float64) float64 {
	if z < -30 {
		return z
	}
	return -math.Log1p(math.Exp(-z))
}

// sampleLog is the log-likelihood of one sample at (a, b) and, when grad is
// true, its derivatives by a and by b.
func sampleLog(s Sample, a, b float64, grad bool) (ll, da, db float64) {
	sc := float64(s.Score)
	z1 := (sc - a) / b  // the win chance is logistic(z1)
	z2 := (-sc - a) / b // the loss chance is logistic(z2)
	switch {
	case s.Result > 0:
		ll = logSigmoid(z1)
		if grad {
			q := logistic(-z1)
			da, db = -q/b, -q*z1/b
		}
	case s.Result < 0:
		ll = logSigmoid(z2)
		if grad {
			q := logistic(-z2)
			da, db = -q/b, -q*z2/b
		}
	default:
		// P(draw) = logistic(-z1) - logistic(z2): no cancellation, as a > 0
		// puts the two apart.
		p1, p2 := logistic(-z1), logistic(z2)
		pd := max(p1-p2, 1e-300)
		ll = math.Log(pd)
		if grad {
			d1, d2 := p1*(1-p1), p2*(1-p2) // logistic' at z1 and z2
			da = (d1 + d2) / b / pd
			db = (d1*z1 + d2*z2) / b / pd
		}
	}
	return ll, da, db
}

// LogLikelihood is the model's mean log-likelihood per sample (natural
// log; higher is better): how probable it finds the samples' results.
func (m *Model) LogLikelihood(samples []Sample) float64 {
	if len(samples) == 0 {
		return 0
	}
	sum := 0.0
	for _, s := range samples {
		a, b := m.Params(s.Material)
		ll, _, _ := sampleLog(s, a, b, false)
		sum += ll
	}
	return sum / float64(len(samples))
}

// BaselineLogLikelihood is the mean log-likelihood of the constant model,
// which ignores the score and gives every sample the overall frequencies of
// wins, draws and losses: what a model of the score must beat.
func BaselineLogLikelihood(samples []Sample) float64 {
	var n [3]float64
	for _, s := range samples {
		if s.Result >= -1 && s.Result <= 1 {
			n[s.Result+1]++
		}
	}
	total := n[0] + n[1] + n[2]
	ll := 0.0
	for _, c := range n {
		if c > 0 {
			ll += c * math.Log(c/total)
		}
	}
	if total == 0 {
		return 0
	}
	return ll / total
}

// nParams is the number of coefficients fitted: A's and B's.
const nParams = 2 * Terms

func (m *Model) vector() [nParams]float64 {
	var v [nParams]float64
	copy(v[:Terms], m.A[:])
	copy(v[Terms:], m.B[:])
	return v
}

func modelOf(v [nParams]float64) Model {
	var m Model
	copy(m.A[:], v[:Terms])
	copy(m.B[:], v[Terms:])
	return m
}

// gradient is the mean log-likelihood's gradient by the coefficients.
func (m *Model) gradient(samples []Sample) [nParams]float64 {
	var g [nParams]float64
	for _, s := range samples {
		x := X(s.Material)
		a, b := poly(&m.A, x), poly(&m.B, x)
		_, da, db := sampleLog(s, a, b, true)
		p := 1.0
		for k := 0; k < Terms; k++ {
			g[k] += da * p
			g[Terms+k] += db * p
			p *= x
		}
	}
	for i := range g {
		g[i] /= float64(len(samples))
	}
	return g
}

// FitResult is a fitted model and how well it fits.
type FitResult struct {
	Model      Model
	LogLik     float64 // mean log-likelihood per sample of Model
	Baseline   float64 // BaselineLogLikelihood of the samples
	Samples    int
	Iterations int
}

// start is where Fit starts: a model that is valid at every material count.
var start = Model{A: [Terms]float64{100}, B: [Terms]float64{100}}

// Fit finds the model of greatest likelihood for the samples (maximum
// likelihood), by damped Newton steps (Levenberg-Marquardt) from a = b =
// 100 cp, over models that pass Check. It needs draws and decisive results
// among the samples, and fails without them, for a result other than -1,
// 0 or 1, or when the steps do not converge.
func Fit(samples []Sample) (FitResult, error) {
	if len(samples) == 0 {
		return FitResult{}, errors.New("wdl: no samples to fit")
	}
	var kinds [3]int
	for _, s := range samples {
		if s.Result < -1 || s.Result > 1 {
			return FitResult{}, fmt.Errorf("wdl: sample result %d: want -1, 0 or 1", s.Result)
		}
		kinds[s.Result+1]++
	}
	if kinds[1] == 0 || kinds[0]+kinds[2] == 0 {
		return FitResult{}, fmt.Errorf("wdl: %d wins, %d draws, %d losses: the fit needs draws and decisive results", kinds[2], kinds[1], kinds[0])
	}
	res := FitResult{Samples: len(samples), Baseline: BaselineLogLikelihood(samples)}
	m := start
	ll := m.LogLikelihood(samples)
	lambda := 1e-3
	for iter := 1; iter <= 200; iter++ {
		res.Iterations = iter
		g := m.gradient(samples)
		h := hessian(&m, samples)
		improved := false
		for tries := 0; tries < 30 && !improved; tries++ {
			// Solve (-H + λ·diag(-H)) δ = g: a Newton step on -LL, damped.
			var a [nParams][nParams]float64
			for i := range a {
				for j := range a[i] {
					a[i][j] = -h[i][j]
				}
				a[i][i] += lambda * math.Max(math.Abs(h[i][i]), 1e-12)
			}
			delta, ok := solve(a, g)
			if !ok {
				lambda *= 10
				continue
			}
			v := m.vector()
			for i := range v {
				v[i] += delta[i]
			}
			next := modelOf(v)
			if next.Check() != nil {
				lambda *= 10
				continue
			}
			nll := next.LogLikelihood(samples)
			if nll >= ll {
				step := 0.0
				for i := range delta {
					step = math.Max(step, math.Abs(delta[i]))
				}
				gain := nll - ll
				m, ll = next, nll
				lambda = math.Max(lambda/10, 1e-9)
				improved = true
				if step < 1e-6 || gain < 1e-13 {
					res.Model, res.LogLik = m, ll
					return res, nil
				}
			} else {
				lambda *= 10
			}
		}
		if !improved {
			// No step gains: the gradient is zero to the precision of the
			// likelihood, the maximum.
			res.Model, res.LogLik = m, ll
			return res, nil
		}
	}
	return FitResult{}, errors.New("wdl: the fit did not converge in 200 steps")
}

// hessian is the mean log-likelihood's second derivatives, by central
// differences of the gradient.
func hessian(m *Model, samples []Sample) [nParams][nParams]float64 {
	var h [nParams][nParams]float64
	v := m.vector()
	for i := range v {
		step := 1e-4 * math.Max(1, math.Abs(v[i]))
		up, down := v, v
		up[i] += step
		down[i] -= step
		mu, md := modelOf(up), modelOf(down)
		gu, gd := mu.gradient(samples), md.gradient(samples)
		for j := range h[i] {
			h[i][j] = (gu[j] - gd[j]) / (2 * step)
		}
	}
	for i := range h { // symmetric, as the true Hessian is
		for j := 0; j < i; j++ {
			s := (h[i][j] + h[j][i]) / 2
			h[i][j], h[j][i] = s, s
		}
	}
	return h
}

// solve solves a·x = b by Gaussian elimination with partial pivoting; ok
// is false for a singular (or not finite) system.
func solve(a [nParams][nParams]float64, b [nParams]float64) (x [nParams]float64, ok bool) {
	for col := 0; col < nParams; col++ {
		p := col
		for r := col + 1; r < nParams; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[p][col]) {
				p = r
			}
		}
		if !(math.Abs(a[p][col]) > 1e-300) {
			return x, false
		}
		a[col], a[p] = a[p], a[col]
		b[col], b[p] = b[p], b[col]
		for r := col + 1; r < nParams; r++ {
			f := a[r][col] / a[col][col]
			for c := col; c < nParams; c++ {
				a[r][c] -= f * a[col][c]
			}
			b[r] -= f * b[col]
		}
	}
	for r := nParams - 1; r >= 0; r-- {
		s := b[r]
		for c := r + 1; c < nParams; c++ {
			s -= a[r][c] * x[c]
		}
		x[r] = s / a[r][r]
		if math.IsNaN(x[r]) || math.IsInf(x[r], 0) {
			return x, false
		}
	}
	return x, true
}
