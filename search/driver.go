package search

import "strconv"

// root is what a driver sees of the search: passes at the root with a
// window, and, for Best Node Search, tests of single root moves. It is all a
// driver needs, so the drivers know nothing of chess.
type root interface {
	// window searches the root with (alpha, beta) and returns the fail-soft value.
	window(alpha, beta, depth int) int
	// mt is Memory-enhanced Test: window(γ-1, γ).
	mt(gamma, depth int) int
	// moves is the number of root moves; test searches move i with the
	// null window around gamma and returns its fail-soft value.
	moves() int
	test(i, gamma, depth int) int
	// best records move i as the best proved, with its score.
	best(i, score int)
	isStopped() bool
	research() // counts a pass that repeats a failed one
}

// guess is what iterative deepening knows when a driver starts an iteration.
type guess struct {
	prev  []int // scores of the completed iterations, oldest first
	depth int
	// ranged: the domain bounds the root's value to lo..hi (a synthetic
	// tree's leaf range; chess has none). Only BNS with Options.BNSRounds004
	// reads it.
	ranged bool
	lo, hi int
	// start is the first guess before any iteration (Options.FirstIteration:
	// 0, or the root's static evaluation).
	start int
}

// first is the first guess of the drivers that start from one (MTD(f)'s
// first test value): Options.FirstGuess when it names this iteration, else
// the last score, or the one before it (against odd/even oscillation), or
// start before any iteration.
func (g guess) first(opt Options, twoBack bool) int {
	n := len(g.prev)
	switch {
	case g.fixed(opt):
		return opt.FirstGuess.Score
	case n == 0:
		return g.start
	case twoBack && n >= 2:
		return g.prev[n-2]
	}
	return g.prev[n-1]
}

// fixed reports whether Options.FirstGuess sets this iteration's guess.
func (g guess) fixed(opt Options) bool {
	return opt.FirstGuess != nil && opt.FirstGuess.Depth == g.depth
}

// driverFunc runs one iteration and returns the root value with its bound.
type driverFunc func(r root, depth int, g guess, opt Options) (int, Bound)

// FirstIteration is how the drivers that start from a guess
// (Driver.Guessed) start the first iteration of iterative deepening, which
// has no previous score to start from (Options.FirstIteration). 001 starts
// each iteration at "the result of the previous iteration" (§4) and does not
// say what the first starts at.
type FirstIteration uint8

const (
	// FirstAtZero starts it at 0: Bounder's play (DefaultOptions).
	FirstAtZero FirstIteration = iota
	// FirstAtEval starts it at the root's static evaluation, at EvalGrain:
	// the result of a search of depth 0, the iteration before the first.
	// It is a guess, like a previous score, and counts no leaf.
	FirstAtEval
	// FirstFullWindow searches it with the full window, as alpha-beta does
	// (and Aspiration NegaScout its first iteration), and the second starts
	// at its value.
	FirstFullWindow
)

var firstIterationNames = [...]string{FirstAtZero: "zero", FirstAtEval: "eval", FirstFullWindow: "window"}

func (f FirstIteration) String() string {
	if int(f) < len(firstIterationNames) {
		return firstIterationNames[f]
	}
	return "FirstIteration(" + strconv.Itoa(int(f)) + ")"
}

// iterate runs one iteration of driver d with guess g: d itself, or, for
// the first iteration of a driver that starts from a guess when
// Options.FirstIteration is FirstFullWindow, a full-window search.
func iterate(d *Driver, r root, depth int, g guess, opt Options) (int, Bound) {
	if len(g.prev) == 0 && d.Guessed && opt.FirstIteration == FirstFullWindow && !g.fixed(opt) {
		return r.window(-Infinity, Infinity, depth), BoundExact
	}
	return d.run(r, depth, g, opt)
}

