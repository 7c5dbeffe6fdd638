package engine

// IsRepetition reports whether the current position occurred before since
// the last irreversible move (a two-fold repetition, which the search scores
// as a draw).
func (p *Position) IsRepetition() bool { return p.repetitions(1) }

// IsThreefold reports a third occurrence of the position (the game rule).
func (p *Position) IsThreefold() bool { return p.repetitions(2) }

// repetitions reports whether the position occurred at least n times before.
func (p *Position) repetitions(n int) bool {
	count := 0
	end := len(p.keys) - p.rule50
	if end < 0 {
		end = 0
	}
	// Positions with the same side to move are two plies apart.
	for i := len(p.keys) - 2; i >= end; i -= 2 {
		if p.keys[i] == p.key {
			count++
			if count >= n {
				return true
			}
		}
	}
	return false
}

// RepetitionSince reports whether the current position repeats one reached
// at or after ply (a ply count as returned by Ply). The search uses it to
// score repetitions inside its own tree only, which keeps values independent
// of the game history in pure mode.
func (p *Position) RepetitionSince(ply int) bool {
	end := len(p.keys) - p.rule50
	if end < ply {
		end = ply
	}
	for i := len(p.keys) - 2; i >= end; i -= 2 {
		if p.keys[i] == p.key {
			return true
		}
	}
	return false
}

// IsFiftyMoveDraw reports the fifty-move rule (100 plies without capture or
// pawn move), unless the last move gave mate.
func (p *Position) IsFiftyMoveDraw() bool {
	return p.rule50 >= 100 && (!p.InCheck() || p.HasLegalMove())
}

// IsInsufficientMaterial reports positions where no sequence of legal moves
// can mate: K v K, K+minor v K, and K+B v K+B with bishops on one colour.
func (p *Position) IsInsufficientMaterial() bool {
	if p.byType[Pawn]|p.byType[Rook]|p.byType[Queen] != 0 {
		return false
	}
	minors := p.byType[Knight] | p.byType[Bishop]
	if PopCount(minors) <= 1 {
		return true
	}
	const dark uint64 = 0xAA55AA55AA55AA55
	if p.byType[Knight] == 0 {
		b := p.byType[Bishop]
		return b&dark == 0 || b&^dark == 0
	}
	return false
}
