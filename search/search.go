package search

import (
	"context"
	"sync"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/eval"
)

// MaxDepth bounds iterative deepening.
const MaxDepth = 64

// Searcher runs searches one at a time; Stop and PonderHit may be called
// from other goroutines while Search runs.
type Searcher struct {
	mu       sync.Mutex // held by Search: one search at a time
	tt       *TT
	w        *worker
	ctl      control
	evals    map[int]*eval.Evaluator // by LookupEval index, made when first used
	lastPure bool
	lastEval int
	searched bool
}

// NewSearcher returns a searcher with a table of hashMiB MiB, or of
// MaxHashMiB() if hashMiB is more than that (check sizes from users with
// SetHashSize, which refuses them, or against MaxHashMiB first).
func NewSearcher(hashMiB int) *Searcher {
	s := &Searcher{tt: NewTT(min(hashMiB, MaxHashMiB())), w: &worker{}, evals: map[int]*eval.Evaluator{}}
	s.w.ev = s.evaluator(0)
	return s
}

// evaluator returns the evaluator of Evals()[i].
func (s *Searcher) evaluator(i int) *eval.Evaluator {
	if s.evals[i] == nil {
		s.evals[i], _ = eval.NewKind(Evals()[i])
	}
	return s.evals[i]
}

// SetHashSize resizes the table (clearing it). It waits for a running search.
// A size below 1 MiB or above MaxHashMiB() is an error, and the old table
// stays.
func (s *Searcher) SetHashSize(mib int) error {
	if err := checkHashSize(mib); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tt.Resize(mib)
	return nil
}

// Clear forgets everything learnt: table, history and killers (a new game).
func (s *Searcher) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tt.Clear()
	s.w.history = [2][64][64]int32{}
	s.w.killers = [MaxPly + 1][2]engine.Move{}
	s.w.counter = [16][64]engine.Move{}
	s.w.contHist = [16][64]contRow{}
}

// Hashfull is the table's occupancy in per mille. It waits for a running
// search (a search's own reports carry it).
func (s *Searcher) Hashfull() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tt.Hashfull()
}

// Stop ends the running search as soon as possible.
func (s *Searcher) Stop() { s.ctl.stop.Store(true) }

// PonderHit turns an infinite (pondering) search into a timed one with the
// given budget, measured from now.
func (s *Searcher) PonderHit(soft, hard time.Duration) {
	now := time.Now()
	s.ctl.softNs.Store(now.Add(soft).UnixNano())
	s.ctl.hardNs.Store(now.Add(hard).UnixNano())
	s.ctl.infinite.Store(false)
}

// Search searches pos (which it does not modify) until a limit is reached,
// calling onReport (which may be nil) after each iteration. Cancelling ctx
// or calling Stop ends it within a few milliseconds; the result is then the
// best move of the last completed iteration, or a better one proved in the
// interrupted iteration.
func (s *Searcher) Search(ctx context.Context, pos *engine.Position, lim Limits, opt Options, onReport func(Report)) Result {
	s.mu.Lock()
	defer s.mu.Unlock()
	start := time.Now()
	opt = normalize(opt)
	s.arm(start, lim)
	defer context.AfterFunc(ctx, s.Stop)()
	if ctx.Err() != nil {
		s.Stop()
	}

	// Values from a selective search are not valid fixed-depth values, nor
	// values of one evaluation those of another.
	ev, _ := LookupEval(opt.Eval)
	if s.searched && (s.lastPure != !opt.Selective || s.lastEval != ev) {
		s.tt.Clear()
	}
	s.searched, s.lastPure, s.lastEval = true, !opt.Selective, ev
	s.tt.NewSearch()

	w := s.w
	w.ev = s.evaluator(ev)
	w.pos, w.tt, w.opt, w.ctl = pos.Clone(), s.tt, opt, &s.ctl
	w.scout = opt.Driver == "NegaScout"
	w.stats, w.stopped, w.nodeLimit = Stats{}, false, lim.Nodes
	w.rootMoves = rootMoves(w.pos, lim.SearchMoves)
	w.excluded = nil
	w.cands = append([]engine.Move(nil), w.rootMoves...)
	w.progress, w.startNs = lim.Progress, start.UnixNano()
	w.nextProgressNs = w.startNs + int64(ProgressInterval)
	w.currMove, w.currMoveNumber = engine.NullMove, 0

	id := iterativeDeepening{s: s, w: w, lim: lim, opt: opt, start: start, report: onReport}
	res := id.run()
	res.Elapsed = time.Since(start)
	res.Stats = w.stats
	return res
}

