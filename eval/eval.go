// Package eval is Bounder's static evaluation: a score in centipawns from
// the side to move's view. This first version counts material only; the
// evaluation issue replaces it with the tapered, tuned evaluation.
package eval

import "github.com/bounder-chess/bounder/engine"

// PieceValue is the material value of each piece type in centipawns.
var PieceValue = [7]int{0, 100, 320, 330, 500, 900, 0}

// Evaluator evaluates positions. It may keep caches (a pawn hash table), so
// each search thread owns one; results never depend on the cache's content.
type Evaluator struct{}

// New returns an Evaluator.
func New() *Evaluator { return &Evaluator{} }

// Evaluate scores pos from the side to move's view.
func (e *Evaluator) Evaluate(pos *engine.Position) int {
	score := 0
	for pt := engine.Pawn; pt < engine.King; pt++ {
		score += PieceValue[pt] * (engine.PopCount(pos.Pieces(engine.White, pt)) - engine.PopCount(pos.Pieces(engine.Black, pt)))
	}
	if pos.SideToMove() == engine.Black {
		return -score
	}
	return score
}
