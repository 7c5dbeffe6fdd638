package search

import (
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"
)

// Params are the tunable numbers of the selective search: its margins,
// depth limits, reduction formulas and history scales, each named after
// the step of ab (or qsearch) that reads it. Pure mode reads none of them.
//
// ParamTable holds each one's hand-set value, the range it may take and what
// docs/testing.md measured of its step; Param and SetParam read and change
// the values the search uses by name, so that a tuner (SPSA: a UCI option
// per parameter, one engine process per candidate) varies them without
// touching the search code. A field's name is its parameter's name.
type Params struct {
	// Step 7, reverse futility pruning: a node of depth up to
	// ReverseFutilityDepth whose static evaluation is at least
	// ReverseFutilityMargin × (depth − improving) above beta fails high.
	ReverseFutilityDepth  int
	ReverseFutilityMargin int

	// Step 8b, razoring: a node of depth up to RazorDepth whose static
	// evaluation is at least RazorMargin × depth below alpha is settled by
	// the quiescence search when that fails low too.
	RazorDepth  int
	RazorMargin int

	// Step 8, null-move pruning, from depth NullMoveDepth, reduced by
	// NullMoveBase + depth/NullMoveDepthDiv + min((eval − beta)/NullMoveEvalDiv, NullMoveEvalMax).
	NullMoveDepth    int
	NullMoveBase     int
	NullMoveDepthDiv int
	NullMoveEvalDiv  int
	NullMoveEvalMax  int

	// Step 9, internal iterative reduction from this depth.
	IIRDepth int

	// Step 12, singular extensions (Options.Singular): from depth
	// SingularDepth, when the table's bound has a draft at most
	// SingularDraftMargin short of the node's depth; the other moves must
	// fail below that bound − SingularMargin × depth.
	SingularDepth       int
	SingularDraftMargin int
	SingularMargin      int

	// Step 13, late move pruning: up to depth LateMovePruningDepth, the
	// quiet moves after the first (LateMovePruningBase + depth²)/2 (twice
	// that when improving) are skipped.
	LateMovePruningDepth int
	LateMovePruningBase  int

	// Step 13, SEE pruning up to depth SEEPruningDepth: quiet moves losing
	// more than SEEQuietMargin × depth² by static exchange, captures more
	// than SEENoisyMargin × depth.
	SEEPruningDepth int
	SEEQuietMargin  int
	SEENoisyMargin  int

	// Step 14, futility pruning of quiet moves up to depth FutilityDepth
	// that leave the static evaluation FutilityBase + FutilityMargin × (depth − 1)
	// short of alpha.
	FutilityDepth  int
	FutilityBase   int
	FutilityMargin int

	// Step 15, check extension while ply < 2 × depth + CheckExtensionSlack.
	CheckExtensionSlack int

	// Step 16, late move reductions: from depth LMRDepth and the move
	// numbered LMRMoveCount (from 0), the base reduction
	// LMRBase/100 + ln(depth) × ln(move)/(LMRDivisor/100), a ply less or more
	// for each LMRHistoryDiv points of history.
	LMRDepth      int
	LMRMoveCount  int
	LMRBase       int
	LMRDivisor    int
	LMRHistoryDiv int

	// Step 19, the history heuristic: a cutoff at depth d moves the scores
	// by min(HistoryScale × d², HistoryBonusMax), with gravity toward
	// ±HistoryMax.
	HistoryMax      int
	HistoryScale    int
	HistoryBonusMax int

	// Quiescence step 5, delta pruning.
	DeltaMargin int
}

// ParamSpec describes one of the search's parameters.
type ParamSpec struct {
	// Name is the parameter's stable name (a field of Params, and the UCI
	// option name a tuner sets).
	Name string
	// Default is the hand-set value, the one the bench signature is of.
	Default int
	// Min and Max bound the values SetParam accepts: the search stays
	// correct (terminates, keeps its arrays and int16 histories in range)
	// anywhere inside them.
	Min, Max int
	// Step is a suggestion for SPSA's final perturbation (c_end): about a
	// twentieth of the range, at least 1.
	Step int
	// Doc is a line on what the parameter does (its unit included).
	Doc string
	// Worth is what docs/testing.md measured of the parameter's step, with
	// the row; empty when it has no measurement.
	Worth string
}

