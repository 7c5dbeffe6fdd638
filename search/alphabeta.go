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
// Its stages are numbered "Step N" in the order a node runs them, as in
// Ethereal's search: steps 1-13 here, 13-19 in searchMove (once per move),
// 20-21 here again. The steps marked "selective" run only in selective
// mode; pure mode (the papers' fixed-depth minimax) skips them. Their
// numbers are Params (params.go), read through one snapshot per node; what
// they are worth, measured by self-play, is in docs/testing.md.
func (w *worker) ab(alpha, beta, depth, ply int) int {
	// A singular-extension test (step 13) marks the move it leaves out in
	// the frame; it is taken at once, so that no early return below can
	// leave it for the next node at this ply, or the next search.
	f := &w.stack[ply]
	excluded := f.excluded
	f.excluded = engine.NullMove
	cut := f.cut // an expected cut node (frame.cut), cleared as excluded is
	f.cut = false

	// Step 1. At the horizon, the quiescence search.
	if depth <= 0 {
		return w.qsearch(alpha, beta, ply)
	}

	// Step 2. Count the node, and stop when the search must (the value
	// is then thrown away).
	w.stats.Nodes++
	if w.poll() {
		return 0
	}
	pos := w.pos
	sel := w.opt.Selective
	p := live.Load()
	if ply > w.stats.SelDepth {
		w.stats.SelDepth = ply
	}

	// Step 3. Early exits: a draw by repetition or the fifty-move rule
	// inside the tree (selective; in pure mode the game history alone
	// decides those), and the end of the stack.
	if ply > 0 && sel && (pos.IsRepetition() || pos.Rule50() >= 100) {
		return 0
	}
	if ply >= MaxPly-1 {
		return w.grained(w.evaluate())
	}
	ds := w.opt.DepthStats // per-depth counts (nil: off)

	// Step 4 (selective). Mate distance pruning: no line from here beats
	// a mate already found nearer the root.
	if sel && ply > 0 {
		alpha, beta = max(alpha, mated(ply)), min(beta, MateScore-ply-1)
		if alpha >= beta {
			return alpha
		}
	}

	// Step 5. Table probe: a stored bound of the right draft may decide the
	// node or narrow its window (never at the root, which must name a move).
	// A singular-extension test searches the node without one move: under a
	// key of its own, so that its bounds never pass for the node's.
	key := pos.Key()
	if excluded != engine.NullMove {
		key ^= (uint64(excluded) + 1) * 0x9e3779b97f4a7c15
	}
	ttMove := engine.NullMove
	ttLower, ttUpper, ttDraft, ttPv := -Infinity, Infinity, -1, false
	w.stats.TTProbes++
	if e, ok := w.tt.Probe(key, ply); ok {
		w.stats.TTHits++
		if ds != nil {
			ds.TTHits[depth]++
		}
		ttMove, ttLower, ttUpper, ttDraft, ttPv = e.move, e.lower, e.upper, e.draft, e.pv
		if ply > 0 && w.usable(e.draft, depth) {
			if e.lower >= beta {
				w.stats.TTCutoffs++
				if ds != nil {
					ds.TTCutoffs[depth]++
				}
				return e.lower
			}
			if e.upper <= alpha {
				w.stats.TTCutoffs++
				if ds != nil {
					ds.TTCutoffs[depth]++
				}
				return e.upper
			}
			alpha, beta = max(alpha, e.lower), min(beta, e.upper)
		}
	}

	// Step 6 (selective). Endgame tablebases: a position they hold, reached
	// by a capture or a pawn move, is decided by its win, draw or loss
	// where that bound settles the window (tb.go).
	if w.tbPieces > 0 && ply > 0 && excluded == engine.NullMove {
		if v, ok := w.probeTB(alpha, beta, depth, ply); ok {
			return v
		}
	}

	// Step 7. What the pruning below asks of the node. A PV node: a window
	// wider than null (NegaScout's and alpha-beta's principal variation),
	// or, under the MTD drivers, whose every pass is a null window, the
	// first-move path from the root (with Options.PVPath). In selective mode
	// the static evaluation, and "improving": better than two plies ago,
	// when the side to move is making progress and pruning may be bolder.
	inCheck := pos.InCheck()
	pv := beta > alpha+1 || f.pvPath
	f.pvPath = false
	cut = cut && !pv
	f.eval, f.nQuiets, f.nCaptures = noEval, 0, 0
	improving := false
	raw := noEval
	if sel && !inCheck && ply > 0 {
		raw = w.evaluate()
		f.eval = w.corr.corrected(pos, raw)
		if w.opt.EvalGrain > 1 {
			f.eval = w.grained(f.eval)
		}
		if ds != nil {
			ds.Leaves[depth]++
		}
		if ply >= 2 {
			prev := w.stack[ply-2].eval
			improving = prev == noEval || f.eval > prev
		}
	}
	// The pruning reads the static evaluation moved inside the table's
	// bounds, of any draft: a searched bound says more about the node than
	// the evaluation (improving compares the evaluations alone).
	ev := f.eval
	if ev != noEval {
		if ttLower > ev && ttLower < MateBound {
			ev = ttLower
		}
		if ttUpper < ev && ttUpper > -MateBound {
			ev = ttUpper
		}
	}

	if sel && ply > 0 && !pv && !inCheck && abs(beta) < MateBound && excluded == engine.NullMove {
		// Step 8 (selective). Reverse futility pruning: so far above beta
		// that a quiet move is unlikely to bring it back below.
		if depth <= p.ReverseFutilityDepth && ev-p.ReverseFutilityMargin*(depth-b2i(improving)) >= beta {
			return ev
		}

		// Step 8b (selective). Razoring: so far below alpha that only a
		// capture could lift it; when the quiescence search, which tries
		// them, fails low too, the node does.
		if depth <= p.RazorDepth && ev+p.RazorMargin*depth <= alpha {
			v := w.qsearch(alpha, alpha+1, ply)
			if w.stopped {
				return 0
			}
			if v <= alpha {
				return v
			}
		}

		// Step 9 (selective). Null-move pruning: if passing still fails
		// high, a real move would too (zugzwang aside: not without pieces).
		if depth >= p.NullMoveDepth && pos.LastMove() != engine.NullMove && ev >= beta && w.hasNonPawnMaterial() {
			r := p.NullMoveBase + depth/p.NullMoveDepthDiv + min((ev-beta)/p.NullMoveEvalDiv, p.NullMoveEvalMax)
			f.cont = nil
			w.stack[ply+1].pvPath = false
			w.stack[ply+1].cut = !cut
			w.makeNull()
			v := -w.ab(-beta, -beta+1, depth-1-r, ply+1)
			w.unmakeNull()
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

		// Step 9b (selective). ProbCut: a capture whose shallow search
		// beats beta by a margin would very likely cut the node at full
		// depth too. Not when the table already bounds the node below
		// that margin at a draft that would tell.
		if pBeta := beta + probCutMargin; depth >= probCutDepth && pBeta < MateBound &&
			!(ttDraft >= depth-probCutReduction+1 && ttUpper < pBeta) {
			if v, m, ok := w.probCut(pBeta, ev, depth, ply); ok {
				w.tt.Store(key, ply, depth-probCutReduction+1, pBeta-1, pBeta, v, m, false)
				return v
			}
			if w.stopped {
				return 0
			}
		}
	}

	// Step 10 (selective). Internal iterative reduction: a node the table
	// knows nothing about is searched one ply shallower; its table move will
	// make the next visit cheaper.
	if sel && ply > 0 && depth >= p.IIRDepth && ttMove == engine.NullMove && excluded == engine.NullMove {
		depth--
	}

	n := node{alpha: alpha, beta: beta, a: alpha, best: -Infinity, depth: depth, ply: ply,
		inCheck: inCheck, pv: pv, cut: cut, ttPv: pv || ttPv, improving: improving, eval: ev, raw: noEval, p: p,
		ttCapture: ttMove != engine.NullMove && isCaptureOrPromotion(pos, ttMove)}
	if excluded == engine.NullMove {
		n.raw, n.static = raw, f.eval
	}

	w.stats.Interior++
	if ds != nil {
		ds.Interior[depth]++
	}

	// Step 11. Enhanced Transposition Cutoffs (they need every move first).
	if w.opt.ETC && ply > 0 && depth >= w.opt.ETCDepth && excluded == engine.NullMove {
		if v, m, ok := w.etc(beta, depth, ply); ok {
			w.tt.Store(key, ply, depth, alpha, beta, v, m, false)
			return v
		}
	}

	// Step 12. The moves, best first, generated in stages (nextMove); each
	// is pruned, extended, reduced and searched by searchMove, steps 14-20.
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
		if m == ttMove && sel && w.opt.Singular && ply > 0 && depth >= p.SingularDepth && excluded == engine.NullMove &&
			ttDraft >= depth-p.SingularDraftMargin && abs(ttLower) < MateBound {
			// Step 13 (selective). Singular extension: if every other move
			// fails well below the table move's lower bound, the table move
			// is the only good one and is searched a ply deeper; if even
			// without it the node fails high, it fails high (multi-cut);
			// if it is not singular but its bound beats beta, it is
			// searched a ply shallower.
			sBeta := ttLower - p.SingularMargin*depth
			f.excluded = m
			f.cut = cut
			v := w.ab(sBeta-1, sBeta, (depth-1)/2, ply)
			ml.start(ttMove) // the test used this ply's move list
			ml.stage = stageGenCaptures
			f.nQuiets, f.nCaptures = 0, 0
			if w.stopped {
				return 0
			}
			ext, cutoff := singularVerdict(v, sBeta, beta, ttLower)
			if cutoff {
				return sBeta
			}
			n.ext = ext
		}
		if w.searchMove(&n, m) {
			return w.finish(&n, key)
		}
		if w.stopped {
			return 0
		}
	}

	// Step 21. No move searched: mate or stalemate.
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

	// Step 22. Store the result in the table (a cutoff, step 20, returns
	// through finish too).
	return w.finish(&n, key)
}

