package engine

import "math/bits"

// Castling, one set of rules for standard chess and Chess960 (Fischer
// random, and Double Fischer random, where the two back ranks differ).
//
// The king and the castling rook may start on any files of their back rank,
// the rook on either side of the king. Whatever their start, castling puts
// the king on the g-file and the rook on the f-file (king side, toward h),
// or the king on c and the rook on d (queen side). It is legal when the
// right is held, every square either piece crosses or lands on is empty but
// for the two pieces themselves, and the king is not in check and crosses
// and lands on no attacked square. With the king on e1 and the rooks on a1
// and h1 these are exactly the standard rules, so nothing in the engine
// distinguishes the two games; only the move text does (MoveText).
//
// Each right keeps its rook's start square, fixed by the setup for the whole
// game: a side may have two rooks on one side of its king, and the right
// belongs to one of them. The rights are still the four Castle* bits, so
// the Polyglot keys are those of standard chess.

// castleRule is one castling move as the setup fixes it.
type castleRule struct {
	kingFrom, kingTo Square
	rookFrom, rookTo Square
	// empty is the squares the king and the rook cross or land on, their
	// own start squares excepted: all must be empty.
	empty uint64
	// path is the squares the king crosses and lands on, which must not
	// be attacked; it holds the king's own square only when the king does
	// not move (its start is covered by the rule against castling in check).
	path uint64
	// apart: both pieces move and neither lands where the other starts, as
	// always in standard chess, so Make can move them one after the other.
	apart bool
}

// castling is a game's castling setup.
type castling struct {
	rules [4]castleRule // by right, in the order of the Castle* bits
	// mask[s] is ANDed into the rights when a move leaves or reaches s:
	// the king's start square clears both of its side's rights, a rook's
	// start square the right that uses it.
	mask [64]uint8
	// needs960 is set when a right's king or rook does not start on its
	// standard square (e1 or e8, the h-file for the king side, the a-file
	// for the queen side): standard move text cannot write that castling.
	needs960 bool
}

// noCastling is the setup without any right.
var noCastling = func() castling {
	var c castling
	for i := range c.rules {
		c.rules[i] = castleRule{kingFrom: NoSquare, kingTo: NoSquare, rookFrom: NoSquare, rookTo: NoSquare}
	}
	for s := range c.mask {
		c.mask[s] = CastleWK | CastleWQ | CastleBK | CastleBQ
	}
	return c
}()

// colorRights are the rights of each side.
var colorRights = [2]uint8{CastleWK | CastleWQ, CastleBK | CastleBQ}

// castleIndex is the right (bit number and rule) of the castling move whose
// king goes to kingTo: g1, c1, g8 or c8.
func castleIndex(kingTo Square) int {
	i := 0
	if kingTo.File() == 2 {
		i = 1 // queen side
	}
	if kingTo.Rank() == 7 {
		i += 2
	}
	return i
}

// addCastleRight gives colour c the right to castle with its rook on rook,
// toward the side of the king that rook stands on. The caller has checked
// that c's king and that rook stand on c's back rank.
func (p *Position) addCastleRight(c Color, rook Square) {
	king := p.kings[c]
	rank := king.Rank()
	i, kingTo, rookTo, standardRook := 2*int(c), MakeSquare(6, rank), MakeSquare(5, rank), 7
	if rook < king {
		i, kingTo, rookTo, standardRook = i+1, MakeSquare(2, rank), MakeSquare(3, rank), 0
	}
	r := castleRule{kingFrom: king, kingTo: kingTo, rookFrom: rook, rookTo: rookTo}
	r.path = between[king][kingTo] | SquareBB(kingTo)
	r.empty = (r.path | between[rook][rookTo] | SquareBB(rookTo)) &^ (SquareBB(king) | SquareBB(rook))
	r.apart = king != kingTo && rook != rookTo && kingTo != rook
	p.castling.rules[i] = r
	p.castling.mask[king] &^= colorRights[c]
	p.castling.mask[rook] &^= 1 << i
	if king.File() != 4 || rook.File() != standardRook {
		p.castling.needs960 = true
	}
	p.castle |= 1 << i
}

