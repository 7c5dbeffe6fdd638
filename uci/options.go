package uci

import (
	"fmt"
	"os"
	"time"

	"github.com/bounder-chess/bounder/nnue"
	"github.com/bounder-chess/bounder/search"
	"github.com/bounder-chess/bounder/syzygy"
)

// optionSpecs is the table of Bounder's UCI options, in the order "uci"
// prints them (the machinery is in optspec.go). An option of the search is
// one entry bound to its field of search.Options, whose default it takes
// from search.DefaultOptions; an option of uci's own is bound to a field of
// uciSettings, or is a button with only an action. The README's option
// table must list the same options (TestREADMEOptions).
func optionSpecs(cfg *Config) []optSpec {
	specs := []optSpec{
		// Larger tables are refused by the range check: Go dies when out of
		// memory, so the size must be checked before the table is made.
		{name: "Hash", kind: kindSpin, min: 1, max: cfg.MaxHashMiB, apply: (*Engine).resizeHash,
			bind: uciVar(func(u *uciSettings) *int { return &u.hash }),
			doc:  "transposition table in MiB"},
		{name: "Threads", kind: kindSpin, min: 1, max: search.MaxThreads,
			bind: searchVar(func(o *search.Options) *int { return &o.Threads }),
			doc:  "search threads"},
		{name: "Clear Hash", kind: kindButton, apply: (*Engine).clearHash,
			doc: "empties the table"},
		{name: "Ponder", kind: kindCheck,
			bind: uciVar(func(u *uciSettings) *bool { return &u.ponder }),
			doc:  "the GUI may send go ponder"},
		{name: "MultiPV", kind: kindSpin, min: 1, max: 256,
			bind: searchVar(func(o *search.Options) *int { return &o.MultiPV }),
			doc:  "report the N best root moves"},
		{name: "Move Overhead", kind: kindSpin, min: 0, max: 5000,
			bind: uciVar(func(u *uciSettings) *int { return &u.moveOverhead }),
			doc:  "time kept back per move for GUI and process delays, in milliseconds"},
		{name: "OwnBook", kind: kindCheck,
			bind: uciVar(func(u *uciSettings) *bool { return &u.ownBook }),
			doc:  "play from the opening book while it has moves, in games on the clock only"},
		{name: "BookFile", kind: kindString, apply: (*Engine).loadBook,
			bind: uciVar(func(u *uciSettings) *string { return &u.bookFile }),
			doc:  "a Polyglot .bin book; empty = the book embedded in the binary"},
		{name: "BookDepth", kind: kindSpin, min: 0, max: 500,
			bind: uciVar(func(u *uciSettings) *int { return &u.bookDepth }),
			doc:  "no book moves after this many moves of the game"},
		{name: "UCI_Chess960", kind: kindCheck, apply: (*Engine).applyChess960,
			bind: uciVar(func(u *uciSettings) *bool { return &u.chess960 }),
			doc:  "Chess960 (Fischer random, Double Fischer random): castling moves are written as the king taking its own rook"},
		// Strength limiting: search/strength.go, docs/strength.md.
		{name: "UCI_LimitStrength", kind: kindCheck,
			bind: searchVar(func(o *search.Options) *bool { return &o.LimitStrength }),
			doc:  "play at the strength UCI_Elo asks for"},
		{name: "UCI_Elo", kind: kindSpin, min: search.MinElo, max: search.MaxElo,
			bind: searchVar(func(o *search.Options) *int { return &o.Elo }),
			doc:  "the Elo of limited play, with UCI_LimitStrength"},
		{name: "Skill Level", kind: kindSpin, min: 0, max: search.MaxSkillLevel,
			bind: searchVar(func(o *search.Options) *int { return &o.SkillLevel }),
			doc:  "without UCI_LimitStrength: level L below 20 plays at Elo 1320 + 74·L; 20 = full strength"},
		{name: "Driver", kind: kindCombo, vars: search.Drivers(),
			bind: searchVar(func(o *search.Options) *string { return &o.Driver }),
			doc:  "the root algorithm"},
		{name: "ETC", kind: kindCheck,
			bind: searchVar(func(o *search.Options) *bool { return &o.ETC }),
			doc:  "Enhanced Transposition Cutoffs"},
		{name: "ETC Depth", kind: kindSpin, min: 0, max: search.MaxPly,
			bind: searchVar(func(o *search.Options) *int { return &o.ETCDepth }),
			doc:  "ETC at nodes with at least this many plies to go"},
		{name: "Selective", kind: kindCheck,
			bind: searchVar(func(o *search.Options) *bool { return &o.Selective }),
			doc:  "false = pure mode: no pruning, reductions or extensions, no repetition draws in the tree"},
		{name: "MTD Step", kind: kindSpin, min: 1, max: 1000,
			bind: searchVar(func(o *search.Options) *int { return &o.MTDStep }),
			doc:  "step of MTD(step), in centipawns"},
		{name: "MTDf Guess2", kind: kindCheck,
			bind: searchVar(func(o *search.Options) *bool { return &o.MTDfGuess2 }),
			doc:  "MTD(f)'s first guess from two iterations back (odd/even oscillation)"},
		{name: "MTDf Accel", kind: kindCheck,
			bind: searchVar(func(o *search.Options) *bool { return &o.MTDfAccel }),
			doc:  "MTD(f) jumps after a few passes that move the same bound (false = exactly the paper's MTD(f))"},
		{name: "Eval Grain", kind: kindSpin, min: 1, max: 100,
			bind: searchVar(func(o *search.Options) *int { return &o.EvalGrain }),
			doc:  "every static evaluation rounded to a multiple of this many centipawns (001 §5.2.2: fewer MTD passes); 1 = unchanged"},
		{name: "Singular", kind: kindCheck,
			bind: searchVar(func(o *search.Options) *bool { return &o.Singular }),
			doc:  "singular extensions (selective mode)"},
		{name: "PV Path", kind: kindCheck,
			bind: searchVar(func(o *search.Options) *bool { return &o.PVPath }),
			doc:  "selective mode: the first-move path from the root is searched as PV nodes"},
		{name: "Evaluation", kind: kindCombo, vars: search.Evals(),
			bind: searchVar(func(o *search.Options) *string { return &o.Eval }),
			doc:  "the static evaluation: Full (hand-crafted, tuned), Hand (hand-set weights), Material, Network (the network of EvalFile)"},
		{name: "EvalFile", kind: kindString, apply: (*Engine).loadNet,
			bind: uciVar(func(u *uciSettings) *string { return &u.evalFile }),
			doc:  "a network file for Evaluation Network (bounder train's); empty = the network built in"},
		{name: "SyzygyPath", kind: kindString, apply: (*Engine).loadTablebases,
			bind: uciVar(func(u *uciSettings) *string { return &u.syzygyPath }),
			doc:  "directories of Syzygy endgame tables"},
		{name: "SyzygyProbeDepth", kind: kindSpin, min: 1, max: 100,
			bind: searchVar(func(o *search.Options) *int { return &o.TBProbeDepth }),
			doc:  "the least remaining depth at which the search probes the largest tables"},
		{name: "SyzygyProbeLimit", kind: kindSpin, min: 0, max: 7,
			bind: searchVar(func(o *search.Options) *int { return &o.TBProbeLimit }),
			doc:  "the most pieces a position may have to be probed"},
		{name: "UCI_ShowWDL", kind: kindCheck,
			bind: uciVar(func(u *uciSettings) *bool { return &u.showWDL }),
			doc:  "info lines carry wdl W D L after the score: the chances per mille of a win, a draw and a loss for the side to move (package wdl, docs/wdl.md)"},
	}
	if cfg.SearchParams {
		specs = append(specs, paramSpecs()...)
	}
	return specs
}

