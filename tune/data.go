package tune

import (
	"bufio"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/eval"
)

// ParseLine reads one line of tuning data: a FEN (4 or 6 fields) followed
// by the game result from white's view. The result may be written
//
//	1.0  0.5  0.0        (also 1, 0, .5, 1/2)
//	[1.0] [0.5] [0.0]    (bracketed)
//	1-0  1/2-1/2  0-1    (PGN style, optionally quoted)
//	c9 "1-0";            (an EPD opcode; other opcodes on the line are ignored)
//
// It returns the FEN part (fields joined by single spaces) and the result.
// A score after the result (see ParseLabels) is accepted and ignored.
func ParseLine(line string) (fen string, result float64, err error) {
	fen, l, err := ParseLabels(line)
	return fen, l.Result, err
}

// Labels are what a line of tuning data says about its position.
type Labels struct {
	Result   float64 // the game's result from white's view: 1, 0.5 or 0
	Score    int     // a search score in centipawns from white's view...
	HasScore bool    // ...when the line has one
}

// ParseLabels reads a line as ParseLine does, and also an optional search
// score after the result: a signed integer in centipawns from white's view,
// as "bounder datagen" writes it:
//
//	rnbqkb1r/pp2pppp/3p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R b KQkq - 2 5 0.5 -23
//
// A result written as a bare integer ("1", "0") takes no score: "FEN 0 1"
// would be ambiguous with a FEN's move counters. Write "1.0 35".
func ParseLabels(line string) (fen string, l Labels, err error) {
	f := strings.Fields(line)
	if len(f) < 5 {
		return "", l, errors.New("want a FEN and a result")
	}
	n := 4
	if len(f) >= 7 && isUint(f[4]) && isUint(f[5]) {
		n = 6
	}
	fen = strings.Join(f[:n], " ")
	rest := f[n:]
	if len(rest) == 2 && !isUint(rest[0]) && !strings.Contains(rest[1], ";") {
		if v, err := strconv.Atoi(rest[1]); err == nil {
			if v < -32000 || v > 32000 {
				return "", l, fmt.Errorf("score %d out of range", v)
			}
			l.Score, l.HasScore = v, true
			rest = rest[:1]
		}
	}
	r, err := parseResultField(strings.Join(rest, " "))
	if err != nil {
		return "", Labels{}, err
	}
	l.Result = r
	return fen, l, nil
}

// parseResultField reads the result part of a line (without a score).
func parseResultField(rest string) (float64, error) {
	if strings.Contains(rest, ";") || strings.HasPrefix(rest, "c9 ") {
		tok := ""
		for _, op := range strings.Split(rest, ";") {
			op = strings.TrimSpace(op)
			if strings.HasPrefix(op, "c9 ") {
				tok = strings.TrimSpace(op[3:])
			}
		}
		if tok == "" {
			return 0, fmt.Errorf("no c9 result opcode in %q", rest)
		}
		rest = tok
	}
	r, ok := parseResult(rest)
	if !ok {
		return 0, fmt.Errorf("bad result %q (want 1.0, 0.5, 0.0, [1.0], 1-0, 1/2-1/2, 0-1 or c9 \"1-0\";)", rest)
	}
	return r, nil
}

