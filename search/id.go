package search

import (
	"slices"
	"time"

	"github.com/bounder-chess/bounder/engine"
)

// iterativeDeepening calls the driver once per depth (and once per MultiPV
// line), reports each iteration and decides when to stop.
//
// What it reports is always the whole set of lines (one line with MultiPV
// 1): up to MultiPV lines with distinct first moves, those of the newest
// iteration first, ordered by score, then the lines of the iteration
// before that the newest has not reached yet, each with its own depth,
// score and PV. A GUI replaces its lines with each set it gets, so it never
// holds a stale line that repeats a move of a newer one; and the last set
// before the search ends begins with the move it plays, so bestmove is
// always the first move of the last PV a GUI was shown.
type iterativeDeepening struct {
	s      *Searcher
	w      *worker
	lim    Limits
	opt    Options
	start  time.Time
	report func(Report)
	// verdict is the tables' verdict on the root, which the reported lines
	// carry (tb.go); the drivers' guesses keep the searched scores.
	verdict rootVerdict

	scores    []int // completed iterations' scores (line 1)
	result    Result
	stable    int // iterations the best move has not changed
	lastScore int
	// share is the fraction of the last completed iteration's nodes that
	// its best move took (0 when unknown: MultiPV, or too few nodes).
	share float64
	// lines is the set last reported; fresh collects the lines of the
	// iteration under way.
	lines, fresh []Report
}

func (id *iterativeDeepening) run() Result {
	w := id.w
	if len(w.rootMoves) == 0 {
		return Result{} // mate or stalemate: no move
	}
	// Until an iteration completes, any legal move is better than none; the
	// first iteration always completes (see worker.mustFinish), so that the
	// move played comes with a score and a PV.
	id.result = Result{BestMove: w.rootMoves[0], Bound: BoundNone}
	maxDepth := id.lim.maxDepth()
	driver := driverNamed(id.opt.Driver)
	lines := min(id.opt.MultiPV, len(w.rootMoves))
	start := w.firstGuess()

	for depth := 1; depth <= maxDepth; depth++ {
		w.mustFinish = depth == 1
		w.stats.SelDepth = 0
		w.excluded = w.excluded[:0]
		w.cands = append(w.cands[:0], w.rootMoves...)
		clear(w.rootEffort)
		id.fresh = id.fresh[:0]
		for line := 1; line <= lines; line++ {
			w.rootBest = engine.NullMove
			score, bound := iterate(driver, w, depth, guess{prev: id.scores, depth: depth, start: start}, id.opt)
			if w.stopped {
				break
			}
			best := w.rootBest
			if best == engine.NullMove {
				best = id.ttRootMove()
			}
			pv := extractPV(w.pos, w.tt, best, depth+8)
			if IsMate(score) {
				pv, score = w.matePV(best, score, depth, extractPV(w.pos, w.tt, best, MaxPly))
			}
			id.fresh = append(id.fresh, Report{Depth: depth, SelDepth: id.selDepth(depth), Score: score, Bound: bound, PV: pv})
			w.exclude(best)
		}
		w.mustFinish = false
		switch {
		case len(id.fresh) > 0:
			// The lines of an iteration are ordered by score: a line the
			// selective search scores above the one before it rises, and
			// the top line is the iteration's best move.
			slices.SortStableFunc(id.fresh, func(a, b Report) int { return b.Score - a.Score })
			id.completed(depth, id.fresh[0])
			id.share = 0
			if lines == 1 {
				id.share = w.effortShare(id.result.BestMove)
			}
			id.publish(lines)
		case w.stopped:
			if r, ok := id.salvage(depth); ok {
				id.fresh = append(id.fresh, r)
				id.publish(lines)
			}
		}
		if w.stopped || id.done(depth) {
			break
		}
	}
	return id.result
}

// selDepth is the seldepth of a line of iteration depth: the deepest ply
// the iteration reached, and never less than its depth, which a table hit
// near the root may leave unvisited though the entry stands for it.
func (id *iterativeDeepening) selDepth(depth int) int { return max(id.w.stats.SelDepth, depth) }