// Driver is one root algorithm: an entry of the driver table. Adding a
// driver is an entry here and its function below; the UCI Driver option,
// the README's driver table (checked by a test), the tests that run every
// driver and the experiments all read the table.
type Driver struct {
	Name string // the Driver option's value
	// Scout: the tree walker searches with NegaScout's null windows after
	// the first move at every node, and the principal variation with a
	// wide window (Aspiration NegaScout); the others pass null windows (or
	// alpha-beta's full one) down unchanged.
	Scout bool
	// Bounded: the score it returns may be only a bound on the root's
	// value (Best Node Search's is a lower bound: it proves which move is
	// best, not by how much).
	Bounded bool
	// Guessed: it starts at a first guess of the root's value (guess.first:
	// 0 before any iteration), the test value of its first pass (MTD(f),
	// MTD(bi), MTD(step)) or its first separation value (BNS). The others
	// take none: alpha-beta searches the full window, SSS* and DUAL* start
	// from their side, and Aspiration NegaScout searches a first iteration
	// with the full window (later ones centre the window on the last score).
	Guessed bool
	Doc     string // one line, for the README
	Source  string // the paper and figure it comes from (../shared/papers)
	run     driverFunc
}

var driverTable = []Driver{
	{Name: "MTDf", run: mtdf, Guessed: true, Source: "001 Fig. 11",
		Doc: "MTD(f): null-window MT passes starting at the previous iteration's score, each moving to the bound just proved"},
	{Name: "NegaScout", run: aspirationNegaScout, Scout: true, Source: "002 Fig. 2; 001 §5.1",
		Doc: "Aspiration NegaScout (PVS): a window around the previous score, widened on a fail; null-window scouts inside"},
	{Name: "AlphaBeta", run: alphaBeta, Source: "000 Fig. 3/5",
		Doc: "plain alpha-beta with the full window"},
	{Name: "SSS", run: mtSSS, Source: "001 Fig. 11 (MTD(+∞))",
		Doc: "MT-SSS* = MTD(+∞): passes from above, each testing the last upper bound"},
	{Name: "DUAL", run: mtDUAL, Source: "001 Fig. 11 (MTD(−∞))",
		Doc: "MT-DUAL* = MTD(−∞): passes from below"},
	{Name: "MTDbi", run: mtdbi, Guessed: true, Source: "001 §4",
		Doc: "MTD(bi): bisection of the interval between the bounds"},
	{Name: "MTDstep", run: mtdstep, Guessed: true, Source: "001 §4",
		Doc: "MTD(step): from above in steps of `MTD Step`"},
	{Name: "BNS", run: bestNodeSearch, Guessed: true, Bounded: true, Source: "004 Fig. 4",
		Doc: "Rutko's Best Node Search: tests every root move against a separation value until one move is better than all others; its score is then a lower bound (reported as `lowerbound`)"},
}

// Drivers lists the driver names, the default first, in the table's order.
func Drivers() []string {
	names := make([]string, len(driverTable))
	for i, d := range driverTable {
		names[i] = d.Name
	}
	return names
}

// DriverTable returns the driver table (a copy).
func DriverTable() []Driver { return append([]Driver(nil), driverTable...) }

// DriverGuessed reports whether the named driver (case-insensitively)
// starts at a first guess of the root's value (Driver.Guessed).
func DriverGuessed(name string) bool {
	d := driverNamed(name)
	return d != nil && d.Guessed
}

// LookupDriver reports whether name is a driver (case-insensitively) and
// returns its canonical spelling.
func LookupDriver(name string) (string, bool) {
	if d := driverNamed(name); d != nil {
		return d.Name, true
	}
	return "", false
}

// driverNamed is the table's entry for name (case-insensitively), or nil.
func driverNamed(name string) *Driver {
	for i := range driverTable {
		if equalFold(driverTable[i].Name, name) {
			return &driverTable[i]
		}
	}
	return nil
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i]|0x20, b[i]|0x20
		if x != y {
			return false
		}
	}
	return true
}

// alphaBeta searches with the full window (000 Fig. 3/5).
func alphaBeta(r root, depth int, _ guess, _ Options) (int, Bound) {
	return r.window(-Infinity, Infinity, depth), BoundExact
}

