package lab

import (
	"fmt"
	"strings"

	"github.com/bounder-chess/bounder/search"
)

// minimalName names the minimal graph's row in the CSV (driver column).
const minimalName = "minimal graph"

// minimalGraph is 003 §5.2 (Fig. 5.3): every driver's tree relative to the
// left-first minimal graph (search.MinimalGraphs), per depth. As 003 does,
// it compares the last iteration's tree (not the cumulative count of the
// other experiments) with the graph of that depth; the whole search's count
// is given as well.
func (e *env) minimalGraph() ([]string, error) {
	x := e.experiment("minimal-graph")
	names := e.driverList(allDrivers, "NegaScout")
	specs := e.driverSpecs(names)
	if err := e.r.run(e.ctx, x.Name, specs); err != nil {
		return nil, err
	}
	ss := e.seriesOf(specs)
	graphs, err := e.minimalGraphs(x.Name)
	if err != nil {
		return nil, err
	}
	bad := e.r.checkValues(ss, e.from, e.to, 10)
	ref := e.r.done[spec{driver: "NegaScout", hashMiB: e.hashMiB}]
	mg, bad := e.graphSeries(graphs, ref, bad)
	last := func(s *series, d int, get metric) uint64 { return get(s.at[d]) - get(s.at[d-1]) }
	leaves, nodes := leavesOf, nodesOf

	var b strings.Builder
	e.head(&b, x, "§5.2", true, bad, len(names)+1)
	fmt.Fprintf(&b, "Leaves of each driver's last iteration (depth d, after iterative deepening from depth 1) relative "+
		"to the leaves of the left-first minimal graph of depth d, summed over the set. The graph is 003's (§5.2): "+
		"the tree a left-to-right search walks to prove the value when its first move at every node is the best one, "+
		"transpositions reused. `search.MinimalGraphs` builds it with a solver of its own (an alpha-beta with a "+
		"table that loses nothing), whose best moves are the oracle, and counts the proof that the value is at least "+
		"and at most ƒ, each node's proof of a bound once, quiescence nodes included (as the drivers' table keeps "+
		"their bounds, `StoreLeaves`); its value is checked against every driver's. 003 Fig. 5.3 "+
		"plots Aspiration NegaScout's last iteration, all nodes, for Phoenix (chess), Chinook and Keyano; its figure "+
		"is not in the text copy, the column gives its text, and the verdict judges the interval at depth %d against "+
		"the literature's range it quotes (Zugzwang 1.2 to Belle 2.2). Every ratio %s.\n\n", e.to, strings.TrimPrefix(intervalText, "each "))
	t := table{head: append(e.depthHead("driver", fmt.Sprintf("verdict (d%d)", e.to)), x.Source+" (chess)"), textLast: true}
	p1 := panel{title: "last iteration's leaves / minimal graph's", x: "depth", y: "leaves / minimal graph's", ref: 1}
	p2 := panel{title: "last iteration's nodes / minimal graph's", x: "depth", y: "nodes / minimal graph's", ref: 1}
	for _, s := range ss {
		row := []string{s.driver}
		l1, l2 := line{name: s.driver, style: style(s.driver)}, line{name: s.driver, style: style(s.driver)}
		var iv interval
		for d := e.from; d <= e.to; d++ {
			iv = lastRatio(s, mg, d, leaves)
			row = append(row, fmtCI(iv))
			l1.add(float64(d), iv)
			l2.add(float64(d), lastRatio(s, mg, d, nodes))
		}
		paper, v := "—", "—"
		switch s.driver {
		case "NegaScout":
			paper = "within a small factor, worse at even depths (Fig. 5.3, Phoenix); " +
				"literature: Zugzwang 1.2, Phoenix 1.4, Hitech 1.5 (8 ply), Belle 2.2"
			v = verdict(iv, paperRange{1.2, 2.2})
		case "BNS":
			paper = "— (proves a lower bound only, not the value)"
		}
		t.add(append(row, v, paper)...)
		p1.lines, p2.lines = append(p1.lines, l1), append(p2.lines, l2)
	}
	t.write(&b)
	mrow := []string{"leaves", "interior", "nodes"}
	tm := table{head: e.depthHead("minimal graph", "")}
	tm.head = tm.head[:len(tm.head)-1]
	for j, get := range []func(search.Stats) uint64{leaves, func(st search.Stats) uint64 { return st.Interior }, nodes} {
		row := []string{mrow[j]}
		for d := e.from; d <= e.to; d++ {
			row = append(row, fmt.Sprint(last(mg, d, get)))
		}
		tm.add(row...)
	}
	b.WriteString("The minimal graph itself, summed over the set (interior: main-search nodes; nodes: every node " +
		"its walk visits, quiescence nodes and each arrival at a transposition included, as `Stats.Nodes` counts " +
		"them):\n\n")
	tm.write(&b)

	b.WriteString("All nodes of the last iteration relative to the minimal graph's (003's measure for Fig. 5.3):\n\n")
	tn := table{head: e.depthHead("driver", "")}
	tn.head = tn.head[:len(tn.head)-1]
	for _, s := range ss {
		row := []string{s.driver}
		for d := e.from; d <= e.to; d++ {
			row = append(row, fmtCI(lastRatio(s, mg, d, nodes)))
		}
		tn.add(row...)
	}
	tn.write(&b)

	// Where the excess is: the last iteration's interior nodes at each
	// remaining depth (leaves at 0) against the graph's, at the last depth.
	var gd search.DepthStats
	gds := make([]depthCounts, len(graphs))
	for i, gs := range graphs {
		gd.Add(&gs[e.to-1].Depths)
		gds[i] = newDepthCounts(&gs[e.to-1].Depths, e.to)
	}
	// byDepth is a series' (or the graph's) count at remaining depth r per
	// position: interior nodes, leaves at r = 0.
	byDepth := func(cs []depthCounts, r int) []float64 {
		xs := make([]float64, len(cs))
		for i, c := range cs {
			if r == 0 {
				xs[i] = float64(c.leaves[0])
			} else {
				xs[i] = float64(c.interior[r])
			}
		}
		return xs
	}
	fmt.Fprintf(&b, "By remaining depth, at depth %d: the last iteration's interior nodes (main-search nodes that "+
		"generated moves) at r plies above the horizon relative to the minimal graph's; r = 0 is the leaves. "+
		"Counted by `search.Options.DepthStats`. r = %d is the root; the nodes an odd number of plies below it "+
		"(r = %d, %d, …) are mostly the graph's cut nodes (one child in the graph, found first only if the move "+
		"ordering is right), the others mostly nodes whose every child is in the graph (003 §5.2 on odd and even "+
		"depths).\n\n", e.to, e.to, e.to-1, e.to-3)
	hd := []string{"driver"}
	for r := e.to; r >= 0; r-- {
		hd = append(hd, fmt.Sprintf("r = %d", r))
	}
	td := table{head: hd}
	grow := []string{"minimal graph (count)"}
	for r := e.to; r >= 1; r-- {
		grow = append(grow, fmt.Sprint(gd.Interior[r]))
	}
	td.add(append(grow, fmt.Sprint(gd.Leaves[0]))...)
	for _, s := range ss {
		row := []string{s.driver}
		for r := e.to; r >= 0; r-- {
			row = append(row, fmtCI(ratioInterval(byDepth(s.lastDepths, r), byDepth(gds, r))))
		}
		td.add(row...)
	}
	td.write(&b)

	b.WriteString("The whole search's leaves (cumulative from depth 1, as the other experiments count them) relative " +
		"to the minimal graph of the last depth: never below 1 (`search` tests it, summed over a dozen positions, depths 1-4).\n\n")
	tc := table{head: e.depthHead("driver", "")}
	tc.head = tc.head[:len(tc.head)-1]
	for _, s := range ss {
		row := []string{s.driver}
		for d := e.from; d <= e.to; d++ {
			row = append(row, fmtCI(ratioInterval(s.cum(d, leaves), mg.last(d, leaves))))
		}
		tc.add(row...)
	}
	tc.write(&b)
	iv := lastRatio(ref, mg, e.to, leaves)
	headline := fmt.Sprintf("at depth %d Aspiration NegaScout's last iteration searches %s× the leaves of the left-first "+
		"minimal graph (003 quotes Zugzwang 1.2, Phoenix 1.4, Hitech 1.5, Belle 2.2; %s).", e.to, fmtCI(iv),
		verdict(iv, paperRange{1.2, 2.2}))
	return bad, e.finish(x, true, append(ss, mg), b.String(), headline, []panel{p1, p2})
}

