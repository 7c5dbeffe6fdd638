//go:build linux && !race

package search

import (
	"testing"
	"unsafe"
)

// A table of a huge page or more is mapped aligned to a huge page, zeroed,
// usable, and freed by its function; a smaller one comes from the heap.
func TestAllocBuckets(t *testing.T) {
	per := int(unsafe.Sizeof(ttBucket{}))
	for _, n := range []int{1, hugePage/per - 1, hugePage / per, 3*hugePage/per + 5} {
		b, free := allocBuckets(n)
		if len(b) != n {
			t.Fatalf("%d buckets asked, %d given", n, len(b))
		}
		if addr := uintptr(unsafe.Pointer(&b[0])); n*per >= hugePage && addr%hugePage != 0 {
			t.Errorf("%d buckets at %#x: not aligned to a huge page", n, addr)
		}
		for i := range b {
			for j := range b[i] {
				if b[i][j].data.Load() != 0 || b[i][j].check.Load() != 0 {
					t.Fatalf("%d buckets: bucket %d not zeroed", n, i)
				}
			}
		}
		b[n-1][bucketSize-1].data.Store(42)
		if b[n-1][bucketSize-1].data.Load() != 42 {
			t.Fatalf("%d buckets: store lost", n)
		}
		free()
	}
}

// Resizing frees the old mapping and the new table works.
func TestTTResizeMapped(t *testing.T) {
	tt := NewTT(4)
	for _, mib := range []int{8, 2, 1, 3} {
		tt.Resize(mib)
		key := uint64(0x123456789abcdef) * uint64(mib)
		tt.Store(key, 0, 5, -10, 10, 3, 0)
		if e, ok := tt.Probe(key, 0); !ok || e.lower != 3 || e.upper != 3 || e.draft != 5 {
			t.Fatalf("%d MiB: probe after store: %+v %v", mib, e, ok)
		}
	}
}
