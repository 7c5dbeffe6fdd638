package train

import "golang.org/x/sys/cpu"

// useAVX2 selects the assembly kernel (simd_amd64.s) for the row additions
// that take most of a training step; addF32 is kept for other machines and
// as the reference the test compares with.
var useAVX2 = cpu.X86.HasAVX2

//go:noescape
func addF32AVX2(dst, src *float32, n int)

// addRow adds src to dst (of the same length).
func addRow(dst, src []float32) {
	if n := len(dst); useAVX2 && n > 0 && n%8 == 0 && len(src) >= n {
		addF32AVX2(&dst[0], &src[0], n)
		return
	}
	addF32(dst, src)
}
