package epd

import (
	"fmt"
	"strings"

	"github.com/notnil/chess"

	"github.com/bounder-chess/bounder/engine"
)

// sanBoard resolves SAN against one position. Standard Algebraic Notation
// is decoded with github.com/notnil/chess; when that fails (SAN written
// with redundant disambiguation, a promotion without "=", "0-0", "e.p."),
// a lenient matcher over Bounder's own legal moves gets a second try.
type sanBoard struct {
	pos  *engine.Position
	cpos *chess.Position // nil when notnil could not read the FEN
}

func newSANBoard(pos *engine.Position) *sanBoard {
	b := &sanBoard{pos: pos}
	cp := &chess.Position{}
	if err := cp.UnmarshalText([]byte(pos.FEN())); err == nil {
		b.cpos = cp
	}
	return b
}

// cleanSAN strips annotations and check marks and spells castling with O.
func cleanSAN(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimSpace(strings.TrimSuffix(s, "e.p."))
	s = strings.TrimRight(s, "+#!?")
	switch s {
	case "0-0", "o-o":
		return "O-O"
	case "0-0-0", "o-o-o":
		return "O-O-O"
	}
	return s
}

// Resolve returns the legal move that s (SAN) names.
func (b *sanBoard) Resolve(s string) (m engine.Move, err error) {
	t := cleanSAN(s)
	if t == "" {
		return engine.NullMove, fmt.Errorf("empty move")
	}
	if b.cpos != nil {
		if m, ok := b.notnilDecode(t); ok {
			return m, nil
		}
	}
	return b.lenient(t)
}

func (b *sanBoard) notnilDecode(t string) (m engine.Move, ok bool) {
	defer func() {
		if recover() != nil {
			m, ok = engine.NullMove, false
		}
	}()
	cm, err := chess.AlgebraicNotation{}.Decode(b.cpos, t)
	if err != nil {
		return engine.NullMove, false
	}
	em, err := b.pos.ParseMove(cm.String())
	if err != nil {
		return engine.NullMove, false
	}
	return em, true
}

var sanPieces = map[byte]engine.PieceType{'P': engine.Pawn, 'N': engine.Knight, 'B': engine.Bishop, 'R': engine.Rook, 'Q': engine.Queen, 'K': engine.King}

// lenient matches a move written as [piece][from file][from rank][x|-]to
// [[=]promotion], or castling, against the legal moves; exactly one must fit.
func (b *sanBoard) lenient(t string) (engine.Move, error) {
	var buf [engine.MaxMoves]engine.Move
	legal := b.pos.GenerateMoves(buf[:])
	if t == "O-O" || t == "O-O-O" {
		for _, m := range legal {
			if m.IsCastle() && (m.To().File() == 6) == (t == "O-O") {
				return m, nil
			}
		}
		return engine.NullMove, fmt.Errorf("%s is not legal here", t)
	}
	bad := fmt.Errorf("cannot read %q as a move", t)
	s := t
	piece := engine.NoPieceType
	if len(s) > 0 {
		if pt, ok := sanPieces[s[0]]; ok {
			piece, s = pt, s[1:]
		}
	}
	promo := engine.NoPieceType
	if n := len(s); n > 0 {
		if pt, ok := sanPieces[s[n-1]]; ok && pt != engine.Pawn && pt != engine.King {
			promo, s = pt, strings.TrimSuffix(s[:n-1], "=")
		} else if n >= 3 && s[n-1] == ')' && s[n-3] == '(' {
			if pt, ok := sanPieces[s[n-2]]; ok {
				promo, s = pt, s[:n-3]
			}
		}
	}
	if len(s) < 2 {
		return engine.NullMove, bad
	}
	to, ok := engine.ParseSquare(s[len(s)-2:])
	if !ok {
		return engine.NullMove, bad
	}
	s = strings.TrimRight(s[:len(s)-2], "x-:")
	fromFile, fromRank := -1, -1
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'a' && c <= 'h' && fromFile < 0 && fromRank < 0:
			fromFile = int(c - 'a')
		case c >= '1' && c <= '8' && fromRank < 0:
			fromRank = int(c - '1')
		default:
			return engine.NullMove, bad
		}
	}
	// Without a piece letter, a move is a pawn move unless both origin
	// coordinates are given (coordinate notation such as g1f3).
	anyPiece := piece == engine.NoPieceType && fromFile >= 0 && fromRank >= 0
	if piece == engine.NoPieceType && !anyPiece {
		piece = engine.Pawn
	}
	found := engine.NullMove
	n := 0
	for _, m := range legal {
		pt := b.pos.PieceAt(m.From()).Type()
		if m.To() != to || (!anyPiece && pt != piece) || m.Promotion() != promo ||
			fromFile >= 0 && m.From().File() != fromFile || fromRank >= 0 && m.From().Rank() != fromRank {
			continue
		}
		found, n = m, n+1
	}
	switch n {
	case 0:
		return engine.NullMove, fmt.Errorf("%s is not legal here", t)
	case 1:
		return found, nil
	}
	return engine.NullMove, fmt.Errorf("%s is ambiguous", t)
}

// SAN writes a legal move in SAN with check marks; a move notnil cannot
// place is written in UCI form.
func (b *sanBoard) SAN(m engine.Move) (s string) {
	if m == engine.NullMove {
		return "(none)"
	}
	if b.cpos == nil {
		return m.String()
	}
	defer func() {
		if recover() != nil {
			s = m.String()
		}
	}()
	u := m.String()
	for _, cm := range b.cpos.ValidMoves() {
		if cm.String() == u {
			return chess.AlgebraicNotation{}.Encode(b.cpos, cm)
		}
	}
	return u
}
