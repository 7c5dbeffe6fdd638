package search

import (
	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/eval"
)

// ab is the one tree walker: fail-soft negamax alpha-beta with the
// two-bound transposition table, Enhanced Transposition Cutoffs, and, when
// w.scout is set, NegaScout's null-window searches after the first move.
// mt(γ) is ab(γ-1, γ). The returned value g satisfies the fail-soft
// post-condition: g <= alpha means the value is at most g, g >= beta means
// at least g, anything between is exact.
func (w *worker) ab(alpha, beta, depth, ply int) int {
	if depth <= 0 {
		return w.qsearch(alpha, beta, ply)
	}
	w.stats.Nodes++
	if w.poll() {
		return 0
	}
	pos := w.pos
	if ply > w.stats.SelDepth {
		w.stats.SelDepth = ply
	}
	if ply > 0 && w.opt.Selective && (pos.IsRepetition() || pos.Rule50() >= 100) {
		return 0
	}
	if ply >= MaxPly-1 {
		return w.evaluate()
	}

	// Step 1. Table probe: a stored bound of the right draft may decide the
	// node or narrow its window (never at the root, which must name a move).
	key := pos.Key()
	ttMove := engine.NullMove
	w.stats.TTProbes++
	if e, ok := w.tt.Probe(key, ply); ok {
		w.stats.TTHits++
		ttMove = e.move
		if ply > 0 && w.usable(e.draft, depth) {
			if e.lower >= beta {
				w.stats.TTCutoffs++
				return e.lower
			}
			if e.upper <= alpha {
				w.stats.TTCutoffs++
				return e.upper
			}
			alpha, beta = max(alpha, e.lower), min(beta, e.upper)
		}
	}
	inCheck := pos.InCheck()

	// Step 2. Null-move pruning (selective mode only).
	if w.opt.Selective && ply > 0 && !inCheck && depth >= 3 && beta < MateBound &&
		pos.LastMove() != engine.NullMove && w.hasNonPawnMaterial() && w.evaluate() >= beta {
		r := 3 + depth/6
		pos.MakeNull()
		v := -w.ab(-beta, -beta+1, depth-1-r, ply+1)
		pos.UnmakeNull()
		if w.stopped {
			return 0
		}
		if v >= beta {
			if v > MateBound {
				v = beta
			}
			return v
		}
	}

	n := node{alpha: alpha, beta: beta, a: alpha, best: -Infinity, depth: depth, ply: ply, inCheck: inCheck}

	// Step 3. The table's move, tried before generating the rest when ETC
	// will not look at the children first (ETC needs the whole list).
	useETC := w.opt.ETC && ply > 0 && depth >= w.opt.ETCDepth
	tried := engine.NullMove
	w.stats.Interior++
	if !useETC && ttMove != engine.NullMove && ply > 0 && pos.IsLegalFast(ttMove) {
		tried = ttMove
		if w.searchMove(&n, ttMove, true) {
			return w.finish(&n, key)
		}
		if w.stopped {
			return 0
		}
	}

	// Step 4. Generate the moves (at the root: only the driver's candidates).
	ml := &w.lists[ply]
	ml.n = len(pos.GenerateMoves(ml.moves[:]))
	if ply == 0 {
		k := 0
		for i := 0; i < ml.n; i++ {
			if w.isRootCandidate(ml.moves[i]) {
				ml.moves[k] = ml.moves[i]
				k++
			}
		}
		ml.n = k
	}
	if ml.n == 0 {
		if inCheck {
			return mated(ply)
		}
		return 0
	}

	// Step 5. Enhanced Transposition Cutoffs.
	if useETC {
		if v, m, ok := w.etc(ml, beta, depth, ply); ok {
			w.tt.Store(key, ply, depth, alpha, beta, v, m)
			return v
		}
	}

	// Step 6. The other moves, best first.
	w.score(ml, ply, ttMove)
	for {
		m, ok := ml.pick()
		if !ok {
			break
		}
		if m == tried {
			continue
		}
		if ply == 0 {
			w.currMove, w.currMoveNumber = m, n.moves+1 // for progress reports
		}
		if w.searchMove(&n, m, n.moves == 0) {
			break
		}
		if w.stopped {
			return 0
		}
	}
	return w.finish(&n, key)
}

// node is the state of one interior node's move loop.
type node struct {
	alpha, beta int // the window after the table narrowed it
	a           int // the running lower edge: max(alpha, best)
	best        int
	bestMove    engine.Move
	depth, ply  int
	inCheck     bool
	moves       int // moves searched so far
}

