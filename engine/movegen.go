package engine

// Legal move generation. Moves are generated pseudo-legally per piece kind and
// filtered on the spot with the pin and check information computed once per
// call, so no move is made and unmade to test legality:
//   - king moves: the destination must not be attacked with the king lifted
//     off the board (so a slider's ray through the king's square counts);
//   - in double check only king moves remain; in single check other moves
//     must capture the checker or block its ray;
//   - a pinned piece may only move along the line through its king;
//   - en passant, whose two vacated squares can expose the king along a rank,
//     is tested by recomputing the king's attackers on the changed occupancy.

type genMode uint8

const (
	genAll genMode = iota
	genCaptures
	genQuiets
)

// GenerateMoves appends every legal move to buf[:0] and returns it. Pass a
// buffer with capacity MaxMoves to avoid any allocation.
func (p *Position) GenerateMoves(buf []Move) []Move { return p.generate(buf[:0], genAll) }

// GenerateCaptures appends the legal captures (en passant included) and
// promotions to buf[:0], for quiescence search. In check it returns only
// those evasions that capture or promote.
func (p *Position) GenerateCaptures(buf []Move) []Move { return p.generate(buf[:0], genCaptures) }

// GenerateQuiets appends the legal moves GenerateCaptures leaves out (moves
// to an empty square that do not promote, castling included) to buf[:0], so
// that a search can generate captures first and the rest only when needed.
func (p *Position) GenerateQuiets(buf []Move) []Move { return p.generate(buf[:0], genQuiets) }

// HasLegalMove reports whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool {
	var buf [MaxMoves]Move
	return len(p.generate(buf[:0], genAll)) > 0
}

// genState carries what every piece generator needs.
type genState struct {
	ksq    Square
	pinned uint64
	target uint64 // squares a non-king move may go to (check evasion mask)
}

func (p *Position) generate(buf []Move, mode genMode) []Move {
	us, them := p.side, p.side.Other()
	occ := p.Occupied()
	own, enemy := p.byColor[us], p.byColor[them]
	ksq := p.kings[us]
	checkers := p.AttackersTo(ksq, occ) & enemy

	// King moves.
	kt := kingAttacks[ksq] &^ own
	switch mode {
	case genCaptures:
		kt &= enemy
	case genQuiets:
		kt &^= enemy
	}
	occNoKing := occ &^ SquareBB(ksq)
	for kt != 0 {
		to := PopLSB(&kt)
		if p.AttackersTo(to, occNoKing)&enemy == 0 {
			buf = append(buf, newMove(ksq, to))
		}
	}
	if checkers&(checkers-1) != 0 {
		return buf // double check
	}

	g := genState{ksq: ksq, pinned: p.PinnedPieces(us), target: ^own}
	if checkers != 0 {
		g.target = checkers | between[ksq][LSB(checkers)]
	}
	pieceTarget := g.target
	switch mode {
	case genCaptures:
		pieceTarget &= enemy
	case genQuiets:
		pieceTarget &^= enemy
	}

	buf = p.genPawnMoves(buf, &g, mode)
	for b := p.Pieces(us, Knight) &^ g.pinned; b != 0; { // a pinned knight can never move
		from := PopLSB(&b)
		buf = g.appendTargets(buf, from, knightAttacks[from]&pieceTarget)
	}
	for b := p.Pieces(us, Bishop) | p.Pieces(us, Queen); b != 0; {
		from := PopLSB(&b)
		buf = g.appendTargets(buf, from, BishopAttacks(from, occ)&pieceTarget)
	}
	for b := p.Pieces(us, Rook) | p.Pieces(us, Queen); b != 0; {
		from := PopLSB(&b)
		buf = g.appendTargets(buf, from, RookAttacks(from, occ)&pieceTarget)
	}
	if mode != genCaptures && checkers == 0 {
		buf = p.genCastling(buf, occ)
	}
	return buf
}

// appendTargets adds from->to for each target, dropping moves that leave a pin's line.
func (g *genState) appendTargets(buf []Move, from Square, targets uint64) []Move {
	if g.pinned&SquareBB(from) != 0 {
		targets &= line[g.ksq][from]
	}
	for targets != 0 {
		buf = append(buf, newMove(from, PopLSB(&targets)))
	}
	return buf
}

