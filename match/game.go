package match

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"sync"
	"time"
)

// EngineSpec describes how to launch one UCI engine.
type EngineSpec struct {
	Name    string         // shown in PGN and reports; defaults to the command's base name
	Cmd     string         // executable path
	Args    []string       // command-line arguments
	Dir     string         // working directory; empty means the current one
	Options []EngineOption // sent as "setoption name N value V", in order
}

// EngineOption is one UCI option to set before the first game.
type EngineOption struct {
	Name, Value string
}

func (s EngineSpec) displayName() string {
	if s.Name != "" {
		return s.Name
	}
	return filepath.Base(s.Cmd)
}

// ScoreKind tells how to read Score.Value.
type ScoreKind uint8

const (
	ScoreNone ScoreKind = iota // the engine reported no score
	ScoreCP                    // centipawns
	ScoreMate                  // moves to mate; negative when the mover is mated
)

// Score is an engine's evaluation of the position after its move, from the
// mover's point of view, as it last reported before "bestmove".
type Score struct {
	Kind  ScoreKind
	Value int
}

// String renders the score the way PGN comments usually carry it:
// "+0.35", "-1.20", "+M3", "-M2", or "" without a score.
func (s Score) String() string {
	switch s.Kind {
	case ScoreCP:
		sign := "+"
		v := s.Value
		if v < 0 {
			sign, v = "-", -v
		}
		return fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)
	case ScoreMate:
		if s.Value < 0 {
			return "-M" + strconv.Itoa(-s.Value)
		}
		return "+M" + strconv.Itoa(s.Value)
	}
	return ""
}

// mateCP is how many centipawns a forced mate counts for in adjudication:
// beyond any threshold a user would set.
const mateCP = 100000

// centipawns maps the score onto one scale; ok is false without a score.
func (s Score) centipawns() (int, bool) {
	switch s.Kind {
	case ScoreCP:
		return s.Value, true
	case ScoreMate:
		if s.Value < 0 {
			return -mateCP, true
		}
		return mateCP, true
	}
	return 0, false
}

// Game results as written in PGN.
const (
	ResultWhiteWins = "1-0"
	ResultBlackWins = "0-1"
	ResultDraw      = "1/2-1/2"
	ResultNone      = "*"
)

// Termination is the PGN Termination tag's value: why the game ended.
type Termination string

const (
	TermNormal       Termination = "normal" // mate or a drawing rule
	TermAdjudication Termination = "adjudication"
	TermTimeForfeit  Termination = "time forfeit"
	TermIllegalMove  Termination = "illegal move"
	TermAbandoned    Termination = "abandoned" // the engine process died
	TermStall        Termination = "stalled connection"
	TermUnterminated Termination = "unterminated" // cancelled before the end
)

// MoveRecord is one ply of a game.
type MoveRecord struct {
	UCI     string        // e.g. "e2e4", "e7e8q"
	Book    bool          // part of the opening, not chosen by an engine
	Score   Score         // the mover's evaluation (none for book moves)
	Depth   int           // last reported search depth
	Elapsed time.Duration // thinking time measured by the runner
}

// GameRecord is everything known about one finished (or abandoned) game.
type GameRecord struct {
	Event, Site, Round string // PGN headers; "?" when empty
	Date               time.Time
	White, Black       string
	StartFEN           string       // position before the first move, book moves included
	Variant            Variant      // the rules the game was played under
	Moves              []MoveRecord // book moves first
	Result             string       // ResultWhiteWins, ResultBlackWins, ResultDraw or ResultNone
	Termination        Termination
	Reason             string // human readable, e.g. "White loses on time"
	TimeControl        TimeControl
	Use                [2]TimeUse // by colour (0 White): the engines' thinking time
	// Diagnosis is what the runner found out about a stalled engine (see
	// stall.go): the position it was searching, whether it still answered
	// isready, the tail of its standard error. Not written to the PGN.
	Diagnosis string
}

