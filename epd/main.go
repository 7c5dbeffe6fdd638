package epd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/bounder-chess/bounder/internal/term"
	"github.com/bounder-chess/bounder/search"
)

// Exit statuses of Main.
const (
	ExitOK          = 0 // the suites ran (whatever was solved)
	ExitInterrupted = 1 // interrupted (SIGINT); what ran is reported
	ExitUsage       = 2 // bad arguments, an unreadable file, unwritable output
)

const usage = `usage: bounder epd FILE... [flags]

Runs EPD test suites (bm, am, dm, id, STS-style c0 points) and reports each
position and a summary per file; "-" reads standard input, and flags may
come before or after the files. With --format csv the summaries go to
standard error, keeping the output a single table. Exit status: 0 when the
suites ran (whatever was solved), 1 when interrupted, 2 for bad arguments,
an unreadable file (or a line over 1 MiB) or an unwritable --out.

Flags:
  --movetime D    time per position, e.g. 200ms, 1s (default 1s unless
                  --depth or --nodes is given; limits may be combined)
  --depth N       search depth per position
  --nodes N       node limit per position
  --driver NAME   search driver, one of
                  %s
  --eval NAME     evaluation: Network (default), Full (hand-crafted),
                  Hand (untuned) or Material
  --hash MiB      transposition table size (default 64)
  --threads N     search threads (default 1)
  --selective=false  pure search: no pruning, reductions or extensions
  --format F      text, csv or json (JSON Lines) (default text)
  --out FILE      write the results to FILE instead of standard output
`

// config is the parsed command line.
type config struct {
	files     []string
	moveTime  time.Duration
	depth     int
	nodes     uint64
	driver    string
	eval      string
	hash      int
	threads   int
	selective bool
	format    string
	out       string
}

// splitArgs separates flags (with their values) from file names, so that
// flags may follow files: the flag package stops at the first non-flag.
// Which flags take a separate value is read from the FlagSet; "--" ends the
// flags.
func splitArgs(fs *flag.FlagSet, args []string) (flags, files []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return flags, append(files, args[i+1:]...)
		}
		if len(a) < 2 || a[0] != '-' {
			files = append(files, a)
			continue
		}
		flags = append(flags, a)
		name := strings.TrimLeft(a, "-")
		if strings.Contains(name, "=") {
			continue
		}
		f := fs.Lookup(name)
		if f == nil {
			continue // fs.Parse reports it
		}
		if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() {
			continue
		}
		if i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	return flags, files
}

