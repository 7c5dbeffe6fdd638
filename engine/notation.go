package engine

import "fmt"

// ParseMove reads a UCI move ("e2e4", "e7e8q", "e1g1") and returns it only
// if it is legal in the position; anything else is an error. Castling is
// read in the position's convention only (see MoveText): "e1g1" in
// standard mode, "e1h1" (the king takes its own rook) in Chess960 mode.
func (p *Position) ParseMove(s string) (Move, error) {
	if len(s) != 4 && len(s) != 5 {
		return NullMove, fmt.Errorf("move %q: want 4 or 5 characters", s)
	}
	t := p.MoveText()
	var buf [MaxMoves]Move
	moves := p.GenerateMoves(buf[:])
	for _, m := range moves {
		if t.Format(m) == s {
			return m, nil
		}
	}
	if p.chess960 {
		for _, m := range moves {
			if m.IsCastle() && m.String() == s {
				return NullMove, fmt.Errorf("move %q is not legal in %s (in Chess960 mode castling is written as the king taking its rook: %s)",
					s, p.FEN(), t.Format(m))
			}
		}
	}
	return NullMove, fmt.Errorf("move %q is not legal in %s", s, p.FEN())
}

// PlayMoves makes a sequence of UCI moves (read as ParseMove reads them). On the first illegal one it
// undoes what it made, leaving the position unchanged, and returns an error.
func (p *Position) PlayMoves(moves []string) error {
	for i, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			for ; i > 0; i-- {
				p.Unmake()
			}
			return err
		}
		p.Make(m)
	}
	return nil
}

// IsLegal reports whether m is a legal move here (for moves from the
// transposition table or a book, which may be stale or corrupt).
func (p *Position) IsLegal(m Move) bool {
	if m == NullMove {
		return false
	}
	pc := p.board[m.From()]
	if pc == NoPiece || pc.Color() != p.side {
		return false
	}
	var buf [MaxMoves]Move
	for _, l := range p.GenerateMoves(buf[:]) {
		if l == m {
			return true
		}
	}
	return false
}