// What docs/testing.md measured: only whole steps or bundles, none of the
// parameters alone.
const (
	worthBundle   = "+386 ± 130 for the whole selective bundle (docs/testing.md row 4); not measured alone"
	worthSingular = "+29.5 ± 27.9 with the negative extension, on by default (docs/testing.md row 38); before it not significant (rows 5, 18, 22)"
	worthSB2      = "+41.2 ± 20.9 for row 48's bundle of four, razoring one of them (docs/testing.md row 48); not measured alone"
)

// ParamTable lists every parameter of Params in the order of the steps that
// read them. It describes them; change the values only through SetParam.
var ParamTable = []ParamSpec{
	{"ReverseFutilityDepth", 7, 1, 12, 1, "reverse futility pruning up to this depth (plies)", worthBundle},
	{"ReverseFutilityMargin", 75, 20, 200, 8, "reverse futility margin per ply of depth (centipawns)", worthBundle},
	{"RazorDepth", 3, 0, 8, 1, "razoring up to this depth (plies; 0 = none)", worthSB2},
	{"RazorMargin", 250, 50, 800, 25, "razoring margin below alpha per ply of depth (centipawns)", worthSB2},
	{"NullMoveDepth", 3, 2, 8, 1, "null-move pruning from this depth (plies)", worthBundle},
	{"NullMoveBase", 3, 1, 6, 1, "null-move reduction at depth 0 (plies)", worthBundle},
	{"NullMoveDepthDiv", 3, 2, 8, 1, "a further ply of null-move reduction for each this many plies of depth", worthBundle},
	{"NullMoveEvalDiv", 200, 50, 600, 25, "a further ply of null-move reduction for each this many centipawns the evaluation exceeds beta", worthBundle},
	{"NullMoveEvalMax", 3, 0, 6, 1, "at most this many plies of null-move reduction from the evaluation", worthBundle},
	{"IIRDepth", 4, 2, 12, 1, "internal iterative reduction without a table move from this depth (plies)", worthBundle},
	{"SingularDepth", 8, 4, 14, 1, "singular extensions from this depth (plies)", worthSingular},
	{"SingularDraftMargin", 3, 1, 6, 1, "the table bound of a singular candidate may be this many plies shallower than the node", worthSingular},
	{"SingularMargin", 2, 1, 8, 1, "singular window below the table bound, per ply of depth (centipawns)", worthSingular},
	{"LateMovePruningDepth", 7, 1, 12, 1, "late move pruning up to this depth (plies)", worthBundle},
	{"LateMovePruningBase", 3, 0, 12, 1, "quiet moves kept by late move pruning: (this + depth²)/2, twice that when improving", worthBundle},
	{"SEEPruningDepth", 8, 1, 12, 1, "SEE pruning up to this depth (plies)", worthBundle},
	{"SEEQuietMargin", 25, 0, 100, 4, "quiet moves losing more than this × depth² by static exchange are pruned (centipawns)", worthBundle},
	{"SEENoisyMargin", 90, 0, 250, 10, "captures losing more than this × depth by static exchange are pruned (centipawns)", worthBundle},
	{"FutilityDepth", 7, 1, 12, 1, "futility pruning of quiet moves up to this depth (plies)", worthBundle},
	{"FutilityBase", 100, 0, 300, 12, "futility margin at depth 1 (centipawns)", worthBundle},
	{"FutilityMargin", 80, 20, 250, 10, "futility margin per further ply of depth (centipawns)", worthBundle},
	{"CheckExtensionSlack", 8, 0, 32, 2, "checks are extended while ply < 2 × depth + this (against runaway lines)", ""},
	{"LMRDepth", 3, 1, 8, 1, "late move reductions from this depth (plies)", worthBundle},
	{"LMRMoveCount", 2, 1, 8, 1, "late move reductions from this move on (counted from 0)", worthBundle},
	{"LMRBase", 75, 0, 200, 10, "base of the logarithmic late move reduction (hundredths of a ply)", worthBundle},
	{"LMRDivisor", 225, 100, 500, 20, "divisor of ln(depth) × ln(move) in the late move reduction (hundredths)", worthBundle},
	{"LMRHistoryDiv", 8000, 1000, 32000, 800, "a ply less (more) of late move reduction for each this many points of good (bad) history", worthBundle},
	{"HistoryMax", 1 << 14, 8192, 32000, 1000, "history scores stay within ± this; gravity pulls toward it (the continuation histories are int16)", worthBundle},
	{"HistoryScale", 32, 8, 128, 5, "history bonus of a cutoff at depth d: this × d² (points)", worthBundle},
	{"HistoryBonusMax", 2000, 250, 8000, 300, "history bonus cap (points; at most HistoryMax's least value)", worthBundle},
	{"DeltaMargin", 200, 0, 600, 25, "quiescence delta pruning: a capture whose victim leaves the score this far below alpha is skipped (centipawns)", ""},
}

