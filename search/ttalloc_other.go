//go:build !linux || race

package search

// allocBuckets returns n zeroed buckets, and the function that frees them:
// from the heap, where nothing is to be freed by hand. (The race detector
// watches the heap only, so race builds use this one on Linux too.)
func allocBuckets(n int) ([]ttBucket, func()) { return make([]ttBucket, n), func() {} }