func isUint(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func parseResult(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && (s[0] == '[' && s[len(s)-1] == ']' || s[0] == '"' && s[len(s)-1] == '"') {
		s = strings.TrimSpace(s[1 : len(s)-1])
	}
	switch s {
	case "1-0":
		return 1, true
	case "0-1":
		return 0, true
	case "1/2-1/2", "1/2":
		return 0.5, true
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || (v != 0 && v != 0.5 && v != 1) {
		return 0, false
	}
	return v, true
}

// coef is one feature of a position: net count (white minus black) of weight idx.
type coef struct {
	idx uint16
	val int16
}

// sample is one position of the data set, as the tuner sees it.
type sample struct {
	start          uint32 // first coef in Dataset.coefs
	n              uint16 // number of coefs
	phase          uint8
	scaleW, scaleB uint8 // both 0 for dead draws: the score is then 0
	hasScore       bool
	result         float32
	score          float32 // the data's search score (white's view), if hasScore
	target         float32 // what the tuner fits: the result, or a blend (Blend)
	class          uint16  // index into Dataset.classNames (classes.go)
	blackStrong    bool    // the class is seen from black's side
}

// Dataset is a set of positions reduced to their evaluation traces.
type Dataset struct {
	samples    []sample
	coefs      []coef
	classNames []string // material classes, by sample.class
	classIndex map[string]uint16
}

// noClass marks a sample beyond the 65,535 classes a Dataset names.
const noClass = math.MaxUint16

func (d *Dataset) classOf(name string) uint16 {
	if i, ok := d.classIndex[name]; ok {
		return i
	}
	if len(d.classNames) >= noClass {
		return noClass
	}
	if d.classIndex == nil {
		d.classIndex = map[string]uint16{}
	}
	i := uint16(len(d.classNames))
	d.classNames = append(d.classNames, name)
	d.classIndex[name] = i
	return i
}

// Len is the number of positions.
func (d *Dataset) Len() int { return len(d.samples) }

func (d *Dataset) add(pos *engine.Position, t *eval.TraceResult, l Labels) {
	s := sample{
		start: uint32(len(d.coefs)), phase: uint8(t.Phase),
		result: float32(l.Result), target: float32(l.Result),
		hasScore: l.HasScore, score: float32(l.Score),
	}
	name, black := materialClass(pos)
	s.class, s.blackStrong = d.classOf(name), black
	if !t.Drawn {
		s.scaleW, s.scaleB = uint8(t.ScaleWhite), uint8(t.ScaleBlack)
		for _, c := range t.Coefs {
			if v := c.White - c.Black; v != 0 {
				d.coefs = append(d.coefs, coef{uint16(c.Index), int16(v)})
			}
		}
	}
	s.n = uint16(uint32(len(d.coefs)) - s.start)
	d.samples = append(d.samples, s)
}

// LoadOptions control Load.
type LoadOptions struct {
	Name    string // the data's name in error messages
	Holdout int    // one position in Holdout (by a hash of its FEN) goes to validation; 0 = none
	Threads int
}

// Load reads tuning data (see ParseLine) and traces every position. It
// splits the data deterministically into training and validation sets. A
// malformed line is an error naming its line number. Blank lines and lines
// starting with # are skipped.
func Load(r io.Reader, opt LoadOptions) (train, valid *Dataset, err error) {
	type line struct {
		no   int
		text string
	}
	var lines []line
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for no := 1; sc.Scan(); no++ {
		t := strings.TrimSpace(sc.Text())
		if t == "" || t[0] == '#' {
			continue
		}
		lines = append(lines, line{no, t})
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", opt.Name, err)
	}
	threads := opt.Threads
	if threads <= 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	// Each worker traces a contiguous chunk, so the sets keep file order.
	type part struct {
		train, valid Dataset
		err          error
	}
	parts := make([]part, threads)
	var wg sync.WaitGroup
	chunk := (len(lines) + threads - 1) / threads
	for w := 0; w < threads; w++ {
		lo, hi := min(w*chunk, len(lines)), min((w+1)*chunk, len(lines))
		wg.Add(1)
		go func(p *part, ls []line) {
			defer wg.Done()
			for _, l := range ls {
				fen, res, err := ParseLabels(l.text)
				if err != nil {
					p.err = fmt.Errorf("%s:%d: %v", opt.Name, l.no, err)
					return
				}
				pos, err := engine.ParseFEN(fen)
				if err != nil {
					p.err = fmt.Errorf("%s:%d: %v", opt.Name, l.no, err)
					return
				}
				t := eval.Trace(pos)
				if opt.Holdout > 0 && holdout(fen, opt.Holdout) {
					p.valid.add(pos, &t, res)
				} else {
					p.train.add(pos, &t, res)
				}
			}
		}(&parts[w], lines[lo:hi])
	}
	wg.Wait()
	train, valid = &Dataset{}, &Dataset{}
	for i := range parts {
		if parts[i].err != nil {
			return nil, nil, parts[i].err
		}
		train.append(&parts[i].train)
		valid.append(&parts[i].valid)
	}
	return train, valid, nil
}

func (d *Dataset) append(o *Dataset) {
	base := uint32(len(d.coefs))
	d.coefs = append(d.coefs, o.coefs...)
	for _, s := range o.samples {
		s.start += base
		if s.class != noClass {
			s.class = d.classOf(o.classNames[s.class])
		}
		d.samples = append(d.samples, s)
	}
}

// holdout picks the validation positions: a hash of the FEN's first four
// fields, so duplicates fall on the same side whatever the file order.
func holdout(fen string, n int) bool {
	f := strings.Fields(fen)
	h := fnv.New32a()
	io.WriteString(h, strings.Join(f[:4], " "))
	return h.Sum32()%uint32(n) == 0
}