// paramSpecs are the search's tunable parameters (search.ParamTable) as
// spin options, one each under its own name, offered only when
// Config.SearchParams asks for them (bounder uci --params): for tuners such
// as bounder spsa and for screening one value with bounder match, never in
// a GUI's list. The parameters are the process's, so a value set applies to
// the searches that start from then on (and may reach a running one).
func paramSpecs() []optSpec {
	specs := make([]optSpec, len(search.ParamTable))
	for i, p := range search.ParamTable {
		specs[i] = optSpec{name: p.Name, kind: kindSpin, min: p.Min, max: p.Max,
			bind: paramVar(p.Name), doc: p.Doc}
	}
	return specs
}

// uciSettings are the options that uci alone reads; the search's own are
// a search.Options (Engine.searchOpt).
type uciSettings struct {
	hash         int // MiB, as set; the table's size may wait for the job to end
	ponder       bool
	moveOverhead int // ms
	ownBook      bool
	bookFile     string // "" = the default book
	bookDepth    int    // moves
	chess960     bool   // UCI_Chess960: move text, and never the book
	syzygyPath   string // "" = no tablebases
	evalFile     string // "" = the embedded network
	showWDL      bool   // UCI_ShowWDL: wdl in the info lines with a score
}

// defaultUCISettings are the defaults of uci's own options.
func defaultUCISettings(cfg *Config) uciSettings {
	return uciSettings{
		hash:         min(DefaultHashMiB, cfg.MaxHashMiB),
		moveOverhead: 30,
		// OwnBook is off: testers and GUIs expect the engine's own moves
		// (and a GUI that wants a book has its own).
		ownBook:   false,
		bookDepth: 16,
	}
}

