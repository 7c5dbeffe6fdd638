// Package uci speaks the Universal Chess Interface for Bounder: it reads
// commands, keeps the game position and the options, runs searches and
// prints their progress and results.
//
// # Goroutines
//
// Run reads input on a reader goroutine and handles every command on its own
// goroutine (the dispatcher), which alone owns the engine state. Searches,
// perft and bench run as jobs on a worker goroutine, at most one at a time,
// and report completion back to the dispatcher; so isready, stop and
// ponderhit are answered at once while a job runs. Output lines from any
// goroutine go through one mutex-guarded writer that writes whole lines and
// flushes each one, so lines are never split or interleaved.
//
// # Protocol decisions
//
//   - Every "go" prints exactly one bestmove (except "go perft"). A "go" that
//     arrives while a search runs stops that search first; its bestmove is
//     printed, then the new search starts. That keeps the one-bestmove-per-go
//     rule for both, whatever the GUI meant. (Only while a bench runs, which
//     cannot be stopped, "go" is refused with an info string.)
//   - Output during a search: an "info depth ..." line per iteration (and
//     MultiPV line), and from the first second on, about once a second,
//     "info nodes N nps N time N hashfull N" and "info currmove M
//     currmovenumber N" (search.Limits.Progress).
//   - Time: uci passes the limits of "go" as given (clock, movetime, Move
//     Overhead) and the search decides what they mean and keeps the
//     deadline (search.Limits.Budget, search/timeman.go). "go ponder" gives
//     the search a search.Ponder whose Hit, at "ponderhit", starts its
//     clock.
//   - In "go infinite" and "go ponder" the bestmove is held until "stop" (or
//     "ponderhit", for ponder) even if the search ends by itself.
//   - With no legal move the answer is "bestmove 0000" (held likewise).
//   - Every "go" ends: a limit of 0 or less (depth, nodes, mate, movetime)
//     is reported and taken as 1, and "go mate N" with no other limit
//     searches at most search.MateDepth(N) plies deep.
//   - Errors in a command (bad FEN, illegal move, bad option value, unknown
//     command) are reported as "info string ..." and change nothing, with
//     one exception: a rejected "position" (a bad FEN, or an illegal move
//     anywhere in its moves, which rejects the whole command) marks the
//     position rejected. Until a valid "position" arrives, "go" answers
//     "bestmove 0000" (held in infinite and ponder mode like any bestmove)
//     and perft and eval refuse, so that no answer is ever given for a
//     position other than the one the GUI sent.
//   - Option changes during a search apply to the next one; Hash resizing,
//     Clear Hash and ucinewgame are deferred until the running job ends.
//   - At end of input a search is stopped at once and prints its bestmove
//     (the GUI has gone: nobody waits for "go depth 99" to finish); perft
//     and bench finish, so that "bounder < commands" works for them.
//     "quit" stops everything at once (a search still prints its bestmove).
//   - Chess960: with UCI_Chess960 on, castling is read and written as the
//     king taking its own rook (e1h1), in "position ... moves",
//     searchmoves, info pv, currmove, bestmove, ponder and perft; off, as
//     the king's move (e1g1). A FEN whose castling king or rooks stand off
//     e1/a1/h1 (e8/a8/h8) is read in the Chess960 convention whatever the
//     option says, since standard text cannot write its castling. In a
//     Chess960 game the book and the opening names are never used.
//   - Book: OwnBook is off by default. When on, with the game within
//     BookDepth moves, a legal book move (within searchmoves, if any) is
//     played at once, announced as "info string book move e2e4 (weight W,
//     <opening>)", but only in a search on the clock (wtime/btime): "go"
//     with depth, nodes, mate, movetime or infinite, or with MultiPV above
//     1, is analysis and always searches. "go ponder" on the clock holds the
//     book move like a search.
//     After "position", the opening's name is printed ("info string
//     opening: B90 Sicilian Defense: Najdorf Variation") when known and
//     different from the last one printed.
//   - Input lines longer than 256 KiB are dropped with an error; keywords
//     and option names are case-insensitive; CR LF line ends are accepted.
//   - Non-standard commands: d (board, FEN, key), eval, bench, perft N
//     (same as go perft N).
package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/nnue"
	"github.com/bounder-chess/bounder/search"
)

