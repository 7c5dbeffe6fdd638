// Package gz reads files that may be gzip-compressed.
package gz

import (
	"bufio"
	"compress/gzip"
	"io"
)

// MaybeGzip is r, decompressed when it begins with gzip's magic bytes; a
// short or empty input is read as it is.
func MaybeGzip(r io.Reader) (io.Reader, error) {
	br := bufio.NewReader(r)
	magic, err := br.Peek(2)
	if err != nil || magic[0] != 0x1f || magic[1] != 0x8b {
		return br, nil
	}
	return gzip.NewReader(br)
}