// searchMove makes m, searches it (with the extensions and reductions of
// selective mode) and updates the node; it reports a beta cutoff.
func (w *worker) searchMove(n *node, m engine.Move, first bool) bool {
	pos := w.pos
	quiet := !isCaptureOrPromotion(pos, m)
	i := n.moves
	n.moves++
	pos.Make(m)
	newDepth := n.depth - 1
	givesCheck := pos.InCheck()
	if w.opt.Selective && givesCheck && n.ply < 2*n.depth+8 {
		newDepth++ // check extension
	}
	r := 0
	if w.opt.Selective && n.depth >= 3 && i >= 3 && quiet && !n.inCheck && !givesCheck {
		r = 1 + min(i/8, 2)
		if r > newDepth-1 {
			r = max(newDepth-1, 0)
		}
	}
	if first {
		i = 0
	}
	v := w.searchChild(i, n.a, n.beta, newDepth, r, n.ply)
	pos.Unmake()
	if w.stopped || v <= n.best {
		return false
	}
	n.best, n.bestMove = v, m
	if v <= n.a {
		return false
	}
	n.a = v
	if n.ply == 0 {
		w.rootBest, w.rootBestScore = m, v
	}
	if v < n.beta {
		return false
	}
	if quiet {
		w.goodQuiet(m, n.ply, n.depth)
	}
	return true
}

// finish stores the node's result in the table and returns it.
func (w *worker) finish(n *node, key uint64) int {
	w.tt.Store(key, n.ply, n.depth, n.alpha, n.beta, n.best, n.bestMove)
	return n.best
}

// searchChild searches the i-th move of a node (already made) with window
// (a, beta), reduced by r plies; NegaScout and reductions re-search when the
// cheap search does not fail low.
func (w *worker) searchChild(i, a, beta, newDepth, r, ply int) int {
	nullWindow := beta == a+1
	if i == 0 || (r == 0 && (nullWindow || !w.scout)) {
		return -w.ab(-beta, -a, newDepth, ply+1)
	}
	if !w.scout && !nullWindow {
		v := -w.ab(-beta, -a, newDepth-r, ply+1)
		if v > a && !w.stopped {
			v = -w.ab(-beta, -a, newDepth, ply+1)
		}
		return v
	}
	v := -w.ab(-a-1, -a, newDepth-r, ply+1)
	if r > 0 && v > a && !w.stopped {
		v = -w.ab(-a-1, -a, newDepth, ply+1)
	}
	if v > a && v < beta && !nullWindow && !w.stopped {
		// Fail-soft refinement: the scout's value is a lower bound.
		v = -w.ab(-beta, -v, newDepth, ply+1)
	}
	return v
}

// etc probes the table for every child; if a stored upper bound of a child
// proves the node's value >= beta, it returns that value and move.
func (w *worker) etc(ml *moveList, beta, depth, ply int) (int, engine.Move, bool) {
	pos := w.pos
	for i := 0; i < ml.n; i++ {
		m := ml.moves[i]
		w.stats.ETCProbes++
		e, ok := w.tt.Probe(pos.ChildKey(m), ply+1)
		if ok && w.usable(e.draft, depth-1) && -e.upper >= beta {
			w.stats.ETCCutoffs++
			return -e.upper, m, true
		}
	}
	return 0, engine.NullMove, false
}

// qsearch is the fail-soft quiescence search: stand pat on the static
// evaluation, then captures and promotions; every evasion when in check.
func (w *worker) qsearch(alpha, beta, ply int) int {
	w.stats.Nodes++
	w.stats.QNodes++
	if w.poll() {
		return 0
	}
	if ply > w.stats.SelDepth {
		w.stats.SelDepth = ply
	}
	pos := w.pos
	if ply >= MaxPly-1 {
		return w.evaluate()
	}
	inCheck := pos.InCheck()
	best := -Infinity
	ml := &w.lists[ply]
	if inCheck {
		ml.n = len(pos.GenerateMoves(ml.moves[:]))
		if ml.n == 0 {
			return mated(ply)
		}
	} else {
		stand := w.evaluate()
		if stand >= beta {
			return stand
		}
		best = stand
		alpha = max(alpha, stand)
		ml.n = len(pos.GenerateCaptures(ml.moves[:]))
	}
	for i := 0; i < ml.n; i++ {
		ml.scores[i] = mvvlva(pos, ml.moves[i])
	}
	ml.next = 0
	for {
		m, ok := ml.pick()
		if !ok {
			break
		}
		if !inCheck {
			if p := m.Promotion(); p != engine.NoPieceType && p != engine.Queen {
				continue // underpromotions only matter as evasions or in the main search
			}
			// Selective: skip captures that lose material by static exchange,
			// and those that cannot lift the score near alpha (delta pruning).
			if w.opt.Selective && (!pos.SEEAtLeast(m, 0) || best+captureGain(pos, m)+deltaMargin < alpha) {
				continue
			}
		}
		pos.Make(m)
		v := -w.qsearch(-beta, -alpha, ply+1)
		pos.Unmake()
		if w.stopped {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta {
					break
				}
			}
		}
	}
	return best
}

// deltaMargin is the slack of delta pruning: a capture is skipped when even
// winning the victim outright leaves the score this far below alpha.
const deltaMargin = 200

// captureGain is the material a capture or promotion wins at most.
func captureGain(pos *engine.Position, m engine.Move) int {
	g := eval.PieceValue[pos.PieceAt(m.To()).Type()]
	if m.IsEnPassant() {
		g = eval.PieceValue[engine.Pawn]
	}
	if p := m.Promotion(); p != engine.NoPieceType {
		g += eval.PieceValue[p] - eval.PieceValue[engine.Pawn]
	}
	return g
}
