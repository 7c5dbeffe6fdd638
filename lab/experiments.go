package lab

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"gonum.org/v1/plot/plotter"

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
		{Name: "synthetic-negascout", Source: "002 Fig. 4", Title: "NegaScout's leaves relative to alpha-beta's on uniform synthetic trees, over width and depth", run: (*env).syntheticNegaScout},
		{Name: "synthetic-bns", Source: "004 Fig. 13/14", Title: "every driver's leaves and total nodes relative to MTD(f) on 004's synthetic trees, widths 2-5", run: (*env).syntheticBNS},
		{Name: "synthetic-minimal", Source: "003 (K&M)", Title: "every driver's leaves relative to the minimal tree on ordered synthetic trees", run: (*env).syntheticMinimal},
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
	out       string
	flags     string // the flags that shape the results, for the command lines written
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

// setLine says what was searched, for the Markdown and the CSV.
func (e *env) setLine(hash bool) string {
	s := fmt.Sprintf("%s; depths %d..%d, every count cumulative over iterative deepening from depth 1", e.set.describe(), e.from, e.to)
	if hash {
		s += fmt.Sprintf("; table %d MiB (%s)", e.hashMiB, entriesText(e.hashMiB))
	}
	return s + "; pure mode (no pruning, reductions or extensions) storing a bound for every node it searches, " +
		"quiescence and horizon nodes included, as 001's MT (Fig. 17; `StoreLeaves`), one thread, MTD(f) as 001 " +
		"Fig. 11 has it (no acceleration)"
}

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
func (e *env) finish(x *Experiment, hash bool, ss []*series, md string, panels []panel) error {
	if err := e.writeCSV(x.Name, e.comments(x, hash), ss); err != nil {
		return err
	}
	if err := e.writePlots(x.Name, panels); err != nil {
		return err
	}
	return e.writeFile(x.Name+".md", []byte(md))
}

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

