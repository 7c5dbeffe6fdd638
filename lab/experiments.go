package lab

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bounder-chess/bounder/search"
)

// Experiment is one figure or table of the papers (../shared/papers),
// reproduced on real chess.
type Experiment struct {
	Name   string
	Source string // the paper and figure: "001 Fig. 13"
	Title  string
	// Skip says why the experiment cannot run yet ("" = it runs).
	Skip string
	run  func(e *env) ([]string, error) // returns the value disagreements
	// trees: it searches synthetic trees, not the position set (--count is
	// its number of trees per configuration).
	trees bool
}

// papers are the papers' citations, by their number in ../shared/papers.
var papers = map[string]string{
	"001": "Plaat, Schaeffer, Pijls & de Bruin, *Best-First Fixed-Depth Minimax Algorithms*",
	"003": "Plaat, thesis chapter 5, *The Minimal Tree?*",
}

// Experiments lists the lab's experiments, in the order "all" runs them.
func Experiments() []Experiment {
	return []Experiment{
		{Name: "drivers-leaves", Source: "001 Fig. 13", Title: "leaf nodes of every driver relative to Aspiration NegaScout, over depth",
			run: func(e *env) ([]string, error) { return e.drivers(false) }},
		{Name: "drivers-total", Source: "001 Fig. 14", Title: "total nodes of every driver relative to Aspiration NegaScout, over depth; MT calls per iteration",
			run: func(e *env) ([]string, error) { return e.drivers(true) }},
		{Name: "etc", Source: "003 Fig. 5.6", Title: "leaves with and without Enhanced Transposition Cutoffs per driver; ETC from n plies above the leaves",
			run: (*env).etc},
		{Name: "table-size", Source: "001 Fig. 9/10", Title: "leaves as the transposition table grows, relative to alpha-beta with the same table",
			run: (*env).tableSize},
		{Name: "first-guess", Source: "001 Fig. 15", Title: "MTD(f) started at the true value ± k",
			run: (*env).firstGuess},
		{Name: "minimal-graph", Source: "003 Fig. 5.3", Title: "every driver's last iteration relative to the left-first minimal graph (with transpositions), over depth",
			run: (*env).minimalGraph},
		{Name: "selective", Source: "001 Fig. 13/14", Title: "leaves and total nodes of every driver relative to Aspiration NegaScout in pure and in selective mode, side by side",
			run: (*env).selective},
		{Name: "time", Source: "001 Fig. 16", Title: "CPU time of every driver relative to Aspiration NegaScout, over depth; nodes per second",
			run: (*env).timing},
		{Name: "grain", Source: "001 §5.2.2", Title: "MTD(f)'s passes per iteration and leaves as the evaluation is rounded to g centipawns, NegaScout beside",
			run: (*env).grain},
		{Name: "ordering", Source: "001 Fig. 13", Title: "leaves relative to Aspiration NegaScout and to the minimal graph with and without the move ordering the search learns",
			run: (*env).ordering},
		{Name: "synthetic-negascout", Source: "002 Fig. 4", Title: "NegaScout's leaves relative to alpha-beta's on uniform synthetic trees, over width and depth", run: (*env).syntheticNegaScout, trees: true},
		{Name: "synthetic-bns", Source: "004 Fig. 13/14", Title: "every driver's leaves and total nodes relative to MTD(f) on 004's synthetic trees, widths 2-5", run: (*env).syntheticBNS, trees: true},
		{Name: "synthetic-minimal", Source: "003 (K&M)", Title: "every driver's leaves relative to the minimal tree on ordered synthetic trees", run: (*env).syntheticMinimal, trees: true},
	}
}

// env is what an experiment runs with: the set, the depths, the runner
// shared by the experiments of one invocation, and where results go.
type env struct {
	ctx       context.Context
	r         *runner
	set       *positionSet
	scale     string
	from, to  int      // depths reported
	only      []string // --drivers as given (nil: each experiment's own)
	hashMiB   int
	sizes     []int // table-size's tables, MiB
	etcDepths []int // etc's sweep of n
	trees     int   // --count as given, the synthetic experiments' trees per configuration (0: the scale's)
	out       string
	flags     string // the flags that shape the results, for the command lines written
	stamp     stamp  // the engine the results come from
}

// Every driver, in the driver table's order.
var allDrivers = search.Drivers()

// style is a driver's place in the driver table: its color in every plot.
func style(driver string) int { return slices.Index(allDrivers, driver) }

// driverList is the experiment's drivers: --drivers or def, with base (the
// baseline the others are divided by) always in, in the table's order.
func (e *env) driverList(def []string, base string) []string {
	want := def
	if e.only != nil {
		want = e.only
	}
	var out []string
	for _, d := range allDrivers {
		if d == base || slices.Contains(want, d) {
			out = append(out, d)
		}
	}
	return out
}

