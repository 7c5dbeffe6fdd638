package lab

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRatioIntervalKnown: intervals whose answer is known.
func TestRatioIntervalKnown(t *testing.T) {
	// Identical columns: every resample's ratio is 1.
	a := []float64{3, 10, 7, 120, 5}
	iv := ratioInterval(a, a)
	assert.Equal(t, interval{1, 1, 1}, iv)

	// One column a multiple of the other: the ratio, with no width.
	b := make([]float64, len(a))
	for i := range a {
		b[i] = 2.5 * a[i]
	}
	iv = ratioInterval(b, a)
	assert.InDelta(t, 2.5, iv.r, 1e-12)
	assert.InDelta(t, 2.5, iv.lo, 1e-12)
	assert.InDelta(t, 2.5, iv.hi, 1e-12)

	// Two units, a = (1, 0) over b = (1, 1): a resample holds unit 0
	// twice (ratio 1, probability 1/4), unit 1 twice (0, 1/4) or both (0.5,
	// 1/2); so the ratio is 0.5 and the 2.5th and 97.5th percentiles are 0
	// and 1.
	iv = ratioInterval([]float64{1, 0}, []float64{1, 1})
	assert.Equal(t, interval{0.5, 0, 1}, iv)

	// A mean: counts over ones.
	iv = ratioInterval([]float64{4, 4, 4}, ones(3))
	assert.Equal(t, interval{4, 4, 4}, iv)

	// No denominator: no ratio.
	iv = ratioInterval([]float64{1, 2}, []float64{0, 0})
	assert.True(t, math.IsNaN(iv.r) && math.IsNaN(iv.lo) && math.IsNaN(iv.hi))
	assert.Equal(t, "—", fmtCI(iv))
}

// TestRatioIntervalProperties: the interval holds the ratio, lies within the
// units' own ratios (a ratio of sums is a weighted mean of them), repeats
// exactly, narrows as the units grow in number, and a paired interval is
// narrower than an unpaired one when the units share their difficulty.
func TestRatioIntervalProperties(t *testing.T) {
	rng := splitmix{42}
	gen := func(n int) (a, b []float64) {
		for i := 0; i < n; i++ {
			size := float64(1 + rng.below(10000)) // units of very different sizes
			noise := 0.9 + 0.2*float64(rng.below(1000))/1000
			a = append(a, size*0.8*noise)
			b = append(b, size)
		}
		return a, b
	}
	a, b := gen(25)
	iv := ratioInterval(a, b)
	require.LessOrEqual(t, iv.lo, iv.r)
	require.LessOrEqual(t, iv.r, iv.hi)
	minR, maxR := math.Inf(1), math.Inf(-1)
	for i := range a {
		minR, maxR = min(minR, a[i]/b[i]), max(maxR, a[i]/b[i])
	}
	assert.GreaterOrEqual(t, iv.lo, minR)
	assert.LessOrEqual(t, iv.hi, maxR)
	assert.Less(t, iv.lo, iv.hi, "different per-unit ratios: some width")
	assert.Equal(t, iv, ratioInterval(a, b), "a fixed seed: the same interval")
	assert.InDelta(t, 0.8, iv.r, 0.05)

	big, bigB := gen(400)
	wide := ratioInterval(big, bigB)
	assert.Less(t, wide.hi-wide.lo, (iv.hi-iv.lo)/2, "16 times the units: about a quarter of the width")
	assert.True(t, wide.lo <= 0.8 && 0.8 <= wide.hi, "400 units hold the true ratio 0.8: %v", wide)

	un := ratioIntervalUnpaired(big, bigB)
	assert.InDelta(t, wide.r, un.r, 1e-12)
	assert.Greater(t, un.hi-un.lo, 3*(wide.hi-wide.lo), "pairing cancels the units' sizes")
}

func TestVerdict(t *testing.T) {
	assert.Equal(t, "agrees with 0.900–0.950", verdict(interval{0.96, 0.94, 0.98}, paperRange{0.90, 0.95}))
	assert.Equal(t, "**differs**: above 0.900–0.950", verdict(interval{0.97, 0.96, 0.98}, paperRange{0.90, 0.95}))
	assert.Equal(t, "**differs**: below 0.781", verdict(interval{0.7, 0.65, 0.75}, exactly(0.781)))
	assert.Equal(t, "agrees with 0.781", verdict(interval{0.8, 0.75, 0.85}, exactly(0.781)))
	assert.Equal(t, "agrees with ≥ 1", verdict(interval{1.1, 0.99, 1.2}, atLeast(1)))
	assert.Equal(t, "**differs**: above ≤ 1", verdict(interval{1.1, 1.01, 1.2}, atMost(1)))
	assert.Equal(t, "—", verdict(interval{nan, nan, nan}, atMost(1)))
	assert.True(t, strings.HasPrefix(verdict(interval{0.8, nan, nan}, about(0.8)), "agrees"), "a point alone is judged as a point")
	assert.Equal(t, "agrees with 0.700–0.800 at w8; **differs** (above 0.700–0.800) at w2, w4",
		verdicts([]string{"w2", "w4", "w8"}, []interval{{0.9, 0.85, 0.95}, {0.85, 0.81, 0.9}, {0.75, 0.7, 0.8}}, paperRange{0.7, 0.8}))
	assert.Equal(t, "0.968 (0.951–0.985)", fmtCI(interval{0.968, 0.951, 0.985}))
	assert.Equal(t, "1.000", fmtCI(interval{1, 1, 1}), "no width to see")
	assert.Equal(t, "0.500", fmtCI(interval{0.5, nan, nan}))
	assert.Equal(t, "4.2 (3.9–4.6)", fmtMeanCI(interval{4.2, 3.91, 4.6}))
}
