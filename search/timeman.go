package search

import "time"

// TimeControl is the clock of the side to move, as the GUI reports it with
// "go wtime … btime … winc … binc … movestogo …".
type TimeControl struct {
	Time      time.Duration // left on our clock (negative is read as zero)
	Inc       time.Duration // our increment per move
	MovesToGo int           // moves to the next time control; 0 = sudden death
	Ply       int           // game ply (0 = White's first move), for the horizon
}

// MinBudget is the smallest budget TimeBudget and MoveTimeBudget return:
// even with almost nothing on the clock the engine must play a move, and a
// search that ends before it starts plays a worse one than it had to.
const MinBudget = time.Millisecond

// Horizon bounds: with no moves-to-go the budget is planned as if this many
// moves were still to be played (DefaultMovesToGo).
const (
	horizonOpening = 40
	horizonLate    = 30
)

// DefaultMovesToGo is how many more moves a sudden-death game is expected to
// last, seen from game ply ply: 40 at the start, shrinking by one every
// three moves to 30. The budget shrinks with the clock anyway, so the
// estimate only has to be roughly right; erring long keeps a reserve.
func DefaultMovesToGo(ply int) int {
	if ply < 0 {
		ply = 0
	}
	h := horizonOpening - ply/2/3
	if h < horizonLate {
		h = horizonLate
	}
	return h
}

// TimeBudget plans the time for one move: soft is the target (the search
// starts no new iteration after it, scaled by how stable the best move is)
// and hard is the deadline it never passes. Both are measured from the start
// of the search and are at least MinBudget, with soft <= hard.
//
// The plan: the moves to go are MovesToGo, or DefaultMovesToGo in sudden
// death. The time for them is the clock plus three quarters of the
// increments still to come, minus the overhead (the latency the GUI charges
// per move) for each of them, but at least a quarter of the clock; soft is
// an equal share of it. The hard deadline is five times the target but
// never more than three quarters of the clock minus the overhead (nine
// tenths on the last move before the time control, when the clock is
// refilled afterwards), so one long think never loses the game on time. The
// target is kept at most 60% of the deadline, so that stability scaling has
// room to extend it.
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

	mtg := DefaultMovesToGo(tc.Ply)
	if tc.MovesToGo > 0 && tc.MovesToGo < mtg {
		mtg = tc.MovesToGo
	}
	n := time.Duration(mtg)
	total := left + inc*(n-1)*3/4 - overhead*n
	total = max(total, left/4)
	soft = total / n

	avail := max(left-overhead, left/10) // for this move alone
	hard = avail * 3 / 4
	if mtg == 1 {
		hard = avail * 9 / 10
	}
	hard = max(min(hard, soft*5), MinBudget)
	soft = max(min(soft, hard*3/5), MinBudget)
	if soft > hard { // only when hard is MinBudget
		soft = hard
	}
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