// singularVerdict is step 13's decision, from the value v of the singular
// test (the node searched without its table move against the null window
// below sBeta = ttLower − margin): the table move's extension, or a cutoff
// of the whole node (multi-cut).
//   - v < sBeta: every other move fails well below the table move's bound:
//     the table move is singular and searched a ply deeper.
//   - v >= sBeta >= beta: even without the table move the node fails high:
//     it cuts off with sBeta, a lower bound that beats beta.
//   - v >= sBeta, sBeta < beta <= ttLower: another move comes near the table
//     move's bound, which beats beta already: the node will likely cut off
//     without the table move's depth, searched a ply shallower (negative
//     extension).
//   - otherwise (the table move's bound is below beta): no change.
func singularVerdict(v, sBeta, beta, ttLower int) (ext int, cutoff bool) {
	switch {
	case v < sBeta:
		return 1, false
	case sBeta >= beta:
		return 0, true
	case ttLower >= beta:
		return -1, false
	}
	return 0, false
}

// History pruning (searchMove, step 14) up to this depth, of quiet moves
// whose history score (butterfly and two continuation histories, each
// within ±HistoryMax) is below −historyPruneMargin × depth.
const (
	historyPruneDepth  = 3
	historyPruneMargin = 4000
)

// ProbCut (step 9b) from this depth: captures are searched probCutReduction
// plies shallower against beta + probCutMargin.
const (
	probCutDepth     = 5
	probCutMargin    = 150
	probCutReduction = 4
)

