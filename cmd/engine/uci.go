package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/bounder-chess/bounder/bench"
	"github.com/bounder-chess/bounder/book"
	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/eval"
	"github.com/bounder-chess/bounder/search"
	"github.com/bounder-chess/bounder/uci"
)

// uciBook adapts a Polyglot book to uci.Book: a weighted random pick among
// the sound moves (book.SoundShare).
type uciBook struct {
	b   *book.Book
	rng *rand.Rand
}

func (u uciBook) Probe(pos *engine.Position, gamePly int) (engine.Move, string, bool) {
	m, e, ok := u.b.ProbeAt(pos, gamePly, u.rng, false)
	if !ok {
		return engine.NullMove, "", false
	}
	return m, fmt.Sprintf("weight %d", e.Weight), true
}

// uciCommand is "bounder uci [--params]".
func uciCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("uci", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	params := fs.Bool("params", false, "offer the search's parameters as options")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, uciUsage)
			return 0
		}
		fmt.Fprintf(stderr, "bounder uci: %v (see bounder uci --help)\n", err)
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "bounder uci: unexpected argument %q (see bounder uci --help)\n", fs.Arg(0))
		return 2
	}
	return uciMain(stdin, stdout, stderr, *params)
}

// uciMain wires the packages into the UCI loop; params offers the search's
// parameters as options.
func uciMain(stdin io.Reader, stdout, stderr io.Writer, params bool) int {
	rng := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	evals := map[string]*eval.Evaluator{}
	e := uci.New(uci.Config{
		SearchParams: params,
		Version:      versionText(),
		Searcher:     search.NewSearcher(uci.DefaultHashMiB),
		EvalText: func(pos *engine.Position, which string) string {
			ev := evals[which]
			if ev == nil {
				var ok bool
				if ev, ok = eval.NewKind(which); !ok {
					ev = eval.New()
				}
				evals[which] = ev
			}
			return ev.Breakdown(pos).String()
		},
		Bench: func(out io.Writer) {
			if _, err := bench.Run(out, 0); err != nil {
				fmt.Fprintln(out, "info string error:", err)
			}
		},
		LoadBook: func(path string) (uci.Book, error) {
			b, err := book.Open(path)
			if err != nil {
				return nil, err
			}
			return uciBook{b, rng}, nil
		},
		DefaultBook: func() uci.Book { return uciBook{book.Default(), rng} },
		OpeningName: func(pos *engine.Position) (string, bool) {
			eco, name, ok := book.OpeningName(pos)
			return eco + " " + name, ok
		},
	})
	if err := e.Run(stdin, stdout); err != nil {
		fmt.Fprintln(stderr, "bounder:", err)
		return 1
	}
	return 0
}
