package search

import "time"

// TimeControl is the clock of the side to move, as the GUI reports it with
// "go wtime … btime … winc … binc … movestogo …".
type TimeControl struct {
	Time      time.Duration // left on our clock (negative is read as zero)
	Inc       time.Duration // our increment per move
	MovesToGo int           // moves to the next time control; 0 = sudden death
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