func (g *genState) legalFor(from, to Square) bool {
	return g.pinned&SquareBB(from) == 0 || line[g.ksq][from]&SquareBB(to) != 0
}

// PinnedPieces is the set of c's pieces pinned to c's king (move generation
// and the evaluation's king danger read it).
func (p *Position) PinnedPieces(c Color) uint64 {
	ksq := p.kings[c]
	them := p.byColor[c.Other()]
	occ := p.Occupied()
	snipers := (RookAttacks(ksq, 0)&(p.byType[Rook]|p.byType[Queen]) |
		BishopAttacks(ksq, 0)&(p.byType[Bishop]|p.byType[Queen])) & them
	var pinned uint64
	for snipers != 0 {
		s := PopLSB(&snipers)
		b := between[ksq][s] & occ
		if b != 0 && b&(b-1) == 0 && b&p.byColor[c] != 0 {
			pinned |= b
		}
	}
	return pinned
}

func (p *Position) genPawnMoves(buf []Move, g *genState, mode genMode) []Move {
	us := p.side
	pawns := p.Pieces(us, Pawn)
	empty := ^p.Occupied()
	enemy := p.byColor[us.Other()]
	var up int
	var lastRank, thirdRank uint64
	var push1, push2, capL, capR uint64 // capL: towards the a-file
	if us == White {
		up, lastRank, thirdRank = 8, rank8, rank1<<16
		push1 = pawns << 8 & empty
		push2 = (push1 & thirdRank) << 8 & empty
		capL = (pawns &^ fileA) << 7 & enemy
		capR = (pawns &^ fileH) << 9 & enemy
	} else {
		up, lastRank, thirdRank = -8, rank1, rank8>>16
		push1 = pawns >> 8 & empty
		push2 = (push1 & thirdRank) >> 8 & empty
		capL = (pawns &^ fileA) >> 9 & enemy
		capR = (pawns &^ fileH) >> 7 & enemy
	}
	leftDelta, rightDelta := up-1, up+1

	push1 &= g.target
	push2 &= g.target
	capL &= g.target
	capR &= g.target

	if mode != genQuiets {
		buf = g.appendPawn(buf, capL&^lastRank, leftDelta, false)
		buf = g.appendPawn(buf, capR&^lastRank, rightDelta, false)
		buf = g.appendPawn(buf, capL&lastRank, leftDelta, true)
		buf = g.appendPawn(buf, capR&lastRank, rightDelta, true)
		buf = g.appendPawn(buf, push1&lastRank, up, true)
		if p.ep != NoSquare {
			buf = p.genEnPassant(buf, g)
		}
	}
	if mode != genCaptures {
		buf = g.appendPawn(buf, push1&^lastRank, up, false)
		buf = g.appendPawn(buf, push2, 2*up, false)
	}
	return buf
}

// appendPawn adds the pawn moves ending on targets, each coming from to-delta.
func (g *genState) appendPawn(buf []Move, targets uint64, delta int, promote bool) []Move {
	for targets != 0 {
		to := PopLSB(&targets)
		from := Square(int(to) - delta)
		if !g.legalFor(from, to) {
			continue
		}
		if promote {
			buf = append(buf, newPromotion(from, to, Queen), newPromotion(from, to, Knight),
				newPromotion(from, to, Rook), newPromotion(from, to, Bishop))
		} else {
			buf = append(buf, newMove(from, to))
		}
	}
	return buf
}

func (p *Position) genEnPassant(buf []Move, g *genState) []Move {
	us, them := p.side, p.side.Other()
	to := p.ep
	capSq := to ^ 8
	for from := pawnAttacks[them][to] & p.Pieces(us, Pawn); from != 0; {
		f := PopLSB(&from)
		occ := p.Occupied() ^ SquareBB(f) ^ SquareBB(capSq) | SquareBB(to)
		if p.AttackersTo(g.ksq, occ)&p.byColor[them]&^SquareBB(capSq) == 0 {
			buf = append(buf, newMove(f, to)|kindEnPassant<<14)
		}
	}
	return buf
}