// completed records iteration depth, whose best line is top.
func (id *iterativeDeepening) completed(depth int, top Report) {
	pv := top.PV
	if pv[0] == id.result.BestMove {
		id.stable++
	} else {
		id.stable = 0
	}
	id.lastScore = id.result.Score
	id.scores = append(id.scores, top.Score)
	id.result.BestMove, id.result.Score, id.result.Bound, id.result.Depth = pv[0], top.Score, top.Bound, depth
	id.setPV(pv)
}

// setPV makes pv the result's PV and its second move the ponder move.
func (id *iterativeDeepening) setPV(pv []engine.Move) {
	id.result.PV = pv
	id.result.PonderMove = engine.NullMove
	if len(pv) > 1 {
		id.result.PonderMove = pv[1]
	}
}

// salvage keeps, from an interrupted iteration, a move that was proved at
// least as good as the last completed iteration's score, and returns its
// line (the score a lower bound: the move is at least that good, the
// others were not all searched) for the report that must show it.
func (id *iterativeDeepening) salvage(depth int) (Report, bool) {
	w := id.w
	if w.rootBest == engine.NullMove || w.rootBest == id.result.BestMove || depth == 1 {
		return Report{}, false
	}
	if id.result.Depth > 0 && w.rootBestScore < id.result.Score {
		return Report{}, false
	}
	pv, score := extractPV(w.pos, w.tt, w.rootBest, depth), w.rootBestScore
	if IsMate(score) {
		pv, score = w.matePV(w.rootBest, score, depth, extractPV(w.pos, w.tt, w.rootBest, MaxPly))
	}
	id.result.BestMove, id.result.Score, id.result.Bound = w.rootBest, score, BoundLower
	id.setPV(pv)
	return Report{Depth: depth, SelDepth: id.selDepth(depth), Score: score, Bound: BoundLower, PV: pv}, true
}

// publish reports the set of lines: the fresh ones, then those of the last
// set whose first move none of them has, up to lines in all.
func (id *iterativeDeepening) publish(lines int) {
	set := make([]Report, 0, lines)
	set = append(set, id.fresh...)
	for i := range set {
		r := &set[i]
		r.Score, r.Bound, r.Tablebase = id.verdict.apply(r.Score, r.Bound)
	}
	for _, l := range id.lines {
		if len(set) == lines {
			break
		}
		if !slices.ContainsFunc(set, func(r Report) bool { return r.PV[0] == l.PV[0] }) {
			set = append(set, l)
		}
	}
	id.lines = set
	if id.report == nil {
		return
	}
	w := id.w
	elapsed, nodes, hashfull := time.Since(id.start), w.totalNodes(), id.s.tt.Hashfull()
	stats := w.stats
	stats.TBHits = w.totalTBHits()
	for i, r := range set {
		r.MultiPV, r.Nodes, r.Elapsed, r.Hashfull, r.Stats = i+1, nodes, elapsed, hashfull, stats
		id.report(r)
	}
}

// ttRootMove falls back to the table's move at the root, or the first
// candidate.
func (id *iterativeDeepening) ttRootMove() engine.Move {
	w := id.w
	if e, ok := w.tt.Probe(w.pos.Key(), 0); ok && w.isRootCandidate(e.move) {
		return e.move
	}
	return w.cands[0]
}

// done decides whether to start another iteration.
func (id *iterativeDeepening) done(depth int) bool {
	w := id.w
	if id.lim.Mate > 0 && IsMate(id.result.Score) && id.result.Bound == BoundExact &&
		id.result.Score > 0 && MateIn(id.result.Score) <= id.lim.Mate {
		return true
	}
	if w.ctl.infinite.Load() {
		return false
	}
	soft := w.ctl.softNs.Load()
	if id.lim.Depth == 0 && id.lim.Nodes == 0 && len(w.rootMoves) == 1 && soft != 0 && soft < w.ctl.hardNs.Load() {
		// The only move (or the only one the tables rank best), on a clock
		// the search plans: answer at once. A movetime is searched out.
		return true
	}
	if soft == 0 || soft >= w.ctl.hardNs.Load() {
		return false // no budget, or an exact one (movetime): only the deadline stops
	}
	// Stop when the next iteration is unlikely to finish near the target:
	// it takes about as long as all before it together, so the last one to
	// start is one that starts before iterationShare of the target. An
	// unstable best move or a falling score earns more time, a settled one
	// less.
	clock := w.ctl.clockNs.Load() // the search's start, or the ponderhit
	budget := float64(soft - clock)
	budget *= id.timeScale(depth)
	hard := float64(w.ctl.hardNs.Load() - clock)
	budget = min(budget*iterationShare, hard)
	return float64(time.Now().UnixNano()-clock) >= budget
}