// aspirationNegaScout searches a window around the last score and widens
// it on a fail, each time by a growing margin (002 Fig. 2; 001 §5.1).
func aspirationNegaScout(r root, depth int, g guess, opt Options) (int, Bound) {
	if len(g.prev) == 0 && !g.fixed(opt) {
		return r.window(-Infinity, Infinity, depth), BoundExact
	}
	delta := 25
	f := g.first(opt, false)
	alpha, beta := max(f-delta, -Infinity), min(f+delta, Infinity)
	for {
		v := r.window(alpha, beta, depth)
		if r.isStopped() {
			return v, BoundNone
		}
		switch {
		case v <= alpha && alpha > -Infinity:
			alpha = max(v-delta, -Infinity)
		case v >= beta && beta < Infinity:
			beta = min(v+delta, Infinity)
		default:
			return v, BoundExact
		}
		delta *= 2
		r.research()
	}
}

// mtd is the MTD framework (001 Fig. 11): MT passes with the test value
// chosen by next from the bounds so far, until the bounds meet.
func mtd(r root, depth int, g0 int, next func(lower, upper, g int) int) (int, Bound) {
	lower, upper, g := -Infinity, Infinity, g0
	passes := 0
	for lower < upper {
		gamma := next(lower, upper, g)
		gamma = max(lower+1, min(gamma, upper))
		g = r.mt(gamma, depth)
		if r.isStopped() {
			break
		}
		if passes++; passes > 1 {
			r.research()
		}
		if g < gamma {
			upper = g
		} else {
			lower = g
		}
	}
	switch {
	case lower >= upper:
		return lower, BoundExact
	case lower > -Infinity:
		return lower, BoundLower
	default:
		return upper, BoundUpper
	}
}

// mtSSS is MT-SSS* = MTD(+∞): every pass tests the current upper bound.
func mtSSS(r root, depth int, _ guess, _ Options) (int, Bound) {
	return mtd(r, depth, Infinity, func(_, upper, _ int) int { return upper })
}

// mtDUAL is MT-DUAL* = MTD(-∞): every pass tests just above the lower bound.
func mtDUAL(r root, depth int, _ guess, _ Options) (int, Bound) {
	return mtd(r, depth, -Infinity, func(lower, _, _ int) int { return lower + 1 })
}

// mtdfAccelAfter is how many passes may move one bound before MTDfAccel jumps.
const mtdfAccelAfter = 4

// mtdf is MTD(f): start at the first guess, then step to the bound just
// proved (with Options.MTDfAccel, jumping once that bound keeps moving).
func mtdf(r root, depth int, g guess, opt Options) (int, Bound) {
	run, up := 0, false // passes in a row that moved the same bound
	f := g.first(opt, opt.MTDfGuess2)
	if !g.fixed(opt) && len(g.prev) > 0 {
		f -= opt.MTDfBias
	}
	return mtd(r, depth, f, func(lower, _, g int) int {
		failHigh := g == lower
		if failHigh == up {
			run++
		} else {
			run, up = 1, failHigh
		}
		jump := 0
		if opt.MTDfAccel && run > mtdfAccelAfter {
			jump = 1 << min(run-mtdfAccelAfter, 14)
		}
		if failHigh {
			return g + 1 + jump
		}
		return g - jump
	})
}

// mtdbi is MTD(bi): bisect the interval between the bounds. While a bound
// is still infinite, the pivot steps away from the first guess by a margin
// that doubles, so the first passes do not test ±mate.
func mtdbi(r root, depth int, g guess, opt Options) (int, Bound) {
	f := g.first(opt, false)
	first, margin := true, 50
	return mtd(r, depth, f, func(lower, upper, _ int) int {
		switch {
		case first:
			first = false
			return f
		case lower == -Infinity:
			margin *= 2
			return upper - margin/2
		case upper == Infinity:
			margin *= 2
			return lower + margin/2
		}
		return lower + (upper-lower+1)/2
	})
}

// mtdstep is MTD(step): search from above, jumping down by the step size,
// γ = max(f- + 1, g - step) (001 §4). Bounder starts one step above the first
// guess instead of at +∞.
func mtdstep(r root, depth int, g guess, opt Options) (int, Bound) {
	step := max(opt.MTDStep, 1)
	return mtd(r, depth, g.first(opt, false)+2*step, func(lower, _, g int) int {
		return max(lower+1, g-step)
	})
}

