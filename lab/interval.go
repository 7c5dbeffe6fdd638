package lab

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// Intervals. Every ratio the lab prints is a ratio of sums over units
// (positions, or synthetic trees): Σa / Σb, a and b one count per unit of
// two series searched on the same units (a driver's leaves and the
// baseline's, say), or a count and 1 (a mean: passes per iteration). Its
// 95% interval is a paired bootstrap over the units: bootstrapResamples
// times, as many units as there are are drawn with replacement, the same
// draw for a and b (so that what the units share, a hard position for
// every driver, cancels), and the ratio of sums recomputed; the interval
// is the 2.5th and 97.5th percentiles of those ratios. The draws come from
// a fixed seed, so the same counts give the same interval in every run.
// A ratio of two series on different units (the transposing trees against
// the random ones) draws a and b independently (ratioIntervalUnpaired).
//
// A paper's figure is a range (paperRange); a result agrees with it when
// its interval overlaps the range, and differs when the interval lies
// wholly above or below (verdict).

// bootstrapResamples and bootstrapSeed: 2000 resamples from a fixed seed.
const (
	bootstrapResamples = 2000
	bootstrapSeed      = 0x1ab2_0065
)

// interval is a ratio with its 95% bootstrap interval; all NaN when the
// ratio has no denominator.
type interval struct{ r, lo, hi float64 }

// splitmix is splitmix64, written out so that a seed gives the same draws
// with every Go release.
type splitmix struct{ x uint64 }

func (s *splitmix) next() uint64 {
	s.x += 0x9e3779b97f4a7c15
	z := s.x
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// below is a draw in 0..n-1.
func (s *splitmix) below(n int) int {
	hi, _ := bits.Mul64(s.next(), uint64(n))
	return int(hi)
}

// ratioInterval is Σa / Σb with its paired bootstrap interval over the
// units (a and b of the same length, one entry per unit).
func ratioInterval(a, b []float64) interval {
	if len(a) != len(b) {
		panic("lab: ratioInterval of unpaired counts")
	}
	return bootstrap(a, b, true)
}

// ratioIntervalUnpaired is Σa / Σb with a bootstrap interval that draws
// a's units and b's independently: a and b are counts of different units.
func ratioIntervalUnpaired(a, b []float64) interval { return bootstrap(a, b, false) }

func bootstrap(a, b []float64, paired bool) interval {
	sa, sb := sum(a), sum(b)
	if len(a) == 0 || len(b) == 0 || sb == 0 {
		return interval{nan, nan, nan}
	}
	iv := interval{r: sa / sb}
	rng := splitmix{bootstrapSeed}
	rs := make([]float64, 0, bootstrapResamples)
	for k := 0; k < bootstrapResamples; k++ {
		var ra, rb float64
		for range a {
			i := rng.below(len(a))
			ra += a[i]
			if paired {
				rb += b[i]
			}
		}
		if !paired {
			for range b {
				rb += b[rng.below(len(b))]
			}
		}
		if rb != 0 { // a draw without a denominator says nothing
			rs = append(rs, ra/rb)
		}
	}
	if len(rs) == 0 {
		return interval{iv.r, nan, nan}
	}
	slices.Sort(rs)
	iv.lo, iv.hi = quantile(rs, 0.025), quantile(rs, 0.975)
	return iv
}

// quantile is the p-quantile of sorted xs, interpolated between the order
// statistics (Hyndman and Fan's type 7).
func quantile(xs []float64, p float64) float64 {
	h := p * float64(len(xs)-1)
	i := int(math.Floor(h))
	if i+1 >= len(xs) {
		return xs[len(xs)-1]
	}
	return xs[i] + (h-float64(i))*(xs[i+1]-xs[i])
}

func sum(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s
}

// ones is n ones: the denominator of a mean per unit.
func ones(n int) []float64 {
	xs := make([]float64, n)
	for i := range xs {
		xs[i] = 1
	}
	return xs
}

// fmtCI writes a ratio and its interval with three decimals:
// "0.968 (0.951–0.985)"; "1.000" for an interval of no width at that
// precision (the baseline's own); "—" for no ratio.
func fmtCI(iv interval) string { return fmtIntervalPrec(iv, 3) }

// fmtMeanCI writes a mean (passes) with one decimal: "4.2 (3.9–4.6)".
func fmtMeanCI(iv interval) string { return fmtIntervalPrec(iv, 1) }

func fmtIntervalPrec(iv interval, prec int) string {
	if iv.r != iv.r {
		return "—"
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', prec, 64) }
	if iv.lo != iv.lo || f(iv.lo) == f(iv.r) && f(iv.hi) == f(iv.r) {
		return f(iv.r) // no interval, or none to see at this precision
	}
	return fmt.Sprintf("%s (%s–%s)", f(iv.r), f(iv.lo), f(iv.hi))
}

// paperRange is a paper's figure as a range, inclusive; an open side is
// ±Inf. A single number is a range of one point. "≈ x" in a paper's text
// is read as x ± 2.5% (a figure read to a few percent).
type paperRange struct{ lo, hi float64 }

func exactly(x float64) paperRange { return paperRange{x, x} }
func about(x float64) paperRange   { return paperRange{x * 0.975, x * 1.025} }
func atLeast(x float64) paperRange { return paperRange{x, math.Inf(1)} }
func atMost(x float64) paperRange  { return paperRange{math.Inf(-1), x} }

func (p paperRange) String() string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	switch {
	case p.lo == p.hi:
		return f(p.lo)
	case math.IsInf(p.hi, 1):
		return "≥ " + f(p.lo)
	case math.IsInf(p.lo, -1):
		return "≤ " + f(p.hi)
	}
	return fmt.Sprintf("%s–%s", strconv.FormatFloat(p.lo, 'f', 3, 64), strconv.FormatFloat(p.hi, 'f', 3, 64))
}

// verdict judges a result's interval against the paper's range: "agrees"
// when they overlap, else "differs" and which way; "—" for no interval.
func verdict(iv interval, p paperRange) string {
	lo, hi := iv.lo, iv.hi
	if lo != lo { // no interval: the point alone
		lo, hi = iv.r, iv.r
	}
	switch {
	case iv.r != iv.r:
		return "—"
	case hi < p.lo:
		return "**differs**: below " + p.String()
	case lo > p.hi:
		return "**differs**: above " + p.String()
	}
	return "agrees with " + p.String()
}

// verdicts judges several results against one range and says which agree
// and which differ, by label: "agrees with 0.700–0.800 at w8, w16;
// **differs** (above) at w2".
func verdicts(labels []string, ivs []interval, p paperRange) string {
	var agree, above, below []string
	for i, iv := range ivs {
		v := verdict(iv, p)
		switch {
		case strings.HasPrefix(v, "agrees"):
			agree = append(agree, labels[i])
		case strings.Contains(v, "above"):
			above = append(above, labels[i])
		case strings.Contains(v, "below"):
			below = append(below, labels[i])
		}
	}
	var parts []string
	if len(agree) > 0 {
		parts = append(parts, "agrees with "+p.String()+" at "+strings.Join(agree, ", "))
	}
	if len(above) > 0 {
		parts = append(parts, "**differs** (above "+p.String()+") at "+strings.Join(above, ", "))
	}
	if len(below) > 0 {
		parts = append(parts, "**differs** (below "+p.String()+") at "+strings.Join(below, ", "))
	}
	if len(parts) == 0 {
		return "—"
	}
	return strings.Join(parts, "; ")
}
