// Package datagen generates training data for the evaluation tuner
// ("bounder datagen"): it plays games of one UCI engine against itself from
// random openings and writes the quiet positions of those games, each
// labelled with the game's result (corrected by endgame tablebases when
// given, see below) and the engine's score, in the format package tune
// reads:
//
//	FEN result score
//
// where FEN has six fields, result is 1.0, 0.5 or 0.0 from white's view and
// score is the centipawn score the engine reported when it moved from the
// position, turned to white's view (left out when the engine gave none).
// The tuner can blend the two labels: the result is what happened, the
// score a less noisy estimate of it.
//
// # Games
//
// Games are played by a match.Pair (two processes of the same engine, which
// play game after game and are started afresh after a game that broke them)
// at a fixed node count per move, from the openings of an EPD or
// PGN file in a seeded random order (--seed) in which every opening comes
// once before any comes again: an engine at a fixed node count plays the
// same game from the same opening, so a repeat would only repeat positions.
// A run's openings are reproducible, and --offset continues an interrupted
// run's order where it stopped, though the games themselves depend on the
// engine. Adjudication (as in fishtest: resign when both sides agree on
// a big score for a few moves, draw when the scores stay near zero late in
// the game) shortens games without changing many results; it can be turned
// off. Games that end abnormally (a crash, a stall, an illegal move, a time
// forfeit) are dropped: their result says nothing about the positions.
//
// # Which positions are written
//
// Of the positions in which the engine was to move (so not the opening's
// book positions), a position is written unless
//
//   - it is among the first --skip-plies plies after the opening;
//   - a score beyond --max-score centipawns (or a mate score) was reported by
//     either side at or before it: the game is decided and the evaluation's
//     details no longer matter to the result;
//   - the side to move is in check;
//   - it is not quiet: a material-only quiescence search (captures and
//     promotions, standing pat on the material balance with fixed values
//     P=100 N=320 B=330 R=500 Q=900) finds a gain for the side to move. So a
//     position with a hanging piece, a winning capture or a promotion is
//     dropped, while one whose only captures lose or trade material is kept.
//     The rule uses fixed values, not the evaluation, so the data does not
//     depend on the weights it will be used to tune; see Quiet;
//   - the same position (placement, side, castling, en passant) was already
//     written from the same game.
//
// # Endgame tablebases
//
// With --syzygy, Syzygy tables correct the labels of games that reach an
// ending they hold. A fixed-node engine can fail to win a won ending
// (Stockfish at 2000 nodes often cannot mate with king and rook against
// king, and shuffles until the fifty-move rule), and then every position of
// the game carries a draw it should not. So:
//
//   - the game's label is the tables' outcome of the first position of the
//     game they hold, looked for among all its positions (from the start
//     position to the one after the last move, written or not): what was
//     played after it shows the engines' endgame technique, not its value;
//   - a written position the tables hold gets its own outcome instead;
//   - the tables' win for the side to move is that side's win, their loss
//     the other side's; their draws count as draws, and so do cursed wins
//     and blessed losses, which the fifty-move rule turns into draws with
//     best defence;
//   - the score on each line stays the engine's, and a game none of whose
//     positions the tables hold keeps its result.
//
// The tables hold no position with castling rights, and they read every
// position as if its fifty-move counter were zero. That is exact for the
// first position a game has in them, which almost always follows a capture,
// and right for the later ones as training labels: the evaluation does not
// see the counter either.
//
// # Played games
//
// FromGames ("bounder datagen --pgn") takes the same positions, with the
// same labels and table corrections, from games already played, read back
// from their PGN (pgnstats.ReadGames): a match's games at a real time control
// hold the positions the engine's games are decided in. Each move's score
// is the one its comment gave; games without a result, or ended by a
// forfeit, are left out.
//
// # Output
//
// The output file is opened for appending and each game's positions are
// written in one write as the game ends, so an interrupted run keeps every
// finished game and a later run can add to the same file. Progress (games,
// positions, rates and, with --syzygy, the games and positions whose label
// the tables changed) goes to stderr, a summary to stdout.
package datagen

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/internal/usage"
	"github.com/bounder-chess/bounder/match"
	"github.com/bounder-chess/bounder/syzygy"
)

