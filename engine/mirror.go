package engine

// Mirror returns the colour-flipped position: the board turned upside down
// (a1 <-> a8) with every piece changing colour, the other side to move, and
// the castling rights and en-passant square exchanged to match. The move
// counters are kept, and so is the move text convention (Chess960); the
// game history is not (the mirror starts a new one).
//
// Mirroring preserves everything that matters to play: the mirror has the
// mirrored legal moves, and a colour-symmetric evaluation scores both the
// same from the side to move's point of view (the eval symmetry tests rely
// on this).
func (p *Position) Mirror() *Position {
	q := newEmptyPosition()
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			q.put(MakePiece(pc.Color().Other(), pc.Type()), s.Mirror())
		}
	}
	q.side = p.side.Other()
	q.kings = [2]Square{p.kings[Black].Mirror(), p.kings[White].Mirror()}
	for i := 0; i < 4; i++ {
		if p.castle&(1<<i) != 0 {
			// The right of the other colour, with the same rook mirrored.
			q.addCastleRight(Color(i/2).Other(), p.castling.rules[i].rookFrom.Mirror())
		}
	}
	q.chess960 = p.chess960
	if p.ep != NoSquare {
		q.ep = p.ep.Mirror()
	}
	q.rule50, q.moveNo = p.rule50, p.moveNo
	q.key = q.computeKey()
	return q
}
