package search

import (
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/eval"
	"github.com/bounder-chess/bounder/nnue"
	"github.com/bounder-chess/bounder/syzygy"
)

// Score bounds. Mate scores are MateScore-ply (mating) and -(MateScore-ply)
// (being mated), counted from the root of the search.
const (
	Infinity  = 32000
	MateScore = 31000
	// MaxPly bounds the depth of the search tree (main search plus quiescence).
	MaxPly = 128
	// MateBound: scores beyond it (in absolute value) are mate scores.
	MateBound = MateScore - MaxPly
)

// IsMate reports a mate score.
func IsMate(score int) bool { return score > MateBound || score < -MateBound }

// MateIn converts a mate score to moves (UCI "score mate N"): positive when
// the side to move mates, negative when it is mated.
func MateIn(score int) int {
	if score > 0 {
		return (MateScore - score + 1) / 2
	}
	return -(MateScore + score) / 2
}

// Bound says what a score is: exact, or only a lower or upper bound on the
// true minimax value (fail-high or fail-low).
type Bound uint8

// Bounds.
const (
	BoundNone Bound = iota
	BoundExact
	BoundLower
	BoundUpper
)

// Limits are a "go" command's limits, as the GUI gave them; the search
// alone decides what they mean for its time (Budget, in timeman.go). Zero
// fields mean "no limit"; with no limit at all the search runs to MaxDepth
// or until Stop.
type Limits struct {
	Depth int    // iterations of iterative deepening
	Nodes uint64 // total nodes, every thread's
	// Mate stops once a mate in this many moves is found; alone it also
	// bounds the depth (MateDepth), so that a search for a mate that is
	// not there still ends.
	Mate int
	// MoveTime is "go movetime": the time for this move, of which Overhead
	// is kept back (and never more than the clock's deadline, with a clock).
	MoveTime time.Duration
	// Clock is the side to move's clock (nil: none): the search plans a
	// target and a deadline from it (TimeBudget).
	Clock *TimeControl
	// Overhead is the time the GUI and the process lose per move (the Move
	// Overhead option), kept back from every budget.
	Overhead time.Duration
	// Infinite searches until Stop (go infinite), whatever the clock.
	Infinite bool
	// Ponder, when not nil, makes this a "go ponder" search: it runs without
	// a clock until Ponder.Hit, and from the hit on the clock of these
	// Limits, as a search started then.
	Ponder *Ponder
	// SearchMoves restricts the root moves (UCI searchmoves); empty = all.
	SearchMoves []engine.Move
	// Progress, if not nil, is called on the searching goroutine about once
	// a second, the first time after a second, with the state of the
	// search: for GUIs, which show it during long iterations. The search
	// waits for it, so it must be quick.
	Progress func(Progress)
}

// ProgressInterval is how often Limits.Progress is called: the clock is
// read every 1024 nodes, and a report is due this long after the last.
const ProgressInterval = time.Second

// Progress is the state of a running search, for Limits.Progress.
type Progress struct {
	Nodes    uint64
	Elapsed  time.Duration
	Hashfull int // per mille
	// CurrMove is the root move being searched (NullMove before the first),
	// CurrMoveNumber its place, from 1, in the root's move order of the
	// current pass.
	CurrMove       engine.Move
	CurrMoveNumber int
}