const usageText = `usage: bounder datagen --engine SPEC --openings FILE --out FILE [flags]
       bounder datagen --relabel IN --engine SPEC --out FILE [flags]
       bounder datagen --pgn --out FILE [flags] GAMES.pgn...

Plays games of one UCI engine against itself at a fixed node count from
random openings and appends the quiet positions of each game, labelled with
its result and the engine's centipawn score ("FEN 1.0|0.5|0.0 SCORE", both
from white's view), to the output file, in the format "bounder tune --data"
reads. With --relabel IN it plays no games: it searches every position of
the tuning data file IN for --nodes nodes and writes them to --out
(overwritten) with the engine's score in place of any they had, dropping
those it scores as decided (--max-score, mates). With --pgn it plays no
games either: it appends the positions of games already played (a match's
PGN files, named after the flags), selected and labelled as those of its
own games. With --syzygy DIR the results of games (and of --relabel's
positions) that reach an ending in the Syzygy tables become the tables'
outcome. Progress goes to standard error. Exit status: 0 on success; 2 for
bad flags or input files (an option the engine does not have included); 1
when the games cannot be played or written; 130 when interrupted.
`

// Config is one data generation run.
type Config struct {
	Engine       match.EngineSpec
	Openings     []match.Opening
	Nodes        int64
	Games        int
	Concurrency  int
	Seed         int64
	Offset       int // games of the seeded opening order to skip (see OpeningOrder)
	SkipPlies    int
	MaxScore     int // centipawns; 0 means no limit
	Adjudication match.Adjudication
	Tables       *syzygy.Tables // endgame tables that correct the labels; nil for none
	Out          io.Writer      // receives each game's lines in one Write
	Progress     io.Writer      // progress lines; nil for none
	ProgressGap  time.Duration  // minimum time between progress lines
}

// Stats counts what a run produced.
type Stats struct {
	Games              int // games finished and used
	Dropped            int // games that ended abnormally
	Positions          int // positions written
	White, Draw, Black int // games by their label (after the tables)
	TBGames            int // games whose label the tables changed from the result
	TBPositions        int // positions written with a label other than their game's result
}

