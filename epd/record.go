// Package epd reads Extended Position Description test suites and runs them
// against Bounder's search ("bounder epd").
//
// An EPD record is the first four fields of a FEN (board, side to move,
// castling rights, en-passant square) followed by operations, each an opcode
// and zero or more operands ended by a semicolon:
//
//	r1b1k2r/pp3ppp/... w kq - bm Qg6; id "WAC.001"; c0 "Qg6=10, Qh5=3";
//
// Operands are tokens or double-quoted strings (which may hold spaces and
// semicolons). ParseEPD is purely syntactic; Problem (problem.go) gives the
// operations a meaning: bm, am, dm, id, c0 points in the STS style, hmvc and
// fmvn. Unknown operations are kept and ignored.
package epd

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Op is one EPD operation: an opcode and its operands, quotes removed.
type Op struct {
	Code     string
	Operands []string
}

// Record is one parsed EPD line.
type Record struct {
	Board, Side, Castling, EnPassant string // the FEN's first four fields
	// HasCounters is set when the line carries a full six-field FEN; then
	// Clock and MoveNumber hold its halfmove clock and fullmove number.
	HasCounters       bool
	Clock, MoveNumber int
	Ops               []Op // in the order written
}

// maxOpcode bounds an opcode's length (the standard says 15).
const maxOpcode = 15

// ErrEmpty is returned for a blank line.
var ErrEmpty = errors.New("empty record")

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

func isDigits(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// scanner walks a line byte by byte.
type scanner struct {
	s string
	i int
}

func (sc *scanner) skipSpace() {
	for sc.i < len(sc.s) && isSpace(sc.s[sc.i]) {
		sc.i++
	}
}

func (sc *scanner) done() bool { return sc.i >= len(sc.s) }

// word returns the next run of bytes up to whitespace or a semicolon.
func (sc *scanner) word() string {
	start := sc.i
	for sc.i < len(sc.s) && !isSpace(sc.s[sc.i]) && sc.s[sc.i] != ';' {
		sc.i++
	}
	return sc.s[start:sc.i]
}

// ParseEPD parses one EPD record. It checks the shape of the four FEN fields
// (not whether the position is legal: see Record.Position) and the syntax of
// the operations. An optional halfmove clock and fullmove number may follow
// the four fields, as in a full FEN. A missing semicolon after the last
// operation is tolerated.
func ParseEPD(line string) (Record, error) {
	var r Record
	sc := &scanner{s: line}
	var fields [4]string
	for k := range fields {
		sc.skipSpace()
		w := sc.word()
		if w == "" {
			if k == 0 && sc.done() {
				return r, ErrEmpty
			}
			return r, fmt.Errorf("want 4 FEN fields, got %d", k)
		}
		fields[k] = w
	}
	r.Board, r.Side, r.Castling, r.EnPassant = fields[0], fields[1], fields[2], fields[3]
	if err := checkBoard(r.Board); err != nil {
		return r, err
	}
	if r.Side != "w" && r.Side != "b" {
		return r, fmt.Errorf("side to move %q is not w or b", r.Side)
	}
	if err := checkCastling(r.Castling); err != nil {
		return r, err
	}
	if err := checkEnPassant(r.EnPassant); err != nil {
		return r, err
	}

	// Optional FEN move counters.
	sc.skipSpace()
	save := sc.i
	if w := sc.word(); isDigits(w) {
		sc.skipSpace()
		w2 := sc.word()
		if !isDigits(w2) {
			return r, fmt.Errorf("halfmove clock %s without a fullmove number", w)
		}
		r.HasCounters = true
		r.Clock, _ = strconv.Atoi(w)
		r.MoveNumber, _ = strconv.Atoi(w2)
	} else {
		sc.i = save
	}

	for {
		sc.skipSpace()
		if sc.done() {
			return r, nil
		}
		if sc.s[sc.i] == ';' {
			return r, fmt.Errorf("column %d: empty operation", sc.i+1)
		}
		col := sc.i + 1
		code := sc.word()
		if err := checkOpcode(code); err != nil {
			return r, fmt.Errorf("column %d: %v", col, err)
		}
		op := Op{Code: code}
	operands:
		for {
			sc.skipSpace()
			switch {
			case sc.done():
				break operands // tolerated: no final semicolon
			case sc.s[sc.i] == ';':
				sc.i++
				break operands
			case sc.s[sc.i] == '"':
				end := strings.IndexByte(sc.s[sc.i+1:], '"')
				if end < 0 {
					return r, fmt.Errorf("column %d: unterminated string", sc.i+1)
				}
				op.Operands = append(op.Operands, sc.s[sc.i+1:sc.i+1+end])
				sc.i += end + 2
				if !sc.done() && !isSpace(sc.s[sc.i]) && sc.s[sc.i] != ';' {
					return r, fmt.Errorf("column %d: text right after a closing quote", sc.i+1)
				}
			default:
				op.Operands = append(op.Operands, sc.word())
			}
		}
		r.Ops = append(r.Ops, op)
	}
}

func checkOpcode(code string) error {
	if len(code) > maxOpcode {
		return fmt.Errorf("opcode %.20q... is longer than %d characters", code, maxOpcode)
	}
	c := code[0]
	if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
		return fmt.Errorf("opcode %q does not start with a letter", code)
	}
	for i := 1; i < len(code); i++ {
		c := code[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return fmt.Errorf("opcode %q has a bad character %q", code, c)
		}
	}
	return nil
}