// Options select the algorithm. The zero value is not the default: use
// DefaultOptions.
type Options struct {
	Driver    string // one of Drivers(); "" = the first, MTDf
	ETC       bool   // Enhanced Transposition Cutoffs
	ETCDepth  int    // minimum remaining depth for ETC
	Selective bool   // false = pure mode: no pruning, reductions or extensions
	// StoreLeaves makes pure mode's quiescence search read and write the
	// table (at draft 0, which only it stores), the horizon's nodes
	// included, as 001's MT (Fig. 17) stores a bound for every node it
	// searches: a later pass, or ETC one ply above the horizon, finds a
	// leaf's bound instead of evaluating it again. Off, pure mode's
	// quiescence search is table-free (Bounder's pure mode before the
	// lab's second step). The lab turns it on, as the papers' method;
	// DefaultOptions leaves it off. Selective mode ignores it: its
	// quiescence search always uses the table.
	StoreLeaves bool
	// StaticOrder turns off the move ordering the search learns as it goes
	// (killers, counter moves, the butterfly, continuation and capture
	// histories): the table's move first, then captures by MVV-LVA and
	// static exchange, then quiet moves in the order they are generated.
	// For the lab's ordering experiment, which asks how much of the drivers'
	// differences the ordering makes; not for play.
	StaticOrder bool
	MTDStep     int // step size of MTDstep, centipawns
	// MTDfGuess2 takes MTD(f)'s first guess from two iterations ago, against
	// odd/even oscillation (001 footnote 5).
	MTDfGuess2 bool
	// MTDfBias starts MTD(f)'s iterations after the first this many
	// centipawns below the previous score (or the guess MTDfGuess2 names):
	// the lab's question whether a first guess that errs low pays, since
	// 001 Fig. 15's V is steeper above the value than below it. 0 in play.
	MTDfBias int
	// MTDfAccel lets MTD(f) jump when one bound keeps moving the same way:
	// after mtdfAccelAfter such passes the test value moves by a margin that
	// doubles each pass. Off, MTDf is exactly the paper's (001 Fig. 11),
	// which creeps a few centipawns a pass towards a value far from its
	// first guess (a mate found at the next depth took 1,642 passes on
	// WAC.293). The bounds stay proved bounds either way.
	MTDfAccel bool
	// BNSRounds004 makes Best Node Search choose its separation values
	// after the first round as 004 §6 does: after a round where every move
	// failed low, the highest upper bound; after one where several
	// succeeded, the second-best lower bound + 1; and its bounds start at
	// the domain's value range (a synthetic tree's leaves; chess has none).
	// The lab's synthetic-bns experiment turns it on, as 004's method; off
	// (DefaultOptions), BNS steps from the first guess by a doubling margin
	// and then takes 004's linear NextGuess: the playing BNS.
	BNSRounds004 bool
	// Singular turns on singular extensions (selective mode): a table move
	// that every other move fails well below is searched a ply deeper, one
	// that another move comes near while its bound beats beta a ply
	// shallower. On by default since docs/testing.md row 38.
	Singular bool
	// PVPath treats the first-move path from the root as PV nodes under
	// every driver but BNS, whose root tests are all alike (no reverse
	// futility or null-move pruning there, smaller reductions), as
	// NegaScout's wide windows do: without it MTD(f), whose passes are all
	// null windows, prunes its principal variation like any other node.
	PVPath bool
	// FirstIteration is how the drivers that start from a guess start the
	// first iteration: at 0 (FirstAtZero, DefaultOptions: Bounder's play),
	// at the root's static evaluation (FirstAtEval: the lab's default, the
	// result of the iteration of depth 0), or with the full window
	// (FirstFullWindow). Options.FirstGuess, when it names depth 1, wins.
	FirstIteration FirstIteration
	// FirstGuess, when not nil, is where the drivers that start from a
	// guess (MTD(f), and the windows of NegaScout, MTD(bi), MTD(step) and
	// BNS) start one iteration, instead of the previous iteration's score:
	// for the lab's first-guess experiment (001 Fig. 15).
	FirstGuess *FirstGuess
	// DepthStats, when not nil, receives the main thread's counts split by
	// the remaining depth of the node (see DepthStats), added to what it
	// holds; nil (the default) costs one predictable branch per counted
	// event. For the lab; it may be read in the report callback.
	DepthStats *DepthStats
	// EvalGrain, above 1, rounds every static evaluation to the nearest
	// multiple of EvalGrain centipawns (halves away from zero, so that a
	// position is worth the negation of its value to the other side): the
	// lab's grain experiment and the UCI option Eval Grain (001 §5.2.2,
	// MTD(f)'s passes and the range of leaf values). 0 or 1: the evaluation
	// unchanged (one predictable branch per evaluation). The table is not
	// cleared when it changes: its bounds of another grain are off by less
	// than a grain, harmless in play, but an experiment that compares
	// grains must clear it between searches (the lab does).
	EvalGrain int
	MultiPV   int // number of best root moves to report (1 = normal)
	// Threads is the number of search threads (Lazy SMP, see Searcher), 1
	// to MaxThreads; 0 is taken as 1.
	Threads int
	Eval    string // one of Evals(); "" = Full (DefaultOptions: Network)
	// Net is the network that the Network evaluation uses; nil = the
	// embedded one (nnue.Default).
	Net *nnue.Net
	// Tablebases, when not nil, are Syzygy endgame tables the selective
	// search probes (tb.go): WDL in the tree at nodes with at most
	// TBProbeLimit pieces (0: as many as the tables hold) and, at that
	// limit, a remaining depth of TBProbeDepth or more; DTZ at the root,
	// whose result every report then carries (Report.Tablebase).
	Tablebases   *syzygy.Tables
	TBProbeLimit int
	TBProbeDepth int
	// Strength limiting (strength.go), the UCI options of the same names:
	// with LimitStrength the play is weakened to about Elo (MinElo to
	// MaxElo), without it to SkillElo(SkillLevel) when SkillLevel is below
	// MaxSkillLevel. DefaultOptions: full strength (a zero SkillLevel is
	// level 0, the weakest).
	LimitStrength bool
	Elo           int
	SkillLevel    int
	// StrengthSeed seeds a limited search's choice of move: with the same
	// seed, position and search, the same move; 0 = a fresh random seed.
	StrengthSeed uint64
}