// overhead is the Move Overhead.
func (u *uciSettings) overhead() time.Duration {
	return time.Duration(u.moveOverhead) * time.Millisecond
}

// resizeHash gives the table the size of the Hash option, at once or, while
// a job runs (which uses the table), when it ends.
func (e *Engine) resizeHash() error {
	if e.busy() {
		e.pendingHash = e.set.hash
		return nil
	}
	return e.cfg.Searcher.SetHashSize(e.set.hash)
}

// clearHash is Clear Hash: at once, or when the running job ends.
func (e *Engine) clearHash() error {
	if e.busy() {
		e.pendingClear = true
		return nil
	}
	e.cfg.Searcher.Clear()
	return nil
}

// applyPending does what was deferred while a job ran.
func (e *Engine) applyPending() {
	if e.pendingHash != 0 {
		mib := e.pendingHash
		e.pendingHash = 0
		if err := e.cfg.Searcher.SetHashSize(mib); err != nil {
			e.infof("error: Hash: %v", err)
		}
	}
	if e.pendingClear {
		e.pendingClear = false
		e.cfg.Searcher.Clear()
	}
}

// loadTablebases opens the Syzygy tables in the directories SyzygyPath
// names (separated by the system's list separator, ':' on Unix), at once,
// so that errors show when the option is set; an empty path drops them. A
// directory that cannot be read is an error, but the tables of the others
// are used; a corrupt table file is reported once, when first probed, and
// then left alone.
func (e *Engine) loadTablebases() error {
	var tables *syzygy.Tables
	if path := e.set.syzygyPath; path != "" {
		t, err := syzygy.Open(path)
		if t == nil || len(t.Names()) == 0 {
			if t != nil {
				_ = t.Close()
			}
			if err == nil {
				err = fmt.Errorf("no Syzygy tables in %s", quote(path))
			}
			return fmt.Errorf("%s", oneLine(err.Error())) // the old tables stay
		}
		if err != nil { // some directories unreadable: the others' tables serve
			e.infof("warning: SyzygyPath: %s", oneLine(err.Error()))
		}
		out := e.out
		t.SetErrorHandler(func(err error) { out.line("info string error: syzygy: " + oneLine(err.Error())) })
		e.infof("syzygy: %d tables of up to %d pieces", len(t.Names()), t.MaxPieces())
		tables = t
	}
	if old := e.searchOpt.Tablebases; old != nil && !e.busy() {
		_ = old.Close() // a running search may still probe it: then it stays open
	}
	e.searchOpt.Tablebases = tables
	return nil
}

// loadNet loads the network EvalFile names at once, so that errors show
// when the option is set; a file that cannot be read or is not a network
// of the right shape is an error and the network in use stays. An empty
// path returns to the embedded network.
func (e *Engine) loadNet() error {
	path := e.set.evalFile
	if path == "" {
		e.searchOpt.Net = nil
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("%s", oneLine(err.Error()))
	}
	defer f.Close()
	net, err := nnue.Read(f)
	if err != nil {
		return fmt.Errorf("%s: %s", quote(path), oneLine(err.Error()))
	}
	e.searchOpt.Net = net
	e.infof("network: %s, hidden size %d, %s, checksum %s", quote(path), net.N, net.Act, net.Version)
	return nil
}

// loadBook loads the book BookFile names at once, so that errors show when
// the option is set; an empty path returns to the default (embedded) book.
func (e *Engine) loadBook() error {
	path := e.set.bookFile
	if path == "" {
		e.book = nil
		return nil
	}
	if e.cfg.LoadBook == nil {
		return fmt.Errorf("books are not available in this build")
	}
	b, err := e.cfg.LoadBook(path)
	if err != nil {
		return fmt.Errorf("cannot load %s: %s", quote(path), oneLine(err.Error()))
	}
	if b == nil {
		return fmt.Errorf("cannot load %s", quote(path))
	}
	e.book = b
	e.infof("book %s loaded", quote(path))
	return nil
}
