// Package bench is Bounder's fixed-depth benchmark ("bounder bench" and the
// UCI "bench" command): the positions in Positions searched one by one to a
// fixed depth with the default options and a cleared transposition table.
//
// The total node count is the engine's signature: it depends only on the
// search and evaluation code, never on time, threads or hardware, so a
// change that is meant not to alter the search must leave it unchanged
// (OpenBench and fishtest read it from the last line, "N nodes M nps").
package bench

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/search"
)

// DefaultDepth is the bench depth when none is given: about 4 M nodes and
// 4 s on one core with the selective search of issue 13 (it was 9 with the
// first search, whose trees were far bushier; retune as the search changes).
const DefaultDepth = 13

// hashMiB is the bench's transposition table size; the table is cleared
// before each position, so the size only has to hold one search. (A
// variable so that the tests, which clear it 150 times, can shrink it.)
var hashMiB = 16

// Run searches every position of Positions to depth (DefaultDepth when
// depth <= 0), writes one line per position and last the total as
// "N nodes M nps", and returns the total node count.
func Run(out io.Writer, depth int) (nodes uint64, err error) { return RunHash(out, depth, hashMiB) }

// RunOf is Run with the evaluation named evalName: the signature of the
// search with that evaluation (the lab's, whose experiments search Full
// whatever the default).
func RunOf(out io.Writer, depth int, evalName string) (nodes uint64, err error) {
	return RunEval(out, depth, hashMiB, 1, evalName)
}

// RunHash is Run with a table of mib MiB (the signature is the node count
// with the default 16).
func RunHash(out io.Writer, depth, mib int) (nodes uint64, err error) {
	return RunThreads(out, depth, mib, 1)
}

// RunThreads is RunHash with a search of threads threads (Lazy SMP). With
// more than one the node count is not reproducible and not a signature: the
// figure to compare is the time to reach the depth, printed last.
func RunThreads(out io.Writer, depth, mib, threads int) (nodes uint64, err error) {
	return RunEval(out, depth, mib, threads, "")
}

// RunEval is RunThreads with the evaluation named evalName (one of
// search.Evals(); "" the default): the signature is the default's, and
// another evaluation's nodes a second are what its speed is compared by.
func RunEval(out io.Writer, depth, mib, threads int, evalName string) (nodes uint64, err error) {
	if depth <= 0 {
		depth = DefaultDepth
	}
	if depth > search.MaxPly {
		return 0, fmt.Errorf("bench: depth %d is over the maximum %d", depth, search.MaxPly)
	}
	s := search.NewSearcher(1)
	if err := s.SetHashSize(mib); err != nil {
		return 0, fmt.Errorf("bench: %v", err)
	}
	opt := search.DefaultOptions()
	opt.Threads = threads
	if evalName != "" {
		opt.Eval = evalName
	}
	var elapsed time.Duration
	for i, fen := range Positions {
		pos, err := engine.ParseFEN(fen)
		if err != nil {
			return nodes, fmt.Errorf("bench: position %d: %v", i+1, err)
		}
		s.Clear()
		start := time.Now()
		res := s.Search(context.Background(), pos, search.Limits{Depth: depth}, opt, nil)
		el := time.Since(start)
		elapsed += el
		nodes += res.Stats.Nodes
		if _, err := fmt.Fprintf(out, "position %2d/%d  bestmove %-5s  score %-9s  depth %2d  nodes %10d  time %s\n",
			i+1, len(Positions), res.BestMove, scoreText(res.Score), res.Depth, res.Stats.Nodes,
			el.Round(time.Millisecond)); err != nil {
			return nodes, err
		}
	}
	if threads > 1 {
		if _, err := fmt.Fprintf(out, "%d threads: %s to depth %d\n", threads, elapsed.Round(time.Millisecond), depth); err != nil {
			return nodes, err
		}
	}
	_, err = fmt.Fprintf(out, "%d nodes %d nps\n", nodes, nps(nodes, elapsed))
	return nodes, err
}

func nps(nodes uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(float64(nodes) / d.Seconds())
}

func scoreText(score int) string {
	if search.IsMate(score) {
		return "mate " + strconv.Itoa(search.MateIn(score))
	}
	return "cp " + strconv.Itoa(score)
}

const usage = `usage: bounder bench [DEPTH [HASH [THREADS [EVAL]]]]

Searches a fixed set of positions to DEPTH (default %d) with the default
options and a cleared hash table of HASH MiB (default %d) for each, and
prints the total as "N nodes M nps". The node count is deterministic: with
the default table and one thread it is the engine's signature. With THREADS
(default 1) above one the search is parallel, the node count varies from run
to run, and the line before the last gives the time to reach DEPTH, which is
what to compare with one thread. EVAL names the evaluation (the UCI option
Evaluation's values; default the engine's), to compare their speed. Exit
status: 0 on success, 2 for a bad DEPTH, HASH, THREADS or EVAL.
`

// Main runs "bounder bench [DEPTH [HASH]]" and returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	depth, mib, threads := DefaultDepth, hashMiB, 1
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "bounder bench: "+format+"\n", a...)
		fmt.Fprintf(stderr, usage, DefaultDepth, hashMiB)
		return 2
	}
	if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprintf(stdout, usage, DefaultDepth, hashMiB)
		return 0
	}
	if len(args) > 4 {
		return bad("too many arguments")
	}
	if len(args) >= 1 {
		d, err := strconv.Atoi(args[0])
		if err != nil || d < 1 || d > search.MaxPly {
			return bad("bad depth %q (want 1 to %d)", args[0], search.MaxPly)
		}
		depth = d
	}
	if len(args) >= 2 {
		m, err := strconv.Atoi(args[1])
		if err != nil || m < 1 || m > search.MaxHashMiB() {
			return bad("bad hash size %q (want 1 to %d MiB)", args[1], search.MaxHashMiB())
		}
		mib = m
	}
	evalName := ""
	if len(args) == 4 {
		i, ok := search.LookupEval(args[3])
		if !ok {
			return bad("unknown evaluation %q (want one of %s)", args[3], strings.Join(search.Evals(), ", "))
		}
		evalName = search.Evals()[i]
	}
	if len(args) >= 3 {
		n, err := strconv.Atoi(args[2])
		if err != nil || n < 1 || n > search.MaxThreads {
			return bad("bad thread count %q (want 1 to %d)", args[2], search.MaxThreads)
		}
		threads = n
	}
	if _, err := RunEval(stdout, depth, mib, threads, evalName); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}
