package lab

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bounder-chess/bounder/internal/usage"
)

// The page: docs/lab.md, and the lab paragraph of README.md and
// docs/testing.md, hold blocks that "bounder lab page" writes from a run's
// Markdown, so that they are never copied by hand and cannot drift from
// what the lab measures:
//
//	<!-- lab NAME -->
//	...generated...
//	<!-- /lab NAME -->
//
// NAME is an experiment (its NAME.md without the title), "paper/NAME" (the
// paper scale's NAME.md, in the paper/ folder of the run's directory),
// "stamp" (the engine and command the results were made with) or "summary"
// (the headlines of summaryExperiments, the figures of merit). Each
// NAME.md ends with its engine line, so a block says which engine made it;
// TestLabPage fails when docs/lab.md's engine is not this one. A paper
// block keeps its own engine: the paper scale takes sessions, and its
// journal is kept across a change of the bench signature as long as the
// lab's own searches are unchanged (the journal's key), so it may come from
// an earlier engine than the quick blocks, and says which.

const pageUsage = `usage: bounder lab page [--in DIR] [--commit C] FILE...

Rewrites, in each Markdown FILE, the blocks "bounder lab run" results go in:
the lines between "<!-- lab NAME -->" and "<!-- /lab NAME -->" become
DIR/NAME.md without its title (NAME an experiment, or paper/EXPERIMENT for
the paper scale's run in DIR/paper), the stamp (NAME "stamp":
the bench signature, commit and command the results were made with) or the
summary (NAME "summary": the headlines of drivers-leaves, drivers-total, time,
etc, first-guess, minimal-graph and synthetic-bns). The text outside the
blocks is left as it is. Every experiment read must come from one engine (one
bench signature), but for the paper blocks, which name their own. "make lab-docs" runs the lab into docs/lab and then this on
docs/lab.md, README.md and docs/testing.md. Exit status: 0 on success, 1 when
a file cannot be read or written or the results come from different engines,
2 for bad arguments or a block without its end.`

// summaryExperiments are the experiments whose headlines make the summary:
// the figures of merit of issue 65 (001 Figs. 13, 14 and 16, 003's ETC,
// 004's BNS, 001 Fig. 15's V) and 003's minimal graph.
var summaryExperiments = []string{"drivers-leaves", "drivers-total", "time", "etc", "first-guess", "minimal-graph", "synthetic-bns"}

// labResult is what a block is made from: an experiment's Markdown.
type labResult struct {
	body     string // NAME.md without its title
	headline string // the "In short" sentence, "" for none
	bench    uint64
	commit   string
	command  string // the command line that made it
}

// engineLineRE reads the engine line writeMD ends a Markdown with.
var engineLineRE = regexp.MustCompile("(?m)^Engine: bench ([0-9]+), commit ([^;]*); made by `([^`]*)`\\.$")

// parseResult reads an experiment's Markdown (with its title or not).
func parseResult(name, md string) (labResult, error) {
	if strings.HasPrefix(md, "# ") {
		_, md, _ = strings.Cut(md, "\n")
	}
	r := labResult{body: strings.TrimSpace(md)}
	m := engineLineRE.FindStringSubmatch(md)
	if m == nil {
		return r, fmt.Errorf("%s: no engine line (\"Engine: bench N, commit C; made by `...`.\"): made by an older bounder?", name)
	}
	r.bench, _ = strconv.ParseUint(m[1], 10, 64)
	r.commit, r.command = m[2], m[3]
	for _, l := range strings.Split(md, "\n") {
		if h, ok := strings.CutPrefix(l, headlinePrefix); ok {
			r.headline = h
			break
		}
	}
	return r, nil
}

// block is one generated block of a page: its name and where its content
// lies (between the end of its start line and the start of its end line).
type block struct {
	name       string
	start, end int
}

var blockStartRE = regexp.MustCompile(`(?m)^<!-- lab ((?:paper/)?[a-z0-9-]+) -->\n`)

// paperPrefix starts the name of a paper-scale block.
const paperPrefix = "paper/"

// isPaper is whether block name is a paper-scale one.
func isPaper(name string) bool { return strings.HasPrefix(name, paperPrefix) }

// parseBlocks finds a page's blocks, in order.
func parseBlocks(page string) ([]block, error) {
	var out []block
	at := 0
	for {
		loc := blockStartRE.FindStringSubmatchIndex(page[at:])
		if loc == nil {
			return out, nil
		}
		name := page[at+loc[2] : at+loc[3]]
		start := at + loc[1]
		endLine := "<!-- /lab " + name + " -->"
		k := strings.Index(page[start:], endLine)
		if k < 0 || (start+k > 0 && page[start+k-1] != '\n') {
			return nil, fmt.Errorf("block %q has no end line %q", name, endLine)
		}
		out = append(out, block{name: name, start: start, end: start + k})
		at = start + k + len(endLine)
	}
}

