//go:build linux && !race

package search

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on amd64 and arm64.
const hugePage = 2 << 20

// allocBuckets returns n zeroed buckets, and the function that frees them.
// On Linux a table of at least a huge page is mapped outside the Go heap,
// aligned to a huge page and marked for transparent huge pages: a probe then
// rarely misses the TLB as well as the cache (kernels that default THP to
// "madvise" give the heap none). Should the mapping fail, the heap it is.
func allocBuckets(n int) ([]ttBucket, func()) {
	size := n * int(unsafe.Sizeof(ttBucket{}))
	if size < hugePage {
		return make([]ttBucket, n), func() {}
	}
	mem, err := syscall.Mmap(-1, 0, size+hugePage, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return make([]ttBucket, n), func() {}
	}
	off := 0
	if r := uintptr(unsafe.Pointer(&mem[0])) % hugePage; r != 0 {
		off = int(hugePage - r)
	}
	table := mem[off : off+size]
	_ = syscall.Madvise(table, syscall.MADV_HUGEPAGE) // advice only: nothing to do if refused
	buckets := unsafe.Slice((*ttBucket)(unsafe.Pointer(&table[0])), n)
	return buckets, func() { _ = syscall.Munmap(mem) }
}
