package golden

import (
	"math"
	"testing"
)

func TestMinimize(t *testing.T) {
	for _, c := range []struct{ min, lo, hi float64 }{{3, 0, 10}, {0.2, 0.05, 10}, {118.6, 50, 1000}} {
		got := Minimize(func(x float64) float64 { return (x - c.min) * (x - c.min) }, c.lo, c.hi, 1e-6)
		if math.Abs(got-c.min) > 1e-5 {
			t.Errorf("minimum %g in [%g, %g]: got %g", c.min, c.lo, c.hi, got)
		}
	}
	// At an end of the interval when the minimum lies outside it.
	if got := Minimize(func(x float64) float64 { return -x }, 0, 1, 1e-6); math.Abs(got-1) > 1e-5 {
		t.Errorf("decreasing function: got %g, want 1", got)
	}
}
