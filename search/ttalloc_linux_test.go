//go:build linux && !race

package search

import (
	"syscall"
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
		tt.Store(key, 0, 5, -10, 10, 3, 0, false)
		if e, ok := tt.Probe(key, 0); !ok || e.lower != 3 || e.upper != 3 || e.draft != 5 {
			t.Fatalf("%d MiB: probe after store: %+v %v", mib, e, ok)
		}
	}
}

// TestTableIsResidentWhenMade: every page of a new table is in memory
// before any search uses it (issue 24: a first search with a big table
// paid for mapping its pages and overran its clock). mincore(2) tells
// which pages of a range are resident.
func TestTableIsResidentWhenMade(t *testing.T) {
	for _, mib := range []int{1, 64} {
		tt := NewTT(mib)
		mem := unsafe.Slice((*byte)(unsafe.Pointer(&tt.buckets[0])), len(tt.buckets)*int(unsafe.Sizeof(ttBucket{})))
		// mincore wants a page-aligned start: round down (the page holding
		// the table's first byte holds part of the table).
		const page = 4096
		start := uintptr(unsafe.Pointer(&mem[0])) &^ (page - 1)
		length := uintptr(unsafe.Pointer(&mem[0])) + uintptr(len(mem)) - start
		vec := make([]byte, (length+page-1)/page)
		if _, _, errno := syscall.Syscall(syscall.SYS_MINCORE, start, length, uintptr(unsafe.Pointer(&vec[0]))); errno != 0 {
			t.Skipf("mincore: %v", errno)
		}
		missing := 0
		for _, v := range vec {
			if v&1 == 0 {
				missing++
			}
		}
		if missing > 0 {
			t.Errorf("%d MiB: %d of %d pages not resident after NewTT", mib, missing, len(vec))
		}
	}
}
