package uci

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/search"
)

type jobKind uint8

const (
	jobSearch jobKind = iota
	jobPerft
	jobBench
)

// job is a search, perft or bench on the worker goroutine. The worker
// writes only result (before it signals completion on jobDone); every other
// field belongs to the dispatcher.
type job struct {
	kind     jobKind
	cancel   func()
	finished bool // the worker is done (a search's result may still be held)

	// Searches.
	pos         *engine.Position // the worker's own copy
	result      search.Result
	searchMoves []engine.Move
	infinite    bool // go infinite: bestmove only after stop
	ponder      bool // go ponder and no ponderhit yet: bestmove only after stop or ponderhit
	stopped     bool // stop (or quit, or a new go) received
	rejected    bool // the position was rejected: the answer is 0000
	clock       *search.TimeControl
	moveTime    time.Duration
	overhead    time.Duration
}

// holding says a finished search's bestmove must wait for stop/ponderhit.
func (j *job) holding() bool { return !j.stopped && (j.infinite || j.ponder) }

// busy says a job is running on the worker.
func (e *Engine) busy() bool { return e.job != nil && !e.job.finished }

// start runs work on the worker goroutine as the current job.
func (e *Engine) start(j *job, work func()) {
	e.job = j
	go func() {
		work()
		e.jobDone <- j
	}()
}

// jobFinished is called on the dispatcher when the worker is done with j.
func (e *Engine) jobFinished(j *job) {
	j.finished = true
	if j != e.job {
		return // cannot happen: one job at a time
	}
	if j.kind == jobSearch {
		if j.holding() {
			return
		}
		e.printBestMove(j)
	}
	e.job = nil
	e.applyPending()
}

// waitJob blocks until the running job, if any, has finished.
func (e *Engine) waitJob() {
	if e.busy() {
		e.jobFinished(<-e.jobDone)
	}
}

// stopJob stops the current job and waits for it, so that a search's
// bestmove is printed. A bench cannot be stopped and is waited for.
func (e *Engine) stopJob() {
	j := e.job
	if j == nil {
		return
	}
	e.signalStop(j)
	if j.finished { // a held search result
		e.jobFinished(j)
		return
	}
	e.waitJob()
}

// signalStop asks the job to end without waiting.
func (e *Engine) signalStop(j *job) {
	switch j.kind {
	case jobSearch:
		j.stopped, j.ponder = true, false
		if !j.finished {
			j.cancel()
			e.cfg.Searcher.Stop()
		}
	case jobPerft:
		j.cancel()
	}
}

func (e *Engine) cmdStop() {
	j := e.job
	if j == nil {
		if e.debug {
			e.infof("stop: nothing is running")
		}
		return
	}
	if j.kind == jobBench {
		e.infof("error: bench cannot be stopped")
		return
	}
	e.signalStop(j)
	if j.finished {
		e.jobFinished(j)
	}
}

func (e *Engine) cmdPonderHit() {
	j := e.job
	if j == nil || j.kind != jobSearch || !j.ponder {
		if e.debug {
			e.infof("ponderhit: not pondering")
		}
		return
	}
	j.ponder = false
	if j.finished {
		if !j.holding() {
			e.jobFinished(j)
		}
		return
	}
	if j.infinite {
		return // go ponder infinite: still until stop
	}
	var soft, hard time.Duration
	switch {
	case j.moveTime > 0:
		soft = search.MoveTimeBudget(j.moveTime, j.overhead)
		if j.clock != nil {
			_, h := search.TimeBudget(*j.clock, j.overhead)
			soft = min(soft, h)
		}
		hard = soft
	case j.clock != nil:
		soft, hard = search.TimeBudget(*j.clock, j.overhead)
	default:
		return // no time limit: the search goes on to its other limits or stop
	}
	e.cfg.Searcher.PonderHit(soft, hard)
	e.debugBudget(soft, hard)
	// Backstop: should the ponderhit reach the searcher before the search
	// has started (which resets its deadlines), the search still ends at
	// the hard deadline.
	time.AfterFunc(hard, j.cancel)
}