// command is the command line that makes the experiment's results.
func (e *env) command(name string) string {
	return strings.TrimSpace("bounder lab run " + name + " " + e.flags)
}

// setLine says what was searched, for the Markdown and the CSV: how, and
// with which evaluation at which grain (evalText).
func (e *env) setLine(hash bool) string { return e.searchLine(hash) + "; " + evalText }

// searchLine is setLine but the evaluation.
func (e *env) searchLine(hash bool) string {
	s := fmt.Sprintf("%s; depths %d..%d, every count cumulative over iterative deepening from depth 1", e.set.describe(), e.from, e.to)
	if hash {
		s += fmt.Sprintf("; table %d MiB (%s)", e.hashMiB, entriesText(e.hashMiB))
	}
	return s + "; pure mode (no pruning, reductions or extensions) storing a bound for every node it searches, " +
		"quiescence and horizon nodes included, as 001's MT (Fig. 17; `StoreLeaves`), one thread, MTD(f) as 001 " +
		"Fig. 11 has it (no acceleration), the drivers that start from a guess starting the first iteration at the " +
		"root's static evaluation (`FirstIteration` eval)"
}

// evalText says which evaluation the chess experiments use, and at which
// grain.
var evalText = fmt.Sprintf("the evaluation is %s (the hand-crafted one with its tuned weights, `Evaluation` %s; not "+
	"the network, `Evaluation` Network), unrounded (grain 1 cp), where Bounder plays at a grain of %d cp (the `Eval "+
	"Grain` option's default; the `grain` experiment measures what the grain does)", labEval, labEval, playingGrain)

// comments are the CSV's header lines.
func (e *env) comments(x *Experiment, hash bool) []string {
	return []string{
		e.command(x.Name),
		x.Source + ": " + x.Title,
		e.setLine(hash),
		"positions: " + strings.Join(e.set.ids(), " "),
	}
}

// head starts an experiment's Markdown.
func (e *env) head(b *strings.Builder, x *Experiment, section string, hash bool, bad []string, drivers int) {
	fmt.Fprintf(b, "# %s: %s\n\n", x.Name, x.Title)
	paper := x.Source[:3]
	fmt.Fprintf(b, "Reproduces **%s** (%s, %s) on Bounder. Made by `%s`.\n\n", x.Source, papers[paper], section, e.command(x.Name))
	fmt.Fprintf(b, "Set: %s.\n\n", e.setLine(hash))
	writeValues(b, bad, fmt.Sprintf("Values: every series (%d drivers) reached the same value on every position at every depth, "+
		"as pure mode requires (Best Node Search's score is a lower bound: never above it).", drivers),
		"Values: **the series disagree** (pure mode requires one value per position and depth):")
}

// writeValues writes the Markdown's paragraph on the values: agree when
// the series found no disagreement, else disagree and the list bad.
func writeValues(b *strings.Builder, bad []string, agree, disagree string) {
	if len(bad) == 0 {
		b.WriteString(agree + "\n\n")
		return
	}
	b.WriteString(disagree + "\n\n")
	for _, l := range bad {
		fmt.Fprintf(b, "- %s\n", l)
	}
	b.WriteString("\n")
}

// driverSpecs are the series of the drivers names with the experiment's
// table and nothing else changed.
func (e *env) driverSpecs(names []string) []spec {
	specs := make([]spec, 0, len(names))
	for _, d := range names {
		specs = append(specs, spec{driver: d, hashMiB: e.hashMiB})
	}
	return specs
}

// depthHead is a table's head: a first column, the depths, and last the
// paper's column.
func (e *env) depthHead(first, paper string) []string {
	h := []string{first}
	for d := e.from; d <= e.to; d++ {
		h = append(h, fmt.Sprintf("d%d", d))
	}
	return append(h, paper)
}

// seriesOf returns the runner's series of the specs, in order.
func (e *env) seriesOf(specs []spec) []*series {
	out := make([]*series, len(specs))
	for i, sp := range specs {
		out[i] = e.r.done[sp]
	}
	return out
}

// finish writes the experiment's files.
func (e *env) finish(x *Experiment, hash bool, ss []*series, md, headline string, panels []panel) error {
	if err := e.writeCSV(x.Name, e.comments(x, hash), ss); err != nil {
		return err
	}
	if err := e.writePlots(x.Name, panels); err != nil {
		return err
	}
	return e.writeMD(x, md, headline)
}