// TimeUse sums an engine's thinking time over its own moves (book moves
// are not its).
type TimeUse struct {
	Moves int           // moves it chose
	Total time.Duration // their thinking time
	Max   time.Duration // the longest
	// Least is the least time it had left on its clock just after a move,
	// before the increment, or of a fixed time per move (negative: over it,
	// within the margin). Only when the time was limited (Clock).
	Least time.Duration
	Clock bool
	// Long counts the moves that took more than twice a plain budget of a
	// running clock (LongBudget; never with a fixed time per move), and
	// LongTotal their time: a time manager that stops only between
	// iterations can spend much of its clock on a few long thinks.
	Long      int
	LongTotal time.Duration
	Running   bool // some move was on a running clock (the long thinks were counted)
	// Stages splits Moves and Total by the game's move number
	// (StageStarts): where an engine spends its clock matters as much as
	// how much, since most games between engines of like strength are
	// decided by move 30 (docs/testing.md).
	Stages [len(StageStarts)]StageUse
}

// StageStarts are the first move numbers of the stages of a game that
// TimeUse.Stages counts: moves 1-10, 11-20, 21-30, 31-40, 41-60 and 61 on.
var StageStarts = [...]int{1, 11, 21, 31, 41, 61}

// StageUse is an engine's thinking time in one stage of its games.
type StageUse struct {
	Moves int
	Total time.Duration
}

// StageOf is the stage of move number move (a move before 1 counts as 1).
func StageOf(move int) int {
	i := len(StageStarts) - 1
	for i > 0 && move < StageStarts[i] {
		i--
	}
	return i
}

// LongBudget is the plain budget a long think (TimeUse.Long) is measured
// against: a twentieth of the clock the move started with plus the
// increment, about what engines plan for early in a game with an
// increment (Bounder's time target, less its reserve). Zero for a fixed
// time per move, or with no clock.
func LongBudget(tc TimeControl, before time.Duration) time.Duration {
	if tc.MoveTime > 0 || tc.Base <= 0 {
		return 0
	}
	return before/20 + tc.Increment
}

// Record adds the thinking time of the engine's move at move number move,
// and the time left on the clock after it when the game has one; budget
// is the move's LongBudget (0: none).
func (u *TimeUse) Record(elapsed, left time.Duration, clock bool, budget time.Duration, move int) {
	u.Moves++
	u.Total += elapsed
	u.Max = max(u.Max, elapsed)
	if clock && (!u.Clock || left < u.Least) {
		u.Least, u.Clock = left, true
	}
	u.Running = u.Running || budget > 0
	if budget > 0 && elapsed > 2*budget {
		u.Long++
		u.LongTotal += elapsed
	}
	st := &u.Stages[StageOf(move)]
	st.Moves++
	st.Total += elapsed
}

// Add merges o into u.
func (u *TimeUse) Add(o TimeUse) {
	if o.Clock && (!u.Clock || o.Least < u.Least) {
		u.Least, u.Clock = o.Least, true
	}
	u.Moves += o.Moves
	u.Total += o.Total
	u.Long += o.Long
	u.LongTotal += o.LongTotal
	u.Running = u.Running || o.Running
	u.Max = max(u.Max, o.Max)
	for i, st := range o.Stages {
		u.Stages[i].Moves += st.Moves
		u.Stages[i].Total += st.Total
	}
}

// Mean is the mean thinking time per move (0 with no moves).
func (u TimeUse) Mean() time.Duration {
	if u.Moves == 0 {
		return 0
	}
	return u.Total / time.Duration(u.Moves)
}

// UCIMoves returns the game's moves in UCI notation, book moves included.
func (g *GameRecord) UCIMoves() []string {
	out := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		out[i] = m.UCI
	}
	return out
}

// colourName is indexed by side (0 White, 1 Black).
var colourName = [2]string{"White", "Black"}

// finish sets the result of the game.
func (g *GameRecord) finish(result string, term Termination, reason string) {
	g.Result, g.Termination, g.Reason = result, term, reason
}

// loss ends the game with side losing.
func (g *GameRecord) loss(side int, term Termination, reason string) {
	result := ResultBlackWins
	if side == 1 {
		result = ResultWhiteWins
	}
	g.finish(result, term, reason)
}

