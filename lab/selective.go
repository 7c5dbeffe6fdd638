package lab

import (
	"fmt"
	"slices"
	"strings"
)

// selectiveSuffix names a selective-mode series in the CSV's driver column.
const selectiveSuffix = " selective"

// selective runs every driver in pure mode and in selective mode (Bounder's
// playing search: pruning, reductions and extensions; ETC and MTD(f)'s
// acceleration stay off in both, so that Selective is the one difference)
// and puts each mode's leaves and total nodes relative to its own Aspiration
// NegaScout side by side: what the selective search does to the drivers'
// order. In selective mode the drivers search different trees and need not
// agree on the value; how often they differ is counted, not failed.
func (e *env) selective() ([]string, error) {
	x := e.experiment("selective")
	names := e.driverList(allDrivers, "NegaScout")
	var pure, sel []spec
	for _, d := range names {
		pure = append(pure, spec{driver: d, hashMiB: e.hashMiB})
		sel = append(sel, spec{driver: d, hashMiB: e.hashMiB, selective: true})
	}
	if err := e.r.run(e.ctx, x.Name, append(append([]spec{}, pure...), sel...)); err != nil {
		return nil, err
	}
	ps, ss := e.seriesOf(pure), e.seriesOf(sel)
	bad := e.r.checkValues(ps, e.from, e.to, 10)
	basePure := e.r.done[spec{driver: "NegaScout", hashMiB: e.hashMiB}]
	baseSel := e.r.done[spec{driver: "NegaScout", hashMiB: e.hashMiB, selective: true}]
	leaves, nodes := leavesOf, nodesOf
	n := len(e.set.list)
	cells := n * (e.to - e.from + 1)

	var b strings.Builder
	fmt.Fprintf(&b, "# %s: %s\n\n", x.Name, x.Title)
	fmt.Fprintf(&b, "Extends **%s** (%s, §5.2 and §6) to Bounder's selective search. Made by `%s`.\n\n", x.Source, papers["001"], e.command(x.Name))
	fmt.Fprintf(&b, "Set: %s; depths %d..%d, every count cumulative over iterative deepening from depth 1; table %d MiB "+
		"(%s); one thread; ETC off and MTD(f) as 001 Fig. 11 has it (no acceleration) in both modes, so that "+
		"`Selective` is the one difference; the first iteration started at the root's static evaluation (`FirstIteration` "+
		"eval) in both; %s. Selective mode is Bounder's playing search but for these: in play ETC is on from depth 8, "+
		"MTD(f) accelerates, the first iteration starts at 0 and the grain is %d cp.\n\n", e.set.describe(), e.from, e.to,
		e.hashMiB, entriesText(e.hashMiB), evalText, playingGrain)
	writeValues(&b, bad, fmt.Sprintf("Values: in pure mode every series (%d drivers) reached the same value on every position at every "+
		"depth (Best Node Search's score is a lower bound: never above it). In selective mode each driver searches "+
		"its own tree (what is pruned or reduced depends on the windows), so the values may differ: counted below.", len(names)),
		"Values: **the pure-mode series disagree** (pure mode requires one value per position and depth):")
	fmt.Fprintf(&b, "Leaves and total nodes relative to Aspiration NegaScout's **in the same mode**, summed over the set, %s. "+
		"001 ran its programs with forward pruning and search extensions disabled (footnote 4) and claims that the MT "+
		"framework takes them \"with no practical restrictions\" (§6); it measured nothing in selective mode.\n\n", intervalText)

	paper := map[string]string{
		"NegaScout": "1 (the baseline)",
		"MTDf":      "pure: ≈ 0.90–0.95 (§5.2.2); selective: not measured",
	}
	p1 := panel{title: "pure mode: leaves / NegaScout's", x: "depth", y: "leaves / NegaScout's", ref: 1}
	p2 := panel{title: "selective mode: leaves / NegaScout's", x: "depth", y: "leaves / NegaScout's", ref: 1}
	for _, m := range []struct {
		what string
		get  metric
	}{{"leaves", leaves}, {"total nodes", nodes}} {
		h := []string{"driver"}
		for d := e.from; d <= e.to; d++ {
			h = append(h, fmt.Sprintf("pure d%d", d))
		}
		for d := e.from; d <= e.to; d++ {
			h = append(h, fmt.Sprintf("sel. d%d", d))
		}
		t := table{head: append(h, fmt.Sprintf("verdict (pure d%d)", e.to), x.Source+" (chess)"), textLast: true}
		for i := range names {
			row := []string{names[i]}
			l1, l2 := line{name: names[i], style: style(names[i])}, line{name: names[i], style: style(names[i])}
			var iv interval
			for d := e.from; d <= e.to; d++ {
				iv = cumRatio(ps[i], basePure, d, m.get)
				row = append(row, fmtCI(iv))
				l1.add(float64(d), iv)
			}
			for d := e.from; d <= e.to; d++ {
				r := cumRatio(ss[i], baseSel, d, m.get)
				row = append(row, fmtCI(r))
				l2.add(float64(d), r)
			}
			p := paper[names[i]]
			if p == "" {
				p = "—"
			}
			v := "—"
			if m.what == "leaves" {
				v = verdictCell(rangeLeaves, names[i], iv)
			} else {
				v = verdictCell(rangeTotal, names[i], iv)
			}
			t.add(append(row, v, p)...)
			if m.what == "leaves" {
				p1.lines, p2.lines = append(p1.lines, l1), append(p2.lines, l2)
			}
		}
		fmt.Fprintf(&b, "%s relative to NegaScout's, pure mode then selective mode:\n\n", strings.ToUpper(m.what[:1])+m.what[1:])
		t.write(&b)
	}

	fmt.Fprintf(&b, "What selectivity does to each driver: its selective-mode count over its pure-mode count at depth %d, "+
		"MT calls (passes at the root) per iteration at depth %d in both modes (the mean over the set), and how often its "+
		"selective value differs from selective NegaScout's, over the %d position-depth pairs (for Best Node Search: how "+
		"often its lower bound is above NegaScout's value), with the median size of the differences (a mate found by one driver and not the other is a difference of thousands).\n\n", e.to, e.to, cells)
	t := table{head: []string{"driver", "leaves sel./pure", "nodes sel./pure", "passes pure", "passes sel.",
		"values differ", "median |difference| (cp)"}}
	for i, d := range names {
		var diffs []float64
		for p := 0; p < n; p++ {
			for dd := e.from; dd <= e.to; dd++ {
				got, ref := ss[i].values[p][dd], baseSel.values[p][dd]
				differs := got.score != ref.score
				if bounded(d) {
					differs = got.score > ref.score
				}
				if differs {
					diffs = append(diffs, float64(abs(got.score-ref.score)))
				}
			}
		}
		med := "—"
		if len(diffs) > 0 {
			med = fmt.Sprintf("%.0f", median(diffs))
		}
		passes := func(s *series) string { return fmtMeanCI(perIteration(s, e.to, passesOf)) }
		t.add(d, fmtCI(cumRatio(ss[i], ps[i], e.to, leaves)),
			fmtCI(cumRatio(ss[i], ps[i], e.to, nodes)), passes(ps[i]), passes(ss[i]),
			fmt.Sprintf("%d of %d", len(diffs), cells), med)
	}
	t.write(&b)

	out := append([]*series{}, ps...)
	for _, s := range ss {
		c := *s
		c.driver += selectiveSuffix
		out = append(out, &c)
	}
	cm := e.comments(x, true)
	cm[2] += "; the series named \"DRIVER selective\" in selective mode (Selective=true: pruning, reductions and extensions), ETC off in both"
	if err := e.writeCSV(x.Name, cm, out); err != nil {
		return nil, err
	}
	if err := e.writePlots(x.Name, []panel{p1, p2}); err != nil {
		return nil, err
	}
	headline := ""
	if k := slices.Index(names, "MTDf"); k >= 0 {
		headline = fmt.Sprintf("at depth %d MTD(f) searches %s× Aspiration NegaScout's leaves in Bounder's selective mode "+
			"and %s× in pure mode (001 measured pure mode only).", e.to, fmtCI(cumRatio(ss[k], baseSel, e.to, leaves)),
			fmtCI(cumRatio(ps[k], basePure, e.to, leaves)))
	}
	return bad, e.writeMD(x, b.String(), headline)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
