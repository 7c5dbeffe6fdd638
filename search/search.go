package search

import (
	"context"
	"sync"
	"time"

	"github.com/bounder-chess/bounder/engine"
)

// MaxDepth bounds iterative deepening.
const MaxDepth = 64

// Searcher runs searches one at a time; Stop (and the Hit of a pondering
// search's Limits.Ponder) may be called from other goroutines while Search
// runs.
//
// With Options.Threads above one the search is a Lazy SMP one: helper
// threads run the same driver and iterative deepening on their own copies
// of the position, sharing only the transposition table (whose entries are
// read and written atomically, see TT), and the main thread, which alone
// manages time, reports and chooses the move, profits from the bounds they
// store. Helpers with an odd index start an iteration ahead, so that the
// threads do not all walk the same tree in step. In pure mode every bound a
// helper stores is a proved fixed-depth bound, so the value the main thread
// returns is still the minimax value (TestThreadsPureModeInvariant).
type Searcher struct {
	mu      sync.Mutex // held by Search: one search at a time
	tt      *TT
	w       *worker   // the main thread
	helpers []*worker // Lazy SMP helper threads, made when first needed and kept
	// helping counts the helpers still running: Search returns its move as
	// soon as the main thread has it, and they wind down on their own; the
	// next search, and anything else that touches their state or the
	// table's, waits for them first (settle).
	helping  sync.WaitGroup
	ctl      control
	lastPure bool
	lastEval int
	searched bool
}

// MaxThreads bounds Options.Threads.
const MaxThreads = 64

// NewSearcher returns a searcher with a table of hashMiB MiB, or of
// MaxHashMiB() if hashMiB is more than that (check sizes from users with
// SetHashSize, which refuses them, or against MaxHashMiB first).
func NewSearcher(hashMiB int) *Searcher {
	s := &Searcher{tt: NewTT(min(hashMiB, MaxHashMiB())), w: newWorker()}
	s.w.ev = s.w.evaluator(0)
	return s
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
	s.settle()
	s.tt.Resize(mib)
	return nil
}

// Clear forgets everything learnt: table, history and killers (a new game).
func (s *Searcher) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.settle()
	s.tt.Clear()
	s.w.clearHistory()
	for _, h := range s.helpers {
		h.clearHistory()
	}
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

// settle waits for the helpers of the last search to wind down. Callers
// hold mu.
func (s *Searcher) settle() { s.helping.Wait() }

// Search searches pos (which it does not modify) until a limit is reached,
// calling onReport (which may be nil) after each iteration. Cancelling ctx
// or calling Stop ends it within a few milliseconds; the result is then the
// best move of the last completed iteration, or a better one proved in the
// interrupted iteration.
func (s *Searcher) Search(ctx context.Context, pos *engine.Position, lim Limits, opt Options, onReport func(Report)) Result {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.settle()
	start := time.Now()
	opt = normalize(opt)
	st, lim, opt, onReport := limitStrength(pos, lim, opt, onReport) // strength.go; unchanged at full strength
	ended := make(chan struct{})
	defer close(ended)
	s.arm(start, lim, ended)
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

	rm := rootMoves(pos, lim.SearchMoves)
	var verdict rootVerdict
	if opt.Selective {
		rm, verdict = tbRootMoves(pos, opt.Tablebases, rm)
	}
	w := s.w
	w.prepare(pos, s, opt, ev, rm)
	w.progress, w.startNs = lim.Progress, start.UnixNano()
	w.nextProgressNs = w.startNs + int64(ProgressInterval)
	helpers := s.helpers[:0]
	if opt.Threads > 1 {
		for len(s.helpers) < opt.Threads-1 {
			s.helpers = append(s.helpers, newWorker())
		}
		helpers = s.helpers[:opt.Threads-1]
		// Every thread counts toward a node limit (see poll).
		w.nodeLimit, s.ctl.nodeLimit = 0, lim.Nodes
	} else {
		w.nodeLimit = lim.Nodes
	}
	if len(rm) == 0 {
		helpers = nil // mate or stalemate: nothing to help with
	}
	for i, h := range helpers {
		h.prepare(pos, s, opt, ev, rm)
		s.helping.Add(1)
		go func() {
			defer s.helping.Done()
			h.help(i + 1)
		}()
	}

	id := iterativeDeepening{s: s, w: w, lim: lim, opt: opt, start: start, report: onReport, verdict: verdict}
	res := id.run()
	// The helpers' end: they stop within a poll, but the move does not wait
	// for them (with many threads on few cores, a helper may not run again
	// for a while).
	s.ctl.stop.Store(true)
	s.ctl.setDeadlines(0, 0)
	w.publish()
	res.Elapsed = time.Since(start)
	res.Stats = w.stats
	res.Stats.Nodes = w.totalNodes() // the helpers' as of their last count
	res.Stats.TBHits = w.totalTBHits()
	res = st.choose(&id, res) // a limited search's choice of line (strength.go)
	res.Score, res.Bound, _ = verdict.apply(res.Score, res.Bound)
	return res
}