// probCut tries the captures of the node at ply whose static exchange can
// lift the evaluation ev to pBeta: each first by the quiescence search,
// then, if that holds, by a search probCutReduction plies shallower, both
// with the null window at pBeta. It returns the first value and move that
// reach pBeta. It uses the ply's move list, which the node's move loop
// resets.
func (w *worker) probCut(pBeta, ev, depth, ply int) (int, engine.Move, bool) {
	pos := w.pos
	ml := &w.lists[ply]
	ml.n = len(pos.GenerateCaptures(ml.moves[:]))
	for i := 0; i < ml.n; i++ {
		ml.scores[i] = w.captureScore(ml.moves[i])
	}
	ml.next = 0
	for {
		m, ok := ml.pick()
		if !ok {
			return 0, engine.NullMove, false
		}
		if !pos.SEEAtLeast(m, pBeta-ev) {
			continue
		}
		w.stack[ply].cont = &w.contHist[pos.PieceAt(m.From())][m.To()]
		w.stack[ply+1].pvPath = false
		w.make(m)
		v := -w.qsearch(-pBeta, -pBeta+1, ply+1)
		if v >= pBeta && !w.stopped {
			v = -w.ab(-pBeta, -pBeta+1, depth-probCutReduction, ply+1)
		}
		w.unmake()
		if w.stopped {
			return 0, engine.NullMove, false
		}
		if v >= pBeta {
			return v, m, true
		}
	}
}

// noEval marks a ply whose static evaluation was not computed (in check,
// or pure mode).
const noEval = -Infinity - 1

