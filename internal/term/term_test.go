package term

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestIs(t *testing.T) {
	if Is(&bytes.Buffer{}) {
		t.Error("a buffer is not a terminal")
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if Is(f) {
		t.Error("a regular file is not a terminal")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if Is(w) {
		t.Error("a pipe is not a terminal")
	}
	f.Close()
	if Is(f) {
		t.Error("a closed file is not a terminal")
	}
	if null, err := os.Open(os.DevNull); err == nil {
		defer null.Close()
		if !Is(null) {
			t.Errorf("%s is a character device", os.DevNull)
		}
	}
}