// PlayGame plays one game between two freshly started engine processes
// and returns its record. Engine failures (crash, stall, illegal move, time
// forfeit) are not errors: they lose the game and are described in the
// record. An error is returned only when the game cannot be played as asked:
// an invalid opening, an engine that cannot be started or initialised, or
// ctx being cancelled (the record then has ResultNone).
func PlayGame(ctx context.Context, white, black EngineSpec, opening Opening, tc TimeControl, adj Adjudication) (GameRecord, error) {
	if _, err := opening.setup(); err != nil {
		return newRecord(white, black, tc), err
	}
	p, err := StartPair(ctx, white, black)
	if err != nil {
		return newRecord(white, black, tc), err
	}
	defer p.Close()
	return p.Play(ctx, opening, tc, adj)
}

// Pair is two running engine processes that play game after game (each
// begun with ucinewgame), White and Black as started: for many short games,
// such as data generation's at a few thousand nodes a move, where starting
// two processes per game would cost as much as the games. A Pair is used by
// one goroutine at a time.
type Pair struct {
	specs   [2]EngineSpec
	engines [2]*uciEngine
	broken  bool
}

// StartPair starts and initialises the two engines.
func StartPair(ctx context.Context, white, black EngineSpec) (*Pair, error) {
	specs := [2]EngineSpec{white, black}
	engines, err := startPair(ctx, specs)
	if err != nil {
		return nil, err
	}
	return &Pair{specs: specs, engines: engines}, nil
}

// Broken reports that the last game ended in an engine's failure (a crash,
// a stall, an illegal move, a loss on time) or was cancelled: the engines
// are not to be trusted with another game, and Play refuses to play one.
func (p *Pair) Broken() bool { return p.broken }

// Close ends both engine processes.
func (p *Pair) Close() { closeBoth(p.engines) }

// SetOptions sets UCI options of the pair's engine side (0 White, 1 Black)
// between games, as a tuner that changes an engine's parameters from game
// to game does. Every option is checked against what the engine offered
// before any is sent (an *UnknownOptionError, an *OptionValueError); an
// engine that then fails to answer breaks the pair.
func (p *Pair) SetOptions(ctx context.Context, side int, opts []EngineOption) error {
	if side != 0 && side != 1 {
		return fmt.Errorf("match: no side %d (0 White, 1 Black)", side)
	}
	if p.broken {
		return errBrokenPair
	}
	err := p.engines[side].setOptions(ctx, opts)
	if err != nil && !isOptionError(err) {
		p.broken = true
	}
	return err
}

func newRecord(white, black EngineSpec, tc TimeControl) GameRecord {
	return GameRecord{
		Date:        time.Now(),
		White:       white.displayName(),
		Black:       black.displayName(),
		Result:      ResultNone,
		Termination: TermUnterminated,
		TimeControl: tc,
	}
}

// errBrokenPair: Play was called on a pair whose last game broke it.
var errBrokenPair = errors.New("match: the engines failed in the last game; start a new pair")

// Play plays one game from opening as PlayGame does, with the pair's
// engines. After a game that ends in an engine's failure, or an error, the
// pair is Broken.
func (p *Pair) Play(ctx context.Context, opening Opening, tc TimeControl, adj Adjudication) (GameRecord, error) {
	rec := newRecord(p.specs[0], p.specs[1], tc)
	if p.broken {
		return rec, errBrokenPair
	}
	b, err := opening.setup()
	if err != nil {
		return rec, err
	}
	rec.StartFEN, rec.Variant = b.start(), opening.Variant
	for _, mv := range opening.Moves {
		rec.Moves = append(rec.Moves, MoveRecord{UCI: mv, Book: true})
	}
	rec, err = p.play(ctx, rec, b, tc, adj)
	switch rec.Termination {
	case TermNormal, TermAdjudication:
		p.broken = err != nil
	default:
		p.broken = true
	}
	return rec, err
}

