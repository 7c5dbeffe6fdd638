package book

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/bounder-chess/bounder/engine"
)

// The PGN reader of the book builder. It streams: a comment, a variation
// or a tag value it does not need is skipped byte by byte and never held in
// memory, so a line or a comment of any length costs nothing, and it stops
// at the first malformed game with its number and line. Only what make-book
// uses is kept: the FEN and Result tags, the moves of the main line (as
// position keys and moves, for counting) and the terminating result.
//
// The move text follows the PGN standard (section 8.2): move numbers
// ("12.", "12..."), SAN moves with optional check marks and suffix
// annotations ("Nbd7+!?"), NAGs ("$1"), brace and rest-of-line comments,
// nested variations, "%" escape lines, and a result ("1-0", "0-1",
// "1/2-1/2", "*") ending the game. A game missing its result ends where the
// next game's tags begin or at the end of the input. Moves are read
// leniently, as most PGN readers do: "0-0" for "O-O", a promotion without
// "=", redundant disambiguation or long algebraic ("Ng1-f3", "e2e4").

// Limits on what the reader keeps. Anything longer is an error, not a
// reason to grow: no legal FEN or result comes near them.
const (
	maxPGNToken    = 64  // a move, move number or result
	maxPGNTagName  = 255 // a tag's name
	maxPGNTagValue = 255 // the value of a FEN or Result tag
)

// pgnRecord is one game as the builder needs it.
type pgnRecord struct {
	result string        // the Result tag, else the terminator, else ""
	keys   []uint64      // keys[i]: the position before moves[i]
	moves  []engine.Move // the main line's first maxPly moves
	start  engine.Color  // the side to move at the start
}

// pgnReader reads games from PGN text.
type pgnReader struct {
	r      *bufio.Reader
	maxPly int // moves from this ply on are read but not resolved

	line      int  // the current line, from 1
	lineStart bool // the next byte starts a line (for "%" escapes)
	prevStart bool // lineStart before the last byte read (for unreadByte)
	last      byte // the last byte read
	games     int  // games started, for messages

	g       pgnRecord
	pos     *engine.Position
	fen     string
	fenSet  bool
	tagRes  string
	resSet  bool
	plies   int
	started bool                         // the game has a tag or a token
	inMoves bool                         // the game's move text has begun
	buf     [engine.MaxMoves]engine.Move // for move generation
	tok     []byte                       // the symbol being read
	name    []byte                       // the tag name being read
	val     []byte                       // the tag value being kept
}

func newPGNReader(r io.Reader, maxPly int) *pgnReader {
	br := bufio.NewReaderSize(r, 1<<16)
	if bom, err := br.Peek(3); err == nil && string(bom) == "\uFEFF" {
		br.Discard(3) // a UTF-8 byte-order mark, as some editors write
	}
	return &pgnReader{r: br, maxPly: maxPly, line: 1, lineStart: true}
}

// errPGNEOF ends the input (an error value, not io.EOF, so that a reader's
// own io.EOF cannot be mistaken for it).
var errPGNEOF = errors.New("end of PGN")

// readByte returns the next byte, keeping the line count.
func (p *pgnReader) readByte() (byte, error) {
	c, err := p.r.ReadByte()
	if err != nil {
		if err == io.EOF {
			return 0, errPGNEOF
		}
		return 0, err
	}
	p.prevStart, p.last = p.lineStart, c
	p.lineStart = c == '\n'
	if c == '\n' {
		p.line++
	}
	return c, nil
}

// unreadByte puts back the byte just read.
func (p *pgnReader) unreadByte() {
	_ = p.r.UnreadByte()
	if p.last == '\n' {
		p.line--
	}
	p.lineStart = p.prevStart
}

func isPGNSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// isSymbolByte: the PGN standard's symbol characters (section 7).
func isSymbolByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
		c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-' || c == '/'
}

// fail is a malformed game: its number and the line where it went wrong.
func (p *pgnReader) fail(format string, a ...any) error {
	return fmt.Errorf("game %d, line %d: %s", p.games, p.line, fmt.Sprintf(format, a...))
}