// drivers is drivers-leaves (001 Fig. 13) or, with total, drivers-total
// (Fig. 14): every driver's count relative to Aspiration NegaScout's, at
// each depth, over the set.
func (e *env) drivers(total bool) ([]string, error) {
	x := e.experiment("drivers-leaves")
	metric, what, paper := "leaves", "Leaf nodes (static evaluations)", paperLeaves
	get := func(st search.Stats) uint64 { return st.Leaves }
	if total {
		x = e.experiment("drivers-total")
		metric, what, paper = "nodes", "Total nodes (interior, leaves and quiescence nodes)", paperTotal
		get = func(st search.Stats) uint64 { return st.Nodes }
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
	if err := e.r.run(e.ctx, x.Name, append(append([]spec{}, specs...), unstored...)); err != nil {
		return nil, err
	}
	ss := e.seriesOf(specs)
	us := e.seriesOf(unstored)
	base := e.r.done[spec{driver: "NegaScout", hashMiB: e.hashMiB}]
	bad := e.r.checkValues(append(append([]*series{}, ss...), us...), e.from, e.to, 10)

	var b strings.Builder
	e.head(&b, x, "§5", true, bad, len(names))
	fmt.Fprintf(&b, "%s relative to Aspiration NegaScout's, summed over the set, cumulative over iterative deepening "+
		"(001 §5.2). The last column is what 001 reports for chess (Phoenix; 20 positions from tournament games, "+
		"depths up to 8, a table of 2^21 entries): its figures are not in the text copy, so the column gives the "+
		"numbers and judgements of its text.\n\n", what)
	t := table{head: e.depthHead("driver", x.Source+" (chess)"), textLast: true}
	pl := panel{title: fmt.Sprintf("%s relative to Aspiration NegaScout", metric), x: "depth", y: metric + " / NegaScout's", ref: 1}
	for _, s := range ss {
		row := []string{s.driver}
		l := line{name: s.driver, style: style(s.driver)}
		for d := e.from; d <= e.to; d++ {
			r := ratio(get(s.at[d]), get(base.at[d]))
			row = append(row, fmtRatio(r))
			l.xy = append(l.xy, plotter.XY{X: float64(d), Y: r})
		}
		t.add(append(row, paper[s.driver])...)
		pl.lines = append(pl.lines, l)
	}
	t.write(&b)
	fmt.Fprintf(&b, "NegaScout's %s at depth %d: %d.", metric, e.to, get(base.at[e.to]))
	if !total {
		b.WriteString(" 001 §6: \"All algorithms, including MTD(ƒ), perform within a few percentage points of each " +
			"other's leaf counts.\"")
	}
	b.WriteString("\n\n")
	if len(us) == 2 {
		e.leafStoreTable(&b, metric, get, ss, us)
	}
	if total {
		b.WriteString("MT calls (passes at the root) per iteration, the mean over the set; the papers count every " +
			"root search of a window as one.\n\n")
		pt := table{head: e.depthHead("driver", "001 §5.2.2"), textLast: true}
		n := float64(len(e.set.list))
		for _, s := range ss {
			row := []string{s.driver}
			for d := e.from; d <= e.to; d++ {
				row = append(row, fmt.Sprintf("%.1f", float64(s.at[d].Passes-s.at[d-1].Passes)/n))
			}
			p := paperPasses[s.driver]
			if p == "" {
				p = "—"
			}
			pt.add(append(row, p)...)
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
	return bad, e.finish(x, true, out, b.String(), []panel{pl})
}

// unstoredSuffix names a series without stored leaves (spec.noLeafStore)
// in the CSV's driver column.
const unstoredSuffix = " leaves not stored"

// leafStoreTable writes drivers-leaves' and drivers-total's table of the
// leaf-storing switch both ways: MTD(f) relative to NegaScout with the
// quiescence search's results stored (the papers' method, the table above)
// and without, and each driver's count with them stored relative to
// without. us are MTD(f)'s and NegaScout's series without.
func (e *env) leafStoreTable(b *strings.Builder, metric string, get func(search.Stats) uint64, ss, us []*series) {
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
		"MT pass evaluates its leaves again). %s, cumulative:\n\n", strings.ToUpper(metric[:1])+metric[1:])
	t := table{head: e.depthHead("ratio", "")}
	t.head = t.head[:len(t.head)-1]
	for _, r := range []struct {
		name string
		a, b *series
	}{{"MTDf / NegaScout, leaves stored", mtdf, ns}, {"MTDf / NegaScout, not stored", mtdfOff, nsOff},
		{"MTDf stored / not stored", mtdf, mtdfOff}, {"NegaScout stored / not stored", ns, nsOff}} {
		row := []string{r.name}
		for d := e.from; d <= e.to; d++ {
			row = append(row, fmtRatio(ratio(get(r.a.at[d]), get(r.b.at[d]))))
		}
		t.add(row...)
	}
	t.write(b)
}

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
	leaves := func(st search.Stats) uint64 { return st.Leaves }
	nodes := func(st search.Stats) uint64 { return st.Nodes }
	// lastRatio and cumRatio: a over b at depth d, of the last iteration's
	// count and of the cumulative one.
	lastRatio := func(a, b *series, d int, m func(search.Stats) uint64) float64 {
		return ratio(m(a.at[d])-m(a.at[d-1]), m(b.at[d])-m(b.at[d-1]))
	}
	cumRatio := func(a, b *series, d int, m func(search.Stats) uint64) float64 { return ratio(m(a.at[d]), m(b.at[d])) }

	var b strings.Builder
	e.head(&b, x, "§5.3", true, bad, len(names))
	fmt.Fprintf(&b, "Leaves with ETC at every interior node (003 Fig. 5.4 as written; `ETCDepth` %d) relative to the "+
		"same driver's without ETC. 003 measured Phoenix (chess) to depth 9; its figure is not in the text copy, "+
		"the column gives the numbers of its text (§5.3).\n\n", etcEvery)
	p1 := panel{title: "last iteration's leaves with ETC / without", x: "depth", y: "leaves with ETC / without", ref: 1}
	for _, m := range []struct {
		what  string
		r     func(a, b *series, d int, m func(search.Stats) uint64) float64
		paper bool
	}{{"**The last iteration** (as 003 counts: the tree of depth d, searched after iterative deepening to d − 1):", lastRatio, true},
		{"**Cumulative** over iterative deepening from depth 1 (as 001 counts):", cumRatio, false}} {
		b.WriteString(m.what + "\n\n")
		t := table{head: e.depthHead("driver", x.Source+" (chess, depth 9)"), textLast: true}
		for _, d := range names {
			on, off := get(d, etcEvery), get(d, 0)
			row := []string{d}
			l := line{name: d, style: style(d)}
			for dd := e.from; dd <= e.to; dd++ {
				r := m.r(on, off, dd, leaves)
				row = append(row, fmtRatio(r))
				l.xy = append(l.xy, plotter.XY{X: float64(dd), Y: r})
			}
			paper := "—"
			if d == "NegaScout" && m.paper {
				paper = "0.781: \"lowered the number of expanded leaf nodes by a factor of 1.28\""
			}
			t.add(append(row, paper)...)
			if m.paper {
				p1.lines = append(p1.lines, l)
			}
		}
		if slices.Contains(names, "MTDf") {
			row := []string{"MTDf with ETC / NegaScout without"}
			for dd := e.from; dd <= e.to; dd++ {
				row = append(row, fmtRatio(m.r(get("MTDf", etcEvery), get("NegaScout", 0), dd, leaves)))
			}
			paper := "—"
			if m.paper {
				paper = "0.752: \"a factor of 1.33 fewer leaf nodes\" than the original (not in the figure)"
			}
			t.add(append(row, paper)...)
		}
		t.write(&b)
	}

	fmt.Fprintf(&b, "ETC from n plies above the leaves (`ETCDepth` n: ETC at nodes of remaining depth n or more), "+
		"at depth %d, relative to no ETC: leaves of the last iteration and cumulative, all nodes cumulative; probes "+
		"per node is the cost (ETC probes / nodes, cumulative). 003 §5.3: \"performing ETC at all interior nodes "+
		"that are more than 2 ply away from the leaves [n = 3] results in most of the ETC benefits with only a "+
		"small computational overhead\"; it gives no numbers.\n\n", e.to)
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
			r := lastRatio(s, off, e.to, leaves)
			row = append(row, fmtRatio(r), fmtRatio(cumRatio(s, off, e.to, leaves)), fmtRatio(cumRatio(s, off, e.to, nodes)),
				fmt.Sprintf("%.2f", ratio(s.at[e.to].ETCProbes, s.at[e.to].Nodes)))
			if n > 0 {
				lines[i].xy = append(lines[i].xy, plotter.XY{X: float64(n), Y: r})
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
		name string
		on   *series
		off  *series
		f    func(a, b *series, d int, m func(search.Stats) uint64) float64
	}{{"leaves stored, last iteration", get("NegaScout", etcEvery), get("NegaScout", 0), lastRatio},
		{"leaves stored, cumulative", get("NegaScout", etcEvery), get("NegaScout", 0), cumRatio},
		{"not stored, last iteration", us[1], us[0], lastRatio},
		{"not stored, cumulative", us[1], us[0], cumRatio}} {
		row := []string{r.name}
		for dd := e.from; dd <= e.to; dd++ {
			row = append(row, fmtRatio(r.f(r.on, r.off, dd, leaves)))
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
	return bad, e.finish(x, true, out, b.String(), []panel{p1, p2})
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
	get := func(d string, mib int) search.Stats { return e.r.done[spec{driver: d, hashMiB: mib}].at[e.to] }
	bad := e.r.checkValues(ss, e.from, e.to, 10)
	largest := e.sizes[len(e.sizes)-1]

	var b strings.Builder
	e.head(&b, x, "§3.3 and §5.2.2", false, bad, len(names))
	fmt.Fprintf(&b, "Leaves at depth %d relative to alpha-beta's with the same table, as 001 Figs. 9 and 10 plot ID "+
		"MT-SSS* and ID MT-DUAL* against ID Alpha-Beta over the table's size in entries (Bounder's entries are 16 "+
		"bytes: 1 MiB is 2^16 entries, the smallest table it makes). The figures are not in the text copy; the "+
		"column gives its text.\n\n", e.to)
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
			r1 := ratio(get(d, mib).Leaves, get("AlphaBeta", mib).Leaves)
			r2 := ratio(get(d, mib).Leaves, get(d, largest).Leaves)
			row, row2 = append(row, fmtRatio(r1)), append(row2, fmtRatio(r2))
			l1.xy = append(l1.xy, plotter.XY{X: float64(mib), Y: r1})
			l2.xy = append(l2.xy, plotter.XY{X: float64(mib), Y: r2})
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
	return bad, e.finish(x, false, ss, b.String(), []panel{p1, p2})
}

func log2(n int) int {
	k := 0
	for n > 1 {
		n >>= 1
		k++
	}
	return k
}