// play plays the game of rec from board b. The engines are switched to
// the game's variant first (UCI_Chess960), which an engine that does not
// offer the option cannot play: that is an error, not a loss.
func (p *Pair) play(ctx context.Context, rec GameRecord, b referee, tc TimeControl, adj Adjudication) (GameRecord, error) {
	engines := p.engines
	for side, e := range engines {
		if err := e.useVariant(ctx, rec.Variant); err != nil {
			if ctx.Err() != nil {
				return rec, ctx.Err()
			}
			if isOptionError(err) {
				return rec, err
			}
			term, reason := failure(side, e, err)
			rec.loss(side, term, reason)
			return rec, nil
		}
	}
	for side, e := range engines {
		if err := e.newGame(ctx); err != nil {
			if ctx.Err() != nil {
				return rec, ctx.Err()
			}
			term, reason := failure(side, e, err)
			rec.loss(side, term, reason)
			return rec, nil
		}
	}

	clk := NewClocks(tc)
	adjud := adjudicator{rules: adj}
	for {
		side := b.sideToMove()
		e := engines[side]
		goCmd, allowed := clk.goCommand(side)
		var soft time.Duration
		if allowed > 0 {
			soft = allowed + tc.margin()
		}
		position := b.positionCommand()
		res, err := e.search(ctx, position, goCmd, soft, tc.stallTimeout())
		if err != nil {
			if ctx.Err() != nil {
				return rec, ctx.Err()
			}
			if d := diagnosis(err); d != "" {
				rec.Diagnosis = fmt.Sprintf("%s stalled on %q, %q: %s", colourName[side], position, goCmd, d)
			}
			term, reason := failure(side, e, err)
			rec.loss(side, term, reason)
			return rec, nil
		}
		if allowed > 0 && res.elapsed > soft {
			if !b.canMate(1 - side) {
				rec.finish(ResultDraw, TermTimeForfeit, fmt.Sprintf(
					"Draw: %s loses on time but %s cannot mate", colourName[side], colourName[1-side]))
				return rec, nil
			}
			rec.loss(side, TermTimeForfeit, colourName[side]+" loses on time")
			return rec, nil
		}
		moveNumber := b.fullMoveNumber()
		rec.Use[side].Record(res.elapsed, allowed-res.elapsed, allowed > 0, LongBudget(tc, allowed), moveNumber)
		clk.Spend(side, res.elapsed)
		if err := b.play(res.bestMove); err != nil {
			mv := res.bestMove
			if mv == "" {
				mv = "(none)"
			}
			rec.loss(side, TermIllegalMove, fmt.Sprintf("%s makes an illegal move: %s", colourName[side], mv))
			return rec, nil
		}
		rec.Moves = append(rec.Moves, MoveRecord{
			UCI: res.bestMove, Score: res.score, Depth: res.depth, Elapsed: res.elapsed,
		})
		if result, reason, over := b.outcome(); over {
			rec.finish(result, TermNormal, reason)
			return rec, nil
		}
		if result, reason, over := adjud.observe(side, moveNumber, res.score); over {
			rec.finish(result, TermAdjudication, reason)
			return rec, nil
		}
	}
}

// failure classifies an engine's failure to answer.
func failure(side int, e *uciEngine, err error) (Termination, string) {
	who := colourName[side]
	switch {
	case errors.Is(err, errStall), errors.Is(err, errTimeout):
		return TermStall, who + "'s connection stalls"
	case errors.Is(err, errEngineExited):
		return TermAbandoned, who + " disconnects: " + e.exitStatus()
	}
	return TermAbandoned, who + " fails: " + err.Error()
}

// startPair launches both engines concurrently: a slow initialisation (hash
// allocation, network loading) should not be paid twice per game.
func startPair(ctx context.Context, specs [2]EngineSpec) ([2]*uciEngine, error) {
	var engines [2]*uciEngine
	var errs [2]error
	var wg sync.WaitGroup
	for i := range specs {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			engines[i], errs[i] = startEngine(ctx, specs[i])
		}(i)
	}
	wg.Wait()
	if err := errors.Join(errs[0], errs[1]); err != nil {
		closeBoth(engines)
		return engines, err
	}
	return engines, nil
}

func closeBoth(engines [2]*uciEngine) {
	var wg sync.WaitGroup
	for _, e := range engines {
		if e == nil {
			continue
		}
		wg.Add(1)
		go func(e *uciEngine) {
			defer wg.Done()
			e.close()
		}(e)
	}
	wg.Wait()
}
