package search

import (
	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/eval"
)

// Move ordering: the table move first, then captures and promotions by
// MVV-LVA (most valuable victim, least valuable attacker), then the two
// killer moves of the ply, then quiet moves by the history heuristic
// (Schaeffer), which the papers' programs used too.

const (
	scoreTT      = 1 << 30
	scoreCapture = 1 << 28
	scoreKiller1 = 1 << 27
	scoreKiller2 = scoreKiller1 - 1
	historyMax   = 1 << 20
	// Captures that lose material by static exchange go after every quiet move.
	scoreBadCapture = -(1 << 29)
)

// moveList is a ply's move buffer with ordering scores.
type moveList struct {
	moves  [engine.MaxMoves]engine.Move
	scores [engine.MaxMoves]int32
	n      int
	next   int
}

func isCaptureOrPromotion(pos *engine.Position, m engine.Move) bool {
	return pos.PieceAt(m.To()) != engine.NoPiece || m.IsEnPassant() || m.Promotion() != engine.NoPieceType
}

func mvvlva(pos *engine.Position, m engine.Move) int32 {
	victim := pos.PieceAt(m.To()).Type()
	if m.IsEnPassant() {
		victim = engine.Pawn
	}
	attacker := pos.PieceAt(m.From()).Type()
	s := int32(eval.PieceValue[victim]*16 - int(attacker))
	if p := m.Promotion(); p != engine.NoPieceType {
		if p == engine.Queen {
			s += int32(eval.PieceValue[engine.Queen] * 16)
		} else {
			s -= 1 << 20 // underpromotions last among the tactical moves
		}
	}
	return s
}

// score assigns ordering scores to the generated moves.
func (w *worker) score(ml *moveList, ply int, ttMove engine.Move) {
	pos := w.pos
	k := &w.killers[ply]
	side := pos.SideToMove()
	for i := 0; i < ml.n; i++ {
		m := ml.moves[i]
		var s int32
		switch {
		case m == ttMove:
			s = scoreTT
		case isCaptureOrPromotion(pos, m):
			s = scoreCapture + mvvlva(pos, m)
			if !pos.SEEAtLeast(m, 0) {
				s = scoreBadCapture + mvvlva(pos, m) // after the quiet moves
			}
		case m == k[0]:
			s = scoreKiller1
		case m == k[1]:
			s = scoreKiller2
		default:
			s = w.history[side][m.From()][m.To()]
		}
		ml.scores[i] = s
	}
	ml.next = 0
}

// pick returns the best remaining move (selection sort, one step at a time:
// most nodes cut off after a move or two, so sorting all would be waste).
func (ml *moveList) pick() (engine.Move, bool) {
	if ml.next >= ml.n {
		return engine.NullMove, false
	}
	best := ml.next
	for i := ml.next + 1; i < ml.n; i++ {
		if ml.scores[i] > ml.scores[best] {
			best = i
		}
	}
	ml.moves[ml.next], ml.moves[best] = ml.moves[best], ml.moves[ml.next]
	ml.scores[ml.next], ml.scores[best] = ml.scores[best], ml.scores[ml.next]
	m := ml.moves[ml.next]
	ml.next++
	return m, true
}

// goodQuiet records a quiet move that caused a cutoff: killer and history.
func (w *worker) goodQuiet(m engine.Move, ply, depth int) {
	k := &w.killers[ply]
	if k[0] != m {
		k[1], k[0] = k[0], m
	}
	h := &w.history[w.pos.SideToMove()][m.From()][m.To()]
	*h += int32(depth * depth)
	if *h > historyMax {
		for c := range w.history {
			for f := range w.history[c] {
				for t := range w.history[c][f] {
					w.history[c][f][t] /= 2
				}
			}
		}
	}
}
