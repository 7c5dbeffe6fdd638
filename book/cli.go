package book

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/internal/term"
	"github.com/bounder-chess/bounder/internal/usage"
)

const bookUsage = `usage: bounder book build|dump [flags]

Builds Polyglot opening books from PGN games, byte for byte as polyglot
make-book does, and shows what a book holds: a position's moves, or every
line of one side. "bounder book COMMAND --help" describes a command.

Commands:
  build   make a book from the games of a PGN file
  dump    list a position's book moves, or a side's book lines
`

const buildUsage = `usage: bounder book build --pgn FILE --out FILE [flags]

Makes a Polyglot book from the games of a PGN file, byte for byte as
polyglot make-book does: each move of a game's first --max-ply plies earns
its side 2 points for a win, 1 for a draw, 0 for a loss; moves played in
fewer than --min-games games, or with no points, are left out. The book is
written to a temporary file beside --out and renamed to it only when
complete, so a failed build leaves an existing book as it was. While it
reads, the number of games read goes to standard error about once a second
(on a terminal as one line rewritten in place). Exit status: 0 on success;
2 for bad flags, an unreadable or malformed PGN (the message names the game
and the line) or games that give no book entry; 1 when the book cannot be
written.
`

const dumpUsage = `usage: bounder book dump [--book FILE] [--fen FEN] [--moves "e2e4 e7e5"]
       bounder book dump [--book FILE] --lines white|black

Lists a book's entries for a position (the start position, a FEN, and moves
played from it), with each move's weight and share; without --book, the
book embedded in the engine. With --lines, prints every line of the book for
one side, as polyglot dump-book does. Exit status: 0 on success, 2 for bad
flags, an unreadable book, FEN or moves.
`

// errUsage marks bad input: exit status 2.
type errUsage struct{ error }

func badInput(format string, args ...any) error {
	return errUsage{fmt.Errorf(format, args...)}
}

// helpRequest is a --help: the command's help goes to stdout, exit 0.
type helpRequest struct {
	head string
	fs   *flag.FlagSet
}

func (helpRequest) Error() string { return "help requested" }

// Main runs `book build ...` or `book dump ...` (args without the leading
// "book") and returns the exit status: 0 on success, 2 on bad input (wrong
// flags, unreadable or invalid PGN, book, FEN or moves, a PGN giving no
// entries) with a one-line error on stderr, 1 when the output cannot be
// written.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "book: want a command, build or dump (see bounder book --help)")
		return 2
	}
	var err error
	switch args[0] {
	case "build":
		err = runBuild(args[1:], stdout, stderr)
	case "dump":
		err = runDump(args[1:], stdout)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, bookUsage)
		return 0
	default:
		fmt.Fprintf(stderr, "book: unknown command %q, want build or dump (see bounder book --help)\n", args[0])
		return 2
	}
	var help helpRequest
	switch {
	case err == nil:
		return 0
	case errors.As(err, &help):
		usage.Print(stdout, help.head, help.fs)
		return 0
	}
	fmt.Fprintf(stderr, "book %s: %s\n", args[0], strings.ReplaceAll(err.Error(), "\n", " "))
	var u errUsage
	if errors.As(err, &u) {
		return 2
	}
	return 1
}

