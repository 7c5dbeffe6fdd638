package nnue

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestKernelsAgree: the kernels the stack runs (assembly where the machine
// has AVX2) give what the plain Go ones give, at every size the nets use
// and at the ends of the int16 range.
func TestKernelsAgree(t *testing.T) {
	if !useAVX2 {
		t.Log("no AVX2 here: the plain Go kernels are the ones run")
	}
	rng := rand.New(rand.NewSource(9))
	vec := func(n int) []int16 {
		v := make([]int16, n)
		for i := range v {
			switch rng.Intn(8) {
			case 0:
				v[i] = 32767
			case 1:
				v[i] = -32768
			default:
				v[i] = int16(rng.Intn(1200) - 600)
			}
		}
		return v
	}
	for _, n := range []int{16, 32, 128, 256, 512, 24} {
		src, a, b, c := vec(n), vec(n), vec(n), vec(n)
		want, got := make([]int16, n), make([]int16, n)
		subAdd(want, src, a, b)
		subAddFast(got, src, a, b)
		require.Equal(t, want, got, "subAdd %d", n)
		subAddSub(want, src, a, b, c)
		subAddSubFast(got, src, a, b, c)
		require.Equal(t, want, got, "subAddSub %d", n)
		w := vec(2 * n)
		for i := range w {
			w[i] %= 200 // output weights are small: the int32 sum cannot overflow
		}
		require.Equal(t, dot(a, b, w), dotFast(a, b, w), "dot %d", n)
		require.Equal(t, dotSq(a, b, w), dotSqFast(a, b, w), "dotSq %d", n)
		// Within the trainer's bound |w| <= 127 the int16 product is exact
		// and so is the sum (two accumulators of 0..QA, so no overflow).
		var exact int64
		for i := range a {
			ca, cb := int64(crelu(a[i])), int64(crelu(b[i]))
			exact += ca*ca*int64(w[i]%128) + cb*cb*int64(w[n+i]%128)
		}
		for i := range w {
			w[i] %= 128
		}
		require.EqualValues(t, exact, dotSqFast(a, b, w), "dotSq %d exact", n)
		// Beyond it both wrap alike: the kernels still agree.
		for i := range w {
			w[i] = vec(1)[0]
		}
		require.Equal(t, dotSq(a, b, w), dotSqFast(a, b, w), "dotSq %d wrapped", n)
	}
}
