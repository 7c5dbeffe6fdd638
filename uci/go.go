package uci

// go: its parameters, the search it starts (or the book move it plays).

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/search"
)

// goParams are the arguments of "go".
type goParams struct {
	wtime, btime, winc, binc time.Duration
	hasWTime, hasBTime       bool
	movesToGo                int
	depth                    int
	nodes                    uint64
	mate                     int
	moveTime                 time.Duration
	infinite, ponder         bool
	searchMoves              []string
	isPerft                  bool // "go perft": a perft, not a search
	perft                    int
}

var goKeywords = map[string]bool{
	"wtime": true, "btime": true, "winc": true, "binc": true, "movestogo": true, "depth": true,
	"nodes": true, "mate": true, "movetime": true, "infinite": true, "ponder": true,
	"searchmoves": true, "perft": true,
}

// maxErrors bounds the errors reported for one command.
const maxErrors = 5

// maxMillis bounds times (about 115 days), far from Duration overflow.
const maxMillis = 1e10

// parseGo reads the arguments of "go" in any order and combination. Bad
// arguments are reported in errs and otherwise ignored.
func parseGo(args []string) (p goParams, errs []string) {
	for i := 0; i < len(args); i++ {
		key := strings.ToLower(args[i])
		if !goKeywords[key] {
			errs = append(errs, fmt.Sprintf("unknown parameter %s", quote(args[i])))
			continue
		}
		switch key {
		case "perft":
			p.isPerft = true
		case "infinite":
			p.infinite = true
			continue
		case "ponder":
			p.ponder = true
			continue
		case "searchmoves":
			for i+1 < len(args) && !goKeywords[strings.ToLower(args[i+1])] {
				i++
				p.searchMoves = append(p.searchMoves, args[i])
			}
			continue
		}
		if i+1 >= len(args) {
			errs = append(errs, key+" wants a value")
			continue
		}
		i++
		val := args[i]
		n, err := strconv.ParseInt(val, 10, 64)
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s: %s is not an integer", key, quote(val)))
			continue
		}
		positive := func() bool {
			if n <= 0 {
				errs = append(errs, fmt.Sprintf("%s must be positive, not %d", key, n))
				return false
			}
			return true
		}
		// A limit of 0 (or less) is taken as the smallest one, 1: ignoring
		// it could leave a search without any limit, which would never
		// answer a "go" that looks finite.
		if n <= 0 && (key == "depth" || key == "nodes" || key == "mate" || key == "movetime") {
			errs = append(errs, fmt.Sprintf("%s must be positive, not %d; using %s 1", key, n, key))
			n = 1
		}
		ms := time.Duration(max(min(n, maxMillis), -maxMillis)) * time.Millisecond
		switch key {
		case "wtime":
			p.wtime, p.hasWTime = ms, true
		case "btime":
			p.btime, p.hasBTime = ms, true
		case "winc":
			p.winc = max(ms, 0)
		case "binc":
			p.binc = max(ms, 0)
		case "movestogo":
			p.movesToGo = int(max(min(n, 10000), 0))
		case "depth":
			p.depth = int(min(n, search.MaxPly))
		case "nodes":
			p.nodes = uint64(n)
		case "mate":
			p.mate = int(min(n, search.MaxPly))
		case "movetime":
			p.moveTime = ms
		case "perft":
			if positive() {
				p.perft = int(min(n, 1000))
			}
		}
	}
	return p, errs
}

func (e *Engine) cmdGo(args []string) {
	p, errs := parseGo(args)
	for i, err := range errs {
		if i == maxErrors {
			e.infof("error: go: %d more errors", len(errs)-i)
			break
		}
		e.infof("error: go: %s", err)
	}
	if p.isPerft {
		if p.perft > 0 {
			e.startPerft(p.perft)
		}
		return
	}
	if e.busy() && e.job.kind == jobBench {
		e.infof("error: bench is running; go ignored")
		return
	}
	e.stopJob()
	e.startSearch(p)
}

