// Package lab is "bounder lab": the experiments of the papers behind
// Bounder (../shared/papers) reproduced on real chess and on synthetic game
// trees (search.SearchTree), each written as a CSV of raw counts, a figure
// (SVG and PNG) and a Markdown table that puts the paper's numbers beside
// Bounder's.
//
// Every chess experiment searches a position set (by default Win at Chess) with
// search.Search in pure mode, one thread, a table cleared before every
// position, to a fixed depth, and reads what the search reports: the
// cumulative search.Stats of every iteration. Each series of searches (a
// driver with its options and table size) runs once per invocation however
// many experiments need it, spread over --jobs searchers; the counts do not
// depend on the jobs or their order. Every search is kept in the out
// directory's journal as it ends (journal.go), so that a run cut off
// continues where it stopped.
package lab

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bounder-chess/bounder/internal/term"
	"github.com/bounder-chess/bounder/internal/usage"
	"github.com/bounder-chess/bounder/search"
)

// Exit statuses of Main.
const (
	ExitOK          = 0
	ExitFailed      = 1 // files not written, or the drivers disagreed on a value
	ExitUsage       = 2
	ExitInterrupted = 130
)

const usageText = `usage: bounder lab list
       bounder lab run NAME... [flags]
       bounder lab page [--in DIR] [--commit C] FILE...

The lab reproduces the figures and tables of the papers behind Bounder
(../shared/papers) on real chess and on synthetic game trees. "list" names the
experiments, each with the paper and figure it reproduces; "run" runs the
named ones ("all": every one) and writes, per experiment, into --out: NAME.csv
(the raw counts the search reports, per driver and depth, summed over the
position set, with the set, depths and table size in its columns and "#"
header lines), NAME.svg and NAME.png (the figure), and NAME.md (a table with
the paper's numbers beside Bounder's, its result in a sentence first and the
engine that made it last). "page" writes a run's tables into the generated
blocks of Markdown pages (docs/lab.md; see bounder lab page --help). Every
search is in pure mode (the selective experiment also in selective mode), one
thread, from a cleared table, so the same arguments write the same CSV (but
the time experiment's times); --jobs only spreads the searches over cores
(time always runs one).
Every search is appended to DIR/searches.csv as it ends, so that a run cut off
(interrupted, killed) continues where it stopped when run again: the searches
already there are not made again (a torn last line is cut off), and the files
come out the same; the time experiment's times are kept too (remove the
journal to time again). A progress bar with the time left shows when standard
error is a terminal, a line a minute otherwise. Exit status: 0 on success, 1
when a file cannot be written or the drivers disagree on a value, 2 for bad
arguments or positions, 130 when interrupted.`

// scale is what --scale sets: the defaults of the set and the depths.
type scale struct {
	count     int
	from, to  int
	sizes     []int
	etcDepths int // the sweep of etc's n: 1..min(this, to-1)
}

var scales = map[string]scale{
	// quick: every experiment together in a few minutes on two cores.
	"quick": {count: 20, from: 2, to: 6, sizes: []int{1, 2, 4, 8, 16, 32, 64}, etcDepths: 5},
	// paper: 001's chess depths (Phoenix searched to 8) on 100 positions.
	"paper": {count: 100, from: 2, to: 8, sizes: []int{1, 2, 4, 8, 16, 32, 64}, etcDepths: 6},
}

// defaultHash is the table of every experiment but table-size: 2^21
// entries, 001's (§5.1).
const defaultHash = 32

// maxTrees bounds --count for the synthetic experiments (004 drew 10000
// trees per configuration).
const maxTrees = 100000