// parseFlags parses with errors returned, not printed.
func parseFlags(fs *flag.FlagSet, head string, args []string) error {
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return helpRequest{head, fs}
		}
		return badInput("%v (see bounder book %s --help)", err, fs.Name())
	}
	if fs.NArg() > 0 {
		return badInput("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

// progressEvery is the least time between two progress reports (a
// variable so that the tests can report every game).
var progressEvery = time.Second

func runBuild(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	pgn := fs.String("pgn", "", "the PGN `FILE` of games to read (required)")
	out := fs.String("out", "", "the book `FILE` to write (required)")
	maxPly := fs.Int("max-ply", DefaultMaxPly, "count the moves of the first N plies of each game")
	minGames := fs.Int("min-games", DefaultMinGames, "keep the moves played in at least N games")
	if err := parseFlags(fs, buildUsage, args); err != nil {
		return err
	}
	switch {
	case *pgn == "":
		return badInput("--pgn is required")
	case *out == "":
		return badInput("--out is required")
	case *maxPly < 1:
		return badInput("--max-ply must be at least 1")
	case *minGames < 1:
		return badInput("--min-games must be at least 1")
	}
	f, err := os.Open(*pgn)
	if err != nil {
		return badInput("%v", err)
	}
	defer f.Close()
	in, err := f.Stat()
	if err != nil {
		return badInput("%v", err)
	}
	if in.IsDir() {
		return badInput("%s is a directory", *pgn)
	}
	if o, err := os.Stat(*out); err == nil && os.SameFile(in, o) {
		return badInput("--out is the --pgn file")
	}
	// The output's directory must take a new file before the games are
	// read, not after.
	if err := checkWritable(*out); err != nil {
		return err
	}

	cr := &byteCounter{r: f}
	pr := newProgress(stderr, in.Size(), cr)
	b := NewBuilder(BuildOptions{MaxPly: *maxPly, MinGames: *minGames, Progress: pr.game})
	err = b.AddPGN(cr)
	pr.done()
	if err != nil {
		return badInput("%s: %v", *pgn, err)
	}
	es := b.Entries()
	if len(es) == 0 {
		if b.Games() == 0 {
			return badInput("%s: no games: the book would be empty (%s left as it was)", *pgn, *out)
		}
		return badInput("%s: %d games, and no move was both played in %d of them (--min-games) and won a point: the book would be empty (%s left as it was)",
			*pgn, b.Games(), *minGames, *out)
	}
	if err := writeFile(*out, es); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d games, %d entries written to %s\n", b.Games(), len(es), *out)
	return nil
}

// checkWritable checks that a file can be created beside path (where
// writeFile puts the book before renaming it), and that path is not a
// directory.
func checkWritable(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("--out %s is a directory", path)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write beside --out: %w", err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// writeFile writes the book to a new file beside path and renames it to
// path, so that path is either the old book or the whole new one.
func writeFile(path string, es []Entry) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = WriteEntries(f, es)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		// CreateTemp makes the file private; a book is not.
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// byteCounter counts the bytes read through it (for progress).
type byteCounter struct {
	r io.Reader
	n int64
}

func (c *byteCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// progress reports the games read to stderr at most once per
// progressEvery: one line rewritten in place on a terminal, else a line
// per report. Builds shorter than progressEvery report nothing.
type progress struct {
	w         io.Writer
	term      bool
	size      int64
	in        *byteCounter
	last      time.Time
	printed   bool
	lastGames int
}

func newProgress(w io.Writer, size int64, in *byteCounter) *progress {
	return &progress{w: w, term: term.Is(w), size: size, in: in, last: time.Now()}
}

func (p *progress) game(games int) {
	now := time.Now()
	if now.Sub(p.last) < progressEvery {
		return
	}
	p.last = now
	p.lastGames = games
	text := fmt.Sprintf("book build: %d games read", games)
	if p.size > 0 {
		text += fmt.Sprintf(" (%.1f of %.1f MB, %.0f%%)", float64(p.in.n)/1e6, float64(p.size)/1e6, 100*float64(p.in.n)/float64(p.size))
	}
	if p.term {
		fmt.Fprintf(p.w, "\r%s\x1b[K", text)
	} else {
		fmt.Fprintln(p.w, text)
	}
	p.printed = true
}

// done clears the terminal's progress line.
func (p *progress) done() {
	if p.term && p.printed {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

func runDump(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("dump", flag.ContinueOnError)
	path := fs.String("book", "", "the book `FILE` (default: the embedded book)")
	fen := fs.String("fen", "", "the position (default: the start position)")
	moves := fs.String("moves", "", "UCI `MOVES` played from the position, in one argument")
	lines := fs.String("lines", "", "print the book's lines for `SIDE`, white or black (polyglot dump-book)")
	if err := parseFlags(fs, dumpUsage, args); err != nil {
		return err
	}
	var b *Book
	name := *path
	if *path == "" {
		b, name = Default(), "default"
	} else {
		var err error
		if b, err = Open(*path); err != nil {
			return badInput("%v", err)
		}
		defer b.Close()
	}
	w := bufio.NewWriter(stdout)
	if *lines != "" {
		if *fen != "" || *moves != "" {
			return badInput("--lines starts from the initial position: no --fen or --moves")
		}
		var side engine.Color
		switch *lines {
		case "white":
			side = engine.White
		case "black":
			side = engine.Black
		default:
			return badInput("--lines %q: want white or black", *lines)
		}
		if err := b.WriteLines(w, name, side); err != nil {
			return badInput("%v", err)
		}
		return w.Flush()
	}

	pos := engine.NewPosition()
	if *fen != "" {
		var err error
		if pos, err = engine.ParseFEN(*fen); err != nil {
			return badInput("%v", err)
		}
	}
	if err := pos.PlayMoves(strings.Fields(*moves)); err != nil {
		return badInput("%v", err)
	}
	es, err := b.Entries(pos)
	if err != nil {
		return badInput("%v", err)
	}
	writeDump(w, pos, es)
	return w.Flush()
}

// writeDump lists a position's entries:
//
//	fen   rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
//	key   463b96181691fc9c
//	eco   B00 King's Pawn Game        (when the position is named)
//	entries 2
//	e2e4  weight 30  learn 0  60.00%
//	d2d4  weight 20  learn 0  40.00%
//
// A stored move that is not legal in the position shows as "raw e1h1?" with
// no share; shares are of the legal entries' weights.
func writeDump(w io.Writer, pos *engine.Position, es []Entry) {
	fmt.Fprintf(w, "fen   %s\n", pos.FEN())
	fmt.Fprintf(w, "key   %016x\n", pos.Key())
	if eco, name, ok := OpeningName(pos); ok {
		fmt.Fprintf(w, "eco   %s %s\n", eco, name)
	}
	fmt.Fprintf(w, "entries %d\n", len(es))
	var total uint64
	for _, e := range es {
		if e.Move != engine.NullMove {
			total += uint64(e.Weight)
		}
	}
	for _, e := range es {
		if e.Move == engine.NullMove {
			fmt.Fprintf(w, "raw %s?  weight %d  learn %d  (not legal here)\n", e.Raw, e.Weight, e.Learn)
			continue
		}
		share := 0.0
		if total > 0 {
			share = 100 * float64(e.Weight) / float64(total)
		}
		fmt.Fprintf(w, "%-5s  weight %d  learn %d  %.2f%%\n", e.Move, e.Weight, e.Learn, share)
	}
}
