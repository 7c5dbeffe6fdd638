package book

import "github.com/bounder-chess/bounder/engine"

// Polyglot promotion codes (bits 12-14 of a book move), indexed by the
// engine's piece type; 0 means no promotion.
var promoCode = [...]uint16{engine.Knight: 1, engine.Bishop: 2, engine.Rook: 3, engine.Queen: 4}

// promoType is the inverse of promoCode.
var promoType = [...]engine.PieceType{engine.NoPieceType, engine.Knight, engine.Bishop, engine.Rook, engine.Queen}

// RawMove is a move in the book's own 16-bit encoding.
type RawMove uint16

// From is the origin square as stored.
func (r RawMove) From() engine.Square { return engine.Square(r >> 6 & 63) }

// To is the destination square as stored (a rook's square for castling).
func (r RawMove) To() engine.Square { return engine.Square(r & 63) }

// promo is the stored promotion code (0-7; only 0-4 are valid).
func (r RawMove) promo() int { return int(r >> 12 & 7) }

// String is the stored move in coordinates, without castling translation
// ("e1h1", "a7a8q"); an invalid promotion code shows as '?'.
func (r RawMove) String() string {
	s := r.From().String() + r.To().String()
	switch p := r.promo(); {
	case p == 0:
	case p <= 4:
		s += string("nbrq"[p-1])
	default:
		s += "?"
	}
	return s
}

// EncodeMove returns the book encoding of a legal move of pos: castling
// becomes the king taking its own rook (e1g1 -> e1h1).
func EncodeMove(m engine.Move) RawMove {
	from, to := m.From(), m.To()
	if m.IsCastle() {
		file := 7
		if to.File() < from.File() {
			file = 0
		}
		to = engine.MakeSquare(file, from.Rank())
	}
	r := RawMove(to) | RawMove(from)<<6
	if p := m.Promotion(); p != engine.NoPieceType {
		r |= RawMove(promoCode[p]) << 12
	}
	return r
}

// DecodeMove returns the legal move of pos that the book move r stands for,
// or false when there is none (a corrupt entry, or an entry of another
// position that shares the key). A king on its start square "taking" its own
// rook's corner (e1h1, e1a1, e8h8, e8a8) is castling. (A king move e1g1 as
// some writers store castling can only be castling, and is read as such;
// Polyglot itself would skip it.) A stored move with bit 15 or an unknown
// promotion code set never matches.
func DecodeMove(pos *engine.Position, r RawMove) (engine.Move, bool) {
	if r>>15 != 0 || r.promo() > 4 {
		return engine.NullMove, false
	}
	from, to := r.From(), r.To()
	promo := promoType[r.promo()]
	us := pos.SideToMove()
	if pc := pos.PieceAt(from); pc == engine.MakePiece(us, engine.King) && promo == engine.NoPieceType {
		home, rank := engine.E1, 0
		if us == engine.Black {
			home, rank = engine.E8, 7
		}
		if from == home && to.Rank() == rank {
			switch to.File() {
			case 7:
				to = engine.MakeSquare(6, rank)
			case 0:
				to = engine.MakeSquare(2, rank)
			}
		}
	}
	var buf [engine.MaxMoves]engine.Move
	for _, m := range pos.GenerateMoves(buf[:]) {
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m, true
		}
	}
	return engine.NullMove, false
}
