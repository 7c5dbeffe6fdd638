//go:build unix

package syzygy

import (
	"fmt"
	"os"
	"syscall"
)

// mapFile maps a table file read-only. Mapping rather than reading lets
// the operating system page in only the blocks probes touch (a 7-piece set
// is many gigabytes) and share them between processes.
func mapFile(path string) ([]byte, func() error, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close() // the mapping outlives the descriptor
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := fi.Size()
	switch {
	case size == 0:
		return []byte{}, nil, nil // mmap refuses empty files; parse will reject it
	case size < 0 || int64(int(size)) != size:
		return nil, nil, fmt.Errorf("file of %d bytes is too large to map", size)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, fmt.Errorf("mmap: %w", err)
	}
	return data, func() error { return syscall.Munmap(data) }, nil
}