// Searcher is what the engine needs of a searcher; *search.Searcher
// implements it.
type Searcher interface {
	// Search blocks until done and does not modify pos. Cancelling ctx or
	// calling Stop ends it within a few milliseconds.
	Search(ctx context.Context, pos *engine.Position, lim search.Limits, opt search.Options, onReport func(search.Report)) search.Result
	// Stop ends the running search; safe from any goroutine. (A
	// ponderhit goes to the search through its Limits.Ponder.)
	Stop()
	// SetHashSize resizes the transposition table (MiB).
	SetHashSize(mib int) error
	// Clear forgets everything learnt (new game).
	Clear()
	// Hashfull is the table's use in per mille.
	Hashfull() int
}

// Book is an opening book.
type Book interface {
	// Probe returns a book move for pos (gamePly counts half-moves from the
	// start of the game), with a short description such as "weight 120".
	Probe(pos *engine.Position, gamePly int) (move engine.Move, info string, ok bool)
}

// DefaultHashMiB is the Hash option's default: build the Searcher passed in
// Config with this size.
const DefaultHashMiB = 64

// Config is everything the engine gets from outside. Only Searcher is
// required; a nil hook disables its feature (with an info string when used).
//
// Hooks run on the dispatcher goroutine, one at a time, except that Run
// first calls DefaultBook and OpeningName (on the start position) on a
// goroutine of their own, to load their tables before the game begins;
// "isready" and every command that needs a hook wait for that warm-up. So
// hooks never run concurrently, but a slow hook delays the answers to
// commands.
type Config struct {
	// Version follows "id name Bounder".
	Version string
	// Searcher runs the searches; create it with DefaultHashMiB.
	Searcher Searcher
	// MaxHashMiB is the Hash option's maximum, the largest table the
	// machine can hold; 0 means search.MaxHashMiB().
	MaxHashMiB int
	// EvalText describes the static evaluation of a position, for "eval",
	// by the evaluation the Evaluation option names (one of search.Evals()).
	EvalText func(pos *engine.Position, evaluation string) string
	// Bench runs the benchmark, writing its report to out, for "bench".
	Bench func(out io.Writer)
	// LoadBook opens the book file named by the BookFile option.
	LoadBook func(path string) (Book, error)
	// DefaultBook returns the embedded book, used while BookFile is empty.
	// It is called once, when Run starts.
	DefaultBook func() Book
	// OpeningName names the opening of a position, if known, e.g.
	// "B90 Sicilian Defense: Najdorf Variation".
	OpeningName func(pos *engine.Position) (string, bool)
	// SearchParams offers the search's tunable parameters
	// (search.ParamTable) as spin options after the others.
	SearchParams bool
}

// maxLine bounds an input line; longer lines are discarded with an error.
// A game of 5000 plies needs 25 KB.
const maxLine = 256 << 10

// defaultMaxPerft bounds perft's depth.
const defaultMaxPerft = 12

// Engine is a UCI engine. Build it with New and run it with Run once.
type Engine struct {
	cfg Config
	out *writer

	// Everything below belongs to the dispatcher goroutine.
	pos *engine.Position
	// posRejected: the last position command was rejected, so pos is not
	// the position the GUI means; go answers 0000 until a valid one.
	posRejected bool
	options     []optSpec           // the option table (optionSpecs), in uci's order
	optByName   map[string]*optSpec // by normName
	searchOpt   search.Options      // the search options the next search gets
	set         uciSettings         // the options only uci reads
	debug       bool

	book        Book // from BookFile; nil = default book
	defBook     Book // written by the warm-up goroutine, read after warm
	warm        chan struct{}
	lastOpening string // the last opening name printed

	job     *job
	jobDone chan *job

	pendingHash  int // Hash MiB to apply when the job ends (0 = none)
	pendingClear bool

	maxPerft int
	quitWait time.Duration // how long quit waits for a search to stop
}