// blockText is a block's content as the page holds it: a blank line, the
// text, a blank line.
func blockText(text string) string { return "\n" + strings.TrimSpace(text) + "\n\n" }

// rewrite replaces every block of page with gen(name).
func rewrite(page string, gen func(name string) (string, error)) (string, error) {
	blocks, err := parseBlocks(page)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	last := 0
	for _, bl := range blocks {
		text, err := gen(bl.name)
		if err != nil {
			return "", err
		}
		b.WriteString(page[last:bl.start])
		b.WriteString(blockText(text))
		last = bl.end
	}
	b.WriteString(page[last:])
	return b.String(), nil
}

// pageContent makes the blocks' texts from a set of results.
type pageContent struct {
	results map[string]labResult
	commit  string // --commit: overrides the results' own
}

// engine is the one bench signature of the results (the paper blocks
// apart), or an error naming the experiments that differ.
func (p *pageContent) engine() (uint64, error) {
	names := make([]string, 0, len(p.results))
	for n := range p.results {
		if !isPaper(n) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	var bench uint64
	for i, n := range names {
		r := p.results[n]
		if i == 0 {
			bench = r.bench
		} else if r.bench != bench {
			return 0, fmt.Errorf("%s was made by the engine of bench %d, %s by the engine of bench %d: run them again with one engine",
				names[0], bench, n, r.bench)
		}
	}
	return bench, nil
}

// commits are the results' commits, or --commit.
func (p *pageContent) commits() string {
	if p.commit != "" {
		return p.commit
	}
	var cs []string
	for n, r := range p.results {
		if !isPaper(n) && !slices.Contains(cs, r.commit) {
			cs = append(cs, r.commit)
		}
	}
	slices.Sort(cs)
	return strings.Join(cs, ", ")
}

// runAll is the command that made the results as one "bounder lab run
// all": their flags, when they share them.
func (p *pageContent) runAll() string {
	flags := ""
	for i, n := range p.names() {
		f := strings.TrimSpace(strings.TrimPrefix(p.results[n].command, "bounder lab run "+n))
		if i > 0 && f != flags {
			return "bounder lab run NAME … (each block names its flags)"
		}
		flags = f
	}
	return strings.TrimSpace("bounder lab run all " + flags)
}

func (p *pageContent) names() []string {
	var ns []string
	for _, x := range Experiments() {
		if _, ok := p.results[x.Name]; ok {
			ns = append(ns, x.Name)
		}
	}
	return ns
}

// text is the content of block name.
func (p *pageContent) text(name string) (string, error) {
	bench, err := p.engine()
	if err != nil {
		return "", err
	}
	switch name {
	case "stamp":
		return fmt.Sprintf("The blocks between `<!-- lab NAME -->` lines are generated: made by `make lab-docs` "+
			"(`%s`, then `bounder lab page`) at commit %s, **bench %d**. `TestLabPage` (package `lab`) fails when "+
			"the engine's bench signature with the lab's evaluation, Full (`bounder bench 13 16 1 Full`), is no "+
			"longer %d: then run `make lab-docs` again. The text around the "+
			"blocks is written by hand.", p.runAll(), p.commits(), bench, bench), nil
	case "summary":
		var b strings.Builder
		fmt.Fprintf(&b, "**The lab** (`docs/lab.md`, generated by `make lab-docs`: `%s` at bench %d):", p.runAll(), bench)
		for _, n := range summaryExperiments {
			r, ok := p.results[n]
			switch {
			case !ok:
				return "", fmt.Errorf("the summary needs %s.md", n)
			case r.headline == "":
				return "", fmt.Errorf("%s.md has no headline (\"%s...\")", n, headlinePrefix)
			}
			fmt.Fprintf(&b, " `%s`: %s", n, r.headline)
		}
		return b.String(), nil
	}
	r, ok := p.results[name]
	if !ok {
		return "", fmt.Errorf("no results for block %q", name)
	}
	return r.body, nil
}

// pageMain is "bounder lab page".
func pageMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bounder lab page", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	in := fs.String("in", "lab-out", "the `DIR` the run wrote its NAME.md files to")
	commit := fs.String("commit", "", "the `COMMIT` the results were made at, for the stamp (default: what the results say; make lab-docs gives git describe --dirty)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage.Print(stdout, pageUsage, fs)
			return ExitOK
		}
		fmt.Fprintf(stderr, "bounder lab page: %v (see bounder lab page --help)\n", err)
		return ExitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "bounder lab page: no FILE to rewrite (see bounder lab page --help)")
		return ExitUsage
	}
	pages := map[string]string{}
	need := map[string]bool{}
	for _, f := range fs.Args() {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintf(stderr, "bounder lab page: %v\n", err)
			return ExitFailed
		}
		blocks, err := parseBlocks(string(data))
		if err != nil {
			fmt.Fprintf(stderr, "bounder lab page: %s: %v\n", f, err)
			return ExitUsage
		}
		for _, b := range blocks {
			switch b.name {
			case "summary":
				for _, n := range summaryExperiments {
					need[n] = true
				}
			case "stamp":
			default:
				need[b.name] = true
			}
		}
		pages[f] = string(data)
	}
	pc := &pageContent{results: map[string]labResult{}, commit: *commit}
	for n := range need {
		data, err := os.ReadFile(filepath.Join(*in, n+".md"))
		if err != nil {
			fmt.Fprintf(stderr, "bounder lab page: %v\n", err)
			return ExitFailed
		}
		if pc.results[n], err = parseResult(n+".md", string(data)); err != nil {
			fmt.Fprintf(stderr, "bounder lab page: %s: %v\n", *in, err)
			return ExitFailed
		}
	}
	for _, f := range fs.Args() {
		out, err := rewrite(pages[f], pc.text)
		if err != nil {
			fmt.Fprintf(stderr, "bounder lab page: %s: %v\n", f, err)
			return ExitFailed
		}
		what := "unchanged"
		if out != pages[f] {
			if err := os.WriteFile(f, []byte(out), 0o644); err != nil {
				fmt.Fprintf(stderr, "bounder lab page: %v\n", err)
				return ExitFailed
			}
			what = "rewritten"
		}
		blocks, _ := parseBlocks(out)
		fmt.Fprintf(stdout, "%s: %d blocks, %s\n", f, len(blocks), what)
	}
	return ExitOK
}

