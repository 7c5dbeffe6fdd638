package search

import (
	"github.com/bounder-chess/bounder/engine"
)

// Mate lines. A line reported with "score mate N" must show the mate it
// announces: 2N-1 plies ending in checkmate when the side to move mates,
// 2N when it is mated (what a GUI shows as the line, and what fastchess's
// -check-mate-pvs checks). The table alone cannot always give that line:
// a mate found in the quiescence search leaves no moves in the table,
// entries of the line are overwritten, and a table move may come from
// another search that scored the position differently. So a mate line is
// built, not just read (matePV): it follows the table's line, and from
// the first move that does not show itself by the search to keep the
// mate at its distance, it asks the search (ab, with the warm table, at
// the iteration's depth) for a move that does, ply by ply, to the mate.
// What no search within the budget can show is reported as unshownMate
// instead: decisive, below every mate score, and no mate announced.

// unshownMate is the score of a line whose mate the search found but could
// not show to its end (a win; its negation a loss): above every evaluation
// and tablebase score, below every mate.
const unshownMate = MateBound

// Mate-line budget: a line may cost the search this share of the nodes
// searched so far, within these bounds.
const (
	matePVShare = 8 // 1/8
	matePVMin   = 4096
	matePVMax   = 1 << 17
)

// matePlies is how many plies from the root a mate score's mate is.
func matePlies(score int) int {
	if score > 0 {
		return MateScore - score
	}
	return MateScore + score
}

// endsInMate reports whether pv, played from root, is legal and ends in
// checkmate, exactly after its last move.
func endsInMate(root *engine.Position, pv []engine.Move) bool {
	pos := root.Clone()
	for _, m := range pv {
		if !pos.IsLegal(m) || gameDrawn(pos) {
			return false
		}
		pos.Make(m)
	}
	return pos.InCheck() && !pos.HasLegalMove()
}

// matePV returns the line and score to report for a root line that starts
// with first and has score, which is a mate score, found by an iteration
// of depth; pv is the table's line. The line is 2N-1 plies ending in mate
// for a score of mate N (2N for mated in N); when the search shows a
// different distance, the score says that one; when it cannot show the
// mate within the budget, the score is ±unshownMate with the table's line.
func (w *worker) matePV(first engine.Move, score, depth int, pv []engine.Move) ([]engine.Move, int) {
	plies := matePlies(score)
	if len(pv) == plies && endsInMate(w.pos, pv) {
		return pv, score
	}
	line, ok := w.showMate(first, score, depth, pv)
	if !ok {
		if score > 0 {
			return pv, unshownMate
		}
		return pv, -unshownMate
	}
	if len(line) != plies {
		// The search showed a mate at another distance: the line and the
		// score must agree (a mate score says who mates, by its parity).
		if score > 0 {
			return line, MateScore - len(line)
		}
		return line, -MateScore + len(line)
	}
	return line, score
}

