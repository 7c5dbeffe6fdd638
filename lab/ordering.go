package lab

import (
	"fmt"
	"slices"
	"strings"
)

// orderingDrivers are the ordering experiment's default drivers: MTD(f),
// its baseline, and alpha-beta, which leans on the ordering most.
var orderingDrivers = []string{"MTDf", "NegaScout", "AlphaBeta"}

// orderSpec is driver d's series with the learnt ordering (the other
// experiments') or without it (static).
func (e *env) orderSpec(d string, static bool) spec {
	return spec{driver: d, hashMiB: e.hashMiB, staticOrder: static}
}

// ordering is the open question of why MTD(f) ends where it does against
// Aspiration NegaScout, asked of the one factor no other experiment
// toggles: the move ordering. With the ordering the search learns turned
// off (killers, counter moves, histories: search.Options.StaticOrder)
// NegaScout's tree is further from the minimal graph; the question is
// whether MTD(f) then gains more, as 001's Phoenix, whose NegaScout was
// further from its minimal graph (003: 1.4), let it gain 5-10%.
func (e *env) ordering() ([]string, error) {
	x := e.experiment("ordering")
	names := e.driverList(orderingDrivers, "NegaScout")
	if !slices.Contains(names, "MTDf") {
		names = append([]string{"MTDf"}, names...)
	}
	var specs []spec
	for _, static := range []bool{false, true} {
		for _, d := range names {
			specs = append(specs, e.orderSpec(d, static))
		}
	}
	if err := e.r.run(e.ctx, x.Name, specs); err != nil {
		return nil, err
	}
	graphs, err := e.minimalGraphs(x.Name)
	if err != nil {
		return nil, err
	}
	get := func(d string, static bool) *series { return e.r.done[e.orderSpec(d, static)] }
	bad := e.r.checkValues(e.seriesOf(specs), e.from, e.to, 10)
	mg, bad := e.graphSeries(graphs, get("NegaScout", false), bad)
	orderName := map[bool]string{false: "learnt", true: "static"}

	var b strings.Builder
	e.head(&b, x, "§5.2.2; 003 §5.2", true, bad, len(names))
	fmt.Fprintf(&b, "Every driver twice: with the move ordering the search learns as it goes (killers, the counter "+
		"move, the butterfly, continuation and capture histories: the other experiments' ordering, \"learnt\") and "+
		"without it (`search.Options.StaticOrder`, \"static\": the table's move, captures by MVV-LVA and static "+
		"exchange, quiet moves in the order they are generated). The question is the one no other experiment toggles: "+
		"whether MTD(f)'s gain over Aspiration NegaScout (001 Fig. 13: 5-10%%) depends on how far NegaScout's tree is "+
		"from the minimal graph (003 §5.2: Phoenix's was 1.4 times it). Every ratio %s.\n\n", strings.TrimPrefix(intervalText, "each "))

	b.WriteString("Leaves relative to Aspiration NegaScout's with the same ordering, cumulative over iterative deepening:\n\n")
	t := table{head: append(e.depthHead("driver, ordering", fmt.Sprintf("verdict (d%d)", e.to)), "001 Fig. 13 (chess)"), textLast: true}
	p1 := panel{title: "leaves / NegaScout's (same ordering)", x: "depth", y: "leaves / NegaScout's", ref: 1}
	var headMTDf [2]interval
	for k, static := range []bool{false, true} {
		for _, d := range names {
			if d == "NegaScout" {
				continue
			}
			s := get(d, static)
			row := []string{d + ", " + orderName[static]}
			l := line{name: d + " " + orderName[static], style: style(d) + 8*k}
			var iv interval
			for dd := e.from; dd <= e.to; dd++ {
				iv = cumRatio(s, get("NegaScout", static), dd, leavesOf)
				row = append(row, fmtCI(iv))
				l.add(float64(dd), iv)
			}
			v, paper := "—", "—"
			if d == "MTDf" {
				headMTDf[k] = iv
				v = verdict(iv, paperRange{0.90, 0.95})
				paper = "≈ 0.90–0.95 (Phoenix): \"averaging a 5–10% improvement\" (§5.2.2)"
			}
			t.add(append(row, v, paper)...)
			p1.lines = append(p1.lines, l)
		}
	}
	t.write(&b)

	b.WriteString("Each driver's last iteration's leaves relative to the left-first minimal graph's of the same depth " +
		"(`minimal-graph`'s measure: the graph does not depend on the drivers' ordering), and the static ordering's " +
		"leaves relative to the learnt one's for the same driver (cumulative):\n\n")
	t2 := table{head: e.depthHead("driver, ordering", "")}
	t2.head = t2.head[:len(t2.head)-1]
	p2 := panel{title: "last iteration's leaves / minimal graph's", x: "depth", y: "leaves / minimal graph's", ref: 1}
	var headGraph [2]interval
	for k, static := range []bool{false, true} {
		for _, d := range names {
			s := get(d, static)
			row := []string{d + ", " + orderName[static] + " / minimal graph"}
			l := line{name: d + " " + orderName[static] + " / graph", style: style(d) + 8*k}
			var iv interval
			for dd := e.from; dd <= e.to; dd++ {
				iv = lastRatio(s, mg, dd, leavesOf)
				row = append(row, fmtCI(iv))
				l.add(float64(dd), iv)
			}
			if d == "NegaScout" {
				headGraph[k] = iv
			}
			t2.add(row...)
			p2.lines = append(p2.lines, l)
		}
	}
	for _, d := range names {
		row := []string{d + ", static / learnt"}
		for dd := e.from; dd <= e.to; dd++ {
			row = append(row, fmtCI(cumRatio(get(d, true), get(d, false), dd, leavesOf)))
		}
		t2.add(row...)
	}
	t2.write(&b)

	var out []*series
	for _, static := range []bool{false, true} {
		for _, d := range names {
			c := *get(d, static)
			c.driver = d + " " + orderName[static] + " order"
			out = append(out, &c)
		}
	}
	mgc := *mg
	out = append(out, &mgc)
	cm := e.comments(x, true)
	cm[2] = e.searchLine(true) + "; the series named \"DRIVER learnt order\" (the other experiments' ordering) and " +
		"\"DRIVER static order\" (search.Options.StaticOrder), and the minimal graph"
	if err := e.writeCSV(x.Name, cm, out); err != nil {
		return nil, err
	}
	if err := e.writePlots(x.Name, []panel{p1, p2}); err != nil {
		return nil, err
	}
	headline := fmt.Sprintf("at depth %d, without the ordering the search learns, MTD(f) searches %s× Aspiration "+
		"NegaScout's leaves (with it: %s; 001 Fig. 13: 0.90–0.95), and NegaScout's last iteration %s× the minimal "+
		"graph's (with it: %s).", e.to, fmtCI(headMTDf[1]), fmtCI(headMTDf[0]), fmtCI(headGraph[1]), fmtCI(headGraph[0]))
	return bad, e.writeMD(x, b.String(), headline)
}