// node is the state of one interior node's move loop.
type node struct {
	alpha, beta int // the window after the table narrowed it
	a           int // the running lower edge: max(alpha, best)
	best        int
	bestMove    engine.Move
	depth, ply  int
	inCheck     bool
	pv          bool // a PV node (see ab)
	cut         bool // an expected cut node (frame.cut)
	ttPv        bool // a PV node now or, by the table's mark, in an earlier pass or iteration
	improving   bool
	eval        int       // static evaluation, noEval when not computed
	raw, static int       // the raw and corrected evaluations, for the correction history (raw noEval: none)
	moves       int       // moves searched so far
	skipQuiets  bool      // late move pruning: no more quiet moves
	ext         int       // extension of the move being searched (singular)
	ttCapture   bool      // the table move is a capture or promotion
	p           *paramSet // the search parameters, as the node read them
}

// searchMove makes m, searches it (with the pruning, extensions and
// reductions of selective mode) and updates the node; it reports a beta
// cutoff. It runs steps 14-20 of ab.
func (w *worker) searchMove(n *node, m engine.Move) bool {
	pos := w.pos
	sel := w.opt.Selective
	p := n.p
	quiet := !isCaptureOrPromotion(pos, m)

	// Step 14 (selective). Prune late and hopeless moves once one move has
	// scored above a mate: late quiet moves (late move pruning, which
	// skips the node's remaining quiet moves) and moves that lose material
	// by static exchange (SEE pruning; for quiet moves after step 15, which
	// is cheaper).
	prune := sel && n.ply > 0 && !n.inCheck && n.best > -MateBound
	hist := 0
	if quiet {
		hist = w.quietScore(m, n.ply)
	}
	if prune && quiet {
		if n.depth <= p.LateMovePruningDepth && w.stack[n.ply].nQuiets >= p.lmpLimit(n.depth, n.improving) {
			n.skipQuiets = true
			return false
		}
		// History pruning: near the horizon, a quiet move whose histories
		// say it has failed low again and again is not searched.
		if !n.pv && n.depth <= historyPruneDepth && hist < -historyPruneMargin*n.depth && !w.isKiller(m, n.ply) {
			return false
		}
	} else if prune && n.depth <= p.SEEPruningDepth && !pos.SEEAtLeast(m, -p.SEENoisyMargin*n.depth) {
		return false
	}

	// Step 15 (selective). Futility pruning: a quiet move that gives no
	// check and leaves the static evaluation far below alpha. Near the
	// horizon this prunes some 40% of the moves that get this far, before
	// they are made. It is tested before the SEE pruning of quiet moves,
	// which prunes the same way but costs an exchange evaluation.
	givesCheck := pos.GivesCheck(m)
	if prune && quiet && !givesCheck && n.depth <= p.FutilityDepth && n.eval != noEval &&
		n.eval+p.FutilityBase+p.FutilityMargin*(n.depth-1) <= n.alpha {
		return false
	}
	if prune && quiet && n.depth <= p.SEEPruningDepth && !pos.SEEAtLeast(m, -p.SEEQuietMargin*n.depth*n.depth) {
		return false // step 14's SEE pruning of a quiet move
	}
	// Step 16's check extension asks whether the check loses material,
	// which is measured before the move is made.
	safeCheck := givesCheck && sel && n.ext == 0 && n.ply < 2*n.depth+p.CheckExtensionSlack && pos.SEEAtLeast(m, 0)

	w.stack[n.ply].cont = &w.contHist[pos.PieceAt(m.From())][m.To()]
	w.make(m)
	i := n.moves
	n.moves++
	if quiet {
		f := &w.stack[n.ply]
		if f.nQuiets < len(f.quiets) {
			f.quiets[f.nQuiets] = m
		}
		f.nQuiets++
	} else {
		f := &w.stack[n.ply]
		if f.nCaptures < len(f.captures) {
			f.captures[f.nCaptures] = m
		}
		f.nCaptures++
	}

	// Step 16. Extensions: the singular one (step 13), else (selective) a
	// ply for a check that does not lose material by static exchange, not
	// so far from the root that checks could run on.
	newDepth := n.depth - 1 + n.ext
	if safeCheck {
		newDepth++
	}

	// Step 17 (selective). Late move reductions: logarithmic in depth and
	// move number, less at PV nodes, when improving, in or giving check and
	// for killers, and by history.
	r := 0
	if sel && n.depth >= p.LMRDepth && i >= p.LMRMoveCount && quiet {
		r = int(p.lmr[min(n.depth, 63)][min(i, 63)])
		if n.pv {
			r--
		}
		if n.ttPv && !n.pv {
			r-- // it was a PV node: its lines are likely to matter again
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
		if n.ttCapture {
			r++ // the table's best move wins material: quiet moves rarely beat it
		}
		if n.cut {
			r++ // a cut node's late moves are searched only to refute it
		}
		r -= hist / p.LMRHistoryDiv
		r = max(min(r, newDepth-1), 0)
	} else if sel && n.depth >= p.LMRDepth && i >= p.LMRMoveCount && !givesCheck && !n.inCheck &&
		w.lists[n.ply].stage == stageBadCaptures {
		// A capture that loses material by static exchange, tried after
		// the quiet moves, is reduced a ply less than a quiet move would be.
		r = int(p.lmr[min(n.depth, 63)][min(i, 63)]) - 1 - b2i(n.pv)
		r = max(min(r, newDepth-1), 0)
	}

	// Step 18. Search the move: the first with the node's window, the
	// others as the driver asks (NegaScout's null windows, re-searches of
	// reduced moves that do not fail low).
	w.stack[n.ply+1].pvPath = n.pv && i == 0 && w.opt.PVPath
	before := w.stats.Nodes
	// The first move of a PV node continues the PV; its other moves are
	// expected to fail low, their children to cut off.
	childCut := !n.cut && (!n.pv || i > 0)
	v := w.searchChild(i, n.a, n.beta, newDepth, r, n.ply, childCut)
	w.unmake()
	if n.ply == 0 {
		w.spend(m, w.stats.Nodes-before)
	}

	// Step 19. The best move and value so far, and the root's.
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

	// Step 20. A beta cutoff: a quiet move that caused it becomes a killer
	// and counter move and gains history, the quiet moves before it lose;
	// a capture that caused it gains capture history; the captures before
	// it lose theirs. With Options.StaticOrder nothing is learnt.
	if w.opt.StaticOrder {
		return true
	}
	if quiet {
		w.goodQuiet(m, n.ply, n.depth, p)
	}
	w.updateCaptures(m, n.ply, n.depth, p)
	return true
}

// finish stores the node's result in the table and returns it.
func (w *worker) finish(n *node, key uint64) int {
	w.tt.Store(key, n.ply, n.depth, n.alpha, n.beta, n.best, n.bestMove, n.ttPv)
	w.correct(n)
	return n.best
}

// correct feeds the node's result to the correction history: not after a
// capture or promotion (the evaluation is not to blame for a tactic), not
// a mate score, and a bound only when it says the evaluation was wrong the
// way it points (a lower bound above it, an upper bound below it).
func (w *worker) correct(n *node) {
	v := n.best
	if n.raw == noEval || abs(v) >= MateBound ||
		n.bestMove != engine.NullMove && isCaptureOrPromotion(w.pos, n.bestMove) ||
		v >= n.beta && v <= n.static || v <= n.alpha && v >= n.static {
		return
	}
	w.corr.update(w.pos, n.raw, v, n.depth)
}

// searchChild searches the i-th move of a node (already made) with window
// (a, beta), reduced by r plies; NegaScout and reductions re-search when the
// cheap search does not fail low. Every search of the child is an expected
// cut node when cut is set.
func (w *worker) searchChild(i, a, beta, newDepth, r, ply int, cut bool) int {
	nullWindow := beta == a+1
	child := &w.stack[ply+1]
	if i == 0 || (r == 0 && (nullWindow || !w.scout)) {
		child.cut = cut
		return -w.ab(-beta, -a, newDepth, ply+1)
	}
	if !w.scout && !nullWindow {
		child.cut = cut
		v := -w.ab(-beta, -a, newDepth-r, ply+1)
		if v > a && !w.stopped {
			child.cut = cut
			v = -w.ab(-beta, -a, newDepth, ply+1)
		}
		return v
	}
	child.cut = cut
	v := -w.ab(-a-1, -a, newDepth-r, ply+1)
	if r > 0 && v > a && !w.stopped {
		child.cut = cut
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
			if ds := w.opt.DepthStats; ds != nil {
				ds.ETCProbes[depth] += uint64(i + 1)
				ds.ETCCutoffs[depth]++
			}
			return -e.upper, m, true
		}
	}
	if ds := w.opt.DepthStats; ds != nil {
		ds.ETCProbes[depth] += uint64(ml.n)
	}
	return 0, engine.NullMove, false
}