// iterationShare: no iteration starts after this share of the (scaled)
// target. The first iteration to end past it ends on average about 1.4
// times later (iterations roughly double), which brings the time used near
// the target.
const iterationShare = 0.6

// timeScale is the factor on the time target after iteration depth: more
// when the best move just changed or the score is falling, less when the
// best move has stood for several iterations.
func (id *iterativeDeepening) timeScale(depth int) float64 {
	scale := 1.0
	switch {
	case depth <= 4:
	case id.stable == 0:
		scale = 1.6
	case id.stable == 1:
		scale = 1.25
	case id.stable >= 5:
		scale = 0.7
	}
	if drop := id.lastScore - id.result.Score; drop > 15 && !IsMate(id.result.Score) {
		scale *= 1 + float64(min(drop, 100))/100 // up to twice the time
	}
	if depth > 4 && id.share > 0 {
		scale *= effortScale(id.share)
	}
	return scale
}

// effortScale is the factor on the time target for a best move that took
// share of the last iteration's nodes. A move the others could not come
// near is refuted quickly by every rival and takes most of the nodes;
// rivals that take long to refute are close, and another iteration may
// change the choice.
func effortScale(share float64) float64 {
	return min(max(effortBase-effortSlope*share, effortMin), effortMax)
}

// effortScale's line: 1 at a share of (effortBase-1)/effortSlope.
const (
	effortBase  = 2.2
	effortSlope = 1.6
	effortMin   = 0.6
	effortMax   = 1.6
)

// spend adds nodes to root move m's effort in the iteration under way.
func (w *worker) spend(m engine.Move, nodes uint64) {
	if i := slices.Index(w.rootMoves, m); i >= 0 {
		w.rootEffort[i] += nodes
	}
}

// effortShare is the share of the iteration's root-move nodes that m took,
// 0 when the iteration searched too few nodes to tell.
func (w *worker) effortShare(m engine.Move) float64 {
	var total uint64
	for _, e := range w.rootEffort {
		total += e
	}
	i := slices.Index(w.rootMoves, m)
	if i < 0 || total < minEffortNodes {
		return 0
	}
	return float64(w.rootEffort[i]) / float64(total)
}

// minEffortNodes: below this many nodes an iteration's shares are noise.
const minEffortNodes = 1000

// extractPV follows the table's moves from the root, checking each for
// legality, and stops after a move that ends the game by the rules: a
// position that repeats one of the game (the history before the root
// counts: root carries it) or of the PV, the fifty-move rule, or
// insufficient material. The search scores such a position as a draw
// without looking further, and a GUI that sees moves after it, where the
// game would be over, rightly complains (fastchess warns about PVs that go
// on past a threefold repetition). A repetition also ends any cycle of
// table moves.
func extractPV(root *engine.Position, tt *TT, first engine.Move, maxLen int) []engine.Move {
	pos := root.Clone()
	pv := []engine.Move{first}
	pos.Make(first)
	for len(pv) < maxLen && !gameDrawn(pos) {
		e, ok := tt.Probe(pos.Key(), len(pv))
		if !ok || !pos.IsLegal(e.move) {
			break
		}
		pv = append(pv, e.move)
		pos.Make(e.move)
	}
	return pv
}

// gameDrawn reports a position where the game ends in a draw (or could be
// claimed as one: the PV shows a repetition's first recurrence, where the
// search stops too).
func gameDrawn(pos *engine.Position) bool {
	return pos.IsRepetition() || pos.IsFiftyMoveDraw() || pos.IsInsufficientMaterial()
}
