// Command bounder is the Bounder chess engine. With no arguments it speaks
// UCI on standard input and output; subcommands run the tools around it.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: bounder [command] [arguments]

With no command, bounder speaks UCI on standard input and output.

Commands:
  perft [--fen FEN] [--divide] DEPTH   count the legal move tree
  perft --suite FILE [--max-depth N]   check an EPD perft suite
`

// run dispatches a subcommand and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "bounder: the UCI loop is not built yet")
		return 2
	}
	switch args[0] {
	case "perft":
		return perftMain(args[1:], stdout, stderr)
	case "help", "-h", "--help", "-help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "bounder: unknown command %q\n%s", args[0], usage)
	return 2
}
