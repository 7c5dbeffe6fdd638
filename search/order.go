package search

import (
	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/eval"
)

// Move ordering: the table move first, then captures and promotions that
// do not lose material by static exchange, by MVV-LVA (most valuable victim,
// least valuable attacker), then the two killer moves of the ply and the
// counter move (the quiet move that last refuted the opponent's previous
// move), then quiet moves by the history heuristic (Schaeffer), which the
// papers' programs used too, and last the captures that lose material. The
// picker (nextMove) generates each stage only when the one before is used up.

// moveList is a ply's move buffer with ordering scores, and the state of
// the staged move picker (next) that fills it.
type moveList struct {
	moves  [engine.MaxMoves]engine.Move
	scores [engine.MaxMoves]int32
	n      int
	next   int

	stage    stage
	ttMove   engine.Move
	special  [3]engine.Move // killers and counter move, tried before the other quiet moves
	bad      [engine.MaxMoves]engine.Move
	iSpecial int
	nBad     int
	iBad     int
}

// stage is where the move picker is: Bounder generates captures first and
// the quiet moves only when no capture or killer has cut the node off.
type stage uint8

const (
	stageTT stage = iota
	stageGenCaptures
	stageGoodCaptures
	stageSpecial
	stageGenQuiets
	stageQuiets
	stageBadCaptures
	stageDone
)

// start resets the picker for a new node.
func (ml *moveList) start(ttMove engine.Move) {
	ml.stage, ml.ttMove, ml.n, ml.next, ml.nBad, ml.iBad = stageTT, ttMove, 0, 0, 0, 0
}

// nextMove returns the node's next move in order: the table move, captures
// and promotions that do not lose material by static exchange (MVV-LVA),
// the killers and the counter move, the other quiet moves by history, and
// last the losing captures. skipQuiets drops the quiet moves not yet
// returned (late move pruning). At the root only the driver's candidates
// are returned.
func (w *worker) nextMove(ml *moveList, ply int, skipQuiets bool) (engine.Move, bool) {
	pos := w.pos
	for {
		switch ml.stage {
		case stageTT:
			ml.stage = stageGenCaptures
			if m := ml.ttMove; m != engine.NullMove && pos.IsLegalFast(m) && (ply > 0 || w.isRootCandidate(m)) {
				return m, true
			}
		case stageGenCaptures:
			ml.n = len(pos.GenerateCaptures(ml.moves[:]))
			w.keepRootCandidates(ml, 0, ply)
			for i := 0; i < ml.n; i++ {
				ml.scores[i] = w.captureScore(ml.moves[i])
			}
			ml.stage = stageGoodCaptures
		case stageGoodCaptures:
			m, ok := ml.pick()
			if !ok {
				k := &w.killers[ply]
				ml.special = [3]engine.Move{k[0], k[1], w.counterMove()}
				ml.iSpecial = 0
				ml.stage = stageSpecial
				continue
			}
			if m == ml.ttMove {
				continue
			}
			if !pos.SEEAtLeast(m, 0) {
				ml.bad[ml.nBad] = m
				ml.nBad++
				continue
			}
			return m, true
		case stageSpecial:
			for ml.iSpecial < len(ml.special) {
				i := ml.iSpecial
				m := ml.special[i]
				ml.iSpecial++
				if m != engine.NullMove && m != ml.ttMove && !skipQuiets && !isCaptureOrPromotion(pos, m) &&
					!ml.isSpecialBefore(m, i) && pos.IsLegalFast(m) && (ply > 0 || w.isRootCandidate(m)) {
					return m, true
				}
				ml.special[i] = engine.NullMove // not returned: not to be skipped later
			}
			ml.stage = stageGenQuiets
		case stageGenQuiets:
			ml.stage = stageBadCaptures
			if skipQuiets {
				continue
			}
			first := ml.n
			ml.n += len(pos.GenerateQuiets(ml.moves[first:]))
			w.keepRootCandidates(ml, first, ply)
			for i := first; i < ml.n; i++ {
				ml.scores[i] = int32(w.quietScore(ml.moves[i], ply))
			}
			ml.stage = stageQuiets
		case stageQuiets:
			if skipQuiets {
				ml.stage = stageBadCaptures
				continue
			}
			m, ok := ml.pick()
			if !ok {
				ml.stage = stageBadCaptures
				continue
			}
			if m == ml.ttMove || ml.isSpecial(m) {
				continue
			}
			return m, true
		case stageBadCaptures:
			if ml.iBad < ml.nBad {
				ml.iBad++
				return ml.bad[ml.iBad-1], true
			}
			ml.stage = stageDone
		default:
			return engine.NullMove, false
		}
	}
}