// bestNodeSearch is Rutko's Best Node Search (004 Fig. 4). Each round tests
// every candidate root move against a separation value γ from NextGuess; the
// moves that reach γ become the candidates of the next round. It ends when
// one move is better than all others — the best move, whose value is then
// known only as a lower bound — or when the bounds meet.
//
// Rutko's trees have a finite value range; in chess the initial bounds are
// ±∞, so while a bound is infinite Bounder takes γ from the previous
// iteration's score and steps away from it by a doubling margin. Fail-soft
// values tighten the bounds beyond the paper's: after a round where all moves
// fail low, β is the largest upper bound returned, not γ.
//
// With Options.BNSRounds004 the rounds after the first follow 004 §6
// instead, which after its first separation value (30 on its trees) tests
// "29 and 31 respectively": the next value down after a round where every
// move failed low, the next up after one where several succeeded. With
// fail-soft values that is, after a fail-low round, the highest upper bound
// returned (no move can reach more), and after a round of successes the
// second-best lower bound + 1 (the best move's bound already reaches it, so
// the round asks whether any other does); and the bounds start at the
// domain's value range (guess.ranged: a synthetic tree's leaves), as 004's
// do, where chess's are ±∞.
func bestNodeSearch(r root, depth int, g guess, opt Options) (int, Bound) {
	n := r.moves()
	cand := make([]int, n)
	vals := make([]int, n)
	for i := range cand {
		cand[i] = i
	}
	if n == 1 {
		v := r.window(-Infinity, Infinity, depth)
		return v, BoundExact
	}
	lo, hi := -Infinity, Infinity // lo <= value <= hi
	if opt.BNSRounds004 && g.ranged {
		lo, hi = g.lo, g.hi
	}
	f, margin, firstRound := g.first(opt, false), 50, true
	bestIdx, bestVal := -1, -Infinity
	failedLow, second := false, -Infinity // the last round's outcome (BNSRounds004)
	for {
		var gamma int
		switch {
		case firstRound:
			gamma = f
			firstRound = false
		case opt.BNSRounds004 && failedLow:
			gamma = hi // the highest upper bound
		case opt.BNSRounds004:
			gamma = second + 1 // above every candidate's bound but the best's
		case lo == -Infinity:
			margin *= 2
			gamma = hi - margin/2
		case hi == Infinity:
			margin *= 2
			gamma = lo + margin/2
		default:
			c := len(cand)
			gamma = lo + (hi-lo)*(c-1)/c // NextGuess
		}
		if opt.BNSRounds004 && !failedLow && second > -Infinity {
			// The second-best bound + 1 may be at or below lo (the best
			// move's bound): it separates the moves, not the value.
			gamma = min(gamma, hi)
		} else {
			gamma = max(lo+1, min(gamma, hi))
		}

		better := cand[:0:0]
		maxUpper := -Infinity
		for _, i := range cand {
			v := r.test(i, gamma, depth)
			if r.isStopped() {
				return bestVal, BoundLower
			}
			vals[i] = v
			if v >= gamma {
				better = append(better, i)
			} else {
				maxUpper = max(maxUpper, v)
			}
		}
		failedLow = len(better) == 0
		if failedLow {
			hi = min(hi, maxUpper)
		} else {
			// Every value here is >= γ > lo, so the best of them is the new best.
			bestIdx, bestVal = better[0], vals[better[0]]
			for _, i := range better[1:] {
				if vals[i] > bestVal {
					bestIdx, bestVal = i, vals[i]
				}
			}
			lo = max(lo, bestVal)
			cand = better
			r.best(bestIdx, bestVal)
			second = -Infinity
			for _, i := range better {
				if i != bestIdx {
					second = max(second, vals[i])
				}
			}
		}
		if len(better) == 1 {
			if lo >= hi {
				return lo, BoundExact
			}
			return bestVal, BoundLower
		}
		if lo >= hi {
			return lo, BoundExact
		}
		r.research()
	}
}