func checkBoard(b string) error {
	ranks := strings.Split(b, "/")
	if len(ranks) != 8 {
		return fmt.Errorf("board %q: want 8 ranks, got %d", b, len(ranks))
	}
	for i, rk := range ranks {
		n := 0
		for j := 0; j < len(rk); j++ {
			c := rk[j]
			switch {
			case c >= '1' && c <= '8':
				n += int(c - '0')
			case strings.IndexByte("pnbrqkPNBRQK", c) >= 0:
				n++
			default:
				return fmt.Errorf("board: bad character %q", c)
			}
		}
		if n != 8 {
			return fmt.Errorf("board: rank %d has %d squares, want 8", 8-i, n)
		}
	}
	return nil
}

func checkCastling(s string) error {
	if s == "-" {
		return nil
	}
	if len(s) > 4 {
		return fmt.Errorf("castling rights %q: too long", s)
	}
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("KQkq", s[i]) < 0 || strings.IndexByte(s[:i], s[i]) >= 0 {
			return fmt.Errorf("castling rights %q: bad or repeated %q", s, s[i])
		}
	}
	return nil
}

func checkEnPassant(s string) error {
	if s == "-" {
		return nil
	}
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || (s[1] != '3' && s[1] != '6') {
		return fmt.Errorf("en-passant square %q is not - or a square on rank 3 or 6", s)
	}
	return nil
}

// Get returns the first operation with the opcode.
func (r *Record) Get(code string) (Op, bool) {
	for _, op := range r.Ops {
		if op.Code == code {
			return op, true
		}
	}
	return Op{}, false
}

// ID is the id operation's first operand, or "".
func (r *Record) ID() string {
	if op, ok := r.Get("id"); ok && len(op.Operands) > 0 {
		return op.Operands[0]
	}
	return ""
}

// counters returns the halfmove clock and fullmove number: from the line's
// full FEN, else from hmvc and fmvn, else 0 and 1.
func (r *Record) counters() (clock, moveNo int, err error) {
	if r.HasCounters {
		return r.Clock, r.MoveNumber, nil
	}
	clock, moveNo = 0, 1
	if op, ok := r.Get("hmvc"); ok {
		if len(op.Operands) != 1 || !isDigits(op.Operands[0]) {
			return 0, 0, fmt.Errorf("hmvc: want one number, got %q", op.Operands)
		}
		clock, _ = strconv.Atoi(op.Operands[0])
	}
	if op, ok := r.Get("fmvn"); ok {
		if len(op.Operands) != 1 || !isDigits(op.Operands[0]) {
			return 0, 0, fmt.Errorf("fmvn: want one number, got %q", op.Operands)
		}
		moveNo, _ = strconv.Atoi(op.Operands[0])
	}
	return clock, moveNo, nil
}

// FEN returns the record's position as a six-field FEN.
func (r *Record) FEN() (string, error) {
	clock, moveNo, err := r.counters()
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s %s %s %s %d %d", r.Board, r.Side, r.Castling, r.EnPassant, clock, moveNo), nil
}

// String writes the record back as an EPD line that ParseEPD reads as the
// same record. Operands are quoted when they need it.
func (r *Record) String() string {
	var b strings.Builder
	b.WriteString(r.Board + " " + r.Side + " " + r.Castling + " " + r.EnPassant)
	if r.HasCounters {
		fmt.Fprintf(&b, " %d %d", r.Clock, r.MoveNumber)
	}
	for _, op := range r.Ops {
		b.WriteString(" " + op.Code)
		for _, o := range op.Operands {
			b.WriteByte(' ')
			if o == "" || o[0] == '"' || strings.ContainsAny(o, " \t\r\n\v\f;") {
				b.WriteString(`"` + o + `"`)
			} else {
				b.WriteString(o)
			}
		}
		b.WriteByte(';')
	}
	return b.String()
}