// paramSet is what the search reads: the parameters and the tables derived
// from them. A set is never changed once published (SetParam publishes a new
// one), so that a search, and helpers of a finished multi-threaded search
// still winding down, read one consistent set without a lock, and a change
// between searches is no data race.
type paramSet struct {
	Params
	// lmr[d][i] is the base reduction of the i-th move (from 0) at depth d:
	// logarithmic in both, as in most strong programs.
	lmr [64][64]uint8
}

var (
	// live is the set the search reads: one atomic load per node (a plain
	// load on amd64), then fields at fixed offsets.
	live    atomic.Pointer[paramSet]
	paramMu sync.Mutex // serialises SetParam and ResetParams
	// paramField maps a parameter's name to its index in Params.
	paramField = map[string]int{}
)

func init() {
	t := reflect.TypeFor[Params]()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Type.Kind() != reflect.Int {
			panic("search: Params." + f.Name + " is not an int")
		}
		paramField[f.Name] = i
	}
	seen := map[string]bool{}
	for _, s := range ParamTable {
		if _, ok := paramField[s.Name]; !ok || seen[s.Name] {
			panic("search: ParamTable entry " + s.Name + " is no field of Params or listed twice")
		}
		seen[s.Name] = true
	}
	if len(seen) != t.NumField() {
		panic("search: a field of Params is missing from ParamTable")
	}
	live.Store(newParamSet(DefaultParams()))
}

// DefaultParams returns the hand-set values of ParamTable.
func DefaultParams() Params {
	var p Params
	v := reflect.ValueOf(&p).Elem()
	for _, s := range ParamTable {
		v.Field(paramField[s.Name]).SetInt(int64(s.Default))
	}
	return p
}

// CurrentParams returns the values the search uses now.
func CurrentParams() Params { return live.Load().Params }

// Param returns the current value of the named parameter.
func Param(name string) (int, bool) {
	i, ok := paramField[name]
	if !ok {
		return 0, false
	}
	p := live.Load().Params
	return int(reflect.ValueOf(p).Field(i).Int()), true
}

// SetParam sets the named parameter for the searches that start from now on
// (a running one may see it at any node). An unknown name or a value outside
// the parameter's [Min, Max] is an error and changes nothing.
func SetParam(name string, v int) error {
	s, ok := paramSpec(name)
	if !ok {
		return fmt.Errorf("search: no parameter %q", name)
	}
	if v < s.Min || v > s.Max {
		return fmt.Errorf("search: %s %d out of range [%d, %d]", name, v, s.Min, s.Max)
	}
	paramMu.Lock()
	defer paramMu.Unlock()
	p := live.Load().Params
	reflect.ValueOf(&p).Elem().Field(paramField[name]).SetInt(int64(v))
	live.Store(newParamSet(p))
	return nil
}

// ResetParams restores every parameter to its hand-set value.
func ResetParams() {
	paramMu.Lock()
	defer paramMu.Unlock()
	live.Store(newParamSet(DefaultParams()))
}

func paramSpec(name string) (ParamSpec, bool) {
	for _, s := range ParamTable {
		if s.Name == name {
			return s, true
		}
	}
	return ParamSpec{}, false
}

// newParamSet returns p with its derived tables.
func newParamSet(p Params) *paramSet {
	ps := &paramSet{Params: p}
	base, div := float64(p.LMRBase)/100, float64(p.LMRDivisor)/100
	for d := 1; d < 64; d++ {
		for i := 1; i < 64; i++ {
			ps.lmr[d][i] = uint8(base + logf(d)*logf(i)/div)
		}
	}
	return ps
}

// lmpLimit is the number of quiet moves searched at a node of depth before
// the rest are skipped (late move pruning).
func (p *paramSet) lmpLimit(depth int, improving bool) int {
	if improving {
		return p.LateMovePruningBase + depth*depth
	}
	return (p.LateMovePruningBase + depth*depth) / 2
}
