package tune

import (
	"fmt"
	"io"
	"math"
	"runtime"

	"github.com/bounder-chess/bounder/eval"
)

// Term scales (bounder tune --scales): instead of every weight, one
// middlegame and one endgame multiplier per term of the breakdown
// (eval.Term), applied to the starting weights. Material stays at 1, so
// that the evaluation keeps the material scale the search's margins are set
// in; every other term moves relative to it. About twenty numbers cannot
// follow the noise of rare features, which is what made free fits play
// worse (docs/tuning.md sections 3 and 9), yet they can say that a whole
// term is weighted too little or too much.

// Scales are the multipliers of each term: [t][0] middlegame, [t][1] endgame.
type Scales [eval.NumTerms][2]float64

// unitScales leaves every weight as it is.
func unitScales() Scales {
	var s Scales
	for t := range s {
		s[t] = [2]float64{1, 1}
	}
	return s
}

// fixedTerm reports the terms --scales leaves at 1: material (the anchor)
// and the terms whose groups are frozen (mop-up, which guides the search in
// won endings rather than predicts results).
func fixedTerm(t eval.Term) bool {
	if t == eval.TermMaterial {
		return true
	}
	for _, g := range eval.Groups() {
		if g.Term == t && g.Frozen {
			return true
		}
	}
	return false
}

// apply returns p with every weight multiplied by its term's scales.
func (s *Scales) apply(p *params) *params {
	var q params
	for i := 0; i < eval.NumWeights; i++ {
		t := eval.TermOf(i)
		q[2*i], q[2*i+1] = p[2*i]*s[t][0], p[2*i+1]*s[t][1]
	}
	return &q
}

// termSums are a sample's sums of weight × count per term, white's view,
// the middlegame ones already multiplied by the phase and the endgame ones
// by its complement: the score is then linear in the scales.
type termSums [eval.NumTerms][2]float64

// sums computes the termSums of every sample of d under the weights p.
func (d *Dataset) sums(p *params) []termSums {
	out := make([]termSums, len(d.samples))
	for i := range d.samples {
		s := &d.samples[i]
		ts := &out[i]
		for _, c := range d.coefs[s.start : s.start+uint32(s.n)] {
			t := eval.TermOf(int(c.idx))
			ts[t][0] += p[2*int(c.idx)] * float64(c.val)
			ts[t][1] += p[2*int(c.idx)+1] * float64(c.val)
		}
		for t := range ts {
			ts[t][0] *= float64(s.phase)
			ts[t][1] *= float64(eval.MaxPhase - int(s.phase))
		}
	}
	return out
}

// scaledScore is Dataset.score under the weights the sums came from,
// scaled by sc: white's view, and the scale factor it used.
func scaledScore(s *sample, ts *termSums, sc *Scales) (v, scale float64) {
	t := 0.0
	for i := range ts {
		t += ts[i][0]*sc[i][0] + ts[i][1]*sc[i][1]
	}
	scale = float64(s.scaleW)
	if t < 0 {
		scale = float64(s.scaleB)
	}
	return t * scale / taperNorm, scale
}

// FitScales fits the term scales to d's targets with the weights p and the
// constant k: full-batch Adam, steps times, from 1. The fixed terms
// (fixedTerm) stay at 1.
func (d *Dataset) FitScales(p *params, k float64, steps, threads int) Scales {
	sums := d.sums(p)
	sc := unitScales()
	var m, v Scales
	const lr, b1, b2, eps = 0.01, 0.9, 0.999, 1e-12
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0) // as parallel reads 0
	}
	var fixed [eval.NumTerms]bool
	for t := range fixed {
		fixed[t] = fixedTerm(eval.Term(t))
	}
	grads := make([]Scales, threads)
	c := -2 * math.Ln10 * k / 400 / taperNorm
	for step := 1; step <= steps; step++ {
		for i := range grads {
			grads[i] = Scales{}
		}
		parallel(len(d.samples), threads, func(w, lo, hi int) {
			g := &grads[w]
			for i := lo; i < hi; i++ {
				s := &d.samples[i]
				v, scale := scaledScore(s, &sums[i], &sc)
				if scale == 0 {
					continue
				}
				sg := sigmoid(k, v)
				dv := c * (float64(s.target) - sg) * sg * (1 - sg) * scale
				for t := range g {
					g[t][0] += dv * sums[i][t][0]
					g[t][1] += dv * sums[i][t][1]
				}
			}
		})
		c1, c2 := 1-math.Pow(b1, float64(step)), 1-math.Pow(b2, float64(step))
		for t := range sc {
			if fixed[t] {
				continue
			}
			for h := 0; h < 2; h++ {
				g := 0.0
				for w := range grads {
					g += grads[w][t][h]
				}
				g /= float64(len(d.samples))
				m[t][h] = b1*m[t][h] + (1-b1)*g
				v[t][h] = b2*v[t][h] + (1-b2)*g*g
				sc[t][h] -= lr * (m[t][h] / c1) / (math.Sqrt(v[t][h]/c2) + eps)
			}
		}
	}
	return sc
}

// writeScales prints the fitted scales, a term a line.
func writeScales(w io.Writer, sc *Scales) {
	fmt.Fprintln(w, "term scales (middlegame, endgame; material and mop-up fixed at 1):")
	for t := range sc {
		note := ""
		if fixedTerm(eval.Term(t)) {
			note = "  (fixed)"
		}
		fmt.Fprintf(w, "  %-14s %5.2f %5.2f%s\n", eval.Term(t), sc[t][0], sc[t][1], note)
	}
}
