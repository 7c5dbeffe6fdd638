package gz

import (
	"bytes"
	"compress/gzip"
	"io"
	"testing"
)

// Gzip input comes out decompressed, anything else as it is, and a
// truncated gzip stream is an error when read.
func TestMaybeGzip(t *testing.T) {
	text := []byte("8/8/4k3/8/8/3K4/8/8 w - - 0.5\n")
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write(bytes.Repeat(text, 100))
	zw.Close()
	for _, tc := range []struct {
		name string
		in   []byte
		want []byte
	}{
		{"plain", text, text},
		{"empty", nil, nil},
		{"one byte", []byte{0x1f}, []byte{0x1f}},
		{"gzip", zb.Bytes(), bytes.Repeat(text, 100)},
	} {
		r, err := MaybeGzip(bytes.NewReader(tc.in))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got, err := io.ReadAll(r)
		if err != nil || !bytes.Equal(got, tc.want) {
			t.Errorf("%s: %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
	r, err := MaybeGzip(bytes.NewReader(zb.Bytes()[:zb.Len()/2]))
	if err == nil {
		_, err = io.ReadAll(r)
	}
	if err == nil {
		t.Error("truncated gzip: no error")
	}
}
