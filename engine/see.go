package engine

// SEE values: the static exchange evaluation's own scale, independent of
// the evaluation's tuned piece values so that it never changes under tuning.
var seeValue = [7]int{0, 100, 300, 300, 500, 900, 20000}

// SEEAtLeast reports whether the static exchange evaluation of move m (the
// material balance after both sides capture on m's destination, each
// choosing its least valuable attacker and free to stop) is at least
// threshold. It makes no move; x-ray attackers behind sliders are found by
// recomputing sliding attacks as pieces leave the board.
func (p *Position) SEEAtLeast(m Move, threshold int) bool {
	if m.IsCastle() {
		return threshold <= 0
	}
	from, to := m.From(), m.To()
	gain := seeValue[p.board[to].Type()]
	if m.IsEnPassant() {
		gain = seeValue[Pawn]
	}
	next := p.board[from].Type() // the piece that now stands on to
	if pr := m.Promotion(); pr != NoPieceType {
		gain += seeValue[pr] - seeValue[Pawn]
		next = pr
	}
	balance := gain - threshold
	if balance < 0 {
		return false // even if the capturer is not recaptured
	}
	balance -= seeValue[next]
	if balance >= 0 {
		return true // even if the capturer is lost for nothing
	}
	occ := p.Occupied() ^ SquareBB(from) | SquareBB(to)
	if m.IsEnPassant() {
		occ ^= SquareBB(to ^ 8)
	}
	attackers := p.AttackersTo(to, occ) & occ
	diag := p.byType[Bishop] | p.byType[Queen]
	straight := p.byType[Rook] | p.byType[Queen]
	side := p.side.Other()
	for {
		mine := attackers & p.byColor[side]
		if mine == 0 {
			break
		}
		// The least valuable attacker captures next.
		var pt PieceType
		var b uint64
		for pt = Pawn; pt <= King; pt++ {
			if b = mine & p.byType[pt]; b != 0 {
				break
			}
		}
		if pt == King && attackers&p.byColor[side.Other()] != 0 {
			break // the king cannot capture into a defended square
		}
		occ ^= b & -b
		if pt == Pawn || pt == Bishop || pt == Queen {
			attackers |= BishopAttacks(to, occ) & diag
		}
		if pt == Rook || pt == Queen {
			attackers |= RookAttacks(to, occ) & straight
		}
		attackers &= occ
		side = side.Other()
		// Negamax the balance: the side to capture now wins if it stays ahead
		// even after losing its capturer.
		balance = -balance - 1 - seeValue[pt]
		if balance >= 0 {
			break
		}
	}
	// The side left to move lost the exchange.
	return side != p.side
}
