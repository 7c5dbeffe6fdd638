//go:build !unix

package syzygy

import "os"

// mapFile reads the whole table file: on systems without mmap through the
// syscall package the tables are read into memory on first use instead.
func mapFile(path string) ([]byte, func() error, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	return data, nil, nil
}