// Evals are the evaluations a search can use: eval.Kinds (Full, the tuned
// weights compiled in; Hand, the hand-set starting weights; Material) and
// Network, the network of Options.Net (package nnue).
func Evals() []string { return append(eval.Kinds(), NetworkEval) }

// LookupEval reports whether name is one of Evals() (case-insensitively) and
// returns its index there.
func LookupEval(name string) (int, bool) {
	for i, e := range Evals() {
		if equalFold(e, name) {
			return i, true
		}
	}
	return 0, false
}

// DefaultOptions are Bounder's playing defaults: MTD(f) with ETC.
func DefaultOptions() Options {
	return Options{Driver: driverTable[0].Name, ETC: true, ETCDepth: 8, Selective: true, MTDStep: 25, MTDfAccel: true, Singular: true, PVPath: true, MultiPV: 1, EvalGrain: 4, Eval: NetworkEval,
		TBProbeDepth: 1, TBProbeLimit: 7, Elo: MinElo, SkillLevel: MaxSkillLevel}
}

// Stats are counted per search (and reported per iteration, cumulatively),
// by the main thread: with more than one thread only Report.Nodes and
// Result.Stats.Nodes count every thread's nodes.
type Stats struct {
	Nodes      uint64 // every node visited: Interior + Leaves + quiescence interior, and those that show a mate line (matepv.go)
	Interior   uint64 // main-search nodes that generated moves
	Leaves     uint64 // static evaluations (the papers' leaf count)
	QNodes     uint64 // quiescence nodes
	TTProbes   uint64
	TTHits     uint64
	TTCutoffs  uint64
	ETCProbes  uint64
	ETCCutoffs uint64
	TBHits     uint64 // tablebase probes that found the position (UCI tbhits)
	Passes     uint64 // driver passes (MT or window calls at the root)
	Researches uint64 // passes that failed and were searched again
	SelDepth   int    // deepest ply reached
}

// DepthStats are some of Stats' counts split by the remaining depth of the
// node where they happen (Options.DepthStats): index d counts the
// main-search nodes d plies above the horizon, index 0 the quiescence
// search (its static evaluations, and in selective mode its table probes).
// Each array sums to the Stats count of the same name (Leaves: but the
// static evaluations at the end of the stack, ply MaxPly-1). Counts are
// added from the search's start, over every iteration: the difference of
// two reports' copies is one iteration's (Sub).
type DepthStats struct {
	Interior   [MaxDepth + 1]uint64 // main-search nodes that generated moves
	Leaves     [MaxDepth + 1]uint64 // static evaluations (selective mode evaluates interior nodes too)
	TTHits     [MaxDepth + 1]uint64
	TTCutoffs  [MaxDepth + 1]uint64
	ETCProbes  [MaxDepth + 1]uint64
	ETCCutoffs [MaxDepth + 1]uint64
}

// FirstGuess is the first guess of iteration Depth (Options.FirstGuess).
type FirstGuess struct {
	Depth int
	Score int
}

// Report is sent once per completed iteration (and per MultiPV line), and
// on bound changes during long driver sequences.
type Report struct {
	Depth    int
	SelDepth int
	MultiPV  int // 1-based line number
	Score    int
	Bound    Bound
	// Tablebase: Score is the tables' verdict on the root (TBWin, 0 or
	// -TBWin, exact), not the search's; see Options.Tablebases.
	Tablebase bool
	PV        []engine.Move
	Nodes     uint64 // all threads' (the helpers' as of their last count)
	Elapsed   time.Duration
	Hashfull  int // per mille
	Stats     Stats
}

// Result is what a search returns.
type Result struct {
	BestMove   engine.Move
	PonderMove engine.Move // NullMove when unknown
	Score      int
	Bound      Bound
	Depth      int // last completed iteration
	PV         []engine.Move
	Stats      Stats // the main thread's, but Nodes counts every thread's
	Elapsed    time.Duration
}