// writeMD writes the experiment's Markdown md (its title first), with the
// headline (its result in a sentence: "" for none) after the title as
// "**In short:** ..." and, last, the engine line (engineLine), which
// "bounder lab page" reads.
func (e *env) writeMD(x *Experiment, md, headline string) error {
	title, body, _ := strings.Cut(md, "\n")
	var b strings.Builder
	b.WriteString(title + "\n\n")
	if headline != "" {
		b.WriteString(headlinePrefix + headline + "\n\n")
	}
	b.WriteString(strings.TrimSpace(body) + "\n\n")
	fmt.Fprintf(&b, "Engine: bench %d, commit %s; made by `%s`.\n", e.stamp.bench, commitText(e.stamp.commit), e.command(x.Name))
	return e.writeFile(x.Name+".md", []byte(b.String()))
}

// headlinePrefix starts an experiment's headline paragraph.
const headlinePrefix = "**In short:** "

func (e *env) experiment(name string) *Experiment {
	for _, x := range Experiments() {
		if x.Name == name {
			return &x
		}
	}
	panic("lab: no experiment " + name)
}

// What 001 says of each driver against Aspiration NegaScout. The text copy
// in ../shared/papers has no figures, so these are the numbers and
// judgements its text gives, section named.
var (
	paperLeaves = map[string]string{
		"NegaScout": "1 (the baseline)",
		"MTDf":      "≈ 0.90–0.95: \"averaging a 5–10% improvement, depending on the game\" (§5.2.2)",
		"AlphaBeta": "> 1: \"Aspiration NegaScout is better than Alpha-Beta\" (§5.2.2)",
		"SSS":       "≈ 1: \"a small improvement on Alpha-Beta\"; its advantages \"disappear when comparing to NegaScout\" (§5.2.1, §6)",
		"DUAL":      "≈ 1: as SSS*, \"within a few percentage points\" (§6)",
		"MTDbi":     "not shown: \"inferior to MTD(ƒ)\" (§5)",
		"MTDstep":   "not shown: \"inferior to MTD(ƒ)\" (§5)",
		"BNS":       "— (not in 001; 004 measures it on synthetic trees only)",
	}
	paperTotal = map[string]string{
		"NegaScout": "1 (the baseline)",
		"MTDf":      "< 1: \"MTD(ƒ) outperforms Aspiration NegaScout on the total node measure as well\" (§5.2.2)",
		"AlphaBeta": "> 1 (§5.2.2: NegaScout is better; no number in the text)",
		"SSS":       "> 1, worse at even depths: \"substantially more total nodes than Alpha-Beta\", \"a clear odd/even effect\" (§5.2.1)",
		"DUAL":      "> 1, worse at odd depths: \"the reverse holds\" (§5.2.1)",
		"MTDbi":     "not shown: \"inferior to MTD(ƒ)\" (§5)",
		"MTDstep":   "not shown: \"inferior to MTD(ƒ)\" (§5)",
		"BNS":       "— (not in 001)",
	}
	paperPasses = map[string]string{
		"MTDf": "3 to 6 (§5.2.2)",
		"SSS":  "\"usually … hundreds\" (§5.2.2)",
		"DUAL": "\"usually … hundreds\" (§5.2.2)",
	}
)

// The ranges the verdicts judge against (interval.go): what 001's text
// gives as numbers, at the deepest depth.
var (
	rangeLeaves = map[string]paperRange{"MTDf": {0.90, 0.95}, "AlphaBeta": atLeast(1)}
	rangeTotal  = map[string]paperRange{"MTDf": atMost(1), "AlphaBeta": atLeast(1), "SSS": atLeast(1), "DUAL": atLeast(1)}
	rangePasses = map[string]paperRange{"MTDf": {3, 6}}
)

// verdictCell is the verdict of iv against the driver's range, "—" for none.
func verdictCell(ranges map[string]paperRange, driver string, iv interval) string {
	if p, ok := ranges[driver]; ok {
		return verdict(iv, p)
	}
	return "—"
}