// New returns an engine set up with cfg. It panics if cfg.Searcher is nil.
func New(cfg Config) *Engine {
	if cfg.Searcher == nil {
		panic("uci: Config.Searcher is nil")
	}
	if cfg.MaxHashMiB <= 0 {
		cfg.MaxHashMiB = search.MaxHashMiB()
	}
	e := &Engine{
		cfg:      cfg,
		pos:      engine.NewPosition(),
		jobDone:  make(chan *job, 1),
		maxPerft: defaultMaxPerft,
		quitWait: 2 * time.Second,
	}
	e.initOptions()
	return e
}

// errQuit ends the command loop.
var errQuit = errors.New("quit")

// Run serves the UCI protocol on in and out until "quit" or the end of
// input. It returns nil then, or the first read or write error. Run is meant
// to be called once.
func (e *Engine) Run(in io.Reader, out io.Writer) error {
	e.out = newWriter(out)
	defer e.out.close()
	e.warm = make(chan struct{})
	go e.warmUp()

	lines := make(chan string)
	readErr := make(chan error, 1)
	done := make(chan struct{})
	defer close(done)
	go readLines(in, lines, readErr, done, e.out)

	for {
		select {
		case line, ok := <-lines:
			if !ok {
				e.finishAtEOF()
				err := <-readErr
				if err == io.EOF {
					err = nil
				}
				return errors.Join(err, e.out.error())
			}
			if err := e.handle(line); err == errQuit {
				e.quit()
				return e.out.error()
			}
		case j := <-e.jobDone:
			e.jobFinished(j)
		}
	}
}

// readLines sends each input line (without the line ending) to lines until
// the end of input or done. Over-long lines are reported and dropped.
func readLines(in io.Reader, lines chan<- string, readErr chan<- error, done <-chan struct{}, w *writer) {
	defer close(lines)
	r := bufio.NewReaderSize(in, 64<<10)
	var buf []byte
	for {
		buf = buf[:0]
		n, over := 0, false
		var err error
		for {
			var chunk []byte
			chunk, err = r.ReadSlice('\n')
			n += len(chunk)
			if !over && n > maxLine {
				over = true
				buf = buf[:0]
			}
			if !over {
				buf = append(buf, chunk...)
			}
			if err != bufio.ErrBufferFull {
				break
			}
		}
		if over {
			w.line(fmt.Sprintf("info string error: line of %d bytes is too long (limit %d), ignored", n, maxLine))
		} else if line := strings.TrimRight(string(buf), "\r\n"); line != "" {
			select {
			case lines <- line:
			case <-done:
				return
			}
		}
		if err != nil {
			readErr <- err
			return
		}
	}
}

// handle runs one command line.
func (e *Engine) handle(line string) error {
	toks := strings.Fields(line)
	if len(toks) == 0 {
		return nil
	}
	cmd, args := toks[0], toks[1:]
	switch strings.ToLower(cmd) {
	case "uci":
		e.cmdUCI()
	case "isready":
		<-e.warm
		e.out.line("readyok")
	case "debug":
		e.cmdDebug(args)
	case "setoption":
		e.cmdSetOption(line)
	case "register":
		// Bounder needs no registration.
	case "ucinewgame":
		e.cmdNewGame()
	case "position":
		e.cmdPosition(args)
	case "go":
		e.cmdGo(args)
	case "stop":
		e.cmdStop()
	case "ponderhit":
		e.cmdPonderHit()
	case "quit":
		return errQuit
	case "d":
		e.cmdDisplay()
	case "eval":
		e.cmdEval()
	case "bench":
		e.cmdBench()
	case "perft":
		e.cmdPerft(args)
	default:
		e.infof("error: unknown command %s (try uci)", quote(cmd))
	}
	return nil
}