// qsearch is the fail-soft quiescence search: stand pat on the static
// evaluation, then captures and promotions; every evasion when in check.
// In selective mode it reads and writes the table at draft 0 (no main-search
// entry has a draft that low, so the two never decide each other's nodes
// wrongly). Pure mode does too with Options.StoreLeaves, as MT stores every
// node it searches (001 Fig. 17): there only entries of draft 0 decide (its
// quiescence value depends on the position alone, never on the path or the
// depth), and every result is stored, a stand-pat cutoff and a mate
// included; without StoreLeaves pure mode's quiescence search is
// table-free. Its steps are numbered as ab's, on their own.
func (w *worker) qsearch(alpha, beta, ply int) int {
	// Step 1. Count the node, stop when the search must, and stop at the
	// end of the stack.
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
		return w.grained(w.evaluate())
	}

	// Step 2 (selective, or pure with StoreLeaves). Table probe: an entry
	// decides a quiescence node whose window its bounds settle (in
	// selective mode any entry, in pure mode one of draft 0).
	sel := w.opt.Selective
	pureStore := !sel && w.opt.StoreLeaves
	key := pos.Key()
	ttLower, ttUpper := -Infinity, Infinity
	if sel || pureStore {
		w.stats.TTProbes++
		if e, ok := w.tt.Probe(key, ply); ok && w.usable(e.draft, 0) {
			ttLower, ttUpper = e.lower, e.upper
			w.stats.TTHits++
			ds := w.opt.DepthStats
			if ds != nil {
				ds.TTHits[0]++
			}
			if e.lower >= beta {
				w.stats.TTCutoffs++
				if ds != nil {
					ds.TTCutoffs[0]++
				}
				return e.lower
			}
			if e.upper <= alpha {
				w.stats.TTCutoffs++
				if ds != nil {
					ds.TTCutoffs[0]++
				}
				return e.upper
			}
		}
	}

	// Step 3. In check, every evasion (none: mated); else stand pat on the
	// static evaluation and search the captures and promotions.
	alpha0 := alpha
	inCheck := pos.InCheck()
	best := -Infinity
	ml := &w.lists[ply]
	if inCheck {
		ml.n = len(pos.GenerateMoves(ml.moves[:]))
		if ml.n == 0 {
			if pureStore {
				w.tt.Store(key, ply, 0, alpha0, beta, mated(ply), engine.NullMove, false)
			}
			return mated(ply)
		}
	} else {
		stand := w.evaluate()
		if sel {
			// As in ab's pruning: the corrected evaluation, moved inside
			// the table's bounds (a searched bound says more).
			stand = w.corr.corrected(pos, stand)
			if ttLower > stand && ttLower < MateBound {
				stand = ttLower
			}
			if ttUpper < stand && ttUpper > -MateBound {
				stand = ttUpper
			}
		}
		if w.opt.EvalGrain > 1 {
			stand = w.grained(stand)
		}
		if ds := w.opt.DepthStats; ds != nil {
			ds.Leaves[0]++
		}
		if stand >= beta {
			if pureStore {
				w.tt.Store(key, ply, 0, alpha0, beta, stand, engine.NullMove, false)
			}
			return stand
		}
		best = stand
		alpha = max(alpha, stand)
		ml.n = len(pos.GenerateCaptures(ml.moves[:]))
	}

	// Step 4. The moves by MVV-LVA, picked one at a time.
	for i := 0; i < ml.n; i++ {
		ml.scores[i] = mvvlva(pos, ml.moves[i])
	}
	ml.next = 0
	deltaMargin := live.Load().DeltaMargin
	for {
		m, ok := ml.pick()
		if !ok {
			break
		}

		// Step 5. Pruning, when not in check: underpromotions; and
		// (selective) captures that lose material by static exchange and
		// those that cannot lift the score near alpha (delta pruning).
		if !inCheck {
			if p := m.Promotion(); p != engine.NoPieceType && p != engine.Queen {
				continue // underpromotions only matter as evasions or in the main search
			}
			if sel && (best+captureGain(pos, m)+deltaMargin < alpha || !pos.SEEAtLeast(m, 0)) {
				continue
			}
		}

		// Step 6. Search the move; a value at least beta cuts off.
		w.make(m)
		v := -w.qsearch(-beta, -alpha, ply+1)
		w.unmake()
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

	// Step 7 (selective, or pure with StoreLeaves). Store the result at
	// draft 0, with no move: a capture must not replace a main-search
	// entry's move.
	if sel || pureStore {
		w.tt.Store(key, ply, 0, alpha0, beta, best, engine.NullMove, false)
	}
	return best
}

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
