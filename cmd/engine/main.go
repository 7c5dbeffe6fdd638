// Command bounder is the Bounder chess engine. With no arguments it speaks
// UCI on standard input and output; subcommands run the tools around it.
// main only wires packages: each tool's logic lives in its own package.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bounder-chess/bounder/bench"
	"github.com/bounder-chess/bounder/book"
	"github.com/bounder-chess/bounder/datagen"
	"github.com/bounder-chess/bounder/epd"
	"github.com/bounder-chess/bounder/lab"
	"github.com/bounder-chess/bounder/match"
	"github.com/bounder-chess/bounder/pgnstats"
	"github.com/bounder-chess/bounder/selfplay"
	"github.com/bounder-chess/bounder/spsa"
	"github.com/bounder-chess/bounder/syzygy"
	"github.com/bounder-chess/bounder/train"
	"github.com/bounder-chess/bounder/tune"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const mainUsage = `usage: bounder [command] [arguments]

With no command, bounder is a UCI chess engine on standard input and output
(for a GUI); the commands are the tools around it. "bounder COMMAND --help"
(or "bounder help COMMAND") describes a command. Exit status: 0 on success,
2 for a usage error, other values as each command says.

Commands:
  perft     count the legal move tree, or check an EPD perft suite
  bench     search the built-in positions to a fixed depth ("N nodes M nps")
  epd       run EPD test suites (bm, am, dm, STS c0)
  book      build a Polyglot book from PGN games, or show what a book holds
  match     play engine-vs-engine matches, with an SPRT
  stats     report W/D/L, Elo and time per move of games match wrote to PGN
  history   one engine's results by version against its opponents: table, plot
  wdl       fit the win/draw/loss model of Bounder's scores to played games
  datagen   generate tuning data from engine self-play, or relabel it
  selfplay  generate the network's training data by self-play, in process
  train     fit the network evaluation to selfplay's data
  tune      fit the evaluation's weights to game results (Texel's method)
  probe     probe Syzygy endgame tables: WDL, DTZ and the best move of a FEN
  lab       reproduce the papers' experiments on real chess: CSV, plots, tables
  uci       the UCI engine; with --params also the search's parameters
  spsa      tune the search's parameters by SPSA over engine-vs-engine games
  version   print the version (also --version)
  help      print this help
`

// commands maps a subcommand to its entry point. Each takes the arguments
// after its name and returns the exit status.
var commands = map[string]func(args []string, stdout, stderr io.Writer) int{
	"perft":    perftMain,
	"bench":    bench.Main,
	"epd":      epd.Main,
	"book":     book.Main,
	"match":    match.Main,
	"stats":    pgnstats.StatsMain,
	"history":  pgnstats.HistoryMain,
	"wdl":      pgnstats.WDLMain,
	"tune":     tune.Main,
	"train":    train.Main,
	"datagen":  datagen.Main,
	"selfplay": selfplay.Main,
	"probe":    syzygy.ProbeMain,
	"lab":      lab.Main,
	"spsa":     spsa.Main,
}

// Help texts of the two commands run handles itself. They are listed in
// mainUsage like the others, so they answer --help like the others.
const (
	versionUsage = `usage: bounder version

Prints "bounder" and the version: the version given at link time or the
module's, then the commit the binary was built from and whether the tree
had changes, when the build recorded them. "bounder --version" is the
same. Exit status: 0.
`
	uciUsage = `usage: bounder uci [--params]

The UCI engine on standard input and output, as "bounder" with no command.
With --params it also offers each of the search's tunable parameters
(search.ParamTable: margins, depth limits, reduction and history scales) as
a spin option under its own name, for bounder spsa and for matches that
screen one value ("bounder match --engine cmd=./bounder,arg=uci,
arg=--params,option.LMRBase=90 ..."); a GUI needs none of them. Exit
status: 0, or 2 for a usage error.
`
	helpUsage = `usage: bounder help [COMMAND]

Prints the list of commands, or with COMMAND that command's help, the same
as "bounder COMMAND --help". Exit status: 0, or 2 for an unknown COMMAND.
`
)

// builtinUsage is the help of the commands that are not in commands.
var builtinUsage = map[string]string{"version": versionUsage, "help": helpUsage, "uci": uciUsage}

// isHelpFlag reports whether arg is one of the spellings of the help flag
// that the flag package (and so every command in commands) accepts.
func isHelpFlag(arg string) bool {
	switch arg {
	case "-h", "--h", "-help", "--help":
		return true
	}
	return false
}

// run dispatches a subcommand and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return uciMain(stdin, stdout, stderr, false)
	}
	if cmd, ok := commands[args[0]]; ok {
		return cmd(args[1:], stdout, stderr)
	}
	switch args[0] {
	case "uci":
		return uciCommand(args[1:], stdin, stdout, stderr)
	case "version", "-version", "--version":
		switch {
		case len(args) == 2 && isHelpFlag(args[1]):
			fmt.Fprint(stdout, versionUsage)
			return 0
		case len(args) > 1:
			fmt.Fprintf(stderr, "bounder: %s takes no arguments (see bounder --help)\n", args[0])
			return 2
		}
		fmt.Fprintln(stdout, "bounder", versionText())
		return 0
	case "help", "-h", "--help", "-help":
		if len(args) == 1 {
			fmt.Fprint(stdout, mainUsage)
			return 0
		}
		if len(args) == 2 {
			name := args[1]
			if isHelpFlag(name) {
				// "bounder help --help": the help of help itself.
				name = "help"
			}
			if text, ok := builtinUsage[name]; ok {
				fmt.Fprint(stdout, text)
				return 0
			}
			if cmd := commands[name]; cmd != nil {
				return cmd([]string{"--help"}, stdout, stderr)
			}
		}
		fmt.Fprintf(stderr, "bounder: no help for %q (see bounder --help)\n", strings.Join(args[1:], " "))
		return 2
	}
	fmt.Fprintf(stderr, "bounder: unknown command %q (see bounder --help)\n", args[0])
	return 2
}