// isSpecial reports whether m was returned in the special stage (the
// stage clears the entries it did not return).
func (ml *moveList) isSpecial(m engine.Move) bool {
	return m == ml.special[0] || m == ml.special[1] || m == ml.special[2]
}

// isSpecialBefore reports whether m is among the special moves before i
// (a counter move that is also a killer is tried once).
func (ml *moveList) isSpecialBefore(m engine.Move, i int) bool {
	for j := 0; j < i; j++ {
		if ml.special[j] == m {
			return true
		}
	}
	return false
}

// keepRootCandidates drops, at the root, the moves of ml from first on that
// are not the driver's candidates.
func (w *worker) keepRootCandidates(ml *moveList, first, ply int) {
	if ply != 0 {
		return
	}
	k := first
	for i := first; i < ml.n; i++ {
		if w.isRootCandidate(ml.moves[i]) {
			ml.moves[k] = ml.moves[i]
			k++
		}
	}
	ml.n = k
}

func isCaptureOrPromotion(pos *engine.Position, m engine.Move) bool {
	// A Chess960 castle may land the king on its own rook's square: no capture.
	return pos.PieceAt(m.To()) != engine.NoPiece && !m.IsCastle() || m.IsEnPassant() || m.Promotion() != engine.NoPieceType
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

// captureScore orders a capture or promotion of the main search: MVV-LVA,
// moved by a quarter of its capture history. That is at most HistoryMax/4
// either way (4,096 at the default), about MVV-LVA's step from a pawn victim
// to a knight (3,520): history reorders captures of victims close in value,
// never a queen's below a pawn's.
func (w *worker) captureScore(m engine.Move) int32 {
	pos := w.pos
	return mvvlva(pos, m) + int32(*w.captHistEntry(m))/4
}

// captHistEntry is m's capture history entry (m is a capture or a
// promotion of the side to move, not yet made).
func (w *worker) captHistEntry(m engine.Move) *int16 {
	pos := w.pos
	victim := pos.PieceAt(m.To()).Type()
	if m.IsEnPassant() {
		victim = engine.Pawn
	}
	return &w.captHist[pos.PieceAt(m.From())][m.To()][victim]
}

// pick returns the best remaining move (selection sort, one step at a time:
// most nodes cut off after a move or two, so sorting all would be waste).
func (ml *moveList) pick() (engine.Move, bool) {
	next, n := ml.next, ml.n
	if next >= n {
		return engine.NullMove, false
	}
	// The first of the highest scores; the best score is kept in a register
	// and the slice bounds checked once (this loop took a tenth of the search).
	scores := ml.scores[next:n]
	best, bestScore := 0, scores[0]
	for i, s := range scores {
		// Branch-free (the comparisons are hard to predict): higher is all
		// ones when s beats the best so far.
		higher := (int64(bestScore) - int64(s)) >> 63
		best ^= (best ^ i) & int(higher)
		bestScore ^= (bestScore ^ s) & int32(higher)
	}
	best += next
	m := ml.moves[best]
	ml.moves[best], ml.scores[best] = ml.moves[next], ml.scores[next]
	ml.moves[next], ml.scores[next] = m, bestScore
	ml.next++
	return m, true
}

// counterMove is the quiet move that last refuted the opponent's last move
// (by the piece that made it and its destination), or NullMove.
func (w *worker) counterMove() engine.Move {
	last := w.pos.LastMove()
	if last == engine.NullMove {
		return engine.NullMove
	}
	return w.counter[w.pos.PieceAt(last.To())][last.To()]
}

func (w *worker) isKiller(m engine.Move, ply int) bool {
	k := &w.killers[ply]
	return m == k[0] || m == k[1]
}

// quietScore is the history score of the quiet move m of the side to move
// at ply: its butterfly history plus its continuation histories after the
// moves one and two plies earlier.
func (w *worker) quietScore(m engine.Move, ply int) int {
	pos := w.pos
	pc, to := pos.PieceAt(m.From()), m.To()
	s := int(w.history[pos.SideToMove()][m.From()][to])
	if ply >= 1 {
		if c := w.stack[ply-1].cont; c != nil {
			s += int(c[pc][to])
		}
		if ply >= 2 {
			if c := w.stack[ply-2].cont; c != nil {
				s += int(c[pc][to])
			}
		}
	}
	return s
}

// goodQuiet records a quiet move that caused a cutoff: killer, counter move,
// and the histories, where it gains and the quiet moves searched before it
// lose. A cutoff at depth d moves them by min(HistoryScale×d²,
// HistoryBonusMax) (Params), less near the bounds: with gravity, a score
// moves less the nearer it is to ±HistoryMax, so scores stay bounded and
// recent results weigh more. A quiet move is ordered by its history and its
// two continuation histories together.
func (w *worker) goodQuiet(m engine.Move, ply, depth int, p *paramSet) {
	k := &w.killers[ply]
	if k[0] != m {
		k[1], k[0] = k[0], m
	}
	pos := w.pos
	if last := pos.LastMove(); last != engine.NullMove {
		w.counter[pos.PieceAt(last.To())][last.To()] = m
	}
	side := pos.SideToMove()
	bonus := min(depth*depth*p.HistoryScale, p.HistoryBonusMax)
	hmax := p.HistoryMax
	var c1, c2 *contRow
	if ply >= 1 {
		c1 = w.stack[ply-1].cont
	}
	if ply >= 2 {
		c2 = w.stack[ply-2].cont
	}
	f := &w.stack[ply]
	for i := 0; i < min(f.nQuiets, len(f.quiets)); i++ {
		q := f.quiets[i]
		b := -bonus
		if q == m {
			b = bonus
		}
		pc, to := pos.PieceAt(q.From()), q.To()
		gravity(&w.history[side][q.From()][to], b, bonus, hmax)
		if c1 != nil {
			gravity(&c1[pc][to], b, bonus, hmax)
		}
		if c2 != nil {
			gravity(&c2[pc][to], b, bonus, hmax)
		}
	}
}

// updateCaptures moves the capture history after a cutoff at depth d by
// move m: the captures and promotions searched before it lose, m gains if
// it is one of them, by the same bonus as goodQuiet's.
func (w *worker) updateCaptures(m engine.Move, ply, depth int, p *paramSet) {
	bonus := min(depth*depth*p.HistoryScale, p.HistoryBonusMax)
	f := &w.stack[ply]
	for i := 0; i < min(f.nCaptures, len(f.captures)); i++ {
		c := f.captures[i]
		b := -bonus
		if c == m {
			b = bonus
		}
		gravity(w.captHistEntry(c), b, bonus, p.HistoryMax)
	}
}

// gravity adds b to the history score h, less in proportion to how near h
// already is to ±hmax (bonus is |b|, at most hmax, so |h| stays at most
// hmax). The butterfly history is int32, the continuation histories int16
// (they are 32 times as many entries; HistoryMax's range keeps them in it).
func gravity[T int16 | int32](h *T, b, bonus, hmax int) {
	v := int(*h)
	*h = T(v + b - v*bonus/hmax)
}