// minimalGraphs computes every position's minimal graphs of depths 1 to
// e.to (those not in the journal), spread over the runner's jobs.
func (e *env) minimalGraphs(label string) ([][]search.Minimal, error) {
	opt := spec{driver: "NegaScout"}.options() // pure mode; the evaluation is all it reads
	out := make([][]search.Minimal, len(e.set.list))
	var todo []int
	for i := range e.set.list {
		if gs, ok := e.graphsFromJournal(i); ok {
			out[i] = gs
			continue
		}
		todo = append(todo, i)
	}
	m := e.r.meter(label+" (minimal graphs)", len(todo))
	err := e.r.parallel(e.ctx, m, len(todo), func(_, k int) error {
		i := todo[k]
		gs, err := search.MinimalGraphs(e.ctx, e.set.list[i].pos, e.to, opt)
		switch {
		case e.ctx.Err() != nil:
			return e.ctx.Err()
		case err != nil:
			return fmt.Errorf("%s: %w", e.set.list[i].id, err)
		}
		out[i] = gs
		return e.graphsToJournal(i, gs)
	})
	m.finish(err != nil)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// graphSeries is the minimal graphs as a series: their counts cumulative
// over the depths (as the drivers' are over iterations), so that the CSV's
// difference of two depths is one graph, as it is one iteration for a
// driver. Each graph's value is checked against ref's, the disagreements
// added to bad (at most 10).
func (e *env) graphSeries(graphs [][]search.Minimal, ref *series, bad []string) (*series, []string) {
	mg := &series{spec: spec{driver: minimalName}, at: make([]search.Stats, e.to+1), per: make([][]search.Stats, len(graphs))}
	for i, gs := range graphs {
		mg.per[i] = make([]search.Stats, e.to+1)
		for d := 1; d <= e.to; d++ {
			g := gs[d-1]
			st := &mg.at[d]
			st.Leaves += g.Leaves
			st.Interior += g.Interior
			st.Nodes += g.Nodes
			p := &mg.per[i][d]
			*p = mg.per[i][d-1]
			p.Leaves += g.Leaves
			p.Interior += g.Interior
			p.Nodes += g.Nodes
			if v := ref.values[i][d]; d >= e.from && !graphAgrees(g.Value, v.score) && len(bad) < 10 {
				bad = append(bad, fmt.Sprintf("%s depth %d: the minimal graph's value %d, %s %d", e.set.list[i].id, d,
					g.Value, ref.label(), v.score))
			}
		}
	}
	for d := 2; d <= e.to; d++ {
		mg.at[d] = addStats(mg.at[d], mg.at[d-1])
	}
	return mg, bad
}

// graphKey names position i's minimal graphs in the journal.
func (e *env) graphKey(i int) string {
	// "quiescence once": the count since quiescence proofs are counted once
	// (search.Options.StoreLeaves), so a journal of the older count is not
	// read as this one.
	return fmt.Sprintf("minimal graph|depth %d|quiescence once|%s", e.to, e.set.list[i].pos.FEN())
}

// graphsToJournal appends position i's minimal graphs: each depth's value
// and counts, then the last depth's interior nodes and leaves by remaining
// depth (all that minimalGraph reads of them).
func (e *env) graphsToJournal(i int, gs []search.Minimal) error {
	j := e.r.journal
	if j == nil {
		return nil
	}
	var cells []string
	for _, g := range gs {
		cells = appendInts(cells, g.Value)
		cells = appendUints(cells, g.Leaves, g.Interior, g.Nodes)
	}
	last := &gs[len(gs)-1].Depths
	cells = appendUints(cells, last.Interior[:e.to+1]...)
	cells = appendUints(cells, last.Leaves[:e.to+1]...)
	return j.add(e.graphKey(i), cells)
}

// graphsFromJournal reads what graphsToJournal wrote.
func (e *env) graphsFromJournal(i int) ([]search.Minimal, bool) {
	j := e.r.journal
	if j == nil {
		return nil, false
	}
	key := e.graphKey(i)
	cells, ok := j.get(key)
	if !ok {
		return nil, false
	}
	c := &cellReader{cells: cells}
	gs := make([]search.Minimal, e.to)
	for d := range gs {
		g := &gs[d]
		g.Depth, g.Value = d+1, c.int()
		g.Leaves, g.Interior, g.Nodes = c.uint(), c.uint(), c.uint()
	}
	last := &gs[e.to-1].Depths
	for r := 0; r <= e.to; r++ {
		last.Interior[r] = c.uint()
	}
	for r := 0; r <= e.to; r++ {
		last.Leaves[r] = c.uint()
	}
	if c.done() != nil {
		j.forget(key)
		return nil, false
	}
	return gs, true
}

// graphAgrees reports whether a minimal graph's value and a driver's are
// one value: equal, or two mates for the same side (the solver proves the
// mate's distance, where a driver may report MateBound for a mate it
// cannot show as a line; see sameMate).
func graphAgrees(graph, driver int) bool {
	return graph == driver || sameMate(graph, driver)
}
