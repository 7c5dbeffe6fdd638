package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/bounder-chess/bounder/engine"
	"github.com/bounder-chess/bounder/internal/usage"
)

const perftUsage = `usage: bounder perft [--fen FEN] [--divide] DEPTH
       bounder perft --suite FILE [--max-depth N]

Counts the leaf nodes of the legal move tree to DEPTH (1 to 30), last line
"Nodes searched: N". With --divide, prints the count below each root move
first. With --suite, checks every position of an EPD file whose lines read
"FEN ;D1 n ;D2 n ...": the depths may skip (";D1 18 ;D5 1134888") but must
increase; each depth given is checked, up to --max-depth. Exit status: 0
when all is well, 1 when a suite count differs, 2 for bad arguments, FEN or
file.
`

// maxPerftDepth bounds DEPTH; deeper trees would run for years anyway.
const maxPerftDepth = 30

// perftMain runs "bounder perft" and returns the exit status: 0 when all is
// well, 1 when a suite count differs, 2 on bad arguments, FEN or file.
func perftMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fen := fs.String("fen", engine.StartFEN, "the position to count from")
	divide := fs.Bool("divide", false, "print the count below each root move")
	suite := fs.String("suite", "", "the EPD perft suite `FILE` to check")
	maxDepth := fs.Int("max-depth", 0, "the deepest suite depth to check (0: all)")

	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "perft: "+format+"\n", a...)
		return 2
	}
	// Flags may come before or after DEPTH: parse, take one positional
	// argument, parse the rest.
	var positional []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				usage.Print(stdout, perftUsage, fs)
				return 0
			}
			return fail("%v (see bounder perft -h)", err)
		}
		if fs.NArg() == 0 {
			break
		}
		positional = append(positional, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })

	if set["suite"] {
		switch {
		case len(positional) > 0:
			return fail("--suite takes no DEPTH (use --max-depth)")
		case set["fen"] || set["divide"]:
			return fail("--suite does not combine with --fen or --divide")
		case *maxDepth < 0 || *maxDepth > maxPerftDepth:
			return fail("bad --max-depth %d: want 0 (every depth) to %d", *maxDepth, maxPerftDepth)
		}
		return perftSuite(*suite, *maxDepth, stdout, stderr)
	}
	if set["max-depth"] {
		return fail("--max-depth needs --suite")
	}
	if len(positional) != 1 {
		return fail("want one DEPTH, got %d arguments %q (see bounder perft -h)", len(positional), positional)
	}
	depth, err := strconv.Atoi(positional[0])
	if err != nil || depth < 1 || depth > maxPerftDepth {
		return fail("bad depth %q: want a whole number from 1 to %d", positional[0], maxPerftDepth)
	}
	p, err := engine.ParseFEN(*fen)
	if err != nil {
		return fail("%v", err)
	}
	var total uint64
	if *divide {
		entries := p.Divide(depth)
		sort.Slice(entries, func(i, j int) bool { return entries[i].Move.String() < entries[j].Move.String() })
		for _, e := range entries {
			fmt.Fprintf(stdout, "%s: %d\n", e.Move, e.Nodes)
			total += e.Nodes
		}
	} else {
		total = p.Perft(depth)
	}
	fmt.Fprintf(stdout, "Nodes searched: %d\n", total)
	return 0
}

// suiteCase is one line of a perft suite.
type suiteCase struct {
	where  string       // file:line
	fen    string       // as written
	counts []depthCount // by increasing depth
}

// depthCount is one ";Dn count" of a suite line.
type depthCount struct {
	depth int
	count uint64
}

// parseSuite reads "FEN ;D1 n ;D2 n ..." lines; blank lines and lines
// starting with # are skipped. Depths may skip (suites leave out the
// depths too cheap or too dear to be worth a line: ";D1 18 ;D2 92 ;D6
// 1134888") but must increase: a repeated or decreasing depth is a typo.
func parseSuite(name string, r io.Reader) ([]suiteCase, error) {
	var cases []suiteCase
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	line := 1
	for ; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		c := suiteCase{where: fmt.Sprintf("%s:%d", name, line)}
		parts := strings.Split(text, ";")
		c.fen = strings.TrimSpace(parts[0])
		if _, err := engine.ParseFEN(c.fen); err != nil {
			return nil, fmt.Errorf("%s: %v", c.where, err)
		}
		for _, op := range parts[1:] {
			f := strings.Fields(op)
			if len(f) == 0 {
				continue // a trailing ";"
			}
			if len(f) != 2 || len(f[0]) < 2 || f[0][0] != 'D' {
				return nil, fmt.Errorf("%s: bad operation %q: want \"Dn count\"", c.where, strings.TrimSpace(op))
			}
			d, err := strconv.Atoi(f[0][1:])
			if err != nil || d < 1 || d > maxPerftDepth {
				return nil, fmt.Errorf("%s: bad depth %q: want D1 to D%d", c.where, f[0], maxPerftDepth)
			}
			if k := len(c.counts); k > 0 && d <= c.counts[k-1].depth {
				prev := c.counts[k-1].depth
				if d == prev {
					return nil, fmt.Errorf("%s: depth D%d given twice", c.where, d)
				}
				return nil, fmt.Errorf("%s: depth D%d after D%d: the depths must increase", c.where, d, prev)
			}
			n, err := strconv.ParseUint(f[1], 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%s: bad count %q", c.where, f[1])
			}
			c.counts = append(c.counts, depthCount{d, n})
		}
		if len(c.counts) == 0 {
			return nil, fmt.Errorf("%s: no perft counts (want \"FEN ;D1 n ;D2 n ...\")", c.where)
		}
		cases = append(cases, c)
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return nil, fmt.Errorf("%s:%d: line longer than 1 MiB: not a perft suite?", name, line)
	case err != nil:
		return nil, fmt.Errorf("%s:%d: %v", name, line, err)
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("%s: no positions", name)
	}
	return cases, nil
}

// perftSuite checks a suite file: one line per position, then a summary.
func perftSuite(file string, maxDepth int, stdout, stderr io.Writer) int {
	f, err := os.Open(file)
	if err != nil {
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return 2
	}
	cases, err := parseSuite(file, f)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "perft: %v\n", err)
		return 2
	}
	start := time.Now()
	var nodes uint64
	passed := 0
	for _, c := range cases {
		p, _ := engine.ParseFEN(c.fen) // parseSuite checked it
		var b strings.Builder
		ok := true
		for _, dc := range c.counts {
			if maxDepth > 0 && dc.depth > maxDepth {
				break
			}
			got := p.Perft(dc.depth)
			nodes += got
			if got != dc.count {
				fmt.Fprintf(&b, " D%d expected %d got %d", dc.depth, dc.count, got)
				ok = false
				break // deeper counts would differ too
			}
			fmt.Fprintf(&b, " D%d %d", dc.depth, got)
		}
		status := "FAIL"
		if ok {
			status = "PASS"
			passed++
		}
		fmt.Fprintf(stdout, "%s %s %s;%s\n", status, c.where, c.fen, b.String())
	}
	secs := time.Since(start).Seconds()
	mnps := 0.0
	if secs > 0 {
		mnps = float64(nodes) / secs / 1e6
	}
	fmt.Fprintf(stdout, "perft: %d/%d positions passed, %d nodes in %.2f s (%.1f Mnps)\n", passed, len(cases), nodes, secs, mnps)
	if passed != len(cases) {
		return 1
	}
	return 0
}