// stampRE reads the bench signature of a stamp block.
var stampRE = regexp.MustCompile(`\*\*bench ([0-9]+)\*\*`)

// stampBench is the bench signature a page's stamp block records.
func stampBench(page string) (uint64, error) {
	blocks, err := parseBlocks(page)
	if err != nil {
		return 0, err
	}
	for _, b := range blocks {
		if b.name != "stamp" {
			continue
		}
		if m := stampRE.FindStringSubmatch(page[b.start:b.end]); m != nil {
			return strconv.ParseUint(m[1], 10, 64)
		}
	}
	return 0, errors.New("no stamp block with its **bench N**")
}

// checkPage checks a page's blocks against each other and returns their
// bench signature: a stamp and every experiment's block, one engine, and
// each summary of page and others the summary the page's own blocks make.
func checkPage(page string, others map[string]string) (uint64, error) {
	blocks, err := parseBlocks(page)
	if err != nil {
		return 0, err
	}
	pc := &pageContent{results: map[string]labResult{}}
	var summary string
	for _, b := range blocks {
		text := strings.TrimSpace(page[b.start:b.end])
		switch b.name {
		case "stamp":
		case "summary":
			summary = text
		default:
			if pc.results[b.name], err = parseResult(b.name, text); err != nil {
				return 0, err
			}
		}
	}
	for _, x := range Experiments() {
		if _, ok := pc.results[x.Name]; !ok && x.Skip == "" {
			return 0, fmt.Errorf("no block for %s", x.Name)
		}
	}
	bench, err := pc.engine()
	if err != nil {
		return 0, err
	}
	recorded, err := stampBench(page)
	if err != nil {
		return 0, err
	}
	if recorded != bench {
		return 0, fmt.Errorf("the stamp says bench %d, the blocks bench %d", recorded, bench)
	}
	want, err := pc.text("summary")
	if err != nil {
		return 0, err
	}
	if summary != "" && summary != want {
		return 0, errors.New("the page's summary is not the one its blocks make")
	}
	for name, o := range others {
		bs, err := parseBlocks(o)
		if err != nil {
			return 0, fmt.Errorf("%s: %v", name, err)
		}
		n := 0
		for _, b := range bs {
			if b.name == "summary" {
				n++
				if strings.TrimSpace(o[b.start:b.end]) != want {
					return 0, fmt.Errorf("%s: its lab summary is not the one docs/lab.md's blocks make", name)
				}
			}
		}
		if n == 0 {
			return 0, fmt.Errorf("%s: no lab summary block", name)
		}
	}
	return bench, nil
}
