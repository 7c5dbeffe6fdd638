// Command bounder is the Bounder chess engine. With no arguments it speaks
// UCI on standard input and output; subcommands run the tools around it.
// main only wires packages: each tool's logic lives in its own package.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/bounder-chess/bounder/bench"
	"github.com/bounder-chess/bounder/book"
	"github.com/bounder-chess/bounder/datagen"
	"github.com/bounder-chess/bounder/epd"
	"github.com/bounder-chess/bounder/match"
	"github.com/bounder-chess/bounder/tune"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const mainUsage = `usage: bounder [command] [arguments]

With no command, bounder speaks UCI on standard input and output.

Commands:
  perft [--fen FEN] [--divide] DEPTH   count the legal move tree
  perft --suite FILE [--max-depth N]   check an EPD perft suite
  bench [DEPTH]                        search the built-in positions; prints "<N> nodes <M> nps"
  epd FILE... [flags]                  run EPD test suites (bounder epd --help)
  book build|dump [flags]              build or inspect Polyglot books
  match --engine ... --engine ...      play engine-vs-engine matches with SPRT
  tune --data FILE [flags]             fit the evaluation's weights (Texel's method)
  datagen --engine SPEC [flags]        generate tuning data from engine self-play
`

// run dispatches a subcommand and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return uciMain(stdin, stdout, stderr)
	}
	switch args[0] {
	case "perft":
		return perftMain(args[1:], stdout, stderr)
	case "bench":
		return bench.Main(args[1:], stdout, stderr)
	case "epd":
		return epd.Main(args[1:], stdout, stderr)
	case "book":
		return book.Main(args[1:], stdout, stderr)
	case "match":
		return match.Main(args[1:], stdout, stderr)
	case "tune":
		return tune.Main(args[1:], stdout, stderr)
	case "datagen":
		return datagen.Main(args[1:], stdout, stderr)
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, mainUsage)
		return 0
	}
	fmt.Fprintf(stderr, "bounder: unknown command %q\n%s", args[0], mainUsage)
	return 2
}