// Main runs "bounder datagen" and returns the exit status: 0 on success, 2
// for bad flags or inputs, 1 when the games cannot be played or written,
// 130 when interrupted (SIGINT or SIGTERM) after writing the finished games.
func Main(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("datagen", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are reported below, on one line
	engineSpec := fs.String("engine", "", "the engine that plays both sides (required), a `SPEC`: cmd=PATH[,name=X][,arg=ARG][,option.NAME=VALUE]..., e.g. cmd=/usr/games/stockfish,option.Threads=1,option.Hash=16 (each option must be one the engine offers)")
	nodes := fs.Int64("nodes", 2000, "nodes per move")
	games := fs.Int("games", 100, "games to play")
	openings := fs.String("openings", "", "the opening suite, an EPD or PGN `FILE` (required)")
	out := fs.String("out", "", "the output `FILE`, appended to (required)")
	concurrency := fs.Int("concurrency", 1, "games played at once")
	seed := fs.Int64("seed", 1, "seed for the order of the openings")
	offset := fs.Int("offset", 0, "start this many games into the seeded order of openings (to continue an interrupted run with the same --seed: its games so far)")
	skip := fs.Int("skip-plies", 8, "engine plies after the opening whose positions are not written")
	maxScore := fs.Int("max-score", 1500, "stop taking a game's positions once a score beyond this many centipawns (or a mate) is reported; 0: no limit")
	resignScore := fs.Int("resign-score", 600, "adjudicate a win when both engines agree on a score of at least N centipawns for --resign-moves moves each (0: off)")
	resignMoves := fs.Int("resign-moves", 4, "the moves each of a win adjudication (see --resign-score)")
	drawScore := fs.Int("draw-score", 10, "adjudicate a draw when both engines' scores stay within N centipawns for --draw-moves moves each, from move --draw-from on (0: off)")
	drawMoves := fs.Int("draw-moves", 10, "the moves each of a draw adjudication (see --draw-score)")
	drawFrom := fs.Int("draw-from", 40, "the move number from which draws are adjudicated (see --draw-score)")
	tbPath := fs.String("syzygy", "", "Syzygy endgame tables: a `DIR`, or directories separated by ':' (';' on Windows) as for the engine's SyzygyPath. A game that reaches an ending in them is labelled with their outcome of its first position they hold, and each written position they hold with its own; with --relabel, each position they hold gets its own. Cursed wins and blessed losses count as draws")
	pgn := fs.Bool("pgn", false, "instead of playing games, read the played games of the PGN files named after the flags (bounder match's, cutechess's, fastchess's) and write their positions, selected and labelled as those of the games played, each move's score taken from its comment")
	noScores := fs.Bool("no-scores", false, "with --pgn, write the labels without the scores (a match's scores come from two engines, each on its own scale)")
	relabel := fs.String("relabel", "", "instead of playing games, search every position of this tuning data `FILE` for --nodes nodes and write it to --out with the engine's score")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage.Print(stdout, usageText, fs)
			return 0
		}
		fmt.Fprintf(stderr, "bounder datagen: %v (see bounder datagen --help)\n", err)
		return 2
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "bounder datagen: "+format+"\n", a...)
		return 2
	}
	if *pgn && *relabel != "" {
		return bad("--pgn and --relabel cannot be used together")
	}
	if *noScores && !*pgn {
		return bad("--no-scores goes with --pgn")
	}
	if *pgn {
		return pgnMain(fs.Args(), *out, *tbPath, *skip, *maxScore, *noScores, stdout, stderr, bad)
	}
	if *relabel != "" {
		return relabelMain(*relabel, *engineSpec, *out, *tbPath, *nodes, *concurrency, *maxScore, stdout, stderr, bad)
	}
	switch {
	case fs.NArg() > 0:
		return bad("unexpected arguments %q", fs.Args())
	case *engineSpec == "":
		return bad("--engine SPEC is required (see bounder datagen --help)")
	case *openings == "":
		return bad("--openings FILE is required")
	case *out == "":
		return bad("--out FILE is required")
	case *nodes <= 0:
		return bad("--nodes must be positive")
	case *games <= 0:
		return bad("--games must be positive")
	case *concurrency <= 0:
		return bad("--concurrency must be positive")
	case *offset < 0 || *offset > maxOffset:
		return bad("--offset must be between 0 and %d", maxOffset)
	case *skip < 0 || *maxScore < 0 || *resignScore < 0 || *drawScore < 0:
		return bad("--skip-plies, --max-score, --resign-score and --draw-score must be >= 0")
	case *resignMoves <= 0 || *drawMoves <= 0 || *drawFrom < 0:
		return bad("--resign-moves and --draw-moves must be positive, --draw-from >= 0")
	}
	spec, err := match.ParseEngineSpec(*engineSpec)
	if err != nil {
		return bad("--engine: %v", err)
	}
	ops, err := match.LoadOpenings(*openings)
	if err != nil {
		return bad("%v", err)
	}
	tb, err := openTables(*tbPath)
	if err != nil {
		return bad("--syzygy: %v", err)
	}
	defer closeTables(tb, stderr)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if code := checkEngine(ctx, spec, stderr); code != 0 {
		return code
	}
	f, err := os.OpenFile(*out, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return bad("%v", err)
	}
	cfg := Config{
		Engine: spec, Openings: ops, Nodes: *nodes, Games: *games,
		Concurrency: *concurrency, Seed: *seed, Offset: *offset, SkipPlies: *skip, MaxScore: *maxScore,
		Tables: tb, Out: f, Progress: stderr, ProgressGap: 10 * time.Second,
	}
	if *resignScore > 0 {
		cfg.Adjudication.ResignScore, cfg.Adjudication.ResignMoveCount = *resignScore, *resignMoves
	}
	if *drawScore > 0 {
		cfg.Adjudication.DrawScore, cfg.Adjudication.DrawMoveCount = *drawScore, *drawMoves
		cfg.Adjudication.DrawMoveNumber = *drawFrom
	}
	st, runErr := Run(ctx, cfg)
	if err := f.Close(); err != nil && runErr == nil {
		runErr = err
	}
	tbNote := st.tablesNote(tb)
	fmt.Fprintf(stdout, "%d games (%d dropped), %d positions (white %d, draw %d, black %d) in %s%s\n",
		st.Games, st.Dropped, st.Positions, st.White, st.Draw, st.Black, *out, tbNote)
	if runErr != nil && ctx.Err() != nil && errors.Is(runErr, context.Canceled) {
		fmt.Fprintln(stderr, "bounder datagen: interrupted; the finished games are kept")
		return 130
	}
	if runErr != nil {
		fmt.Fprintf(stderr, "bounder datagen: %v\n", runErr)
		return 1
	}
	return 0
}