func (e *Engine) debugBudget(soft, hard time.Duration) {
	if e.debug {
		e.infof("time budget: soft %d ms, hard %d ms", soft.Milliseconds(), hard.Milliseconds())
	}
}

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
	j := &job{kind: jobSearch, pos: pos, infinite: p.infinite, ponder: p.ponder, overhead: s.overhead, cancel: func() {}}

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
		if pos.InCheck() {
			e.out.line("info depth 0 score mate 0")
		} else {
			e.out.line("info depth 0 score cp 0")
		}
		e.job = j
		e.jobFinished(j)
		return
	}

	j.clock = e.clockOf(p, pos.SideToMove())

	// The book plays only in games: a search on the clock. Depth, nodes,
	// mate, movetime, infinite and MultiPV analysis ask for the engine's
	// own search and its scores.
	if j.clock != nil && !p.infinite && p.depth == 0 && p.nodes == 0 && p.mate == 0 && p.moveTime == 0 && e.set.multiPV == 1 {
		if m, ok := e.bookMove(pos, j.searchMoves); ok {
			j.result = search.Result{BestMove: m}
			e.job = j
			e.jobFinished(j)
			return
		}
	}

	lim := search.Limits{Depth: p.depth, Nodes: p.nodes, Mate: p.mate, SearchMoves: j.searchMoves}
	if p.mate > 0 && p.depth == 0 && p.nodes == 0 && p.moveTime == 0 && j.clock == nil && !p.infinite {
		// "go mate N" alone ends even where there is no such mate.
		lim.Depth = mateDepth(p.mate)
	}
	j.moveTime = p.moveTime
	if p.infinite || p.ponder {
		lim.Infinite = true // time limits come with ponderhit
	} else if j.moveTime > 0 {
		lim.MoveTime = search.MoveTimeBudget(j.moveTime, j.overhead)
		if j.clock != nil {
			_, hard := search.TimeBudget(*j.clock, j.overhead)
			lim.MoveTime = min(lim.MoveTime, hard)
		}
		e.debugBudget(lim.MoveTime, lim.MoveTime)
	} else if j.clock != nil {
		lim.Soft, lim.Hard = search.TimeBudget(*j.clock, j.overhead)
		e.debugBudget(lim.Soft, lim.Hard)
	}

	// The context is cancelled by stop, and at the hard deadline as a
	// backstop should the search overrun it.
	ctx, cancel := context.WithCancel(context.Background())
	if d := max(lim.Hard, lim.MoveTime); d > 0 {
		ctx, cancel = context.WithTimeout(context.Background(), d)
	}
	j.cancel = cancel
	opt := e.searchOptions()
	searcher, out := e.cfg.Searcher, e.out
	lim.Progress = func(p search.Progress) { out.lines(formatProgress(p)...) }
	e.start(j, func() {
		defer cancel()
		j.result = searcher.Search(ctx, pos, lim, opt, func(r search.Report) { out.line(formatInfo(r)) })
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

// mateDepthSlack: "go mate N" with no other limit searches at most
// 2N-1+mateDepthSlack plies deep, room for the reductions of the selective
// search to miss a mate at the depth that just reaches it.
const mateDepthSlack = 4

// mateDepth is the depth limit of "go mate n" alone.
func mateDepth(n int) int { return min(2*n-1+mateDepthSlack, search.MaxDepth) }

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

// printBestMove prints a finished search's bestmove, checked for legality
// (falling back to a legal move, or 0000 when there is none), with the
// ponder move when one is known and legal.
func (e *Engine) printBestMove(j *job) {
	if j.rejected {
		e.out.line("bestmove 0000")
		return
	}
	pos, r := j.pos, j.result
	best := r.BestMove
	if !pos.IsLegal(best) || (len(j.searchMoves) > 0 && !containsMove(j.searchMoves, best)) {
		if best != engine.NullMove {
			e.infof("error: the search returned the illegal move %s", best)
		}
		best = engine.NullMove
		var buf [engine.MaxMoves]engine.Move
		if legal := pos.GenerateMoves(buf[:]); len(legal) > 0 {
			best = legal[0]
			if len(j.searchMoves) > 0 {
				best = j.searchMoves[0]
			}
		}
	}
	line := "bestmove " + best.String()
	if best != engine.NullMove {
		pm := r.PonderMove
		if pm == engine.NullMove && len(r.PV) >= 2 && r.PV[0] == best {
			pm = r.PV[1]
		}
		if pm != engine.NullMove {
			c := pos.Clone()
			c.Make(best)
			if c.IsLegal(pm) {
				line += " ponder " + pm.String()
			}
		}
	}
	e.out.line(line)
}

// formatInfo is the info line for a search report.
func formatInfo(r search.Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d", r.Depth)
	if r.SelDepth > 0 {
		fmt.Fprintf(&b, " seldepth %d", r.SelDepth)
	}
	fmt.Fprintf(&b, " multipv %d", max(r.MultiPV, 1))
	if search.IsMate(r.Score) {
		fmt.Fprintf(&b, " score mate %d", search.MateIn(r.Score))
	} else {
		fmt.Fprintf(&b, " score cp %d", r.Score)
	}
	switch r.Bound {
	case search.BoundLower:
		b.WriteString(" lowerbound")
	case search.BoundUpper:
		b.WriteString(" upperbound")
	}
	var nps uint64
	if s := r.Elapsed.Seconds(); s > 0 {
		nps = uint64(float64(r.Nodes) / s)
	}
	fmt.Fprintf(&b, " nodes %d nps %d hashfull %d time %d", r.Nodes, nps, r.Hashfull, r.Elapsed.Milliseconds())
	if len(r.PV) > 0 {
		b.WriteString(" pv")
		for _, m := range r.PV {
			b.WriteByte(' ')
			b.WriteString(m.String())
		}
	}
	return b.String()
}

// formatProgress is the info lines of a progress report, sent about once a
// second from the first second on: the counters, and the root move under
// search when known.
func formatProgress(p search.Progress) []string {
	var nps uint64
	if s := p.Elapsed.Seconds(); s > 0 {
		nps = uint64(float64(p.Nodes) / s)
	}
	lines := []string{fmt.Sprintf("info nodes %d nps %d time %d hashfull %d", p.Nodes, nps, p.Elapsed.Milliseconds(), p.Hashfull)}
	if p.CurrMove != engine.NullMove {
		lines = append(lines, fmt.Sprintf("info currmove %s currmovenumber %d", p.CurrMove, p.CurrMoveNumber))
	}
	return lines
}

// cmdPerft handles "perft N" (the same as "go perft N").
func (e *Engine) cmdPerft(args []string) {
	if len(args) == 0 {
		e.infof("error: perft wants a depth")
		return
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 {
		e.infof("error: perft: depth %s is not a positive integer", quote(args[0]))
		return
	}
	e.startPerft(n)
}

// startPerft counts the move tree to depth and prints each root move's
// share ("e2e4: 20") and the total ("Nodes searched: 400"). stop ends it.
func (e *Engine) startPerft(depth int) {
	if e.posRejected {
		e.infof("%s", errRejected)
		return
	}
	if depth > e.maxPerft {
		e.infof("error: perft depth %d is more than %d", depth, e.maxPerft)
		return
	}
	if e.busy() && e.job.kind == jobBench {
		e.infof("error: bench is running; perft ignored")
		return
	}
	e.stopJob()
	var stop atomic.Bool
	j := &job{kind: jobPerft, cancel: func() { stop.Store(true) }}
	pos, out := e.pos.Clone(), e.out
	e.start(j, func() {
		begin := time.Now()
		var buf [engine.MaxMoves]engine.Move
		var total uint64
		for _, m := range pos.GenerateMoves(buf[:]) {
			pos.Make(m)
			n := perft(pos, depth-1, &stop)
			pos.Unmake()
			if stop.Load() {
				out.line("info string perft stopped")
				return
			}
			out.line(fmt.Sprintf("%s: %d", m, n))
			total += n
		}
		el := time.Since(begin)
		out.lines("", fmt.Sprintf("Nodes searched: %d", total))
		if e := el.Seconds(); e > 0 {
			out.line(fmt.Sprintf("info string perft %d: %d nodes in %d ms, %.0f nodes/s", depth, total, el.Milliseconds(), float64(total)/e))
		}
	})
}

// perft is engine.Perft that gives up (returning 0) once stop is set.
func perft(p *engine.Position, depth int, stop *atomic.Bool) uint64 {
	if depth <= 3 {
		return p.Perft(depth)
	}
	if stop.Load() {
		return 0
	}
	var buf [engine.MaxMoves]engine.Move
	var n uint64
	for _, m := range p.GenerateMoves(buf[:]) {
		p.Make(m)
		n += perft(p, depth-1, stop)
		p.Unmake()
	}
	return n
}

// cmdBench runs the Bench hook on the worker; it cannot be stopped.
func (e *Engine) cmdBench() {
	if e.cfg.Bench == nil {
		e.infof("error: bench is not available in this build")
		return
	}
	if e.busy() && e.job.kind == jobBench {
		e.infof("error: bench is already running")
		return
	}
	e.stopJob()
	bench, out := e.cfg.Bench, e.out
	e.start(&job{kind: jobBench, cancel: func() {}}, func() {
		w := &lineWriter{out: out}
		bench(w)
		w.flush()
	})
}

// lineWriter passes what is written to it to the output line by line.
type lineWriter struct {
	out *writer
	buf []byte
}

var _ io.Writer = (*lineWriter)(nil)

func (w *lineWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	for {
		i := strings.IndexByte(string(w.buf), '\n')
		if i < 0 {
			break
		}
		w.out.line(strings.TrimRight(string(w.buf[:i]), "\r"))
		w.buf = w.buf[i+1:]
	}
	return len(p), nil
}

func (w *lineWriter) flush() {
	if len(w.buf) > 0 {
		w.out.line(string(w.buf))
		w.buf = nil
	}
}

// quit stops whatever runs: a search is stopped and its bestmove printed
// (waiting at most quitWait for it), perft is stopped, a bench is left.
func (e *Engine) quit() {
	j := e.job
	if j == nil {
		return
	}
	if j.kind == jobBench && !j.finished {
		return
	}
	e.signalStop(j)
	if j.finished {
		e.jobFinished(j)
		return
	}
	select {
	case d := <-e.jobDone:
		e.jobFinished(d)
	case <-time.After(e.quitWait):
	}
}

// finishAtEOF stops a search, printing its bestmove, and lets perft and
// bench finish. Input ends when the GUI has gone (or quit without "quit"),
// so nobody waits for a long search; it would only keep the process
// running, perhaps for hours with "go depth 99".
func (e *Engine) finishAtEOF() {
	for e.job != nil {
		if e.job.kind == jobSearch {
			e.stopJob()
		} else {
			e.waitJob()
		}
	}
}