func parseArgs(args []string) (*config, error) {
	c := &config{}
	fs := flag.NewFlagSet("bounder epd", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.DurationVar(&c.moveTime, "movetime", 0, "")
	fs.IntVar(&c.depth, "depth", 0, "")
	fs.Uint64Var(&c.nodes, "nodes", 0, "")
	fs.StringVar(&c.driver, "driver", "", "")
	fs.StringVar(&c.eval, "eval", "", "")
	fs.IntVar(&c.hash, "hash", 64, "")
	fs.IntVar(&c.threads, "threads", 1, "")
	fs.BoolVar(&c.selective, "selective", true, "")
	fs.StringVar(&c.format, "format", "text", "")
	fs.StringVar(&c.out, "out", "", "")
	flags, files := splitArgs(fs, args)
	if err := fs.Parse(flags); err != nil {
		return nil, err
	}
	c.files = append(files, fs.Args()...)
	switch {
	case len(c.files) == 0:
		return nil, errors.New("no EPD file given")
	case c.moveTime < 0:
		return nil, errors.New("--movetime must not be negative")
	case c.depth < 0 || c.depth > search.MaxPly:
		return nil, fmt.Errorf("--depth must be between 1 and %d", search.MaxPly)
	case c.hash < 1:
		return nil, errors.New("--hash must be at least 1 MiB")
	case c.hash > search.MaxHashMiB():
		return nil, fmt.Errorf("--hash %d MiB is more than this machine can hold (at most %d MiB)", c.hash, search.MaxHashMiB())
	case c.threads < 1 || c.threads > search.MaxThreads:
		return nil, fmt.Errorf("--threads must be between 1 and %d", search.MaxThreads)
	}
	if c.moveTime == 0 && c.depth == 0 && c.nodes == 0 {
		c.moveTime = time.Second
	}
	ok := false
	for _, f := range Formats {
		ok = ok || f == c.format
	}
	if !ok {
		return nil, fmt.Errorf("unknown --format %q (want %s)", c.format, strings.Join(Formats, ", "))
	}
	if c.driver != "" {
		name := ""
		for _, d := range search.Drivers() {
			if strings.EqualFold(d, c.driver) {
				name = d
			}
		}
		if name == "" {
			return nil, fmt.Errorf("unknown --driver %q (want one of %s)", c.driver, strings.Join(search.Drivers(), ", "))
		}
		c.driver = name
	}
	if c.eval != "" {
		i, ok := search.LookupEval(c.eval)
		if !ok {
			return nil, fmt.Errorf("unknown --eval %q (want one of %s)", c.eval, strings.Join(search.Evals(), ", "))
		}
		c.eval = search.Evals()[i]
	}
	return c, nil
}

// Main runs "bounder epd" and returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			fmt.Fprintf(stdout, usage, strings.Join(search.Drivers(), ", "))
			return ExitOK
		}
	}
	c, err := parseArgs(args)
	if err != nil {
		fmt.Fprintf(stderr, "bounder epd: %v\n", err)
		fmt.Fprintf(stderr, usage, strings.Join(search.Drivers(), ", "))
		return ExitUsage
	}

	// Read every file first: an unreadable one fails before any search.
	var suites []*Suite
	for _, name := range c.files {
		s, err := ReadSuite(name, os.Stdin)
		if err != nil {
			fmt.Fprintf(stderr, "bounder epd: %v\n", err)
			return ExitUsage
		}
		suites = append(suites, s)
	}

	out := stdout
	var outFile *os.File
	if c.out != "" {
		if outFile, err = os.Create(c.out); err != nil {
			fmt.Fprintf(stderr, "bounder epd: %v\n", err)
			return ExitUsage
		}
		out = outFile
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	s := newSearcher(c.hash)
	opt := search.DefaultOptions()
	opt.Threads = c.threads
	if c.driver != "" {
		opt.Driver = c.driver
	}
	opt.Selective = c.selective
	if c.eval != "" {
		opt.Eval = c.eval
	}
	r := &Runner{
		Searcher: s,
		Limits:   search.Limits{Depth: c.depth, Nodes: c.nodes, MoveTime: c.moveTime},
		Options:  opt,
	}
	status := runSuites(ctx, r, suites, newReporter(c.format, out, stderr), stderr, term.Is(out))
	if outFile != nil {
		if err := outFile.Close(); err != nil && status != ExitUsage {
			fmt.Fprintf(stderr, "bounder epd: %v\n", err)
			return ExitUsage
		}
	}
	return status
}

// runSuites runs the suites in order, writing outcomes and summaries with
// rep and malformed lines, warnings and the progress bar to stderr. The bar
// shows only when stderr is a terminal; it is cleared before each line
// written to the same screen (outTerm: the results go to a terminal too).
func runSuites(ctx context.Context, r *Runner, suites []*Suite, rep reporter, stderr io.Writer, outTerm bool) int {
	total := 0
	for _, s := range suites {
		total += len(s.Problems)
	}
	visible := term.Is(stderr)
	bar := progressbar.NewOptions(total,
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetVisibility(visible),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
	// say writes a line to stderr without tearing the bar.
	say := func(format string, args ...any) {
		if visible {
			bar.Clear()
		}
		fmt.Fprintf(stderr, format, args...)
	}

	var grand Summary
	interrupted := false
	for _, s := range suites {
		sum := &Summary{Name: s.Name, Malformed: len(s.Malformed)}
		for _, e := range s.Malformed {
			say("%v (skipped)\n", e)
		}
		bar.Describe(s.Name)
		rep.Begin(s)
		for _, p := range s.Problems {
			for _, w := range p.Warnings {
				say("%s:%d: %s: %s\n", p.File, p.Line, p.ID, w)
			}
			if p.Invalid != "" {
				say("%s:%d: %s: %s (not scored)\n", p.File, p.Line, p.ID, p.Invalid)
			}
			o := r.Solve(ctx, p)
			if o.Interrupt {
				interrupted = true
				break
			}
			if visible && outTerm {
				bar.Clear()
			}
			rep.Outcome(o)
			sum.Add(o)
			bar.Add(1)
		}
		if visible && outTerm {
			bar.Clear()
		}
		rep.Summary(sum, false)
		grand.Merge(sum)
		if interrupted {
			break
		}
	}
	bar.Finish()
	if len(suites) > 1 {
		rep.Summary(&grand, true)
	}
	if err := rep.Flush(); err != nil {
		fmt.Fprintf(stderr, "bounder epd: writing results: %v\n", err)
		return ExitUsage
	}
	if interrupted {
		fmt.Fprintln(stderr, "bounder epd: interrupted")
		return ExitInterrupted
	}
	return ExitOK
}
