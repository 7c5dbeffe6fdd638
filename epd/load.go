package epd

import (
	"bufio"
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

// LoadSuite reads EPD records from r. Blank lines and lines starting with
// '#' are skipped; CRLF line ends and a UTF-8 byte-order mark are accepted.
func LoadSuite(name string, r io.Reader) (*Suite, error) {
	s := &Suite{Name: name}
	br := bufio.NewReader(r)
	base := filepath.Base(name)
	for n := 1; ; n++ {
		line, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		if line == "" && err == io.EOF {
			return s, nil
		}
		if n == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		text := strings.TrimSpace(line)
		if text != "" && text[0] != '#' {
			p, perr := parseProblem(text)
			if perr != nil {
				s.Malformed = append(s.Malformed, &LineError{File: name, Line: n, Err: perr})
			} else {
				p.File, p.Line = name, n
				if p.ID == "" {
					p.ID = fmt.Sprintf("%s:%d", base, n)
				}
				s.Problems = append(s.Problems, p)
			}
		}
		if err == io.EOF {
			return s, nil
		}
	}
}

func parseProblem(text string) (*Problem, error) {
	r, err := ParseEPD(text)
	if err != nil {
		return nil, err
	}
	return NewProblem(r)
}