func (e *Engine) cmdUCI() {
	lines := []string{
		"id name Bounder " + e.cfg.Version,
		"id author the Bounder developers",
	}
	lines[0] = strings.TrimRight(lines[0], " ")
	for i := range e.options {
		lines = append(lines, e.options[i].describe())
	}
	lines = append(lines, "uciok")
	e.out.lines(lines...)
}

func (e *Engine) cmdDebug(args []string) {
	if len(args) == 0 {
		e.debug = !e.debug
	} else {
		switch strings.ToLower(args[0]) {
		case "on":
			e.debug = true
		case "off":
			e.debug = false
		default:
			e.infof("error: debug wants on or off, not %s", quote(args[0]))
			return
		}
	}
	if e.debug {
		e.infof("debug on")
	}
}

func (e *Engine) cmdNewGame() {
	e.lastOpening = ""
	if e.busy() {
		e.pendingClear = true
		return
	}
	e.cfg.Searcher.Clear()
}

// cmdPosition sets up "position startpos|fen <fen> [moves ...]". A command
// with any error, an illegal move in the list included, is rejected whole:
// the position stays as it was, but is marked rejected, so that "go"
// answers "bestmove 0000" rather than a move for a position the GUI did not
// mean, until a valid "position" arrives.
func (e *Engine) cmdPosition(args []string) {
	pos, err := parsePosition(args, e.set.chess960)
	if err != nil {
		e.posRejected = true
		e.infof("error: %s; position rejected: go answers bestmove 0000 until a valid position command", oneLine(err.Error()))
		return
	}
	e.pos, e.posRejected = pos, false
	e.announceOpening()
}

// parsePosition reads the arguments of "position". With chess960 (the
// UCI_Chess960 option) its moves are read in the Chess960 convention,
// castling as the king taking its rook; a FEN that needs that convention
// gets it anyway (engine.Position.SetChess960).
func parsePosition(args []string, chess960 bool) (*engine.Position, error) {
	if len(args) == 0 {
		return nil, errors.New("position wants startpos or fen")
	}
	var pos *engine.Position
	var rest []string
	switch strings.ToLower(args[0]) {
	case "startpos":
		pos = engine.NewPosition()
		rest = args[1:]
	case "fen":
		end := 1
		for end < len(args) && !strings.EqualFold(args[end], "moves") {
			end++
		}
		p, err := engine.ParseFEN(strings.Join(args[1:end], " "))
		if err != nil {
			return nil, err
		}
		pos, rest = p, args[end:]
	default:
		return nil, fmt.Errorf("position wants startpos or fen, not %s", quote(args[0]))
	}
	pos.SetChess960(chess960)
	if len(rest) > 0 {
		if !strings.EqualFold(rest[0], "moves") {
			return nil, fmt.Errorf("position: expected moves, got %s", quote(rest[0]))
		}
		if err := pos.PlayMoves(rest[1:]); err != nil {
			return nil, err
		}
	}
	return pos, nil
}

// applyChess960 gives the position the UCI_Chess960 option's move text at
// once, so that it applies whether the GUI sets it before or after
// "position".
func (e *Engine) applyChess960() error {
	e.pos.SetChess960(e.set.chess960)
	return nil
}

// errRejected explains why a command that needs the position was refused.
const errRejected = "error: the last position command was rejected; send a valid position"

// announceOpening prints the opening's name when it differs from the last
// one printed.
func (e *Engine) announceOpening() {
	if e.cfg.OpeningName == nil || e.pos.Chess960() {
		return // the names are those of standard chess's openings
	}
	<-e.warm
	name, ok := e.cfg.OpeningName(e.pos)
	if !ok || name == "" || name == e.lastOpening {
		return
	}
	e.lastOpening = name
	e.infof("opening: %s", oneLine(name))
}

