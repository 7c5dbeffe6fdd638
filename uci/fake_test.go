package uci

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/search"
)

// fakeSearcher stands in for search.Searcher. A search plays the first
// legal move (of searchmoves, if given) and reports one "iteration" per
// millisecond. It ends after delay (or at the deadline of the limits'
// Budget, movetime's exactly), at once when stopped or cancelled, and an
// Infinite or pondering search only when stopped, or at the deadline from
// the ponderhit, or (with endInfinite) after delay.
type fakeSearcher struct {
	mu          sync.Mutex
	delay       time.Duration
	endInfinite bool
	bestMove    string // play this (even if illegal) instead of the first legal move
	deaf        bool   // ignore time limits and the ponderhit: end only when stopped or cancelled
	progress    bool   // call Limits.Progress at every tick, after the report

	running   bool
	stopCh    chan struct{}
	stopped   bool
	searches  []fakeCall
	stops     int
	ponderHit [][2]time.Duration // the budget a ponderhit started
	hashSizes []int
	clears    int
	overlap   bool // a search started while another ran
}

type fakeCall struct {
	lim search.Limits
	opt search.Options
	fen string
}

var _ Searcher = (*fakeSearcher)(nil)

func newFake() *fakeSearcher { return &fakeSearcher{delay: 5 * time.Millisecond} }

func (f *fakeSearcher) Search(ctx context.Context, pos *engine.Position, lim search.Limits, opt search.Options, onReport func(search.Report)) search.Result {
	start := time.Now()
	f.mu.Lock()
	if f.running {
		f.overlap = true
	}
	f.running = true
	f.stopCh, f.stopped = make(chan struct{}), false
	stop := f.stopCh
	var hit <-chan struct{}
	if lim.Ponder != nil {
		hit = lim.Ponder.Hits()
	}
	f.searches = append(f.searches, fakeCall{lim, opt, pos.FEN()})
	delay, endInf, forced, deaf, progress := f.delay, f.endInfinite, f.bestMove, f.deaf, f.progress
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.running = false
		f.mu.Unlock()
	}()

	var buf [engine.MaxMoves]engine.Move
	moves := pos.GenerateMoves(buf[:])
	if len(lim.SearchMoves) > 0 {
		moves = lim.SearchMoves
	}
	if len(moves) == 0 {
		return search.Result{}
	}
	best := moves[0]
	if forced != "" {
		best = fakeMove(forced)
	}
	res := search.Result{BestMove: best, Score: 12}
	c := pos.Clone()
	c.Make(moves[0])
	res.PV = []engine.Move{best}
	if forced == "" {
		var rbuf [engine.MaxMoves]engine.Move
		if replies := c.GenerateMoves(rbuf[:]); len(replies) > 0 {
			res.PonderMove = replies[0]
			res.PV = append(res.PV, replies[0])
		}
	}

	var timeout <-chan time.Time
	d := delay
	soft, hard, timed := lim.Budget()
	if lim.MoveTime > 0 {
		d = hard
	} else if timed {
		d = min(d, hard)
	}
	// A depth-limited search ends by depth alone, so a loaded machine's
	// late ticks cannot cut it short.
	infinite := lim.Infinite || lim.Ponder != nil
	if (!infinite || endInf) && !deaf && (lim.Depth == 0 || lim.MoveTime > 0) {
		timeout = time.After(d)
	}
	if deaf {
		hit = nil
	}
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for depth := 1; ; depth++ {
		select {
		case <-ctx.Done():
			return res
		case <-stop:
			return res
		case <-hit:
			hit = nil
			f.mu.Lock()
			f.ponderHit = append(f.ponderHit, [2]time.Duration{soft, hard})
			f.mu.Unlock()
			if timed && !lim.Infinite {
				timeout = time.After(hard)
			}
		case <-timeout:
			return res
		case <-tick.C:
			if lim.Depth > 0 && depth > lim.Depth && !infinite {
				return res
			}
			res.Depth = depth
			onReport(search.Report{Depth: depth, SelDepth: depth + 2, MultiPV: 1, Score: 12,
				Bound: search.BoundExact, PV: res.PV, Nodes: uint64(depth * 1000), Elapsed: time.Since(start)})
			if progress && lim.Progress != nil {
				lim.Progress(search.Progress{Nodes: uint64(depth*1000 + 500), Elapsed: time.Duration(depth) * time.Second,
					Hashfull: depth, CurrMove: moves[len(moves)-1], CurrMoveNumber: len(moves)})
			}
		}
	}
}

// fakeMove encodes a move by its squares only (for forcing bad moves).
func fakeMove(s string) engine.Move {
	from, _ := engine.ParseSquare(s[:2])
	to, _ := engine.ParseSquare(s[2:4])
	return engine.Move(from) | engine.Move(to)<<6
}

func (f *fakeSearcher) Stop() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.stops++
	if f.stopCh != nil && !f.stopped {
		f.stopped = true
		close(f.stopCh)
	}
}

func (f *fakeSearcher) SetHashSize(mib int) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.running {
		f.overlap = true
	}
	if mib > 4096 {
		return errors.New("fake: too big")
	}
	f.hashSizes = append(f.hashSizes, mib)
	return nil
}

func (f *fakeSearcher) Clear() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.running {
		f.overlap = true
	}
	f.clears++
}

func (f *fakeSearcher) Hashfull() int { return 0 }

func (f *fakeSearcher) calls() []fakeCall {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]fakeCall(nil), f.searches...)
}

// fakeBook answers from a map FEN -> move.
type fakeBook struct {
	moves  map[string]string
	probes int
}

func (b *fakeBook) Probe(pos *engine.Position, gamePly int) (engine.Move, string, bool) {
	b.probes++
	s, ok := b.moves[pos.FEN()]
	if !ok {
		return engine.NullMove, "", false
	}
	m, err := pos.ParseMove(s)
	if err != nil {
		return fakeMove(s), "weight 1", true // an illegal book move
	}
	return m, "weight 42", true
}
