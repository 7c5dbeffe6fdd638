package epd

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// LineError is a malformed line: reported with its place and skipped.
type LineError struct {
	File string
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }

// Suite is one EPD file, read and resolved.
type Suite struct {
	Name      string // as given
	Problems  []*Problem
	Malformed []*LineError
}

// ReadSuite reads an EPD file ("-" is standard input). The error is for a
// file that cannot be read; bad lines are collected in Malformed.
func ReadSuite(name string, stdin io.Reader) (*Suite, error) {
	if name == "-" {
		return LoadSuite(name, stdin)
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return LoadSuite(name, f)
}

// maxLineBytes caps a line of an EPD file, as perft and tune cap theirs
// (bufio.Scanner with a 1 MiB buffer): a record is a few hundred bytes, and
// a file without line breaks (/dev/zero, a binary given by mistake) must
// not be read into memory whole.
const maxLineBytes = 1 << 20

// LoadSuite reads EPD records from r. Blank lines and lines starting with
// '#' are skipped; CRLF line ends and a UTF-8 byte-order mark are accepted.
// A line longer than 1 MiB is an error naming the file and the line.
func LoadSuite(name string, r io.Reader) (*Suite, error) {
	s := &Suite{Name: name}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxLineBytes)
	base := filepath.Base(name)
	n := 1
	for ; sc.Scan(); n++ {
		line := sc.Text()
		if n == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		text := strings.TrimSpace(line)
		if text == "" || text[0] == '#' {
			continue
		}
		p, perr := parseProblem(text)
		if perr != nil {
			s.Malformed = append(s.Malformed, &LineError{File: name, Line: n, Err: perr})
			continue
		}
		p.File, p.Line = name, n
		if p.ID == "" {
			p.ID = fmt.Sprintf("%s:%d", base, n)
		}
		s.Problems = append(s.Problems, p)
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return nil, fmt.Errorf("%s:%d: line longer than %d bytes: not an EPD file?", name, n, maxLineBytes)
	case err != nil:
		return nil, fmt.Errorf("%s:%d: %w", name, n, err)
	}
	return s, nil
}

func parseProblem(text string) (*Problem, error) {
	r, err := ParseEPD(text)
	if err != nil {
		return nil, err
	}
	return NewProblem(r)
}
