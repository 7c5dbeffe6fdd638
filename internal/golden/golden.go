// Package golden minimises a unimodal function of one variable by
// golden-section search: the scale K of the sigmoid that bounder tune and
// bounder train fit to game results.
package golden

import "math"

// Minimize returns the x in [lo, hi] where f is least, to within tol; f
// must be unimodal on the interval.
func Minimize(f func(x float64) float64, lo, hi, tol float64) float64 {
	g := (math.Sqrt(5) - 1) / 2
	a, b := hi-g*(hi-lo), lo+g*(hi-lo)
	fa, fb := f(a), f(b)
	for hi-lo > tol {
		if fa < fb {
			hi, b, fb = b, a, fa
			a = hi - g*(hi-lo)
			fa = f(a)
		} else {
			lo, a, fa = a, b, fb
			b = lo + g*(hi-lo)
			fb = f(b)
		}
	}
	return (lo + hi) / 2
}
