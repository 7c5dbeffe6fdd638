package datagen

import "github.com/bounder-chess/bounder/engine"

// Material values used by the quietness test. They are deliberately fixed
// (not the evaluation's weights) so that which positions count as quiet does
// not depend on the weights being tuned.
var material = [...]int{engine.Pawn: 100, engine.Knight: 320, engine.Bishop: 330,
	engine.Rook: 500, engine.Queen: 900, engine.King: 0}

// qsNodeLimit bounds the capture search of one position; a position whose
// capture tree is larger than this is treated as not quiet.
const qsNodeLimit = 20000

// Quiet reports whether pos is quiet: the side to move is not in check and
// no sequence of captures and promotions gains material for it. It is a
// material-only quiescence search: pos is quiet when its value equals the
// stand-pat value (the material balance). Captures that lose or merely trade
// material do not make a position unquiet; a hanging piece, a winning
// capture or a promotion does.
func Quiet(pos *engine.Position) bool {
	if pos.InCheck() {
		return false
	}
	q := quiescer{pos: pos}
	stand := q.balance()
	v := q.search(stand, stand+1, 0)
	return !q.aborted && v <= stand
}

type quiescer struct {
	pos     *engine.Position
	nodes   int
	aborted bool
	bufs    [64][engine.MaxMoves]engine.Move
}

// balance is the material from the side to move's view.
func (q *quiescer) balance() int {
	us := q.pos.SideToMove()
	v := 0
	for t := engine.Pawn; t <= engine.Queen; t++ {
		v += material[t] * (popcount(q.pos.Pieces(us, t)) - popcount(q.pos.Pieces(us.Other(), t)))
	}
	return v
}

// search is a fail-hard capture-only alpha-beta with stand pat (check is
// ignored below the root: this is a material estimate, not a proof).
func (q *quiescer) search(alpha, beta, ply int) int {
	q.nodes++
	if q.nodes > qsNodeLimit || ply >= len(q.bufs) {
		q.aborted = true
		return alpha
	}
	stand := q.balance()
	if stand >= beta {
		return beta
	}
	if stand > alpha {
		alpha = stand
	}
	moves := q.pos.GenerateCaptures(q.bufs[ply][:])
	for _, m := range moves {
		q.pos.Make(m)
		v := -q.search(-beta, -alpha, ply+1)
		q.pos.Unmake()
		if q.aborted {
			return alpha
		}
		if v >= beta {
			return beta
		}
		if v > alpha {
			alpha = v
		}
	}
	return alpha
}

func popcount(b uint64) int {
	n := 0
	for b != 0 {
		b &= b - 1
		n++
	}
	return n
}