// relabelMain runs "bounder datagen --relabel IN ...": see Relabel.
// Usage errors go through bad (Main's), which returns exit status 2.
func relabelMain(in, engineSpec, out, tbPath string, nodes int64, conc, maxScore int, stdout, stderr io.Writer,
	bad func(format string, a ...any) int) int {
	switch {
	case engineSpec == "":
		return bad("--engine SPEC is required (see bounder datagen --help)")
	case out == "":
		return bad("--out FILE is required")
	case nodes <= 0 || conc <= 0 || maxScore < 0:
		return bad("--nodes and --concurrency must be positive, --max-score >= 0")
	}
	spec, err := match.ParseEngineSpec(engineSpec)
	if err != nil {
		return bad("--engine: %v", err)
	}
	if a, errA := os.Stat(in); errA == nil {
		if b, errB := os.Stat(out); errB == nil && os.SameFile(a, b) {
			return bad("--out must not be the --relabel file")
		}
	}
	tb, err := openTables(tbPath)
	if err != nil {
		return bad("--syzygy: %v", err)
	}
	defer closeTables(tb, stderr)
	r, err := os.Open(in)
	if err != nil {
		return bad("%v", err)
	}
	defer r.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if code := checkEngine(ctx, spec, stderr); code != 0 {
		return code
	}
	// The output is created at the first write, so that input Relabel
	// rejects before searching leaves an existing file alone.
	f := &createOnWrite{path: out}
	cfg := RelabelConfig{Engine: spec, Nodes: nodes, Concurrency: conc, MaxScore: maxScore,
		Tables: tb, Progress: stderr, ProgressGap: 10 * time.Second}
	st, runErr := Relabel(ctx, cfg, r, f)
	if err := f.close(runErr == nil); err != nil && runErr == nil {
		runErr = err
	}
	tbNote := ""
	if tb != nil {
		tbNote = fmt.Sprintf(", the tables changed the result of %d", st.TBChanged)
	}
	fmt.Fprintf(stdout, "%d positions read, %d written, %d dropped (decided or unscored) to %s%s\n",
		st.Read, st.Written, st.Dropped, out, tbNote)
	switch {
	case runErr != nil && ctx.Err() != nil && errors.Is(runErr, context.Canceled):
		fmt.Fprintln(stderr, "bounder datagen: interrupted; the positions before the first unfinished one are kept")
		return 130
	case errors.Is(runErr, ErrBadInput):
		fmt.Fprintf(stderr, "bounder datagen: %s: %v\n", in, runErr)
		return 2
	case runErr != nil:
		fmt.Fprintf(stderr, "bounder datagen: %v\n", runErr)
		return 1
	}
	return 0
}

// checkEngine starts the engine once (match.CheckEngine), so that a spec
// that cannot work fails before any output is touched. It returns the exit
// status: 0 when the engine works, 2 for an option the engine does not
// offer (bad input), 1 for an engine that does not start.
func checkEngine(ctx context.Context, spec match.EngineSpec, stderr io.Writer) int {
	err := match.CheckEngine(ctx, spec)
	if err == nil {
		return 0
	}
	fmt.Fprintf(stderr, "bounder datagen: %v\n", err)
	// An option the engine does not offer, or a value it refuses, is the
	// user's to fix: a usage error.
	var unknown *match.UnknownOptionError
	var refused *match.OptionValueError
	if errors.As(err, &unknown) || errors.As(err, &refused) {
		return 2
	}
	return 1
}

// createOnWrite is a file created (truncated) at the first write.
type createOnWrite struct {
	path string
	f    *os.File
}

