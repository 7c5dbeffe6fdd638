package syzygy

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/internal/usage"
)

const probeUsage = `usage: bounder probe [--syzygy PATH] FEN

Looks the position FEN (one argument in quotes, or its fields as separate
arguments) up in Syzygy endgame tablebases and prints three lines: its WDL
from the side to move's view as a word and a number (win 2, cursed win 1,
draw 0, blessed loss -1, loss -2; cursed and blessed mean that the fifty-move
rule turns the result into a draw), its DTZ (plies to the next capture or
pawn move with best play, over 100 when cursed or blessed, 0 for a draw) and
the best move by DTZ in UCI notation, which keeps a win within the FEN's
halfmove clock when it can. PATH lists directories separated by ':' (';' on
Windows); it defaults to the SYZYGY_PATH environment variable. Exit status:
0 when the position was probed, 1 when the tables do not cover it (a table
missing or corrupt, castling rights, too many pieces), 2 for bad arguments,
FEN or directories.
`

// ProbeMain runs "bounder probe" (args without the command's name) and
// returns the exit status: 0 when the position was probed, 1 when the
// tables do not cover it, 2 for bad arguments with one line on stderr.
// --help prints the usage on stdout.
func ProbeMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("probe", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	path := fs.String("syzygy", "",
		"where the tables are: `PATH` lists directories (default $SYZYGY_PATH)")
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "probe: "+format+"\n", a...)
		return code
	}
	// A FEN's fields may come as separate arguments ("w", "-" ...) with
	// the flag before or after them: parse, take one argument, go on.
	var fields []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				usage.Print(stdout, probeUsage, fs)
				return 0
			}
			return fail(2, "%v (see bounder probe --help)", err)
		}
		if fs.NArg() == 0 {
			break
		}
		fields = append(fields, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if len(fields) == 0 {
		return fail(2, "want a FEN (see bounder probe --help)")
	}
	if *path == "" {
		*path = os.Getenv("SYZYGY_PATH")
	}
	if *path == "" {
		return fail(2, "no tablebase directories: give --syzygy PATH or set SYZYGY_PATH")
	}
	fen := strings.Join(fields, " ")
	pos, err := engine.ParseFEN(fen)
	if err != nil {
		return fail(2, "%v", err)
	}

	tb, err := Open(*path)
	defer tb.Close()
	if err != nil {
		// A stale entry in a list of directories is worth a warning, but
		// only a path with no tables at all is a bad argument.
		msg := strings.ReplaceAll(err.Error(), "\n", "; ")
		if tb.MaxPieces() == 0 {
			return fail(2, "%s", msg)
		}
		fmt.Fprintf(stderr, "probe: warning: %s\n", msg)
	}
	// A corrupt file is worth a warning even when the answer came from
	// others; print each once, after the probes.
	defer func() {
		for _, err := range tb.Errors() {
			fmt.Fprintf(stderr, "probe: warning: %v\n", err)
		}
	}()

	switch n := engine.PopCount(pos.Occupied()); {
	case tb.MaxPieces() == 0:
		return fail(1, "no tables found in %s", *path)
	case pos.CastlingRights() != 0:
		return fail(1, "the tables hold no positions with castling rights")
	case n > tb.MaxPieces():
		return fail(1, "%d pieces, but the tables found have at most %d", n, tb.MaxPieces())
	}
	best, wdl, dtz, ok := tb.BestMove(pos)
	if !ok {
		if w, ok := tb.ProbeWDL(pos); ok {
			// WDL tables alone still answer the first question.
			fmt.Fprintf(stdout, "WDL: %s (%d)\n", w, w)
			return fail(1, "DTZ tables missing or corrupt for this position")
		}
		return fail(1, "tables missing or corrupt for this position")
	}
	fmt.Fprintf(stdout, "WDL: %s (%d)\n", wdl, wdl)
	fmt.Fprintf(stdout, "DTZ: %d\n", dtz)
	switch {
	case best != engine.NullMove:
		// With the halfmove clock running, the best move's outcome may be
		// worse (or better) than the table's: say so.
		note := ""
		if ranked, ok := tb.RankRootMoves(pos); ok && len(ranked) > 0 && ranked[0].WDL != wdl {
			note = fmt.Sprintf(" (%s with the halfmove clock at %d)", ranked[0].WDL, pos.Rule50())
		}
		fmt.Fprintf(stdout, "Best move: %s%s\n", best, note)
	case pos.InCheck():
		fmt.Fprintln(stdout, "Best move: none (checkmate)")
	default:
		fmt.Fprintln(stdout, "Best move: none (stalemate)")
	}
	return 0
}
