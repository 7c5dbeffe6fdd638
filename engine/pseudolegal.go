package engine

// IsLegalFast reports whether m is a legal move here without generating the
// move list: the search uses it to try the transposition table's move before
// generating the rest. It accepts exactly the moves GenerateMoves produces
// (a test checks that on every position of the random games).
func (p *Position) IsLegalFast(m Move) bool {
	if m == NullMove {
		return false
	}
	if m.kind() != kindPromotion && m>>12&3 != 0 {
		return false // not an encoding the generator produces
	}
	from, to := m.From(), m.To()
	pc := p.board[from]
	us := p.side
	if pc == NoPiece || pc.Color() != us {
		return false
	}
	if m.kind() == kindCastle {
		// Before the own-piece test below: a Chess960 king may castle onto
		// its own rook's square, or stay where it stands.
		return p.castleIsLegal(m)
	}
	if p.byColor[us]&SquareBB(to) != 0 {
		return false
	}
	switch m.kind() {
	case kindEnPassant:
		if pc.Type() != Pawn || to != p.ep || pawnAttacks[us][from]&SquareBB(to) == 0 {
			return false
		}
		capSq := to ^ 8
		occ := p.Occupied() ^ SquareBB(from) ^ SquareBB(capSq) | SquareBB(to)
		return p.AttackersTo(p.kings[us], occ)&p.byColor[us.Other()]&^SquareBB(capSq) == 0
	}
	if !p.pseudoGeometry(pc, from, to, m.kind() == kindPromotion) {
		return false
	}
	return p.leavesKingSafe(pc, from, to)
}

// pseudoGeometry checks that a normal or promotion move follows the piece's
// movement rules on the current occupancy.
func (p *Position) pseudoGeometry(pc Piece, from, to Square, promotion bool) bool {
	us := p.side
	occ := p.Occupied()
	toBB := SquareBB(to)
	if pc.Type() != Pawn {
		if promotion {
			return false
		}
		var att uint64
		switch pc.Type() {
		case Knight:
			att = knightAttacks[from]
		case Bishop:
			att = BishopAttacks(from, occ)
		case Rook:
			att = RookAttacks(from, occ)
		case Queen:
			att = QueenAttacks(from, occ)
		case King:
			att = kingAttacks[from]
		}
		return att&toBB != 0
	}
	last := rank8
	up := 8
	startRank := 1
	if us == Black {
		last, up, startRank = rank1, -8, 6
	}
	if (toBB&last != 0) != promotion {
		return false // a pawn reaching the last rank must promote, and only then
	}
	if pawnAttacks[us][from]&toBB != 0 {
		return p.byColor[us.Other()]&toBB != 0
	}
	if int(to) == int(from)+up {
		return occ&toBB == 0
	}
	if int(to) == int(from)+2*up && from.Rank() == startRank {
		return occ&(toBB|SquareBB(Square(int(from)+up))) == 0
	}
	return false
}

// leavesKingSafe checks that a geometrically valid normal move does not
// leave the mover's king attacked.
func (p *Position) leavesKingSafe(pc Piece, from, to Square) bool {
	us, them := p.side, p.side.Other()
	ksq := p.kings[us]
	if pc.Type() == King {
		return p.AttackersTo(to, p.Occupied()&^SquareBB(from))&p.byColor[them] == 0
	}
	checkers := p.AttackersTo(ksq, p.Occupied()) & p.byColor[them]
	if checkers&(checkers-1) != 0 {
		return false
	}
	if checkers != 0 && (checkers|between[ksq][LSB(checkers)])&SquareBB(to) == 0 {
		return false
	}
	return p.PinnedPieces(us)&SquareBB(from) == 0 || line[ksq][from]&SquareBB(to) != 0
}