// prepare sets w up for a search of pos from the root moves rm.
func (w *worker) prepare(pos *engine.Position, s *Searcher, opt Options, ev int, rm []engine.Move) {
	w.ev = w.evaluator(ev)
	w.pos, w.tt, w.opt, w.ctl = pos.Clone(), s.tt, opt, &s.ctl
	w.prepareNet(opt)
	w.scout = driverNamed(opt.Driver).Scout
	w.stats, w.stopped, w.nodeLimit, w.published, w.publishedTB = Stats{}, false, 0, 0, 0
	w.tbPieces = 0
	if opt.Selective {
		w.tbPieces = tbCardinality(opt)
	}
	w.rootMoves = append(w.rootMoves[:0], rm...)
	w.rootEffort = append(w.rootEffort[:0], make([]uint64, len(rm))...)
	w.excluded = w.excluded[:0]
	w.cands = append(w.cands[:0], rm...)
	w.progress = nil
	w.currMove, w.currMoveNumber = engine.NullMove, 0
}

// help is a helper thread's search: iterative deepening with the driver,
// without reports or time decisions, until the main thread stops it.
// Helper i starts at depth 1 + i%2.
func (w *worker) help(i int) {
	w.opt.DepthStats = nil // counted by the main thread alone
	driver := driverNamed(w.opt.Driver)
	start := w.firstGuess()
	var scores []int
	for depth := 1 + i%2; depth <= MaxDepth; depth++ {
		w.cands = append(w.cands[:0], w.rootMoves...)
		w.rootBest = engine.NullMove
		score, _ := iterate(driver, w, depth, guess{prev: scores, depth: depth, start: start}, w.opt)
		if w.stopped {
			break
		}
		scores = append(scores, score)
	}
	w.publish()
}

// arm resets the stop flag and starts the clock of a new search: now, or,
// pondering, at the ponderhit (watched until ended is closed).
func (s *Searcher) arm(start time.Time, lim Limits, ended <-chan struct{}) {
	c := &s.ctl
	c.stop.Store(false)
	c.nodes.Store(0)
	c.tbHits.Store(0)
	c.nodeLimit = 0
	c.mu.Lock()
	c.search++
	search := c.search
	c.mu.Unlock()
	if lim.Ponder == nil {
		c.startClock(start, lim, search)
		return
	}
	c.infinite.Store(true)
	c.clockNs.Store(start.UnixNano())
	c.setDeadlines(0, 0)
	go func() {
		select {
		case <-lim.Ponder.Hits():
			c.startClock(lim.Ponder.At(), lim, search)
		case <-ended:
		}
	}()
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
	opt.Threads = min(max(opt.Threads, 1), MaxThreads)
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
	w.make(m)
	v := -w.ab(-gamma, -(gamma - 1), depth-1, 1)
	w.unmake()
	return v
}

func (w *worker) best(i, score int) {
	w.rootBest, w.rootBestScore = w.cands[i], score
}

func (w *worker) isStopped() bool { return w.stopped }

func (w *worker) research() { w.stats.Researches++ }