// startSearch starts the search for "go" (or answers from the book, or
// with 0000 when there is no legal move).
func (e *Engine) startSearch(p goParams) {
	pos := e.pos.Clone()
	s := &e.set
	j := &job{kind: jobSearch, pos: pos, infinite: p.infinite, ponder: p.ponder, cancel: func() {}}

	for _, text := range p.searchMoves {
		m, err := pos.ParseMove(text)
		if err != nil {
			e.infof("error: searchmoves: %s is not a legal move; ignored", quote(text))
			continue
		}
		j.searchMoves = append(j.searchMoves, m)
	}

	if e.posRejected {
		// No move for a position the GUI did not mean: 0000, held like
		// any bestmove in infinite and ponder mode.
		e.infof("%s", errRejected)
		j.rejected = true
		e.job = j
		e.jobFinished(j)
		return
	}

	if !pos.HasLegalMove() {
		e.out.line(terminalInfo(pos.InCheck(), e.wdlFieldFor(pos)))
		e.job = j
		e.jobFinished(j)
		return
	}

	clock := e.clockOf(p, pos.SideToMove())

	// The book plays only in games of standard chess on the clock. Depth,
	// nodes, mate, movetime, infinite and MultiPV analysis ask for the
	// engine's own search and its scores; a Chess960 game (the option, or a
	// FEN that needs it) has no book, whose moves are standard chess's.
	if clock != nil && !p.infinite && p.depth == 0 && p.nodes == 0 && p.mate == 0 && p.moveTime == 0 &&
		e.searchOpt.MultiPV == 1 && !e.set.chess960 && !pos.Chess960() {
		if m, ok := e.bookMove(pos, j.searchMoves); ok {
			j.result = search.Result{BestMove: m}
			e.job = j
			e.jobFinished(j)
			return
		}
	}

	// The limits as given: what they mean for the time is the search's to
	// decide (search.Limits.Budget), and it keeps the deadline itself.
	lim := search.Limits{
		Depth: p.depth, Nodes: p.nodes, Mate: p.mate, MoveTime: p.moveTime, Clock: clock,
		Overhead: s.overhead(), Infinite: p.infinite, SearchMoves: j.searchMoves,
	}
	if p.ponder {
		j.ponderHit = search.NewPonder()
		lim.Ponder = j.ponderHit
	}
	if soft, hard, ok := lim.Budget(); ok && e.debug {
		when := "from now"
		if p.ponder {
			when = "from the ponderhit"
		}
		e.infof("time budget: soft %d ms, hard %d ms, %s", soft.Milliseconds(), hard.Milliseconds(), when)
	}

	// The context is cancelled by stop.
	ctx, cancel := context.WithCancel(context.Background())
	j.cancel = cancel
	opt := e.searchOptions()
	searcher, out := e.cfg.Searcher, e.out
	// Moves are written by a MoveText taken now: the search may change pos
	// while it reports.
	text, wdlf := pos.MoveText(), e.wdlFieldFor(pos)
	lim.Progress = func(p search.Progress) { out.lines(formatProgress(p, text)...) }
	e.start(j, func() {
		defer cancel()
		j.result = searcher.Search(ctx, pos, lim, opt, func(r search.Report) { out.line(formatInfoWDL(r, text, wdlf)) })
	})
}

// clockOf is the clock of the side to move in "go". A "go" with only the
// other side's clock (a GUI or script that forgot ours) is played on that
// clock, with a warning, rather than searched without a limit, which would
// not answer until a stop.
func (e *Engine) clockOf(p goParams, side engine.Color) *search.TimeControl {
	own, other := "wtime", "btime"
	t, inc, ok := p.wtime, p.winc, p.hasWTime
	ot, oinc, ook := p.btime, p.binc, p.hasBTime
	if side == engine.Black {
		own, other = other, own
		t, inc, ok, ot, oinc, ook = ot, oinc, ook, t, inc, ok
	}
	if !ok {
		if !ook {
			return nil
		}
		e.infof("warning: go has %s but no %s for the side to move; playing on %s", other, own, other)
		t, inc = ot, oinc
	}
	return &search.TimeControl{Time: t, Inc: inc, MovesToGo: p.movesToGo}
}

// bookMove probes the book when OwnBook is on and the game is within
// BookDepth moves, and announces the move it plays.
func (e *Engine) bookMove(pos *engine.Position, searchMoves []engine.Move) (engine.Move, bool) {
	s := &e.set
	ply := gamePly(pos)
	if !s.ownBook || ply >= 2*s.bookDepth {
		return engine.NullMove, false
	}
	b := e.currentBook()
	if b == nil {
		return engine.NullMove, false
	}
	m, info, ok := b.Probe(pos, ply)
	if !ok || !pos.IsLegal(m) {
		return engine.NullMove, false
	}
	if len(searchMoves) > 0 && !containsMove(searchMoves, m) {
		return engine.NullMove, false
	}
	var notes []string
	if info = strings.TrimSpace(info); info != "" {
		notes = append(notes, info)
	}
	if e.cfg.OpeningName != nil {
		<-e.warm
		c := pos.Clone()
		c.Make(m)
		if name, ok := e.cfg.OpeningName(c); ok && name != "" {
			notes = append(notes, name)
		}
	}
	text := "book move " + m.String()
	if len(notes) > 0 {
		text += " (" + strings.Join(notes, ", ") + ")"
	}
	e.infof("%s", text)
	return m, true
}

// currentBook is the BookFile book, or else the default book.
func (e *Engine) currentBook() Book {
	if e.book != nil {
		return e.book
	}
	<-e.warm
	return e.defBook
}

func containsMove(ms []engine.Move, m engine.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}