// Main runs "bounder lab" and returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "bounder lab: want list, run or page (see bounder lab --help)")
		return ExitUsage
	}
	switch args[0] {
	case "-h", "--h", "-help", "--help", "help":
		usage.Print(stdout, usageText, runFlags(&runArgs{}))
		return ExitOK
	case "list":
		for _, a := range args[1:] {
			if isHelp(a) {
				usage.Print(stdout, usageText, runFlags(&runArgs{}))
				return ExitOK
			}
		}
		if len(args) > 1 {
			fmt.Fprintf(stderr, "bounder lab list: unexpected arguments %q\n", args[1:])
			return ExitUsage
		}
		list(stdout)
		return ExitOK
	case "run":
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		return runMain(ctx, args[1:], stdout, stderr)
	case "page":
		return pageMain(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "bounder lab: unknown subcommand %q (want list, run or page; see bounder lab --help)\n", args[0])
	return ExitUsage
}

func isHelp(a string) bool { return a == "-h" || a == "--h" || a == "-help" || a == "--help" }

// list writes the experiments, one a line.
func list(w io.Writer) {
	xs := Experiments()
	width := 0
	for _, x := range xs {
		width = max(width, len(x.Name))
	}
	for _, x := range xs {
		title := x.Title
		if x.Skip != "" {
			title += " (not available: " + x.Skip + ")"
		}
		fmt.Fprintf(w, "%-*s  %-13s  %s\n", width, x.Name, x.Source, title)
	}
}

// runArgs are run's flags as given.
type runArgs struct {
	scale, out, positions, depth, drivers, sizes string
	count, hash, jobs                            int
	seed                                         uint64
}