func (c *createOnWrite) Write(p []byte) (int, error) {
	if c.f == nil {
		f, err := os.Create(c.path)
		if err != nil {
			return 0, err
		}
		c.f = f
	}
	return c.f.Write(p)
}

// close closes the file, creating it empty first if nothing was written and
// create is set.
func (c *createOnWrite) close(create bool) error {
	if c.f == nil && create {
		if _, err := c.Write(nil); err != nil {
			return err
		}
	}
	if c.f == nil {
		return nil
	}
	return c.f.Close()
}

// maxOffset bounds --offset (OpeningOrder walks the order up to it).
const maxOffset = 100_000_000

// OpeningOrder returns the openings (indices below n) of games offset to
// offset+games-1 of a run seeded with seed: the openings are shuffled, and
// shuffled again each time all have been played, so no opening comes twice
// before every other has come once.
func OpeningOrder(seed int64, n, offset, games int) []int {
	rng := rand.New(rand.NewSource(seed))
	picks := make([]int, 0, games)
	var perm []int
	for i := 0; len(picks) < games; i++ {
		if i%n == 0 {
			perm = rng.Perm(n)
		}
		if i >= offset {
			picks = append(picks, perm[i%n])
		}
	}
	return picks
}

// Run plays cfg.Games games and writes their positions to cfg.Out. It stops
// early, keeping what was written, when ctx is cancelled (the error is then
// ctx's) or when a game cannot be played or written.
func Run(ctx context.Context, cfg Config) (Stats, error) {
	var st Stats
	if len(cfg.Openings) == 0 {
		return st, errors.New("no openings")
	}
	conc := max(cfg.Concurrency, 1)
	picks := OpeningOrder(cfg.Seed, len(cfg.Openings), cfg.Offset, cfg.Games)
	tc := match.TimeControl{Nodes: cfg.Nodes}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	var (
		mu       sync.Mutex
		firstErr error
		start    = time.Now()
		last     time.Time
	)
	fail := func(err error) {
		if firstErr == nil {
			firstErr = err
		}
		cancel()
	}
	report := func(force bool) {
		if cfg.Progress == nil || (!force && time.Since(last) < cfg.ProgressGap) {
			return
		}
		last = time.Now()
		secs := time.Since(start).Seconds()
		tbNote := ""
		if cfg.Tables != nil {
			tbNote = fmt.Sprintf("  tables changed %d games (%d positions)", st.TBGames, st.TBPositions)
		}
		fmt.Fprintf(cfg.Progress, "games %d/%d (dropped %d)  positions %d  %.0f games/h  %.1f positions/s  W/D/L %d/%d/%d%s\n",
			st.Games, cfg.Games, st.Dropped, st.Positions, float64(st.Games+st.Dropped)*3600/secs,
			float64(st.Positions)/secs, st.White, st.Draw, st.Black, tbNote)
	}
	var wg sync.WaitGroup
	for w := 0; w < conc; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// The engines play game after game, and are started afresh
			// only after a game they broke (a crash, a stall...).
			var pair *match.Pair
			defer func() {
				if pair != nil {
					pair.Close()
				}
			}()
			for i := range jobs {
				if pair != nil && pair.Broken() {
					pair.Close()
					pair = nil
				}
				var rec match.GameRecord
				var err error
				if pair == nil {
					pair, err = match.StartPair(ctx, cfg.Engine, cfg.Engine)
				}
				if err == nil {
					rec, err = pair.Play(ctx, cfg.Openings[picks[i]], tc, cfg.Adjudication)
				}
				mu.Lock()
				if err != nil {
					if ctx.Err() == nil {
						fail(fmt.Errorf("game %d (opening %s): %w", i+1, cfg.Openings[picks[i]].ID, err))
					}
					mu.Unlock()
					continue
				}
				g, ok := positions(&rec, cfg.SkipPlies, cfg.MaxScore, cfg.Tables)
				if err := st.write(g, ok, cfg.Out); err != nil {
					fail(err)
					mu.Unlock()
					continue
				}
				report(false)
				mu.Unlock()
			}
		}()
	}
feed:
	for i := 0; i < cfg.Games; i++ {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	report(true)
	if firstErr != nil {
		return st, firstErr
	}
	return st, ctx.Err()
}

