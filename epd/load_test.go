package epd

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// zeros is an endless stream of NUL bytes, like /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// A file without line breaks is refused after 1 MiB, naming the file and
// the line, instead of being read into memory whole (bounder epd /dev/zero
// grew without bound).
func TestLoadSuiteCapsLines(t *testing.T) {
	good := "k7/8/8/8/8/8/1q6/K7 w - - bm Kxb2;\n"
	long := strings.Repeat("x", maxLineBytes+1) + "\n"
	// (The finite cases first: before the cap, an endless line would
	// exhaust the memory instead of failing.)
	_, err := LoadSuite("big.epd", strings.NewReader(good+good+long+good))
	if err == nil || !strings.HasPrefix(err.Error(), "big.epd:3: line longer than") {
		t.Fatalf("long third line: %v", err)
	}
	// Up to the cap, a line is read (and here reported as malformed).
	s, err := LoadSuite("ok.epd", strings.NewReader(good+strings.Repeat("y", maxLineBytes-1)+"\n"+good))
	if err != nil || len(s.Problems) != 2 || len(s.Malformed) != 1 || s.Malformed[0].Line != 2 {
		t.Fatalf("a long line under the cap: %v %+v", err, s)
	}
	// A read error names the line it interrupted.
	_, err = LoadSuite("broken.epd", io.MultiReader(strings.NewReader(good), iotest.ErrReader(io.ErrUnexpectedEOF)))
	if err == nil || !strings.HasPrefix(err.Error(), "broken.epd:2: ") {
		t.Fatalf("read error: %v", err)
	}
	_, err = LoadSuite("/dev/zero", zeros{})
	if err == nil || err.Error() != "/dev/zero:1: line longer than 1048576 bytes: not an EPD file?" {
		t.Fatalf("endless line: %v", err)
	}
}

// FuzzLoadSuite reads arbitrary bytes as an EPD file: no panic, and every
// line that is neither blank nor a comment is a problem or a malformed
// line, numbered in order.
//
//	go test ./epd -run '^$' -fuzz FuzzLoadSuite -fuzztime 30s
func FuzzLoadSuite(f *testing.F) {
	f.Add([]byte("k7/8/8/8/8/8/1q6/K7 w - - bm Kxb2; id \"a\";\r\n# c\n\nnot a record\n"))
	f.Add([]byte("\uFEFFrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bm e4"))
	f.Add([]byte("\x00\n\n\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := LoadSuite("f.epd", bytes.NewReader(data))
		if err != nil {
			t.Fatalf("in-memory data under the cap: %v", err)
		}
		want := 0
		for i, l := range strings.Split(string(data), "\n") {
			if i == 0 {
				l = strings.TrimPrefix(l, "\uFEFF")
			}
			if l = strings.TrimSpace(l); l != "" && l[0] != '#' {
				want++
			}
		}
		if got := len(s.Problems) + len(s.Malformed); got != want {
			t.Fatalf("%d records and malformed lines, want %d", got, want)
		}
		last := 0
		for _, p := range s.Problems {
			if p.Line <= last {
				t.Fatalf("line %d after %d", p.Line, last)
			}
			last = p.Line
		}
	})
}