// drivers is drivers-leaves (001 Fig. 13) or, with total, drivers-total
// (Fig. 14): every driver's count relative to Aspiration NegaScout's, at
// each depth, over the set, with its interval over the positions.
func (e *env) drivers(total bool) ([]string, error) {
	x := e.experiment("drivers-leaves")
	unit, what, paper, ranges := "leaves", "Leaf nodes (static evaluations)", paperLeaves, rangeLeaves
	get := leavesOf
	if total {
		x = e.experiment("drivers-total")
		unit, what, paper, ranges = "nodes", "Total nodes (interior, leaves and quiescence nodes)", paperTotal, rangeTotal
		get = nodesOf
	}
	names := e.driverList(allDrivers, "NegaScout")
	specs := e.driverSpecs(names)
	// The deviation both ways: MTD(f) and NegaScout with pure mode's
	// quiescence search table-free (001's MT stores every node).
	var unstored []spec
	for _, d := range []string{"MTDf", "NegaScout"} {
		if slices.Contains(names, d) {
			unstored = append(unstored, spec{driver: d, hashMiB: e.hashMiB, noLeafStore: true})
		}
	}
	// And MTD(f)'s first iteration started the two other ways.
	var starts []spec
	if slices.Contains(names, "MTDf") {
		starts = []spec{{driver: "MTDf", hashMiB: e.hashMiB, start: startZero}, {driver: "MTDf", hashMiB: e.hashMiB, start: startWindow}}
	}
	if err := e.r.run(e.ctx, x.Name, append(append(append([]spec{}, specs...), unstored...), starts...)); err != nil {
		return nil, err
	}
	ss := e.seriesOf(specs)
	us := e.seriesOf(unstored)
	sts := e.seriesOf(starts)
	base := e.r.done[spec{driver: "NegaScout", hashMiB: e.hashMiB}]
	bad := e.r.checkValues(append(append(append([]*series{}, ss...), us...), sts...), e.from, e.to, 10)

	var b strings.Builder
	e.head(&b, x, "§5", true, bad, len(names))
	fmt.Fprintf(&b, "%s relative to Aspiration NegaScout's, summed over the set, cumulative over iterative deepening "+
		"(001 §5.2), %s. The last column is what 001 reports for chess (Phoenix; 20 positions from tournament games, "+
		"depths up to 8, a table of 2^21 entries): its figures are not in the text copy, so the column gives the "+
		"numbers and judgements of its text; the verdict judges the interval at depth %d against the numbers.\n\n",
		what, intervalText, e.to)
	t := table{head: append(e.depthHead("driver", fmt.Sprintf("verdict (d%d)", e.to)), x.Source+" (chess)"), textLast: true}
	pl := panel{title: fmt.Sprintf("%s relative to Aspiration NegaScout", unit), x: "depth", y: unit + " / NegaScout's", ref: 1}
	for _, s := range ss {
		row := []string{s.driver}
		l := line{name: s.driver, style: style(s.driver)}
		var iv interval
		for d := e.from; d <= e.to; d++ {
			iv = cumRatio(s, base, d, get)
			row = append(row, fmtCI(iv))
			l.add(float64(d), iv)
		}
		t.add(append(row, verdictCell(ranges, s.driver, iv), paper[s.driver])...)
		pl.lines = append(pl.lines, l)
	}
	t.write(&b)
	fmt.Fprintf(&b, "NegaScout's %s at depth %d: %d.", unit, e.to, get(base.at[e.to]))
	if !total {
		b.WriteString(" 001 §6: \"All algorithms, including MTD(ƒ), perform within a few percentage points of each " +
			"other's leaf counts.\"")
	}
	b.WriteString("\n\n")
	if len(us) == 2 {
		e.leafStoreTable(&b, unit, get, ss, us)
	}
	if len(sts) == 2 {
		e.startTable(&b, unit, get, e.r.done[spec{driver: "MTDf", hashMiB: e.hashMiB}], sts, base)
	}
	if total {
		b.WriteString("MT calls (passes at the root) per iteration, the mean over the set with its interval; the " +
			"papers count every root search of a window as one.\n\n")
		pt := table{head: append(e.depthHead("driver", fmt.Sprintf("verdict (d%d)", e.to)), "001 §5.2.2"), textLast: true}
		for _, s := range ss {
			row := []string{s.driver}
			var iv interval
			for d := e.from; d <= e.to; d++ {
				iv = perIteration(s, d, passesOf)
				row = append(row, fmtMeanCI(iv))
			}
			p := paperPasses[s.driver]
			if p == "" {
				p = "—"
			}
			pt.add(append(row, verdictCell(rangePasses, s.driver, iv), p)...)
		}
		pt.write(&b)
	}
	// In the CSV, the series without stored leaves are named so in the
	// driver column (and by leaves_stored).
	out := append([]*series{}, ss...)
	for _, s := range us {
		c := *s
		c.driver += unstoredSuffix
		out = append(out, &c)
	}
	for _, s := range sts {
		c := *s
		c.driver += " first iteration " + s.start.String()
		out = append(out, &c)
	}
	return bad, e.finish(x, true, out, b.String(), e.driversHeadline(total, names, base, get), []panel{pl})
}