// arm resets the stop flag and sets the deadlines of a new search.
func (s *Searcher) arm(start time.Time, lim Limits) {
	s.ctl.stop.Store(false)
	s.ctl.infinite.Store(lim.Infinite)
	soft, hard := lim.Soft, lim.Hard
	if lim.MoveTime > 0 {
		soft, hard = lim.MoveTime, lim.MoveTime
	}
	s.ctl.softNs.Store(0)
	s.ctl.hardNs.Store(0)
	if hard > 0 {
		if soft <= 0 || soft > hard {
			soft = hard
		}
		s.ctl.softNs.Store(start.Add(soft).UnixNano())
		s.ctl.hardNs.Store(start.Add(hard).UnixNano())
	}
}

func normalize(opt Options) Options {
	d := DefaultOptions()
	if name, ok := LookupDriver(opt.Driver); ok {
		opt.Driver = name
	} else {
		opt.Driver = d.Driver
	}
	if opt.ETCDepth < 1 {
		opt.ETCDepth = 1
	}
	if opt.MTDStep < 1 {
		opt.MTDStep = d.MTDStep
	}
	opt.MultiPV = max(opt.MultiPV, 1)
	if i, ok := LookupEval(opt.Eval); ok {
		opt.Eval = Evals()[i]
	} else {
		opt.Eval = Evals()[0]
	}
	return opt
}

// rootMoves lists the legal moves, restricted to only when it names any.
func rootMoves(pos *engine.Position, only []engine.Move) []engine.Move {
	var buf [engine.MaxMoves]engine.Move
	legal := pos.GenerateMoves(buf[:])
	out := make([]engine.Move, 0, len(legal))
	for _, m := range legal {
		if len(only) == 0 || containsMove(only, m) {
			out = append(out, m)
		}
	}
	if len(out) == 0 && len(only) > 0 {
		out = append(out, legal...) // searchmoves named no legal move: ignore it
	}
	return out
}

func containsMove(ms []engine.Move, m engine.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// The worker is the drivers' root.

func (w *worker) window(alpha, beta, depth int) int {
	w.stats.Passes++
	w.stack[0].pvPath = true
	return w.ab(alpha, beta, depth, 0)
}

func (w *worker) mt(gamma, depth int) int { return w.window(gamma-1, gamma, depth) }

func (w *worker) moves() int { return len(w.cands) }

// exclude removes m from the driver's candidates (the next MultiPV line).
func (w *worker) exclude(m engine.Move) {
	w.excluded = append(w.excluded, m)
	w.cands = w.cands[:0]
	for _, x := range w.rootMoves {
		if !containsMove(w.excluded, x) {
			w.cands = append(w.cands, x)
		}
	}
}

func (w *worker) test(i, gamma, depth int) int {
	w.stats.Passes++
	w.stats.Nodes++ // the root node of this test
	m := w.cands[i]
	w.stack[0].cont = nil
	w.stack[0].eval = noEval // as ab leaves the root's, for "improving" at ply 2
	w.stack[1].pvPath = false
	w.currMove, w.currMoveNumber = m, i+1 // for progress reports
	w.pos.Make(m)
	v := -w.ab(-gamma, -(gamma - 1), depth-1, 1)
	w.pos.Unmake()
	return v
}

func (w *worker) best(i, score int) {
	w.rootBest, w.rootBestScore = w.cands[i], score
}

func (w *worker) isStopped() bool { return w.stopped }

func (w *worker) research() { w.stats.Researches++ }
