//go:build !amd64

package nnue

var useAVX2 = false

func subAddFast(dst, src, sub, add []int16)          { subAdd(dst, src, sub, add) }
func subAddSubFast(dst, src, sub, add, sub2 []int16) { subAddSub(dst, src, sub, add, sub2) }
func dotFast(us, them, w []int16) int32              { return dot(us, them, w) }
func dotSqFast(us, them, w []int16) int32            { return dotSq(us, them, w) }