// driversHeadline is drivers-leaves' or drivers-total's result in a
// sentence: MTD(f)'s count relative to NegaScout's at the last depth, and
// for drivers-total its passes per iteration.
func (e *env) driversHeadline(total bool, names []string, base *series, get metric) string {
	if !slices.Contains(names, "MTDf") {
		return ""
	}
	mt := e.r.done[spec{driver: "MTDf", hashMiB: e.hashMiB}]
	iv := cumRatio(mt, base, e.to, get)
	if !total {
		return fmt.Sprintf("at depth %d MTD(f) searches %s× Aspiration NegaScout's leaves (001 Fig. 13: 0.90–0.95; %s).",
			e.to, fmtCI(iv), verdict(iv, rangeLeaves["MTDf"]))
	}
	p := perIteration(mt, e.to, passesOf)
	return fmt.Sprintf("at depth %d MTD(f) makes %s MT passes per iteration (001 §5.2.2: 3 to 6; %s) and searches %s× "+
		"Aspiration NegaScout's total nodes (001 Fig. 14: below 1; %s).", e.to, fmtMeanCI(p), verdict(p, rangePasses["MTDf"]),
		fmtCI(iv), verdict(iv, rangeTotal["MTDf"]))
}

// intervalText says what the intervals are, for the Markdown.
const intervalText = "each with its 95% interval over the positions (a paired bootstrap: 2000 resamples of the " +
	"positions, the ratio of sums recomputed on each)"

// leafStoreTable writes drivers-leaves' and drivers-total's table of the
// leaf-storing switch both ways: MTD(f) relative to NegaScout with the
// quiescence search's results stored (the papers' method, the table above)
// and without, and each driver's count with them stored relative to
// without. us are MTD(f)'s and NegaScout's series without.
func (e *env) leafStoreTable(b *strings.Builder, what string, get metric, ss, us []*series) {
	find := func(list []*series, d string) *series {
		for _, s := range list {
			if s.driver == d {
				return s
			}
		}
		return nil
	}
	mtdf, ns := find(ss, "MTDf"), find(ss, "NegaScout")
	mtdfOff, nsOff := find(us, "MTDf"), find(us, "NegaScout")
	fmt.Fprintf(b, "The papers' method and the deviation, both ways: pure mode's quiescence search storing its "+
		"results in the table, horizon nodes included (`search.Options.StoreLeaves`, as 001's MT stores a bound "+
		"for every node it searches, Fig. 17; the table above), and table-free (Bounder's pure mode before; every "+
		"MT pass evaluates its leaves again). %s, cumulative, with intervals:\n\n", strings.ToUpper(what[:1])+what[1:])
	t := table{head: e.depthHead("ratio", "")}
	t.head = t.head[:len(t.head)-1]
	for _, r := range []struct {
		name string
		a, b *series
	}{{"MTDf / NegaScout, leaves stored", mtdf, ns}, {"MTDf / NegaScout, not stored", mtdfOff, nsOff},
		{"MTDf stored / not stored", mtdf, mtdfOff}, {"NegaScout stored / not stored", ns, nsOff}} {
		row := []string{r.name}
		for d := e.from; d <= e.to; d++ {
			row = append(row, fmtCI(cumRatio(r.a, r.b, d, get)))
		}
		t.add(row...)
	}
	t.write(b)
}

// startTable writes drivers-leaves' and drivers-total's table of where
// MTD(f) starts its first iteration, the three ways (spec.start): at the
// root's evaluation (the lab's default, the tables above), at 0 (as
// Bounder plays) and with the full window (as Aspiration NegaScout searches
// its first iteration); each relative to NegaScout, cumulative, and the
// first iteration's count and passes alone. mtdf is the default's series,
// others the two others'.
func (e *env) startTable(b *strings.Builder, what string, get metric, mtdf *series, others []*series, ns *series) {
	fmt.Fprintf(b, "Where MTD(f) starts the first iteration, which has no previous score (`search.Options.FirstIteration`; "+
		"001 starts each iteration at \"the result of the previous iteration\" and does not say where the first "+
		"starts): at the root's static evaluation, the result of a search of depth 0 (the lab's default, the tables "+
		"above), at 0 (as Bounder plays), and with the full window (alpha-beta's, as Aspiration NegaScout searches "+
		"its first iteration). %s relative to NegaScout's, cumulative, and depth 1 alone; MT calls at depth 1, the "+
		"mean per position; with intervals:\n\n", strings.ToUpper(what[:1])+what[1:])
	h := e.depthHead("MTD(f), first iteration", "")
	h = append(h[:len(h)-1], "depth 1 alone", "passes at depth 1")
	t := table{head: h}
	for _, r := range []struct {
		name string
		s    *series
	}{{"at the evaluation (default)", mtdf}, {"at 0 (as Bounder plays)", others[0]}, {"full window", others[1]}} {
		row := []string{r.name}
		for d := e.from; d <= e.to; d++ {
			row = append(row, fmtCI(cumRatio(r.s, ns, d, get)))
		}
		t.add(append(row, fmtCI(cumRatio(r.s, ns, 1, get)), fmtMeanCI(perIteration(r.s, 1, passesOf)))...)
	}
	t.write(b)
}