func runFlags(a *runArgs) *flag.FlagSet {
	fs := flag.NewFlagSet("bounder lab run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&a.scale, "scale", "quick", "the `SCALE`: quick (20 positions, depths 2..6: every experiment in minutes) or paper (100 positions, depths 2..8, as 001's chess)")
	fs.StringVar(&a.out, "out", "lab-out", "the `DIR` the results are written to (made if missing)")
	fs.StringVar(&a.positions, "positions", "", "an EPD `FILE` of positions (default: Win at Chess, testdata/epd/wacnew.epd, built in)")
	fs.IntVar(&a.count, "count", 0, "search this many positions of the set, drawn with --seed, 1 to the set's size (default: the scale's); the synthetic experiments: this many trees per configuration, 1 to 100000")
	fs.StringVar(&a.depth, "depth", "", "the depths `A..B` reported (B alone: 1..B), each search iterating from 1 to B (default: the scale's)")
	fs.StringVar(&a.drivers, "drivers", "", "a comma-separated `LIST` of drivers (default: each experiment's; its baseline is always added), of "+strings.Join(search.Drivers(), ", "))
	fs.Uint64Var(&a.seed, "seed", 1, "the seed that draws the positions (0: the first ones of the file)")
	fs.IntVar(&a.hash, "hash", defaultHash, "the table in `MiB` of every experiment but table-size (32 MiB: 2^21 entries, 001's)")
	fs.StringVar(&a.sizes, "sizes", "", "table-size's tables, a comma-separated `LIST` of MiB (default 1,2,4,8,16,32,64)")
	fs.IntVar(&a.jobs, "jobs", runtime.NumCPU(), "searches run at once, each with one thread and a table of its own (the results do not depend on it)")
	return fs
}

// journalHook, when not nil, runs after every row appended to the journal:
// the tests stop a run part-way with it.
var journalHook func()

// runMain is "bounder lab run", stopped when ctx ends.
func runMain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var a runArgs
	fs := runFlags(&a)
	// Flags may come before, between or after the names.
	var names []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				usage.Print(stdout, usageText, fs)
				return ExitOK
			}
			fmt.Fprintf(stderr, "bounder lab run: %v (see bounder lab --help)\n", err)
			return ExitUsage
		}
		if fs.NArg() == 0 {
			break
		}
		names = append(names, fs.Arg(0))
		args = fs.Args()[1:]
	}
	bad := func(format string, v ...any) int {
		fmt.Fprintf(stderr, "bounder lab run: "+format+"\n", v...)
		return ExitUsage
	}
	if len(names) == 0 {
		return bad("no experiment named (see bounder lab list)")
	}
	xs, skipped, err := pick(names)
	if err != nil {
		return bad("%v", err)
	}
	sc, ok := scales[a.scale]
	if !ok {
		return bad("unknown --scale %q (want quick or paper)", a.scale)
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	chess, trees := false, false // what the experiments search
	for _, x := range xs {
		chess, trees = chess || !x.trees, trees || x.trees
	}
	switch {
	case given["count"] && a.count < 1:
		return bad("--count %d: want at least 1 (positions, or synthetic trees)", a.count)
	case given["count"] && trees && a.count > maxTrees:
		return bad("--count %d: the synthetic experiments take at most %d trees per configuration", a.count, maxTrees)
	case given["drivers"] && strings.Trim(a.drivers, ", ") == "":
		return bad("--drivers: an empty list (want some of %s)", strings.Join(search.Drivers(), ", "))
	}
	e := &env{scale: a.scale, from: sc.from, to: sc.to, hashMiB: a.hash, sizes: sc.sizes, out: a.out}
	if given["depth"] {
		if e.from, e.to, err = parseDepths(a.depth); err != nil {
			return bad("--depth: %v", err)
		}
		if trees && e.to > search.MaxTreeDepth {
			return bad("--depth %q: synthetic trees are at most %d plies deep", a.depth, search.MaxTreeDepth)
		}
	}
	for n := 1; n <= min(sc.etcDepths, e.to-1); n++ {
		e.etcDepths = append(e.etcDepths, n)
	}
	if len(e.etcDepths) == 0 {
		e.etcDepths = []int{etcEvery}
	}
	if a.drivers != "" {
		for _, d := range strings.Split(a.drivers, ",") {
			name, ok := search.LookupDriver(strings.TrimSpace(d))
			if !ok {
				return bad("unknown driver %q in --drivers (want %s)", d, strings.Join(search.Drivers(), ", "))
			}
			e.only = append(e.only, name)
		}
	}
	if a.sizes != "" {
		e.sizes = nil
		for _, f := range strings.Split(a.sizes, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 || n > search.MaxHashMiB() {
				return bad("--sizes: bad size %q (want 1 to %d MiB)", f, search.MaxHashMiB())
			}
			if !slices.Contains(e.sizes, n) {
				e.sizes = append(e.sizes, n)
			}
		}
		slices.Sort(e.sizes)
	}
	switch {
	case a.hash < 1 || a.hash > search.MaxHashMiB():
		return bad("--hash must be between 1 and %d MiB", search.MaxHashMiB())
	case a.jobs < 1:
		return bad("--jobs must be at least 1")
	case a.count < 0:
		return bad("--count must not be negative")
	case a.out == "":
		return bad("--out must name a directory")
	}
	count := sc.count
	if given["count"] {
		count, e.trees = a.count, a.count
	}
	if e.set, err = loadSet(a.positions, count, a.seed); err != nil {
		return bad("%v", err)
	}
	if given["count"] && chess && a.count > e.set.fileCount {
		return bad("--count %d: %s has %d positions with a move (want 1 to %d)", a.count, e.set.name, e.set.fileCount, e.set.fileCount)
	}
	// The flags that shape the results, for the command lines written with
	// them (not --out, nor --jobs, which change nothing in them).
	var flags []string
	fs.Visit(func(f *flag.Flag) {
		if f.Name != "out" && f.Name != "jobs" && f.Name != "scale" {
			flags = append(flags, "--"+f.Name+" "+f.Value.String())
		}
	})
	e.flags = strings.Join(append([]string{"--scale " + a.scale}, flags...), " ")

	for _, x := range skipped {
		fmt.Fprintf(stderr, "bounder lab: %s (%s) skipped: %s\n", x.Name, x.Source, x.Skip)
	}
	if len(xs) == 0 {
		return ExitOK
	}
	if err := os.MkdirAll(a.out, 0o755); err != nil {
		fmt.Fprintf(stderr, "bounder lab: %v\n", err)
		return ExitFailed
	}

	st, err := engineStamp()
	if err != nil {
		fmt.Fprintf(stderr, "bounder lab: %v\n", err)
		return ExitFailed
	}
	j, err := openJournal(a.out, st.id())
	if err != nil {
		fmt.Fprintf(stderr, "bounder lab: %v\n", err)
		return ExitFailed
	}
	defer j.close()
	j.afterAppend = journalHook
	for _, n := range j.notes {
		fmt.Fprintf(stderr, "bounder lab: %s\n", n)
	}
	meters := lineMeters(stderr)
	if term.Is(stderr) {
		meters = barMeters(stderr)
	}
	e.ctx, e.stamp = ctx, st
	e.r = newRunner(e.set, e.to, a.jobs, meters, j)
	defer e.r.close()
	kept := func() string {
		return fmt.Sprintf("%s made, %d read from %s", searches(j.added), j.read, j.path)
	}
	status := ExitOK
	start := time.Now()
	for _, x := range xs {
		t := time.Now()
		disagree, err := x.run(e)
		switch {
		case ctx.Err() != nil:
			fmt.Fprintf(stderr, "bounder lab: interrupted (%s: the same command continues from there)\n", kept())
			return ExitInterrupted
		case err != nil:
			fmt.Fprintf(stderr, "bounder lab: %s: %v\n", x.Name, err)
			return ExitFailed
		}
		for _, l := range disagree {
			fmt.Fprintf(stderr, "bounder lab: %s: values disagree: %s\n", x.Name, l)
			status = ExitFailed
		}
		fmt.Fprintf(stdout, "%-14s %s/%s.{csv,md,svg,png}  (%s)\n", x.Name, a.out, x.Name, time.Since(t).Round(100*time.Millisecond))
	}
	plural := "s"
	if len(xs) == 1 {
		plural = ""
	}
	fmt.Fprintf(stdout, "%d experiment%s on %s, depths %d..%d, in %s (%s)\n", len(xs), plural, e.set.describe(), e.from, e.to,
		time.Since(start).Round(100*time.Millisecond), kept())
	return status
}

