package search

import (
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/eval"
	"github.com/bounder-chess/bounder/nnue"
)

// worker is one search thread's state. Everything the tree walker touches
// per node lives here in fixed arrays, so the search allocates nothing.
type worker struct {
	pos   *engine.Position
	tt    *TT
	ev    *eval.Evaluator
	evals map[int]*eval.Evaluator // by LookupEval index, made when first used
	// nn holds the network's accumulators, made when the network first
	// evaluates; useNet says whether this search evaluates with it.
	nn     *nnue.Stack
	useNet bool
	opt    Options
	scout  bool // NegaScout at interior nodes (the NegaScout driver)

	lists   [MaxPly + 1]moveList
	killers [MaxPly + 1][2]engine.Move
	history [2][64][64]int32
	counter [16][64]engine.Move // by the piece that made the last move and its destination
	// contHist is the continuation history: how good a quiet move (piece,
	// destination) has been after a given move (piece, destination) one or
	// two plies earlier.
	contHist [16][64]contRow
	// captHist is the capture history: how good a capture or promotion
	// (piece, destination, captured type) has been, for the order of the
	// captures that do not lose material.
	captHist [16][64][7]int16
	corr     corrTable // the correction history (corr.go)
	stack    [MaxPly + 1]frame
	stats    Stats

	// Root state: the moves the drivers may choose from, and the best move
	// proved by the current iteration.
	rootMoves     []engine.Move
	excluded      []engine.Move // MultiPV: lines already reported this iteration
	cands         []engine.Move // rootMoves less excluded: what the driver chooses from
	rootBest      engine.Move
	rootBestScore int
	// rootEffort counts the nodes searched under each root move (by its
	// index in rootMoves) in the iteration under way: the time policy's
	// measure of how clear the best move is (iterativeDeepening.timeScale).
	rootEffort []uint64

	// Stopping.
	ctl       *control
	nodeLimit uint64 // this thread's nodes (one thread; see control.nodeLimit)
	stopped   bool
	// tbPieces is the most pieces a node may have to be probed in the
	// tablebases (tbCardinality; 0: no probes).
	tbPieces int
	// mustFinish holds off every stop (stop, deadlines, node limits) while
	// the main thread searches the first iteration, which takes a
	// millisecond or so: the move played then always comes with a score
	// and a PV to report.
	mustFinish  bool
	published   uint64 // nodes already added to ctl.nodes
	publishedTB uint64 // tablebase hits already added to ctl.tbHits

	// Progress reports (Limits.Progress): the callback, when the search
	// started and when the next report is due (UnixNano), and the root
	// move under search.
	progress       func(Progress)
	startNs        int64
	nextProgressNs int64
	currMove       engine.Move
	currMoveNumber int
}

// frame is what a node keeps for its children and its own move loop.
type frame struct {
	eval    int             // static evaluation, noEval if not computed
	quiets  [64]engine.Move // quiet moves searched (for the history malus)
	nQuiets int             // quiet moves searched, counting those past the array
	// captures: captures and promotions searched (for the capture history's malus).
	captures  [32]engine.Move
	nCaptures int
	cont      *contRow // continuation history after the move made here (nil: none)
	// excluded is set by a node for a singular-extension test of itself:
	// the move the test leaves out (read and cleared by the test's ab).
	excluded engine.Move
	// pvPath marks the node as on the first-move path from the root (set by
	// the parent, read and cleared by the node's ab).
	pvPath bool
	// cut marks the node as an expected cut node (set by the parent, read
	// and cleared by the node's ab): a null-window child of a PV node, or
	// any child of an expected all node; an expected cut node's children
	// are expected all nodes (Knuth and Moore's node types).
	cut bool
}

// contRow is the continuation history after one move: by piece and destination.
type contRow [16][64]int16

// newWorker returns a worker with empty histories.
func newWorker() *worker {
	return &worker{evals: map[int]*eval.Evaluator{}}
}