// unstoredSuffix names a series without stored leaves (spec.noLeafStore)
// in the CSV's driver column.
const unstoredSuffix = " leaves not stored"

// etcEvery is the ETC depth of etc's per-driver comparison: ETC at every
// interior node, as 003 Fig. 5.4 writes it.
const etcEvery = 1

// etc is 003's ETC experiment (Fig. 5.6): every driver's leaves with ETC
// at every interior node relative to its leaves without, and, for
// NegaScout and MTD(f), ETC only at nodes n or more plies above the
// leaves. Each ratio is given as 003 reports it, of the last iteration's
// leaves (the tree of the last depth, after iterative deepening to it),
// and as 001 counts, cumulative over iterative deepening; and for
// NegaScout both ways of the leaf-storing switch (spec.noLeafStore).
func (e *env) etc() ([]string, error) {
	x := e.experiment("etc")
	names := e.driverList(allDrivers, "NegaScout")
	sweep := []string{"NegaScout"}
	if slices.Contains(names, "MTDf") {
		sweep = []string{"MTDf", "NegaScout"}
	}
	var specs []spec
	for _, d := range names {
		specs = append(specs, spec{driver: d, hashMiB: e.hashMiB}, spec{driver: d, etcDepth: etcEvery, hashMiB: e.hashMiB})
	}
	for _, d := range sweep {
		for _, n := range e.etcDepths {
			if n != etcEvery {
				specs = append(specs, spec{driver: d, etcDepth: n, hashMiB: e.hashMiB})
			}
		}
	}
	unstored := []spec{{driver: "NegaScout", hashMiB: e.hashMiB, noLeafStore: true},
		{driver: "NegaScout", etcDepth: etcEvery, hashMiB: e.hashMiB, noLeafStore: true}}
	if err := e.r.run(e.ctx, x.Name, append(append([]spec{}, specs...), unstored...)); err != nil {
		return nil, err
	}
	ss := e.seriesOf(specs)
	us := e.seriesOf(unstored)
	get := func(d string, n int) *series { return e.r.done[spec{driver: d, etcDepth: n, hashMiB: e.hashMiB}] }
	bad := e.r.checkValues(append(append([]*series{}, ss...), us...), e.from, e.to, 10)
	etcProbesOf := func(st search.Stats) uint64 { return st.ETCProbes }

	var b strings.Builder
	e.head(&b, x, "§5.3", true, bad, len(names))
	fmt.Fprintf(&b, "Leaves with ETC at every interior node (003 Fig. 5.4 as written; `ETCDepth` %d) relative to the "+
		"same driver's without ETC, %s. 003 measured Phoenix (chess) to depth 9; its figure is not in the text copy, "+
		"the column gives the numbers of its text (§5.3), and the verdict judges the interval at depth %d against "+
		"them (003's are of depth 9).\n\n", etcEvery, intervalText, e.to)
	p1 := panel{title: "last iteration's leaves with ETC / without", x: "depth", y: "leaves with ETC / without", ref: 1}
	for _, m := range []struct {
		what  string
		r     func(a, b *series, d int, m metric) interval
		paper bool
	}{{"**The last iteration** (as 003 counts: the tree of depth d, searched after iterative deepening to d − 1):", lastRatio, true},
		{"**Cumulative** over iterative deepening from depth 1 (as 001 counts):", cumRatio, false}} {
		b.WriteString(m.what + "\n\n")
		t := table{head: e.depthHead("driver", x.Source+" (chess, depth 9)"), textLast: true}
		if m.paper {
			t.head = append(e.depthHead("driver", fmt.Sprintf("verdict (d%d)", e.to)), x.Source+" (chess, depth 9)")
		}
		for _, d := range names {
			on, off := get(d, etcEvery), get(d, 0)
			row := []string{d}
			l := line{name: d, style: style(d)}
			var iv interval
			for dd := e.from; dd <= e.to; dd++ {
				iv = m.r(on, off, dd, leavesOf)
				row = append(row, fmtCI(iv))
				l.add(float64(dd), iv)
			}
			paper, v := "—", "—"
			if d == "NegaScout" {
				paper = "0.781: \"lowered the number of expanded leaf nodes by a factor of 1.28\""
				v = verdict(iv, exactly(0.781))
			}
			if m.paper {
				row = append(row, v)
			} else {
				paper = "—"
			}
			t.add(append(row, paper)...)
			if m.paper {
				p1.lines = append(p1.lines, l)
			}
		}
		if slices.Contains(names, "MTDf") {
			row := []string{"MTDf with ETC / NegaScout without"}
			var iv interval
			for dd := e.from; dd <= e.to; dd++ {
				iv = m.r(get("MTDf", etcEvery), get("NegaScout", 0), dd, leavesOf)
				row = append(row, fmtCI(iv))
			}
			paper := "—"
			if m.paper {
				row = append(row, verdict(iv, exactly(0.752)))
				paper = "0.752: \"a factor of 1.33 fewer leaf nodes\" than the original (not in the figure)"
			}
			t.add(append(row, paper)...)
		}
		t.write(&b)
	}

	fmt.Fprintf(&b, "ETC from n plies above the leaves (`ETCDepth` n: ETC at nodes of remaining depth n or more), "+
		"at depth %d, relative to no ETC: leaves of the last iteration and cumulative, all nodes cumulative, with "+
		"intervals; probes per node is the cost (ETC probes / nodes, cumulative). 003 §5.3: \"performing ETC at "+
		"all interior nodes that are more than 2 ply away from the leaves [n = 3] results in most of the ETC "+
		"benefits with only a small computational overhead\"; it gives no numbers.\n\n", e.to)
	h := []string{"n"}
	for _, d := range sweep {
		h = append(h, d+" leaves, last", d+" leaves, cum.", d+" nodes, cum.", d+" probes/node")
	}
	t2 := table{head: append(h, "003 §5.3"), textLast: true}
	p2 := panel{title: fmt.Sprintf("ETC from n plies above the leaves, depth %d", e.to), x: "n (ETC at remaining depth ≥ n)",
		y: "last iteration's leaves with ETC / without", ref: 1}
	lines := make([]line, len(sweep))
	for i, d := range sweep {
		lines[i] = line{name: d, style: style(d)}
	}
	for _, n := range append([]int{0}, e.etcDepths...) {
		row := []string{"off"}
		if n > 0 {
			row[0] = fmt.Sprint(n)
		}
		for i, d := range sweep {
			s, off := get(d, n), get(d, 0)
			iv := lastRatio(s, off, e.to, leavesOf)
			probes := ratioInterval(s.cum(e.to, etcProbesOf), s.cum(e.to, nodesOf))
			row = append(row, fmtCI(iv), fmtCI(cumRatio(s, off, e.to, leavesOf)), fmtCI(cumRatio(s, off, e.to, nodesOf)),
				fmtIntervalPrec(probes, 2))
			if n > 0 {
				lines[i].add(float64(n), iv)
			}
		}
		paper := ""
		switch n {
		case 1:
			paper = "ETC at every interior node (Fig. 5.4)"
		case 3:
			paper = "\"most of the ETC benefits\""
		}
		t2.add(append(row, paper)...)
	}
	p2.lines = lines
	t2.write(&b)

	b.WriteString("NegaScout's leaves with ETC at every interior node relative to without, both ways of the " +
		"leaf-storing switch: the quiescence search's results stored (the papers' method, the tables above) and " +
		"table-free (Bounder's pure mode before), where ETC one ply above the horizon has no entry to find.\n\n")
	t3 := table{head: e.depthHead("NegaScout, ETC / no ETC", "")}
	t3.head = t3.head[:len(t3.head)-1]
	for _, r := range []struct {
		name    string
		on, off *series
		f       func(a, b *series, d int, m metric) interval
	}{{"leaves stored, last iteration", get("NegaScout", etcEvery), get("NegaScout", 0), lastRatio},
		{"leaves stored, cumulative", get("NegaScout", etcEvery), get("NegaScout", 0), cumRatio},
		{"not stored, last iteration", us[1], us[0], lastRatio},
		{"not stored, cumulative", us[1], us[0], cumRatio}} {
		row := []string{r.name}
		for dd := e.from; dd <= e.to; dd++ {
			row = append(row, fmtCI(r.f(r.on, r.off, dd, leavesOf)))
		}
		t3.add(row...)
	}
	t3.write(&b)

	out := append([]*series{}, ss...)
	for _, s := range us {
		c := *s
		c.driver += unstoredSuffix
		out = append(out, &c)
	}
	ns := lastRatio(get("NegaScout", etcEvery), get("NegaScout", 0), e.to, leavesOf)
	headline := fmt.Sprintf("ETC at every interior node leaves Aspiration NegaScout %s× the leaves of its last iteration "+
		"at depth %d (003 §5.3: 0.781 at depth 9; %s).", fmtCI(ns), e.to, verdict(ns, exactly(0.781)))
	return bad, e.finish(x, true, out, b.String(), headline, []panel{p1, p2})
}

