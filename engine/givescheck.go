package engine

// GivesCheck reports whether the legal move m would leave the opponent in
// check, without making it: the search asks before deciding whether a
// quiet move is worth making at all. It places our pieces where they stand
// after m (the rook too when castling, the promoted piece, the pawn taken en
// passant lifted) and asks whether any of them attacks the enemy king, so
// direct and discovered checks are both found.
func (p *Position) GivesCheck(m Move) bool {
	us := p.side
	ksq := p.kings[us.Other()]
	from, to := m.From(), m.To()
	pt := p.board[from].Type()
	occ := p.Occupied() &^ SquareBB(from)
	// the pieces of ours that stay where they are
	still := p.byColor[us] &^ SquareBB(from)
	switch m.kind() {
	case kindCastle:
		r := &p.castling.rules[castleIndex(to)]
		occ = occ&^SquareBB(r.rookFrom) | SquareBB(r.kingTo) | SquareBB(r.rookTo)
		still &^= SquareBB(r.rookFrom)
		return RookAttacks(r.rookTo, occ)&SquareBB(ksq) != 0 || p.sliderCheck(ksq, occ, still)
	case kindEnPassant:
		occ &^= SquareBB(to ^ 8)
	case kindPromotion:
		pt = m.Promotion()
	}
	occ |= SquareBB(to)
	var direct bool
	switch pt {
	case Pawn:
		direct = PawnAttacks(us, to)&SquareBB(ksq) != 0
	case Knight:
		direct = KnightAttacks(to)&SquareBB(ksq) != 0
	case Bishop:
		direct = BishopAttacks(to, occ)&SquareBB(ksq) != 0
	case Rook:
		direct = RookAttacks(to, occ)&SquareBB(ksq) != 0
	case Queen:
		direct = (BishopAttacks(to, occ)|RookAttacks(to, occ))&SquareBB(ksq) != 0
	}
	return direct || p.sliderCheck(ksq, occ, still)
}

// sliderCheck reports whether one of the bishops, rooks or queens in still
// (our pieces that the move leaves in place) attacks ksq through occ, the
// occupancy after the move: a discovered check.
func (p *Position) sliderCheck(ksq Square, occ, still uint64) bool {
	diag := (p.byType[Bishop] | p.byType[Queen]) & still
	orth := (p.byType[Rook] | p.byType[Queen]) & still
	return BishopAttacks(ksq, occ)&diag != 0 || RookAttacks(ksq, occ)&orth != 0
}
