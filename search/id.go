package search

import (
	"time"

	"github.com/bounder-chess/bounder/engine"
)

// iterativeDeepening calls the driver once per depth (and once per MultiPV
// line), reports each iteration and decides when to stop.
type iterativeDeepening struct {
	s      *Searcher
	w      *worker
	lim    Limits
	opt    Options
	start  time.Time
	report func(Report)

	scores    []int // completed iterations' scores (line 1)
	result    Result
	stable    int // iterations the best move has not changed
	lastScore int
}

func (id *iterativeDeepening) run() Result {
	w := id.w
	if len(w.rootMoves) == 0 {
		return Result{} // mate or stalemate: no move
	}
	// Until an iteration completes, any legal move is better than none.
	id.result = Result{BestMove: w.rootMoves[0], Bound: BoundNone}
	maxDepth := MaxDepth
	if id.lim.Depth > 0 {
		maxDepth = min(id.lim.Depth, MaxDepth)
	}
	driver := drivers[id.opt.Driver]
	lines := min(id.opt.MultiPV, len(w.rootMoves))

	for depth := 1; depth <= maxDepth; depth++ {
		w.excluded = w.excluded[:0]
		w.cands = append(w.cands[:0], w.rootMoves...)
		var reports []Report
		for line := 1; line <= lines; line++ {
			w.rootBest = engine.NullMove
			score, bound := driver(w, depth, guess{prev: id.scores, depth: depth}, id.opt)
			if w.stopped {
				if line == 1 {
					id.salvage(depth)
				}
				break
			}
			best := w.rootBest
			if best == engine.NullMove {
				best = id.ttRootMove()
			}
			pv := extractPV(w.pos, w.tt, best, depth+8)
			reports = append(reports, Report{Depth: depth, MultiPV: line, Score: score, Bound: bound, PV: pv})
			w.exclude(best)
			if line == 1 {
				id.completed(depth, score, bound, pv)
			}
		}
		if len(reports) > 0 && id.report != nil {
			elapsed := time.Since(id.start)
			for _, r := range reports {
				r.SelDepth, r.Nodes, r.Elapsed = w.stats.SelDepth, w.totalNodes(), elapsed
				r.Hashfull, r.Stats = id.s.tt.Hashfull(), w.stats
				id.report(r)
			}
		}
		if w.stopped || id.done(depth) {
			break
		}
	}
	return id.result
}

// completed records iteration depth of the first line.
func (id *iterativeDeepening) completed(depth, score int, bound Bound, pv []engine.Move) {
	if len(pv) > 0 && pv[0] == id.result.BestMove {
		id.stable++
	} else {
		id.stable = 0
	}
	id.lastScore = id.result.Score
	id.scores = append(id.scores, score)
	id.result.BestMove, id.result.Score, id.result.Bound, id.result.Depth = pv[0], score, bound, depth
	id.result.PV = pv
	id.result.PonderMove = engine.NullMove
	if len(pv) > 1 {
		id.result.PonderMove = pv[1]
	}
}

// salvage keeps, from an interrupted iteration, a move that was proved at
// least as good as the last completed iteration's score.
func (id *iterativeDeepening) salvage(depth int) {
	w := id.w
	if w.rootBest == engine.NullMove || w.rootBest == id.result.BestMove || depth == 1 {
		return
	}
	if id.result.Depth == 0 || w.rootBestScore >= id.result.Score {
		id.result.BestMove = w.rootBest
		id.result.PV = extractPV(w.pos, w.tt, w.rootBest, depth)
		id.result.PonderMove = engine.NullMove
		if len(id.result.PV) > 1 {
			id.result.PonderMove = id.result.PV[1]
		}
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
	if id.lim.Depth == 0 && id.lim.Nodes == 0 && len(w.rootMoves) == 1 && w.ctl.softNs.Load() != 0 {
		return true // the only move: answer at once
	}
	soft := w.ctl.softNs.Load()
	if soft == 0 || soft >= w.ctl.hardNs.Load() {
		return false // no budget, or an exact one (movetime): only the deadline stops
	}
	// Stop when the next iteration is unlikely to finish near the target:
	// it takes about as long as all before it together, so the last one to
	// start is one that starts before iterationShare of the target. An
	// unstable best move or a falling score earns more time, a settled one
	// less.
	budget := float64(soft - id.start.UnixNano())
	budget *= id.timeScale(depth)
	hard := float64(w.ctl.hardNs.Load() - id.start.UnixNano())
	budget = min(budget*iterationShare, hard)
	return float64(time.Since(id.start)) >= budget
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
	return scale
}

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
