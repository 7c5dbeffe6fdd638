package search

import (
	"sync"
	"time"
)

// This file is Bounder's time policy, all of it: what a "go" command's
// limits (Limits) mean for the time a search takes. Budget turns them into
// a target and a deadline, once per search (or once per ponderhit);
// iterativeDeepening.done (id.go) decides, against the target, whether
// another iteration is worth starting; and the deadline is kept by a timer
// and by the threads' reads of the clock (control, worker.go), which stop
// the search wherever it is.

// TimeControl is the clock of the side to move, as the GUI reports it with
// "go wtime … btime … winc … binc … movestogo …".
type TimeControl struct {
	Time      time.Duration // left on our clock (negative is read as zero)
	Inc       time.Duration // our increment per move
	MovesToGo int           // moves to the next time control; 0 = sudden death
}

// Budget is the time plan of a search with these limits: soft is the
// target (no iteration starts late in it, see iterativeDeepening.done) and
// hard the deadline, both from the moment the clock starts (the start of
// the search, or the ponderhit). ok is false when time does not limit the
// search: no clock and no movetime, or an infinite search.
//
// A movetime is exact (soft equals hard: only the deadline ends the
// search) less the overhead, and with a clock never past the clock's
// deadline; a clock alone gives TimeBudget's plan.
func (lim Limits) Budget() (soft, hard time.Duration, ok bool) {
	switch {
	case lim.Infinite:
		return 0, 0, false
	case lim.MoveTime > 0:
		hard = MoveTimeBudget(lim.MoveTime, lim.Overhead)
		if lim.Clock != nil {
			_, h := TimeBudget(*lim.Clock, lim.Overhead)
			hard = min(hard, h)
		}
		return hard, hard, true
	case lim.Clock != nil:
		soft, hard = TimeBudget(*lim.Clock, lim.Overhead)
		return soft, hard, true
	}
	return 0, 0, false
}

// mateDepthSlack: "go mate N" with no other limit searches at most
// 2N-1+mateDepthSlack plies deep, room for the reductions of the selective
// search to miss a mate at the depth that just reaches it.
const mateDepthSlack = 4

// MateDepth is the depth limit of "go mate n" alone.
func MateDepth(n int) int { return min(2*n-1+mateDepthSlack, MaxDepth) }

// maxDepth is the deepest iteration the limits allow.
func (lim Limits) maxDepth() int {
	d := MaxDepth
	if lim.Depth > 0 {
		d = min(lim.Depth, d)
	}
	_, _, timed := lim.Budget()
	if lim.Mate > 0 && lim.Depth == 0 && lim.Nodes == 0 && !timed && !lim.Infinite && lim.Ponder == nil {
		d = min(d, MateDepth(lim.Mate))
	}
	return d
}

// Ponder is the ponderhit of a "go ponder" search (Limits.Ponder). Hit may
// be called at any time, from any goroutine, even before the search has
// started: the search then starts its clock at the moment of the hit.
type Ponder struct {
	once sync.Once
	hit  chan struct{}
	mu   sync.Mutex
	at   time.Time
}

// NewPonder returns a Ponder not yet hit.
func NewPonder() *Ponder { return &Ponder{hit: make(chan struct{})} }

// Hit says the opponent played the expected move: the clock runs from now.
func (p *Ponder) Hit() {
	p.once.Do(func() {
		p.mu.Lock()
		p.at = time.Now()
		p.mu.Unlock()
		close(p.hit)
	})
}

// Hits is closed at the hit.
func (p *Ponder) Hits() <-chan struct{} { return p.hit }

// At is the moment of the hit (zero before it).
func (p *Ponder) At() time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.at
}

