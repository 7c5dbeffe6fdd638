// Package wdl turns Bounder's scores into expected results: for a score in
// centipawns (from the side to move's view) and the material on the board,
// the chances, per mille, that the side to move wins, draws or loses. Its
// one job is that model and its fit to games (Fit); the coefficients it
// uses are compiled in (coeffs.go, written by "bounder wdl fit --out").
//
// # The model
//
// With x the material count mapped onto [-1, 1] (Material, X), two
// polynomials of x give a(x), the score at which a win is as likely as not,
// and b(x), the spread: how many centipawns take the win chance from 27% to
// 50%, or from 50% to 73%. Then
//
//	P(win)  = 1 / (1 + exp((a - s) / b))
//	P(loss) = 1 / (1 + exp((a + s) / b))     (the win chance of the score -s)
//	P(draw) = 1 - P(win) - P(loss)
//
// so a score of 0 is a draw with chance 1 - 2/(1+exp(a/b)), a score far
// above a a win, and the model is colour-symmetric by construction: the
// win chance of s is the loss chance of -s. While a and b are positive, the
// draw chance is positive and the win chance grows with s. This is the
// shape of the logistic WDL models other engines publish (Stockfish's, for
// one); the material variable, the polynomials' degree, the fit by maximum
// likelihood and the numbers are Bounder's own.
//
// The per-mille values are rounded so that W+D+L is exactly 1000: W and L
// are rounded (their sum cannot pass 1000, as P(win)+P(loss) < 1) and D is
// the rest. A mate score is certain: Mate gives 1000 0 0 or 0 0 1000.
package wdl

import (
	"fmt"
	"math"
)

// Terms is the number of coefficients of each polynomial: degree Terms-1.
const Terms = 3

// The material count's range: the count of the start position (8 pawns, 2
// knights, 2 bishops, 2 rooks and a queen a side: 78) down to a few pieces.
// Counts outside it are clamped into it.
const (
	MinMaterial = 10
	MaxMaterial = 78
)

// Material is the material count of a position: pawns count 1, knights and
// bishops 3, rooks 5 and queens 9, both sides together (kings are not
// counted).
func Material(pawns, knights, bishops, rooks, queens int) int {
	return pawns + 3*(knights+bishops) + 5*rooks + 9*queens
}

// X maps a material count onto the polynomials' variable, in [-1, 1]:
// -1 at MinMaterial (and below), 1 at MaxMaterial (and above).
func X(material int) float64 {
	m := min(max(material, MinMaterial), MaxMaterial)
	return float64(2*m-MinMaterial-MaxMaterial) / float64(MaxMaterial-MinMaterial)
}

// Model is the WDL model: the coefficients, in centipawns, of a(x) =
// A[0] + A[1]·x + A[2]·x² and of b(x) likewise.
type Model struct {
	A, B [Terms]float64
}

// poly evaluates c at x.
func poly(c *[Terms]float64, x float64) float64 {
	v := 0.0
	for i := Terms - 1; i >= 0; i-- {
		v = v*x + c[i]
	}
	return v
}

// Params is a(x) and b(x) at a material count.
func (m *Model) Params(material int) (a, b float64) {
	x := X(material)
	return poly(&m.A, x), poly(&m.B, x)
}

// Check reports whether a and b are positive (and finite) over the whole
// range of material counts, which the model needs: a draw chance that is
// never negative and a win chance that grows with the score.
func (m *Model) Check() error {
	for mat := MinMaterial; mat <= MaxMaterial; mat++ {
		a, b := m.Params(mat)
		if !(a > 0 && b > 0) || math.IsInf(a, 0) || math.IsInf(b, 0) {
			return fmt.Errorf("wdl: at material %d, a = %.4g and b = %.4g: both must be positive", mat, a, b)
		}
	}
	return nil
}

// logistic is 1/(1+exp(-z)).
func logistic(z float64) float64 {
	return 1 / (1 + math.Exp(-z))
}

// Probs is the model's chances of a win, a draw and a loss for the side to
// move, whose score is cp centipawns, with material on the board.
func (m *Model) Probs(cp, material int) (win, draw, loss float64) {
	a, b := m.Params(material)
	return probs(float64(cp), a, b)
}

// probs is the model at one (a, b).
func probs(s, a, b float64) (win, draw, loss float64) {
	win = logistic((s - a) / b)
	loss = logistic((-s - a) / b)
	return win, max(1-win-loss, 0), loss
}

// WDL is an expected result per mille: wins, draws and losses for the side
// to move, summing to 1000.
type WDL struct {
	W, D, L int
}

// Flip is the same result from the other side's view.
func (w WDL) Flip() WDL {
	return WDL{w.L, w.D, w.W}
}

// Expected is the expected score per mille: W + D/2.
func (w WDL) Expected() float64 {
	return float64(w.W) + float64(w.D)/2
}

// String is "W D L", the form of the UCI wdl field.
func (w WDL) String() string {
	return fmt.Sprintf("%d %d %d", w.W, w.D, w.L)
}

// PerMille is the model's WDL for a score of cp centipawns with material on
// the board, rounded so that the three add up to 1000. It does not
// allocate.
func (m *Model) PerMille(cp, material int) WDL {
	win, _, loss := m.Probs(cp, material)
	w := int(math.Round(1000 * win))
	l := int(math.Round(1000 * loss))
	if w+l > 1000 { // only for a model that fails Check
		l = 1000 - w
	}
	return WDL{W: w, D: 1000 - w - l, L: l}
}

// Mate is the WDL of a mate score: moves > 0 when the side to move mates,
// moves <= 0 when it is mated (0: mated on the board).
func Mate(moves int) WDL {
	if moves > 0 {
		return WDL{W: 1000}
	}
	return WDL{L: 1000}
}

// Default is the model fitted to Bounder's self-play, compiled in
// (coeffs.go).
func Default() Model {
	return fitted
}
