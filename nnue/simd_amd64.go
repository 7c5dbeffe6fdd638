package nnue

import (
	"golang.org/x/sys/cpu"
)

// useAVX2 selects the assembly kernels (simd_amd64.s); the plain Go ones
// are kept for other machines and as the reference the tests compare with.
var useAVX2 = cpu.X86.HasAVX2

//go:noescape
func subAddAVX2(dst, src, sub, add *int16, n int)

//go:noescape
func subAddSubAVX2(dst, src, sub, add, sub2 *int16, n int)

//go:noescape
func dotAVX2(us, them, w *int16, n int, qa int16) int32

//go:noescape
func dotSqAVX2(us, them, w *int16, n int, qa int16) int32

func simdOK(n int) bool { return useAVX2 && n > 0 && n%16 == 0 }

func subAddFast(dst, src, sub, add []int16) {
	if simdOK(len(dst)) {
		subAddAVX2(&dst[0], &src[0], &sub[0], &add[0], len(dst))
		return
	}
	subAdd(dst, src, sub, add)
}

func subAddSubFast(dst, src, sub, add, sub2 []int16) {
	if simdOK(len(dst)) {
		subAddSubAVX2(&dst[0], &src[0], &sub[0], &add[0], &sub2[0], len(dst))
		return
	}
	subAddSub(dst, src, sub, add, sub2)
}

func dotFast(us, them, w []int16) int32 {
	if n := len(us); simdOK(n) && len(them) == n && len(w) == 2*n {
		return dotAVX2(&us[0], &them[0], &w[0], n, QA)
	}
	return dot(us, them, w)
}

func dotSqFast(us, them, w []int16) int32 {
	if n := len(us); simdOK(n) && len(them) == n && len(w) == 2*n {
		return dotSqAVX2(&us[0], &them[0], &w[0], n, QA)
	}
	return dotSq(us, them, w)
}