// next reads the next game. It returns errPGNEOF when there is none. The
// game's slices are reused by the following call.
func (p *pgnReader) next() (*pgnRecord, error) {
	p.g.result, p.g.keys, p.g.moves = "", p.g.keys[:0], p.g.moves[:0]
	p.pos, p.fen, p.fenSet, p.tagRes, p.resSet = nil, "", false, "", false
	p.plies, p.started, p.inMoves = 0, false, false
	depth, depthLine := 0, 0 // variation nesting, and where the outermost began
	for {
		atLineStart := p.lineStart
		c, err := p.readByte()
		if err == errPGNEOF {
			switch {
			case depth > 0:
				return nil, p.fail("variation opened at line %d is not closed", depthLine)
			case !p.started:
				return nil, errPGNEOF
			}
			return p.finish("")
		}
		if err != nil {
			return nil, err
		}
		switch {
		case isPGNSpace(c):
		case c == '%' && atLineStart:
			if err := p.skipLine(); err != nil {
				return nil, err
			}
		case c == ';':
			if err := p.skipLine(); err != nil {
				return nil, err
			}
		case c == '{':
			if err := p.skipComment(); err != nil {
				return nil, err
			}
			// A comment after the tags is move text: a '[' after it
			// starts the next game.
			p.inMoves = p.started
		case c == '[':
			if depth > 0 {
				return nil, p.fail("tag inside the variation opened at line %d", depthLine)
			}
			if p.inMoves {
				// The next game's tags: this one lacks its result.
				p.unreadByte()
				return p.finish("")
			}
			p.begin()
			if err := p.readTag(); err != nil {
				return nil, err
			}
		case c == '(':
			p.begin()
			p.inMoves = true
			if depth == 0 {
				depthLine = p.line
			}
			depth++
		case c == ')':
			if depth == 0 {
				return nil, p.fail("')' closes no variation")
			}
			depth--
		case depth > 0:
			// Inside a variation: only comments and parentheses matter.
		case c == '.' || c == '!' || c == '?':
			// After move numbers; suffix annotations.
		case c == '$':
			p.begin()
			if err := p.skipNAG(); err != nil {
				return nil, err
			}
		case c == '*':
			p.begin()
			return p.finish("*")
		case isSymbolByte(c):
			p.begin()
			tok, err := p.readSymbol(c)
			if err != nil {
				return nil, err
			}
			switch string(tok) {
			case "1-0", "0-1", "1/2-1/2":
				return p.finish(string(tok))
			}
			if isDigits(tok) {
				continue // a move number
			}
			if err := p.move(tok); err != nil {
				return nil, err
			}
		default:
			p.begin()
			return nil, p.fail("unexpected character %q", c)
		}
	}
}

// begin notes that a game has started.
func (p *pgnReader) begin() {
	if !p.started {
		p.started = true
		p.games++
	}
}

// setup sets the starting position once the tags are read.
func (p *pgnReader) setup() error {
	if p.pos != nil {
		return nil
	}
	if !p.fenSet {
		p.pos = engine.NewPosition()
	} else {
		pos, err := engine.ParseFEN(p.fen)
		if err != nil {
			return p.fail("FEN tag: %v", err)
		}
		p.pos = pos
	}
	p.g.start = p.pos.SideToMove()
	return nil
}

// move resolves and makes a move of the main line.
func (p *pgnReader) move(tok []byte) error {
	if err := p.setup(); err != nil {
		return err
	}
	p.inMoves = true
	ply := p.plies
	p.plies++
	if ply >= p.maxPly {
		return nil // not counted, so not resolved (as make-book does)
	}
	m, err := resolveSAN(p.pos, tok, p.buf[:])
	if err != nil {
		// Named as in the move text: "move 12" or "move 12...".
		dots := ""
		if p.pos.SideToMove() == engine.Black {
			dots = "..."
		}
		return p.fail("move %d%s: %v", p.pos.FullMoveNumber(), dots, err)
	}
	p.g.keys = append(p.g.keys, p.pos.Key())
	p.g.moves = append(p.g.moves, m)
	p.pos.Make(m)
	return nil
}

// finish ends the game with the terminator given ("" when missing).
func (p *pgnReader) finish(terminator string) (*pgnRecord, error) {
	if err := p.setup(); err != nil {
		return nil, err
	}
	p.g.result = terminator
	if p.resSet {
		p.g.result = p.tagRes
	}
	return &p.g, nil
}

func isDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

// readSymbol reads a symbol whose first byte is c.
func (p *pgnReader) readSymbol(c byte) ([]byte, error) {
	p.tok = append(p.tok[:0], c)
	for {
		c, err := p.readByte()
		if err == errPGNEOF {
			return p.tok, nil
		}
		if err != nil {
			return nil, err
		}
		if !isSymbolByte(c) {
			p.unreadByte()
			return p.tok, nil
		}
		if len(p.tok) == maxPGNToken {
			return nil, p.fail("token %q... is longer than %d bytes", p.tok[:16], maxPGNToken)
		}
		p.tok = append(p.tok, c)
	}
}

// skipLine skips the rest of the line.
func (p *pgnReader) skipLine() error {
	for {
		c, err := p.readByte()
		if err == errPGNEOF || err == nil && c == '\n' {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// skipComment skips a brace comment (they do not nest), of any length.
func (p *pgnReader) skipComment() error {
	start := p.line
	for {
		c, err := p.readByte()
		if err == errPGNEOF {
			p.begin()
			return p.fail("comment opened at line %d is not closed", start)
		}
		if err != nil {
			return err
		}
		if c == '}' {
			return nil
		}
	}
}

// skipNAG skips the digits of a numeric annotation glyph.
func (p *pgnReader) skipNAG() error {
	for n := 0; ; n++ {
		c, err := p.readByte()
		if err == errPGNEOF {
			return nil
		}
		if err != nil {
			return err
		}
		if c < '0' || c > '9' {
			if n == 0 {
				return p.fail("'$' without a number")
			}
			p.unreadByte()
			return nil
		}
	}
}

// readTag reads a tag pair after its '['. The value of the first FEN tag
// (in any case) and of the Result tag are kept; other values are skipped.
// A value ends at a '"' followed by ']' (spaces between allowed), so an
// unescaped quote inside a value is taken as part of it.
func (p *pgnReader) readTag() error {
	c, err := p.skipSpaces()
	if err != nil {
		return err
	}
	name := p.name[:0]
	for isSymbolByte(c) {
		if len(name) == maxPGNTagName {
			return p.fail("tag name longer than %d bytes", maxPGNTagName)
		}
		name = append(name, c)
		p.name = name
		if c, err = p.readByte(); err != nil {
			return p.tagEOF(err)
		}
	}
	if len(name) == 0 {
		return p.fail("tag without a name")
	}
	if isPGNSpace(c) {
		if c, err = p.skipSpaces(); err != nil {
			return err
		}
	}
	if c != '"' {
		return p.fail("tag %s: want a quoted value", name)
	}
	keep := bytes.EqualFold(name, []byte("FEN")) && !p.fenSet || string(name) == "Result"
	val := p.val[:0]
	for {
		c, err := p.readByte()
		if err != nil {
			return p.tagEOF(err)
		}
		switch c {
		case '\\':
			if c, err = p.readByte(); err != nil {
				return p.tagEOF(err)
			}
		case '"':
			// The end if only spaces stand before a ']'.
			var spaces []byte
			for {
				if c, err = p.readByte(); err != nil {
					return p.tagEOF(err)
				}
				if c != ' ' && c != '\t' {
					break
				}
				spaces = append(spaces, c)
			}
			if c == ']' {
				if keep {
					p.keepTag(string(name), string(val))
				}
				return nil
			}
			p.unreadByte()
			c = '"'
			if keep {
				val = append(val, spaces...)
			}
		case '\n':
			return p.fail("tag %s: the value is not closed on its line", name)
		}
		if keep {
			if len(val) >= maxPGNTagValue {
				return p.fail("tag %s: value longer than %d bytes", name, maxPGNTagValue)
			}
			val = append(val, c)
			p.val = val
		}
	}
}

func (p *pgnReader) keepTag(name, val string) {
	if name == "Result" {
		p.tagRes, p.resSet = val, true
		return
	}
	p.fen, p.fenSet = val, true
}

func (p *pgnReader) tagEOF(err error) error {
	if err == errPGNEOF {
		return p.fail("tag is not closed")
	}
	return err
}

// skipSpaces returns the first byte that is not white space.
func (p *pgnReader) skipSpaces() (byte, error) {
	for {
		c, err := p.readByte()
		if err != nil {
			return 0, p.tagEOF(err)
		}
		if !isPGNSpace(c) {
			return c, nil
		}
	}
}

// resolveSAN finds the legal move that tok names: SAN, leniently (see the
// reader's comment), or else UCI. buf is scratch space for move generation.
func resolveSAN(pos *engine.Position, tok []byte, buf []engine.Move) (engine.Move, error) {
	s := tok
	for len(s) > 0 && (s[len(s)-1] == '+' || s[len(s)-1] == '#') {
		s = s[:len(s)-1]
	}
	moves := pos.GenerateMoves(buf)
	switch string(s) {
	case "O-O", "0-0", "O-O-O", "0-0-0":
		long := len(s) == 5
		for _, m := range moves {
			if m.IsCastle() && (m.To().File() < m.From().File()) == long {
				return m, nil
			}
		}
		return engine.NullMove, fmt.Errorf("%q: castling is not legal here", tok)
	}
	want, err := parseSAN(s)
	if err != nil {
		if m, uerr := pos.ParseMove(string(s)); uerr == nil {
			return m, nil
		}
		return engine.NullMove, fmt.Errorf("%q: %v", tok, err)
	}
	found := engine.NullMove
	for _, m := range moves {
		if m.To() != want.to || m.Promotion() != want.promo ||
			want.fromFile >= 0 && m.From().File() != want.fromFile ||
			want.fromRank >= 0 && m.From().Rank() != want.fromRank ||
			pos.PieceAt(m.From()).Type() != want.piece {
			continue
		}
		if found != engine.NullMove {
			return engine.NullMove, fmt.Errorf("%q is ambiguous", tok)
		}
		found = m
	}
	if found == engine.NullMove {
		if m, uerr := pos.ParseMove(string(s)); uerr == nil {
			return m, nil
		}
		return engine.NullMove, fmt.Errorf("%q is not a legal move", tok)
	}
	return found, nil
}

// sanMove is what a SAN move says.
type sanMove struct {
	piece              engine.PieceType
	fromFile, fromRank int // -1 when not given
	to                 engine.Square
	promo              engine.PieceType
}

// parseSAN reads "[piece][file][rank][x|-|:]square[[=]promotion]".
func parseSAN(s []byte) (sanMove, error) {
	m := sanMove{piece: engine.Pawn, fromFile: -1, fromRank: -1}
	if n := len(s); n >= 3 {
		if p := promoPiece(s[n-1]); p != engine.NoPieceType {
			s = s[:n-1]
			if s[len(s)-1] == '=' {
				s = s[:len(s)-1]
			}
			m.promo = p
		}
	}
	if len(s) < 2 {
		return m, errors.New("not a move")
	}
	f, r := s[len(s)-2], s[len(s)-1]
	if f < 'a' || f > 'h' || r < '1' || r > '8' {
		return m, errors.New("not a move")
	}
	m.to = engine.MakeSquare(int(f-'a'), int(r-'1'))
	s = s[:len(s)-2]
	if len(s) > 0 {
		if p := strings.IndexByte(" PNBRQK", s[0]); p > 0 {
			m.piece = engine.PieceType(p)
			s = s[1:]
		}
	}
	for i, c := range s {
		switch {
		case c >= 'a' && c <= 'h' && m.fromFile < 0 && m.fromRank < 0:
			m.fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && m.fromRank < 0:
			m.fromRank = int(c - '1')
		case (c == 'x' || c == ':' || c == '-') && i == len(s)-1:
		default:
			return m, errors.New("not a move")
		}
	}
	if m.promo != engine.NoPieceType && m.piece != engine.Pawn {
		return m, errors.New("only pawns promote")
	}
	return m, nil
}

// promoPiece is the piece a promotion letter names (either case).
func promoPiece(c byte) engine.PieceType {
	switch c | 0x20 {
	case 'n':
		return engine.Knight
	case 'b':
		return engine.Bishop
	case 'r':
		return engine.Rook
	case 'q':
		return engine.Queen
	}
	return engine.NoPieceType
}
