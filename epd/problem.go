package epd

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bounder-chess/bounder/engine"
)

// Kind says how a problem is scored.
type Kind int

// Kinds of problem.
const (
	KindNone   Kind = iota // nothing to test: searched and shown, not scored
	KindMove               // bm and/or am: the engine's move decides
	KindMate               // dm without bm/am: a mate score within n moves decides
	KindPoints             // only STS-style c0 points: full points decide
)

// Problem is a record given meaning against its position.
type Problem struct {
	Record Record
	File   string // as given on the command line
	Line   int    // 1-based line in File
	ID     string // the id operation, else "file:line"
	Pos    *engine.Position
	Kind   Kind

	BM, AM       []engine.Move
	BMSAN, AMSAN []string // as written in the record
	DM           int      // mate in DM moves; 0 = no dm

	// Points holds STS-style c0 points per move; MaxPoints is the best.
	Points    map[engine.Move]int
	MaxPoints int

	// Invalid says why the problem cannot be scored (an illegal bm, a bad
	// dm); such problems are reported and not searched.
	Invalid string
	// Warnings are problems with parts that are only informative (a c0
	// that looks like points but names an illegal move).
	Warnings []string

	san *sanBoard
}

// NewProblem checks a record's position and resolves its operations. An
// error means the record's position is unusable (the line is malformed); a
// problem whose operations do not fit the position is returned with Invalid
// set.
func NewProblem(r Record) (*Problem, error) {
	fen, err := r.FEN()
	if err != nil {
		return nil, err
	}
	pos, err := engine.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	p := &Problem{Record: r, ID: r.ID(), Pos: pos, san: newSANBoard(pos)}

	resolve := func(code string) ([]engine.Move, []string) {
		op, ok := r.Get(code)
		if !ok {
			return nil, nil
		}
		if len(op.Operands) == 0 {
			p.invalid("%s without a move", code)
			return nil, nil
		}
		var ms []engine.Move
		for _, s := range op.Operands {
			m, err := p.san.Resolve(s)
			if err != nil {
				p.invalid("illegal %s %s: %v", code, s, err)
				continue
			}
			ms = append(ms, m)
		}
		return ms, op.Operands
	}
	p.BM, p.BMSAN = resolve("bm")
	p.AM, p.AMSAN = resolve("am")

	if op, ok := r.Get("dm"); ok {
		n, err := 0, error(nil)
		if len(op.Operands) == 1 {
			n, err = strconv.Atoi(op.Operands[0])
		}
		if len(op.Operands) != 1 || err != nil || n < 1 || n > 500 {
			p.invalid("bad dm %q: want one number of moves", strings.Join(op.Operands, " "))
		} else {
			p.DM = n
		}
	}
	p.parsePoints()

	switch {
	case len(p.BMSAN) > 0 || len(p.AMSAN) > 0:
		p.Kind = KindMove
	case p.DM > 0:
		p.Kind = KindMate
	case p.MaxPoints > 0:
		p.Kind = KindPoints
	}
	return p, nil
}

func (p *Problem) invalid(format string, args ...any) {
	if p.Invalid == "" {
		p.Invalid = fmt.Sprintf(format, args...)
	}
}

// parsePoints reads a c0 comment in the Strategic Test Suite style,
// "Qd2=10, Qd3=5, h4=3". A c0 of another shape is an ordinary comment.
func (p *Problem) parsePoints() {
	op, ok := p.Record.Get("c0")
	if !ok || len(op.Operands) == 0 {
		return
	}
	text := strings.Join(op.Operands, " ")
	type entry struct {
		san string
		pts int
	}
	var entries []entry
	for _, part := range strings.Split(text, ",") {
		// A promotion such as "e8=Q=10" has two '='; the points follow the last.
		i := strings.LastIndexByte(part, '=')
		if i < 0 {
			return // not points
		}
		san, num := strings.TrimSpace(part[:i]), strings.TrimSpace(part[i+1:])
		n, err := strconv.Atoi(num)
		if san == "" || err != nil || n < 0 || n > 1000000 {
			return // not points
		}
		entries = append(entries, entry{san, n})
	}
	pts := map[engine.Move]int{}
	for _, e := range entries {
		m, err := p.san.Resolve(e.san)
		if err != nil {
			p.Warnings = append(p.Warnings, fmt.Sprintf("c0 points: illegal move %s: %v", e.san, err))
			return
		}
		if e.pts > pts[m] {
			pts[m] = e.pts
		}
	}
	for _, v := range pts {
		if v > p.MaxPoints {
			p.MaxPoints = v
		}
	}
	if p.MaxPoints > 0 {
		p.Points = pts
	}
}

// MoveOK reports whether m solves a KindMove problem: in bm (when there is
// a bm) and not in am.
func (p *Problem) MoveOK(m engine.Move) bool {
	if m == engine.NullMove {
		return false
	}
	for _, a := range p.AM {
		if a == m {
			return false
		}
	}
	if len(p.BMSAN) == 0 {
		return true
	}
	for _, b := range p.BM {
		if b == m {
			return true
		}
	}
	return false
}

// Expected describes what the problem asks for ("bm Qg6", "am Rd6 bm Rb6 Rg5+", "dm 3").
func (p *Problem) Expected() string {
	var parts []string
	if len(p.AMSAN) > 0 {
		parts = append(parts, "am "+strings.Join(p.AMSAN, " "))
	}
	if len(p.BMSAN) > 0 {
		parts = append(parts, "bm "+strings.Join(p.BMSAN, " "))
	}
	if p.DM > 0 {
		parts = append(parts, "dm "+strconv.Itoa(p.DM))
	}
	if len(parts) == 0 && p.MaxPoints > 0 {
		parts = append(parts, "c0 points")
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}

// SAN writes a move of the problem's position in SAN.
func (p *Problem) SAN(m engine.Move) string { return p.san.SAN(m) }