// tableSize is 001's table-size sweep (Figs. 9 and 10): leaves at the
// deepest depth as the table grows, relative to alpha-beta with the same
// table, and relative to the driver's own with the largest.
func (e *env) tableSize() ([]string, error) {
	x := e.experiment("table-size")
	names := e.driverList([]string{"MTDf", "NegaScout", "AlphaBeta", "SSS", "DUAL"}, "AlphaBeta")
	var specs []spec
	for _, mib := range e.sizes { // size first: a job resizes its table the least
		for _, d := range names {
			specs = append(specs, spec{driver: d, hashMiB: mib})
		}
	}
	if err := e.r.run(e.ctx, x.Name, specs); err != nil {
		return nil, err
	}
	ss := e.seriesOf(specs)
	get := func(d string, mib int) *series { return e.r.done[spec{driver: d, hashMiB: mib}] }
	bad := e.r.checkValues(ss, e.from, e.to, 10)
	largest := e.sizes[len(e.sizes)-1]

	var b strings.Builder
	e.head(&b, x, "§3.3 and §5.2.2", false, bad, len(names))
	fmt.Fprintf(&b, "Leaves at depth %d relative to alpha-beta's with the same table, as 001 Figs. 9 and 10 plot ID "+
		"MT-SSS* and ID MT-DUAL* against ID Alpha-Beta over the table's size in entries (Bounder's entries are 16 "+
		"bytes: 1 MiB is 2^16 entries, the smallest table it makes), %s. The figures are not in the text copy; the "+
		"column gives its text.\n\n", e.to, intervalText)
	h := []string{"driver"}
	for _, mib := range e.sizes {
		h = append(h, fmt.Sprintf("%d MiB (2^%d)", mib, log2(ttEntries(mib))))
	}
	paperSize := map[string]string{
		"AlphaBeta": "1 (the baseline)",
		"SSS":       "> 1 for small tables; once \"the storage reaches a critical level\" it \"levels off and is generally better than Alpha-Beta\" (Fig. 9)",
		"DUAL":      "as SSS*, \"shifted to the left\": it needs less memory (Fig. 10)",
		"MTDf":      "not plotted; \"performs even better than Alpha-Beta when given less memory than needed\" (§5.2.2)",
		"NegaScout": "not plotted",
	}
	t := table{head: append(append([]string{}, h...), x.Source), textLast: true}
	t2 := table{head: h}
	p1 := panel{title: fmt.Sprintf("leaves relative to alpha-beta, depth %d", e.to), x: "table (MiB)", y: "leaves / AlphaBeta's", logX: true, ref: 1}
	p2 := panel{title: fmt.Sprintf("leaves relative to the %d MiB table", largest), x: "table (MiB)", y: fmt.Sprintf("leaves / leaves with %d MiB", largest), logX: true, ref: 1}
	for _, d := range names {
		row, row2 := []string{d}, []string{d}
		l1, l2 := line{name: d, style: style(d)}, line{name: d, style: style(d)}
		for _, mib := range e.sizes {
			r1 := cumRatio(get(d, mib), get("AlphaBeta", mib), e.to, leavesOf)
			r2 := cumRatio(get(d, mib), get(d, largest), e.to, leavesOf)
			row, row2 = append(row, fmtCI(r1)), append(row2, fmtCI(r2))
			l1.add(float64(mib), r1)
			l2.add(float64(mib), r2)
		}
		p := paperSize[d]
		if p == "" {
			p = "—"
		}
		t.add(append(row, p)...)
		t2.add(row2...)
		p1.lines, p2.lines = append(p1.lines, l1), append(p2.lines, l2)
	}
	t.write(&b)
	fmt.Fprintf(&b, "Each driver's leaves at depth %d relative to its own with the largest table: what a smaller table "+
		"costs it. 001 §3.3: \"a transposition table size of less than 2^20 entries will be more than adequate for "+
		"MT-SSS* under tournament conditions\".\n\n", e.to)
	t2.write(&b)
	headline := ""
	if slices.Contains(names, "SSS") {
		small, large := e.sizes[0], e.sizes[len(e.sizes)-1]
		headline = fmt.Sprintf("at depth %d MT-SSS* searches %s× alpha-beta's leaves with a table of %s and %s× with %s "+
			"(001 Fig. 9: above 1 for small tables, then \"generally better\").", e.to,
			fmtCI(cumRatio(get("SSS", small), get("AlphaBeta", small), e.to, leavesOf)), entriesText(small),
			fmtCI(cumRatio(get("SSS", large), get("AlphaBeta", large), e.to, leavesOf)), entriesText(large))
	}
	return bad, e.finish(x, false, ss, b.String(), headline, []panel{p1, p2})
}

func log2(n int) int {
	k := 0
	for n > 1 {
		n >>= 1
		k++
	}
	return k
}