// genCastling appends the legal castling moves; the side to move is not in
// check.
func (p *Position) genCastling(buf []Move, occ uint64) []Move {
	them := p.side.Other()
next:
	for rights := p.castle & colorRights[p.side]; rights != 0; rights &= rights - 1 {
		r := &p.castling.rules[bits.TrailingZeros8(rights)&3]
		if occ&r.empty != 0 {
			continue
		}
		// castlePathAttacked, written out: this is on the path of every
		// move generation with a right (a tenth of Kiwipete's).
		lifted := occ &^ SquareBB(r.rookFrom)
		for b := r.path; b != 0; {
			if p.attackedWith(PopLSB(&b), them, lifted) {
				continue next
			}
		}
		buf = append(buf, newMove(r.kingFrom, r.kingTo)|kindCastle<<14)
	}
	return buf
}

// castlePathAttacked reports whether colour by attacks a square of the
// king's path. The castling rook is lifted off the board first: in Chess960
// it may stand between an enemy rook or queen and the king's destination on
// the back rank (Kf1, Rb1, enemy Ra1: after queen-side castling the king on
// c1 would stand in check), which the occupancy as it is would hide.
func (p *Position) castlePathAttacked(r *castleRule, by Color, occ uint64) bool {
	occ &^= SquareBB(r.rookFrom)
	for b := r.path; b != 0; {
		if p.attackedWith(PopLSB(&b), by, occ) {
			return true
		}
	}
	return false
}

// castleIsLegal is IsLegalFast for a move of the castling kind.
func (p *Position) castleIsLegal(m Move) bool {
	to := m.To()
	if f := to.File(); (f != 2 && f != 6) || to.Rank() != 7*int(p.side) {
		return false
	}
	i := castleIndex(to)
	r := &p.castling.rules[i]
	if p.castle&(1<<i) == 0 || r.kingFrom != m.From() {
		return false
	}
	occ := p.Occupied()
	return occ&r.empty == 0 && !p.InCheck() && !p.castlePathAttacked(r, p.side.Other(), occ)
}

// Chess960 reports whether the position writes and reads moves in the
// Chess960 convention (see MoveText).
func (p *Position) Chess960() bool { return p.chess960 }

// SetChess960 chooses the move text convention (UCI's UCI_Chess960 option).
// A position whose castling king or rooks start off the standard squares
// stays in Chess960 mode whatever on says: ParseFEN sets the mode for it,
// because standard text cannot write its castling (a king castling from b1
// to g1 would read as "b1g1", a king move that does not exist). The mode
// is kept by Make, Clone and Mirror.
func (p *Position) SetChess960(on bool) { p.chess960 = on || p.castling.needs960 }

// MoveText writes moves as UCI text for one game. The convention differs
// only for castling: standard chess writes the king's move ("e1g1"), the
// Chess960 convention the king taking its own rook ("e1h1"; "f1g1" could
// be a plain king move in Chess960). The castling rooks' squares and the
// convention are fixed for the whole game, so the MoveText of a position
// writes the moves of every position that follows it: a principal
// variation, a bestmove and its ponder move. It is a small value, safe to
// use while the position itself changes on another goroutine.
//
// The zero MoveText writes standard text.
type MoveText struct {
	chess960 bool
	rooks    [4]Square // each right's rook start square, NoSquare if none
}

// MoveText returns the move writer of the position's game.
func (p *Position) MoveText() MoveText {
	t := MoveText{chess960: p.chess960}
	for i := range t.rooks {
		t.rooks[i] = p.castling.rules[i].rookFrom
	}
	return t
}

// Format writes m as UCI text.
func (t MoveText) Format(m Move) string {
	if t.chess960 && m.IsCastle() {
		if rook := t.rooks[castleIndex(m.To())]; rook != NoSquare {
			return m.From().String() + rook.String()
		}
	}
	return m.String()
}

// FormatMove writes m, a move of this position or of any later position of
// its game, as UCI text in the position's convention.
func (p *Position) FormatMove(m Move) string { return p.MoveText().Format(m) }