// evaluator returns the worker's evaluator of Evals()[i]: each thread owns
// its evaluators, whose pawn and evaluation caches are not shared.
func (w *worker) evaluator(i int) *eval.Evaluator {
	if w.evals[i] == nil {
		var ok bool
		if w.evals[i], ok = eval.NewKind(Evals()[i]); !ok {
			w.evals[i] = eval.New() // the network: the hand-crafted one stays at hand
		}
	}
	return w.evals[i]
}

// clearHistory forgets the move-ordering statistics (a new game).
func (w *worker) clearHistory() {
	w.history = [2][64][64]int32{}
	w.killers = [MaxPly + 1][2]engine.Move{}
	w.counter = [16][64]engine.Move{}
	w.contHist = [16][64]contRow{}
	w.captHist = [16][64][7]int16{}
	w.corr = corrTable{}
}

// control is shared between a search's threads and the goroutines that may
// stop it or change its deadlines (UCI stop and ponderhit).
type control struct {
	// stop is read at every node by every thread; it sits on a cache line
	// of its own, away from nodes, which the threads write.
	stop     atomic.Bool
	_        [64]byte
	infinite atomic.Bool
	softNs   atomic.Int64 // deadlines in UnixNano; 0 = none
	hardNs   atomic.Int64
	// nodes is the threads' node count, each thread adding its own every
	// pollMask+1 nodes; nodeLimit, set before the threads start, is the
	// limit on it with more than one thread (0: none). One thread checks
	// its own count at every node instead, so that a node-limited search is
	// exactly reproducible.
	nodes     atomic.Uint64
	nodeLimit uint64
	tbHits    atomic.Uint64 // the threads' tablebase hits, as nodes

	// The hard deadline is kept by a timer as well as by the threads' reads
	// of the clock: the timer stops the search however slowly its nodes
	// go. gen tells a timer of an earlier deadline, which may fire late,
	// that it has been replaced; search numbers the searches, for a
	// ponderhit that comes as its search ends (startClock). clockNs is when
	// the clock started (UnixNano): the search's start, or the ponderhit.
	mu      sync.Mutex
	timer   *time.Timer
	gen     uint64
	search  uint64
	clockNs atomic.Int64
}

// setDeadlines sets the soft and hard deadlines (UnixNano; 0 = none) and
// arms the timer that stops the search at the hard one.
func (c *control) setDeadlines(soft, hard int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.setDeadlinesLocked(soft, hard)
}

func (c *control) setDeadlinesLocked(soft, hard int64) {
	c.gen++
	if c.timer != nil {
		c.timer.Stop()
		c.timer = nil
	}
	c.softNs.Store(soft)
	c.hardNs.Store(hard)
	if hard == 0 {
		return
	}
	gen := c.gen
	c.timer = time.AfterFunc(time.Until(time.Unix(0, hard)), func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.gen == gen && !c.infinite.Load() {
			c.stop.Store(true)
		}
	})
}

// pollMask: the clock and the threads' node count are read every 1024
// nodes (well under a millisecond); the stop flag and one thread's node
// limit at every node.
const pollMask = 1023

// poll reports whether the search must stop now.
func (w *worker) poll() bool {
	if w.stopped {
		return true
	}
	n := w.stats.Nodes
	due := n&pollMask == 0
	if due {
		w.publish()
		w.pollClock()
	}
	if w.mustFinish {
		return false
	}
	if w.ctl.stop.Load() || (w.nodeLimit > 0 && n >= w.nodeLimit) ||
		(due && w.ctl.nodeLimit > 0 && w.ctl.nodes.Load() >= w.ctl.nodeLimit) {
		w.stopped = true
	}
	return w.stopped
}