// startClock sets the deadlines of the search with limits lim as for a
// clock started at start: the search's start, or the ponderhit. search is
// the search it is meant for (control.search): a ponderhit that arrives as
// its search ends must not time the next one.
func (c *control) startClock(start time.Time, lim Limits, search uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.search != search {
		return
	}
	soft, hard, ok := lim.Budget()
	c.infinite.Store(!ok)
	c.clockNs.Store(start.UnixNano())
	if !ok {
		c.setDeadlinesLocked(0, 0)
		return
	}
	c.setDeadlinesLocked(start.Add(soft).UnixNano(), start.Add(hard).UnixNano())
}

// MinBudget is the smallest budget TimeBudget and MoveTimeBudget return:
// even with almost nothing on the clock the engine must play a move, and a
// search that ends before it starts plays a worse one than it had to.
const MinBudget = time.Millisecond

// In sudden death the target is a 1/suddenDeathShare share of the clock
// (plus most of the increment). The clock shrinks geometrically, so a game
// of any length is covered; a twentieth is about what strong engines spend
// early in a game with an increment (a fortieth, further scaled down by the
// iteration rule, used about half the clock Glaurung used). Without an
// increment nothing comes back, and the share is smaller.
const (
	suddenDeathShare      = 20
	suddenDeathShareNoInc = 30
	reserveOverheads      = 4 // the reserve kept out of the share, in overheads
)

// TimeBudget plans the time for one move: soft is the target (iterative
// deepening starts no new iteration after a fraction of it, scaled by how
// stable the best move and the score are, see iterativeDeepening.done) and
// hard is the deadline the search never passes. Both are measured from the
// start of the search and are at least MinBudget, with soft at most three
// fifths of hard (unless both are MinBudget): a soft limit equal to the hard
// one marks an exact budget (go movetime), which only the deadline ends.
//
// The plan: of the clock less the overhead (the latency the GUI charges per
// move) and a reserve of four overheads (at most half the clock), the target
// is a 1/n share plus three quarters of the increment, where n is the
// sudden-death share, or the moves to go when fewer. The deadline is five
// times the target but never more than two fifths of the clock less the
// overhead (three fifths with two moves to go, nine tenths on the last move
// before the control, when the clock is refilled afterwards), so one long
// think never loses the game on time.
//
// With a clock of more than about the overhead, hard never passes the clock
// minus the overhead. Below that the overhead cannot be honoured, and the
// engine plans with a tenth of what is left, which is still a move rather
// than a loss on time when the overhead estimate is pessimistic.
func TimeBudget(tc TimeControl, overhead time.Duration) (soft, hard time.Duration) {
	if overhead < 0 {
		overhead = 0
	}
	left := max(tc.Time, 0)
	inc := max(tc.Inc, 0)
	avail := max(left-overhead, left/10) // for this move alone

	n := suddenDeathShare
	if inc == 0 {
		n = suddenDeathShareNoInc
	}
	if tc.MovesToGo > 0 {
		n = min(tc.MovesToGo, n)
	}
	// The share is taken of what is left after a reserve of a few overheads,
	// so that where the increment hardly pays for the GUI's latency the clock
	// settles well above the overhead rather than at it.
	reserve := min(overhead*reserveOverheads, left/2)
	soft = max(avail-reserve, 0)/time.Duration(n) + inc*3/4

	hard = avail * 2 / 5
	switch n {
	case 1:
		hard = avail * 9 / 10
	case 2:
		hard = avail * 3 / 5
	}
	hard = max(min(hard, soft*5), MinBudget)
	soft = max(min(soft, hard*3/5), MinBudget)
	return soft, hard
}

// MoveTimeBudget is the search time for "go movetime": exactly the time
// asked for minus the overhead, so that the move reaches the GUI in time.
// With a movetime not much longer than the overhead it keeps at least a
// tenth of the movetime (and MinBudget).
func MoveTimeBudget(moveTime, overhead time.Duration) time.Duration {
	if overhead < 0 {
		overhead = 0
	}
	b := moveTime - overhead
	if floor := moveTime / 10; b < floor {
		b = floor
	}
	if b < MinBudget {
		b = MinBudget
	}
	return b
}
