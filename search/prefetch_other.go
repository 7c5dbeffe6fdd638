//go:build !amd64 && !arm64

package search

import "unsafe"

// prefetch does nothing where there is no assembly for the hint.
func prefetch(p unsafe.Pointer) {}