// publish adds the nodes searched since the last call to the threads' count.
func (w *worker) publish() {
	w.ctl.nodes.Add(w.stats.Nodes - w.published)
	w.published = w.stats.Nodes
	if w.stats.TBHits != w.publishedTB {
		w.ctl.tbHits.Add(w.stats.TBHits - w.publishedTB)
		w.publishedTB = w.stats.TBHits
	}
}

// totalTBHits is the tablebase hits of all threads, as totalNodes.
func (w *worker) totalTBHits() uint64 {
	return w.ctl.tbHits.Load() - w.publishedTB + w.stats.TBHits
}

// totalNodes is the nodes of all threads: this one's exactly, the others'
// as they last published them.
func (w *worker) totalNodes() uint64 {
	return w.ctl.nodes.Load() - w.published + w.stats.Nodes
}

// pollClock reads the clock, when there is a hard deadline or a progress
// callback, to stop at the deadline and to report progress when due.
func (w *worker) pollClock() {
	hard := w.ctl.hardNs.Load()
	timed := hard != 0 && !w.ctl.infinite.Load()
	if !timed && w.progress == nil {
		return
	}
	now := time.Now().UnixNano()
	if timed && now >= hard {
		w.ctl.stop.Store(true) // every thread's end
		return
	}
	if w.progress != nil && now >= w.nextProgressNs {
		w.nextProgressNs = now + int64(ProgressInterval)
		w.progress(Progress{
			Nodes: w.totalNodes(), Elapsed: time.Duration(now - w.startNs), Hashfull: w.tt.Hashfull(),
			CurrMove: w.currMove, CurrMoveNumber: w.currMoveNumber,
		})
	}
}

func (w *worker) evaluate() int {
	w.stats.Leaves++
	if w.useNet {
		return w.netEval()
	}
	return w.ev.Evaluate(w.pos)
}

// firstGuess is the first guess of the first iteration
// (Options.FirstIteration): with FirstAtEval the root's static evaluation
// as pure mode's quiescence search stands pat on it (at EvalGrain), counted
// as no leaf; else 0 (FirstFullWindow's first iteration takes none).
func (w *worker) firstGuess() int {
	if w.opt.FirstIteration != FirstAtEval || w.pos.InCheck() {
		return 0 // in check a node has no static value
	}
	v := 0
	if w.useNet {
		v = w.netEval()
	} else {
		v = w.ev.Evaluate(w.pos)
	}
	return w.grained(v)
}

// grained is a static evaluation v rounded to the nearest multiple of
// Options.EvalGrain when it is above 1 (the lab's grain experiment, the
// UCI option Eval Grain); the hot callers test the grain first, so that
// the default costs one predictable branch and no call.
//
//go:noinline
func (w *worker) grained(v int) int {
	if g := w.opt.EvalGrain; g > 1 {
		return roundToGrain(v, g)
	}
	return v
}

// roundToGrain rounds v to the nearest multiple of g (g > 1), halves away
// from zero: roundToGrain(-v, g) == -roundToGrain(v, g), as negamax needs.
func roundToGrain(v, g int) int {
	if v < 0 {
		return -((-v + g/2) / g * g)
	}
	return (v + g/2) / g * g
}

// usable says whether a table entry of draft may decide a node of depth:
// any deeper entry in selective mode, only an equal draft in pure mode (see
// the package doc).
func (w *worker) usable(draft, depth int) bool {
	if w.opt.Selective {
		return draft >= depth
	}
	return draft == depth
}

func (w *worker) isRootCandidate(m engine.Move) bool { return containsMove(w.cands, m) }

func (w *worker) hasNonPawnMaterial() bool {
	us := w.pos.SideToMove()
	return w.pos.ColorPieces(us)&^(w.pos.Pieces(us, engine.Pawn)|w.pos.Pieces(us, engine.King)) != 0
}

// mated is the score of being checkmated at ply.
func mated(ply int) int { return -MateScore + ply }

// logf is the natural logarithm of a positive int.
func logf(n int) float64 { return math.Log(float64(n)) }