func (e *Engine) cmdDisplay() {
	var lines []string
	if e.posRejected {
		lines = append(lines, "(the last position command was rejected: this is the position before it; go answers bestmove 0000)")
	}
	for _, l := range strings.Split(strings.TrimRight(e.pos.String(), "\n"), "\n") {
		lines = append(lines, l)
	}
	if e.pos.InCheck() {
		var ch []string
		for b := e.pos.Checkers(); b != 0; {
			ch = append(ch, engine.PopLSB(&b).String())
		}
		lines = append(lines, "Checkers: "+strings.Join(ch, " "))
	}
	if e.cfg.OpeningName != nil && !e.pos.Chess960() {
		<-e.warm
		if name, ok := e.cfg.OpeningName(e.pos); ok {
			lines = append(lines, "Opening: "+oneLine(name))
		}
	}
	e.out.lines(lines...)
}

func (e *Engine) cmdEval() {
	if e.cfg.EvalText == nil {
		e.infof("error: eval is not available in this build")
		return
	}
	if e.posRejected {
		e.infof("%s", errRejected)
		return
	}
	if strings.EqualFold(e.searchOpt.Eval, search.NetworkEval) {
		net := e.searchOpt.Net
		if net == nil {
			net = nnue.Default()
		}
		stm := net.Evaluate(e.pos)
		white := stm
		if e.pos.SideToMove() == engine.Black {
			white = -stm
		}
		e.out.lines(fmt.Sprintf("Network evaluation: %s (white side), %s (side to move, %s); net %s, hidden size %d, %s",
			pawns(white), pawns(stm), colourName(e.pos.SideToMove()), net.Version, net.N, net.Act))
		if search.NetBlind(e.pos) {
			e.out.lines("The search does not use the network here (fewer than 5 pieces, or a king alone) but the hand-crafted evaluation (Full):")
		} else {
			e.out.lines("The hand-crafted evaluation (Full), for comparison:")
		}
	}
	text := strings.TrimRight(e.cfg.EvalText(e.pos, e.searchOpt.Eval), "\n")
	e.out.lines(strings.Split(text, "\n")...)
}

// pawns writes centipawns as signed pawns with two decimals, as eval's
// breakdown does.
func pawns(cp int) string { return fmt.Sprintf("%+.2f", float64(cp)/100) }

func colourName(c engine.Color) string {
	if c == engine.Black {
		return "black"
	}
	return "white"
}

// warmUp loads the book and the opening names (see Config).
func (e *Engine) warmUp() {
	defer close(e.warm)
	if e.cfg.DefaultBook != nil {
		e.defBook = e.cfg.DefaultBook()
	}
	if e.cfg.OpeningName != nil {
		e.cfg.OpeningName(engine.NewPosition())
	}
}

// gamePly is the half-move number of the position in its game.
func gamePly(p *engine.Position) int {
	return 2*(p.FullMoveNumber()-1) + int(p.SideToMove())
}

// infof prints an info string.
func (e *Engine) infof(format string, args ...any) {
	e.out.line(oneLine("info string " + fmt.Sprintf(format, args...)))
}

// quote shows user input safely in one line: quoted, control and invalid
// bytes escaped, at most 40 bytes.
func quote(s string) string {
	if len(s) > 40 {
		return strconv.Quote(s[:40]) + "..."
	}
	return strconv.Quote(s)
}

// oneLine replaces line breaks and other control characters by spaces.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f || r == '\u2028' || r == '\u2029' || r == '\u0085' {
			return ' '
		}
		return r
	}, s)
}

// writer writes whole lines, each flushed at once, from any goroutine.
type writer struct {
	mu     sync.Mutex
	w      *bufio.Writer
	err    error
	closed bool
}

func newWriter(w io.Writer) *writer { return &writer{w: bufio.NewWriter(w)} }

// line writes one line.
func (w *writer) line(s string) { w.lines(s) }

// lines writes consecutive lines that nothing else interleaves.
func (w *writer) lines(ls ...string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed || w.err != nil {
		return
	}
	for _, s := range ls {
		w.w.WriteString(s)
		w.w.WriteByte('\n')
		if err := w.w.Flush(); err != nil {
			w.err = err
			return
		}
	}
}

func (w *writer) error() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// close drops all later output (from a bench still running after quit).
func (w *writer) close() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
}