// write writes a game's lines (when ok: a game positions took) and counts
// it.
func (st *Stats) write(g gameLines, ok bool, out io.Writer) error {
	if !ok {
		st.Dropped++
		return nil
	}
	if len(g.lines) > 0 {
		if _, err := io.WriteString(out, strings.Join(g.lines, "")); err != nil {
			return err
		}
	}
	st.Games++
	st.Positions += len(g.lines)
	if g.tbChanged {
		st.TBGames++
	}
	st.TBPositions += g.tbLines
	switch g.label {
	case "1.0":
		st.White++
	case "0.5":
		st.Draw++
	default:
		st.Black++
	}
	return nil
}

// Positions extracts the lines to write from a finished game: each selected
// position's FEN, a space, the label, the engine's score in white's view
// when it gave one (see the package documentation) and a newline. label is the result
// from white's view ("1.0", "0.5" or "0.0"); ok is false for a game that
// should not be used (no result, or an abnormal end: crash, stall, illegal
// move, time forfeit). See the package documentation for the selection.
func Positions(rec *match.GameRecord, skipPlies, maxScore int) (lines []string, label string, ok bool) {
	g, ok := positions(rec, skipPlies, maxScore, nil)
	return g.lines, g.label, ok
}

// gameLines is what positions takes from one game.
type gameLines struct {
	lines     []string
	label     string // the game's label: its result, or the tables' outcome
	tbChanged bool   // the tables gave the game a label other than its result
	tbLines   int    // lines whose label is not the game's result
}

// positions is Positions with endgame tables (tb, nil for none) correcting
// the labels as the package documentation says.
func positions(rec *match.GameRecord, skipPlies, maxScore int, tb *syzygy.Tables) (g gameLines, ok bool) {
	result := resultLabel(rec.Result)
	if result == "" {
		return g, false
	}
	if rec.Termination != match.TermNormal && rec.Termination != match.TermAdjudication {
		return g, false
	}
	pos, err := engine.ParseFEN(rec.StartFEN)
	if err != nil {
		return g, false
	}
	g.label = result
	if tb != nil {
		if l, found := tbLabel(rec, tb); found {
			g.label, g.tbChanged = l, l != result
		}
	}
	seen := map[uint64]bool{}
	enginePly := 0
	for _, mv := range rec.Moves {
		if !mv.Book {
			// The score reported with this move is the engine's value of
			// the position it was moving in, so it counts for this position.
			if decided(mv.Score, maxScore) {
				break
			}
			if enginePly >= skipPlies && !seen[pos.Key()] && Quiet(pos) {
				seen[pos.Key()] = true
				label := g.label
				if tb != nil {
					if l, ok := probeLabel(tb, pos); ok {
						label = l
					}
				}
				if label != result {
					g.tbLines++
				}
				g.lines = append(g.lines, pos.FEN()+" "+label+whiteScore(pos, mv.Score)+"\n")
			}
			enginePly++
		}
		if err := pos.PlayMoves([]string{mv.UCI}); err != nil {
			return gameLines{}, false
		}
	}
	return g, true
}

// resultLabel is a game result as a label from white's view, "" for none.
func resultLabel(r string) string {
	switch r {
	case match.ResultWhiteWins:
		return "1.0"
	case match.ResultBlackWins:
		return "0.0"
	case match.ResultDraw:
		return "0.5"
	}
	return ""
}

// whiteScore is " cp" for a centipawn score s of pos by the side to move,
// turned to white's view, and "" for no score.
func whiteScore(pos *engine.Position, s match.Score) string {
	if s.Kind != match.ScoreCP {
		return ""
	}
	v := s.Value
	if pos.SideToMove() == engine.Black {
		v = -v
	}
	return " " + strconv.Itoa(v)
}

// decided reports whether s says the game is decided: a mate score, or a
// centipawn score beyond maxScore (when maxScore > 0).
func decided(s match.Score, maxScore int) bool {
	switch s.Kind {
	case match.ScoreMate:
		return true
	case match.ScoreCP:
		return maxScore > 0 && (s.Value > maxScore || s.Value < -maxScore)
	}
	return false
}