// showMate builds the mate line of a root line (first, score) by the
// search: at each node the move is one whose value, from the node's side,
// the search proves at least the node's share of the mate (the attacker
// mating no later, the defender lasting no less), tried in this order: the
// table line's move while the line still follows it, the table's move, the
// others. It returns false when some node has no such move within the
// budget, or the search is stopped.
func (w *worker) showMate(first engine.Move, score, depth int, pv []engine.Move) ([]engine.Move, bool) {
	pos := w.pos
	plies := matePlies(score)
	line := make([]engine.Move, 0, plies)
	line = append(line, first)
	w.stack[0].cont = &w.contHist[pos.PieceAt(first.From())][first.To()]
	pos.Make(first)
	defer func() {
		for range line {
			pos.Unmake()
		}
	}()

	// The budget is a temporary node limit (poll), and the first
	// iteration's hold on every stop is lifted meanwhile. The nodes count
	// as work (Stats.Nodes, node limits) and tablebase hits as hits; the
	// other counters, Stats' and DepthStats', describe the iterations'
	// trees and are left as they were.
	limit, hold := w.nodeLimit, w.mustFinish
	stats, ds := w.stats, w.opt.DepthStats
	w.opt.DepthStats = nil
	defer func() {
		nodes, hits := w.stats.Nodes, w.stats.TBHits
		w.stats, w.opt.DepthStats = stats, ds
		w.stats.Nodes, w.stats.TBHits = nodes, hits
	}()
	budget := min(max(w.stats.Nodes/matePVShare, matePVMin), matePVMax)
	w.nodeLimit = w.stats.Nodes + budget
	if limit > 0 {
		w.nodeLimit = min(w.nodeLimit, limit)
	}
	w.mustFinish = false
	defer func() {
		w.nodeLimit, w.mustFinish = limit, hold
		if w.stopped && !w.mustStop() {
			w.stopped = false // only the budget ran out
		}
	}()

	follows := true // the line is still the table's
	for ply := 1; ; ply++ {
		if follows && (ply >= len(pv) || pv[ply-1] != line[ply-1]) {
			follows = false
		}
		if gameDrawn(pos) {
			return nil, false
		}
		var buf [engine.MaxMoves]engine.Move
		moves := pos.GenerateMoves(buf[:])
		if len(moves) == 0 {
			// Mate, by the side the score says (the mated side is the one
			// to move: the root's after an even number of plies).
			return line, pos.InCheck() && (score > 0) == (len(line)%2 == 1)
		}
		if ply >= plies || ply >= MaxPly-2 {
			return nil, false // the mate is not where the score says
		}
		// The node's value from its side to move: the root's score, or its
		// negation an odd number of plies on.
		v := score
		if ply%2 == 1 {
			v = -score
		}
		d := max(depth-ply, plies-ply, 1) - 1
		var tried [2]engine.Move
		n := 0
		if follows {
			tried[n] = pv[ply]
			n++
		}
		if e, ok := w.tt.Probe(pos.Key(), ply); ok && e.move != engine.NullMove {
			tried[n] = e.move
			n++
		}
		found := engine.NullMove
		for i := 0; i < n+len(moves) && found == engine.NullMove; i++ {
			var m engine.Move
			if i < n {
				m = tried[i]
				if !containsMove(moves, m) || i > 0 && tried[0] == m {
					continue
				}
			} else {
				m = moves[i-n]
				if containsMove(tried[:n], m) {
					continue
				}
			}
			if w.keepsMate(m, v, d, ply) {
				found = m
			}
			if w.stopped {
				return nil, false
			}
		}
		if found == engine.NullMove {
			return nil, false
		}
		w.stack[ply].cont = &w.contHist[pos.PieceAt(found.From())][found.To()]
		line = append(line, found)
		pos.Make(found)
	}
}

// keepsMate reports whether the search proves move m of the node at ply
// worth at least v, a mate score, from the node's side (a null-window
// search of depth d of the position after m).
func (w *worker) keepsMate(m engine.Move, v, d, ply int) bool {
	pos := w.pos
	w.stack[ply].cont = &w.contHist[pos.PieceAt(m.From())][m.To()]
	w.stack[ply].eval = noEval
	child := &w.stack[ply+1]
	child.pvPath, child.cut, child.excluded = false, false, engine.NullMove
	pos.Make(m)
	u := -w.ab(-v, -v+1, d, ply+1)
	pos.Unmake()
	return !w.stopped && u >= v
}

// mustStop reports whether the search as a whole must stop (as poll would
// decide it without a temporary node limit): stopped, or out of nodes.
func (w *worker) mustStop() bool {
	return w.ctl.stop.Load() || (w.nodeLimit > 0 && w.stats.Nodes >= w.nodeLimit) ||
		(w.ctl.nodeLimit > 0 && w.ctl.nodes.Load() >= w.ctl.nodeLimit)
}