// searches is "1 search" or "n searches".
func searches(n int) string {
	if n == 1 {
		return "1 search"
	}
	return fmt.Sprintf("%d searches", n)
}

// pick resolves the names ("all": every experiment) to the experiments to
// run and those that cannot.
func pick(names []string) (run, skipped []Experiment, err error) {
	all := Experiments()
	want := map[string]bool{}
	for _, n := range names {
		if n == "all" {
			for _, x := range all {
				want[x.Name] = true
			}
			continue
		}
		if !slices.ContainsFunc(all, func(x Experiment) bool { return x.Name == n }) {
			return nil, nil, fmt.Errorf("unknown experiment %q (see bounder lab list)", n)
		}
		want[n] = true
	}
	for _, x := range all {
		switch {
		case !want[x.Name]:
		case x.Skip != "":
			skipped = append(skipped, x)
		default:
			run = append(run, x)
		}
	}
	return run, skipped, nil
}

// parseDepths reads "A..B" or "B".
func parseDepths(s string) (from, to int, err error) {
	a, b, found := strings.Cut(s, "..")
	if !found {
		a, b = s, s
	}
	from, err1 := strconv.Atoi(a)
	to, err2 := strconv.Atoi(b)
	switch {
	case err1 != nil || err2 != nil:
		return 0, 0, fmt.Errorf("%q is not A..B or B", s)
	case from < 1 || to < from || to > search.MaxDepth:
		return 0, 0, fmt.Errorf("%q: want 1 <= A <= B <= %d", s, search.MaxDepth)
	}
	if !found {
		from = 1
	}
	return from, to, nil
}
