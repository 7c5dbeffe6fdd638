//go:build !amd64

package train

var useAVX2 = false

func addRow(dst, src []float32) { addF32(dst, src) }
