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
//
// The numbered steps marked "selective" run only in selective mode; pure
// mode (the papers' fixed-depth minimax) skips them. Their worth, measured
// by self-play, is in docs/testing.md.
func (w *worker) ab(alpha, beta, depth, ply int) int {
	// A singular-extension test (step 9) marks the move it leaves out in the
	// frame; it is taken at once, so that no early return below can leave it
	// for the next node at this ply, or the next search.
	f := &w.stack[ply]
	excluded := f.excluded
	f.excluded = engine.NullMove
	if depth <= 0 {
		return w.qsearch(alpha, beta, ply)
	}
	w.stats.Nodes++
	if w.poll() {
		return 0
	}
	pos := w.pos
	sel := w.opt.Selective
	if ply > w.stats.SelDepth {
		w.stats.SelDepth = ply
	}
	if ply > 0 && sel && (pos.IsRepetition() || pos.Rule50() >= 100) {
		return 0
	}
	if ply >= MaxPly-1 {
		return w.evaluate()
	}

	// Step 1 (selective). Mate distance pruning: no line from here beats
	// a mate already found nearer the root.
	if sel && ply > 0 {
		alpha, beta = max(alpha, mated(ply)), min(beta, MateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
	}

	// Step 2. Table probe: a stored bound of the right draft may decide the
	// node or narrow its window (never at the root, which must name a move).
	// A singular-extension test searches the node without one move: under a
	// key of its own, so that its bounds never pass for the node's.
	key := pos.Key()
	if excluded != engine.NullMove {
		key ^= (uint64(excluded) + 1) * 0x9e3779b97f4a7c15
	}
	ttMove := engine.NullMove
	ttLower, ttDraft := -Infinity, -1
	w.stats.TTProbes++
	if e, ok := w.tt.Probe(key, ply); ok {
		w.stats.TTHits++
		ttMove, ttLower, ttDraft = e.move, e.lower, e.draft
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
	// A PV node: a window wider than null (NegaScout's and alpha-beta's
	// principal variation), or, under the MTD drivers, whose every pass is a
	// null window, the first-move path from the root (with Options.PVPath).
	pv := beta > alpha+1 || f.pvPath
	f.pvPath = false
	f.eval, f.nQuiets = noEval, 0

	// Step 3 (selective). The static evaluation, for the pruning below and
	// for "improving": better than two plies ago, when the side to move is
	// making progress and pruning may be bolder.
	improving := false
	if sel && !inCheck && ply > 0 {
		f.eval = w.evaluate()
		if ply >= 2 {
			prev := w.stack[ply-2].eval
			improving = prev == noEval || f.eval > prev
		}
	}

	if sel && ply > 0 && !pv && !inCheck && abs(beta) < MateBound && excluded == engine.NullMove {
		// Step 4 (selective). Reverse futility pruning: so far above beta
		// that a quiet move is unlikely to bring it back below.
		if depth <= rfpDepth && f.eval-rfpMargin*(depth-b2i(improving)) >= beta {
			return f.eval
		}

		// Step 5 (selective). Null-move pruning: if passing still fails
		// high, a real move would too (zugzwang aside: not without pieces).
		if depth >= 3 && pos.LastMove() != engine.NullMove && f.eval >= beta && w.hasNonPawnMaterial() {
			r := 3 + depth/3 + min((f.eval-beta)/200, 3)
			f.cont = nil
			w.stack[ply+1].pvPath = false
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
	}

	// Step 6 (selective). Internal iterative reduction: a node the table
	// knows nothing about is searched one ply shallower; its table move will
	// make the next visit cheaper.
	if sel && ply > 0 && depth >= 4 && ttMove == engine.NullMove && excluded == engine.NullMove {
		depth--
	}

	n := node{alpha: alpha, beta: beta, a: alpha, best: -Infinity, depth: depth, ply: ply,
		inCheck: inCheck, pv: pv, improving: improving, eval: f.eval}

	w.stats.Interior++

	// Step 7. Enhanced Transposition Cutoffs (they need every move first).
	if w.opt.ETC && ply > 0 && depth >= w.opt.ETCDepth && excluded == engine.NullMove {
		if v, m, ok := w.etc(beta, depth, ply); ok {
			w.tt.Store(key, ply, depth, alpha, beta, v, m)
			return v
		}
	}

	// Step 8. The moves, best first, generated in stages.
	ml := &w.lists[ply]
	ml.start(ttMove)
	for {
		m, ok := w.nextMove(ml, ply, n.skipQuiets)
		if !ok {
			break
		}
		if m == excluded {
			continue
		}
		if ply == 0 {
			w.currMove, w.currMoveNumber = m, n.moves+1 // for progress reports
		}
		n.ext = 0
		if m == ttMove && sel && w.opt.Singular && ply > 0 && depth >= seDepth && excluded == engine.NullMove &&
			ttDraft >= depth-3 && abs(ttLower) < MateBound {
			// Step 9 (selective). Singular extension: if every other move
			// fails well below the table move's lower bound, the table move
			// is the only good one and is searched a ply deeper; if even
			// without it the node fails high, it fails high (multi-cut).
			sBeta := ttLower - seMargin*depth
			f.excluded = m
			v := w.ab(sBeta-1, sBeta, (depth-1)/2, ply)
			ml.start(ttMove) // the test used this ply's move list
			ml.stage = stageGenCaptures
			f.nQuiets = 0
			if w.stopped {
				return 0
			}
			if v < sBeta {
				n.ext = 1
			} else if sBeta >= beta {
				return sBeta
			}
		}
		if w.searchMove(&n, m) {
			return w.finish(&n, key)
		}
		if w.stopped {
			return 0
		}
	}
	if n.moves == 0 && n.best == -Infinity {
		// No move but the one a singular test left out: that proves nothing
		// about the others (it is no mate or stalemate), so fail low.
		if excluded != engine.NullMove {
			return alpha
		}
		// No legal move (pruning starts only after a move was searched).
		if inCheck {
			return mated(ply)
		}
		return 0
	}
	return w.finish(&n, key)
}

// noEval marks a ply whose static evaluation was not computed (in check,
// or pure mode).
const noEval = -Infinity - 1

// Selective-search margins and limits (centipawns, plies).
const (
	rfpDepth       = 7   // reverse futility pruning up to this depth
	rfpMargin      = 75  // per ply of depth
	futilityDepth  = 7   // futility pruning of quiet moves up to this depth
	futilityBase   = 100 // margin at depth 1 ...
	futilityMargin = 80  // ... and per further ply
	seeQuietMargin = 25  // quiet moves losing more than this × depth² by SEE are skipped
	seeNoisyMargin = 90  // captures losing more than this × depth by SEE are skipped
	seePruneDepth  = 8
	seDepth        = 8 // singular extensions from this depth
	seMargin       = 2 // the other moves must stay this much × depth below the table's bound
)

// lmpLimit is the number of quiet moves searched at a node of depth before
// the rest are skipped (late move pruning).
func lmpLimit(depth int, improving bool) int {
	if improving {
		return 3 + depth*depth
	}
	return (3 + depth*depth) / 2
}

// node is the state of one interior node's move loop.
type node struct {
	alpha, beta int // the window after the table narrowed it
	a           int // the running lower edge: max(alpha, best)
	best        int
	bestMove    engine.Move
	depth, ply  int
	inCheck     bool
	pv          bool // a PV node (see ab)
	improving   bool
	eval        int  // static evaluation, noEval when not computed
	moves       int  // moves searched so far
	skipQuiets  bool // late move pruning: no more quiet moves
	ext         int  // extension of the move being searched (singular)
}

// searchMove makes m, searches it (with the pruning, extensions and
// reductions of selective mode) and updates the node; it reports a beta
// cutoff.
func (w *worker) searchMove(n *node, m engine.Move) bool {
	pos := w.pos
	sel := w.opt.Selective
	quiet := !isCaptureOrPromotion(pos, m)

	// Step 10 (selective). Prune late and hopeless moves once one move has
	// scored above a mate: late quiet moves, quiet moves that cannot reach
	// alpha, and moves that lose material by static exchange.
	prune := sel && n.ply > 0 && !n.inCheck && n.best > -MateBound
	if prune && quiet {
		if n.depth <= futilityDepth && w.stack[n.ply].nQuiets >= lmpLimit(n.depth, n.improving) {
			n.skipQuiets = true
			return false
		}
		if n.depth <= seePruneDepth && !pos.SEEAtLeast(m, -seeQuietMargin*n.depth*n.depth) {
			return false
		}
	} else if prune && n.depth <= seePruneDepth && !pos.SEEAtLeast(m, -seeNoisyMargin*n.depth) {
		return false
	}

	hist := 0
	if quiet {
		hist = w.quietScore(m, n.ply)
	}
	w.stack[n.ply].cont = &w.contHist[pos.PieceAt(m.From())][m.To()]
	pos.Make(m)
	givesCheck := pos.InCheck()
	if prune && quiet && !givesCheck && n.depth <= futilityDepth && n.eval != noEval &&
		n.eval+futilityBase+futilityMargin*(n.depth-1) <= n.alpha {
		pos.Unmake()
		return false
	}
	i := n.moves
	n.moves++
	if quiet {
		f := &w.stack[n.ply]
		if f.nQuiets < len(f.quiets) {
			f.quiets[f.nQuiets] = m
		}
		f.nQuiets++
	}

	newDepth := n.depth - 1 + n.ext
	if sel && givesCheck && n.ext == 0 && n.ply < 2*n.depth+8 {
		newDepth++ // check extension
	}

	// Step 11 (selective). Late move reductions.
	r := 0
	if sel && n.depth >= 3 && i >= 2 && quiet {
		r = lmrTable[min(n.depth, 63)][min(i, 63)]
		if n.pv {
			r--
		}
		if !n.improving {
			r++
		}
		if givesCheck || n.inCheck {
			r--
		}
		if w.isKiller(m, n.ply) {
			r--
		}
		r -= hist / lmrHistoryDiv
		r = max(min(r, newDepth-1), 0)
	}
	w.stack[n.ply+1].pvPath = n.pv && i == 0 && w.opt.PVPath
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

// lmrHistoryDiv: each this many points of history (butterfly plus
// continuation) take a ply off (or add one to) a late move's reduction.
const lmrHistoryDiv = 8000

// lmrTable[d][i] is the base reduction of the i-th move (from 0) at depth d:
// logarithmic in both, as in most strong programs.
var lmrTable [64][64]int

func init() {
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			lmrTable[d][i] = int(0.75 + logf(d)*logf(i)/2.25)
		}
	}
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
func (w *worker) etc(beta, depth, ply int) (int, engine.Move, bool) {
	pos := w.pos
	ml := &w.lists[ply]
	ml.n = len(pos.GenerateMoves(ml.moves[:])) // never the root: no candidates to keep
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
// In selective mode it reads and writes the table at draft 0 (no main-search
// entry has a draft that low, so the two never decide each other's nodes
// wrongly); pure mode keeps the papers' table-free quiescence.
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
	sel := w.opt.Selective
	key := pos.Key()
	if sel {
		w.stats.TTProbes++
		if e, ok := w.tt.Probe(key, ply); ok {
			w.stats.TTHits++
			if e.lower >= beta {
				w.stats.TTCutoffs++
				return e.lower
			}
			if e.upper <= alpha {
				w.stats.TTCutoffs++
				return e.upper
			}
		}
	}
	alpha0 := alpha
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
			if sel && (!pos.SEEAtLeast(m, 0) || best+captureGain(pos, m)+deltaMargin < alpha) {
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
	if sel {
		// No move: a capture must not replace a main-search entry's move.
		w.tt.Store(key, ply, 0, alpha0, beta, best, engine.NullMove)
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

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
