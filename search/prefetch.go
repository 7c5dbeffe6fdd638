package search

import "unsafe"

// prefetchBucket asks the processor to start loading the bucket of key, so
// that the probe a little later finds it in the cache: a probe is mostly a
// cache miss, and a move's child is probed right after the move is made.
func (t *TT) prefetchBucket(key uint64) {
	prefetch(unsafe.Pointer(t.bucket(key)))
}
