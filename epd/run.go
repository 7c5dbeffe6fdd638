package epd

import (
	"context"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/search"
)

// Searcher is the part of *search.Searcher that a suite run uses (tests
// substitute a fake).
type Searcher interface {
	Search(ctx context.Context, pos *engine.Position, lim search.Limits, opt search.Options, onReport func(search.Report)) search.Result
	Clear()
}

// Status is a problem's outcome.
type Status string

// Statuses.
const (
	Solved   Status = "ok"
	Failed   Status = "FAIL"
	Skipped  Status = "skip" // invalid problem: reported, not searched or scored
	Unscored Status = "-"    // nothing to test: searched and shown only
)

// Outcome is the result of one problem.
type Outcome struct {
	Problem *Problem
	Status  Status
	Move    engine.Move // the engine's move
	Score   int
	Bound   search.Bound
	Depth   int // last completed iteration
	Elapsed time.Duration
	Nodes   uint64
	// FirstDepth and FirstTime are the iteration and time at which the
	// solution appeared in the principal variation and stayed to the end
	// (FirstDepth 0 when not solved).
	FirstDepth int
	FirstTime  time.Duration
	Points     int  // STS points of Move
	Interrupt  bool // the run was interrupted during this search
}

// Runner searches problems one by one.
type Runner struct {
	Searcher Searcher
	Limits   search.Limits
	Options  search.Options
}

// mateOK reports whether a score proves a mate within n moves.
func mateOK(score int, bound search.Bound, n int) bool {
	return score > search.MateBound && bound != search.BoundUpper && search.MateIn(score) <= n
}

// Solve searches one problem (the transposition table is cleared first, so
// problems are independent) and scores the answer.
func (r *Runner) Solve(ctx context.Context, p *Problem) *Outcome {
	o := &Outcome{Problem: p}
	if p.Invalid != "" {
		o.Status = Skipped
		return o
	}
	lim := r.Limits
	if p.DM > 0 && (lim.Mate == 0 || p.DM < lim.Mate) {
		lim.Mate = p.DM
	}
	// good says whether an iteration's report shows the solution.
	good := func(move engine.Move, score int, bound search.Bound) bool {
		switch p.Kind {
		case KindMove:
			return p.MoveOK(move)
		case KindMate:
			return mateOK(score, bound, p.DM)
		case KindPoints:
			return p.Points[move] == p.MaxPoints
		}
		return false
	}
	r.Searcher.Clear()
	res := r.Searcher.Search(ctx, p.Pos, lim, r.Options, func(rep search.Report) {
		if rep.MultiPV > 1 || len(rep.PV) == 0 {
			return
		}
		if good(rep.PV[0], rep.Score, rep.Bound) {
			if o.FirstDepth == 0 {
				o.FirstDepth, o.FirstTime = rep.Depth, rep.Elapsed
			}
		} else {
			o.FirstDepth, o.FirstTime = 0, 0
		}
	})
	o.Move, o.Score, o.Bound, o.Depth = res.BestMove, res.Score, res.Bound, res.Depth
	o.Elapsed, o.Nodes = res.Elapsed, res.Stats.Nodes
	o.Interrupt = ctx.Err() != nil
	if p.Points != nil {
		o.Points = p.Points[o.Move]
	}
	ok := good(o.Move, o.Score, o.Bound)
	switch {
	case p.Kind == KindNone:
		o.Status = Unscored
	case ok:
		o.Status = Solved
	default:
		o.Status = Failed
	}
	if !ok {
		o.FirstDepth, o.FirstTime = 0, 0
	} else if o.FirstDepth == 0 {
		// Solved by a move that no completed iteration reported.
		o.FirstDepth, o.FirstTime = o.Depth, o.Elapsed
	}
	return o
}

// Summary totals a suite's outcomes.
type Summary struct {
	Name      string
	Problems  int // records with a usable position
	Scored    int // problems scored (solved or failed)
	Solved    int
	Skipped   int // invalid problems
	Malformed int // malformed lines
	Points    int // STS points, over problems that have them
	MaxPoints int
	Time      time.Duration // total search time
	Nodes     uint64
	depthSum  int
	searched  int
}

// Add counts one outcome.
func (s *Summary) Add(o *Outcome) {
	s.Problems++
	switch o.Status {
	case Skipped:
		s.Skipped++
		return
	case Solved:
		s.Solved++
		s.Scored++
	case Failed:
		s.Scored++
	}
	if o.Problem.MaxPoints > 0 {
		s.Points += o.Points
		s.MaxPoints += o.Problem.MaxPoints
	}
	s.Time += o.Elapsed
	s.Nodes += o.Nodes
	s.depthSum += o.Depth
	s.searched++
}

// Merge adds another summary's counts (for a total over files).
func (s *Summary) Merge(t *Summary) {
	s.Problems += t.Problems
	s.Scored += t.Scored
	s.Solved += t.Solved
	s.Skipped += t.Skipped
	s.Malformed += t.Malformed
	s.Points += t.Points
	s.MaxPoints += t.MaxPoints
	s.Time += t.Time
	s.Nodes += t.Nodes
	s.depthSum += t.depthSum
	s.searched += t.searched
}

// Percent is the solved share of scored problems.
func (s *Summary) Percent() float64 {
	if s.Scored == 0 {
		return 0
	}
	return 100 * float64(s.Solved) / float64(s.Scored)
}

// AvgDepth is the mean completed depth over searched problems.
func (s *Summary) AvgDepth() float64 {
	if s.searched == 0 {
		return 0
	}
	return float64(s.depthSum) / float64(s.searched)
}

// NPS is nodes per second over the whole search time.
func (s *Summary) NPS() uint64 {
	if s.Time <= 0 {
		return 0
	}
	return uint64(float64(s.Nodes) / s.Time.Seconds())
}
