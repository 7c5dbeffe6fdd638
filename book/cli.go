package book

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bounder-chess/bounder/engine"
)

const usage = `usage:
  book build --pgn FILE [--max-ply N] [--min-games K] --out FILE
      make a Polyglot book from PGN games, as polyglot make-book does
      (defaults: --max-ply 1024 --min-games 3)
  book dump [--book FILE] [--fen FEN] [--moves "e2e4 e7e5"]
      list the book's entries for a position (default: the start position;
      without --book, the embedded default book)
  book dump [--book FILE] --lines white|black
      print the book's lines for one side, as polyglot dump-book does
`

// errUsage marks bad input: exit status 2.
type errUsage struct{ error }

func badInput(format string, args ...any) error {
	return errUsage{fmt.Errorf(format, args...)}
}

// Main runs `book build ...` or `book dump ...` (args without the leading
// "book") and returns the exit status: 0 on success, 2 on bad input (wrong
// flags, unreadable or invalid PGN, book, FEN or moves) with a one-line
// error on stderr, 1 when the output cannot be written.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "book: want a command, build or dump (book help: usage)")
		return 2
	}
	var err error
	switch args[0] {
	case "build":
		err = runBuild(args[1:], stdout)
	case "dump":
		err = runDump(args[1:], stdout)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "book: unknown command %q, want build or dump (book help: usage)\n", args[0])
		return 2
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		fmt.Fprint(stdout, usage)
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
func parseFlags(fs *flag.FlagSet, args []string) error {
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return badInput("%v", err)
	}
	if fs.NArg() > 0 {
		return badInput("unexpected argument %q", fs.Arg(0))
	}
	return nil
}

func runBuild(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	pgn := fs.String("pgn", "", "PGN file of games")
	out := fs.String("out", "", "book file to write")
	maxPly := fs.Int("max-ply", DefaultMaxPly, "count moves of the first N plies of each game")
	minGames := fs.Int("min-games", DefaultMinGames, "keep moves played in at least K games")
	if err := parseFlags(fs, args); err != nil {
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
	b := NewBuilder(BuildOptions{MaxPly: *maxPly, MinGames: *minGames})
	if err := b.AddPGN(bufio.NewReaderSize(f, 1<<16)); err != nil {
		return badInput("%s: %v", *pgn, err)
	}
	es := b.Entries()
	if err := writeFile(*out, es); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d games, %d entries written to %s\n", b.Games(), len(es), *out)
	return nil
}

// writeFile writes the book next to its destination and renames it there.
func writeFile(path string, es []Entry) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if err := WriteEntries(f, es); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

func runDump(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("dump", flag.ContinueOnError)
	path := fs.String("book", "", "book file (default: the embedded book)")
	fen := fs.String("fen", "", "position (default: the start position)")
	moves := fs.String("moves", "", "UCI moves played from the position")
	lines := fs.String("lines", "", "print the book's lines for white or black (polyglot dump-book)")
	if err := parseFlags(fs, args); err != nil {
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
