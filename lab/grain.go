package lab

import (
	"fmt"
	"strings"

	"github.com/bounder-chess/bounder/search"
)

// playingGrain is the grain Bounder plays at: the UCI option Eval Grain's
// default (search.DefaultOptions), one of grains (a test checks it).
var playingGrain = search.DefaultOptions().EvalGrain

// grains are the grain experiment's evaluation grains, centipawns: the
// static evaluation rounded to multiples of g (search.Options.EvalGrain).
var grains = []int{1, 2, 4, 8, 16, 32, 64}

// grainSpec is the series of driver d with grain g (g = 1: the evaluation
// unchanged, the other experiments' series).
func (e *env) grainSpec(d string, g int) spec {
	if g <= 1 {
		g = 0
	}
	return spec{driver: d, hashMiB: e.hashMiB, grain: g}
}

// grain is 001 §5.2.2's remark on the range of leaf values: MTD(f)'s passes
// per iteration, and its leaves, as the static evaluation gets coarser, with
// Aspiration NegaScout beside. Every grain is a different evaluation, so the
// drivers must agree on the value within a grain, not across grains.
func (e *env) grain() ([]string, error) {
	x := e.experiment("grain")
	names := []string{"MTDf", "NegaScout"} // whatever --drivers says: MTD(f) and its baseline
	var specs []spec
	for _, g := range grains {
		for _, d := range names {
			specs = append(specs, e.grainSpec(d, g))
		}
	}
	if err := e.r.run(e.ctx, x.Name, specs); err != nil {
		return nil, err
	}
	var bad []string
	for _, g := range grains {
		var group []spec
		for _, d := range names {
			group = append(group, e.grainSpec(d, g))
		}
		for _, l := range e.r.checkValues(e.seriesOf(group), e.from, e.to, 10) {
			if len(bad) < 10 {
				bad = append(bad, fmt.Sprintf("grain %d: %s", g, l))
			}
		}
	}
	get := func(d string, g int) *series { return e.r.done[e.grainSpec(d, g)] }
	passes := func(s *series, d int) interval { return perIteration(s, d, passesOf) }
	const mtdf = "MTDf"

	var b strings.Builder
	fmt.Fprintf(&b, "# %s: %s\n\n", x.Name, x.Title)
	fmt.Fprintf(&b, "Reproduces **%s** (%s, §5.2.2 and §5.2.3) on Bounder. Made by `%s`.\n\n", x.Source, papers["001"], e.command(x.Name))
	fmt.Fprintf(&b, "Set: %s. The evaluation %s (the hand-crafted one with its tuned weights, `Evaluation` %s; not the "+
		"network), rounded to the nearest multiple of g centipawns (halves away from zero; `search.Options.EvalGrain`), "+
		"g = %s: g = 1 is the evaluation unrounded, as every other chess experiment of the lab searches it, and g = %d "+
		"the grain Bounder plays at (the `Eval Grain` option's default).\n\n", e.searchLine(true), labEval, labEval,
		intsText(grains), playingGrain)
	writeValues(&b, bad, fmt.Sprintf("Values: at every grain every series (%d drivers) reached the same value on every position at "+
		"every depth, as pure mode requires (each grain is its own evaluation, so values differ across grains).", len(names)),
		"Values: **the series disagree** within a grain (pure mode requires one value per position and depth):")
	fmt.Fprintf(&b, "MT calls (passes at the root) of %s per iteration, the mean over the set with its 95%% interval "+
		"(a bootstrap of the positions), per grain; the verdict judges the interval at depth %d. 001 §5.2.2: "+
		"\"MTD(ƒ) calls MT about 3 to 6 times per iteration on average\"; \"The wider the range of leaf values, the "+
		"smaller the steps with which they converge, and the more passes they need.\"\n\n", mtdf, e.to)
	t := table{head: append(e.depthHead("g (cp)", fmt.Sprintf("verdict (d%d)", e.to)), x.Source), textLast: true}
	for _, g := range grains {
		row := []string{fmt.Sprint(g)}
		var iv interval
		for d := e.from; d <= e.to; d++ {
			iv = passes(get(mtdf, g), d)
			row = append(row, fmtMeanCI(iv))
		}
		p, v := "", "—"
		switch g {
		case 1:
			p = "3 to 6 (Phoenix, Chinook, Keyano, §5.2.2); the lab's grain"
			v = verdict(iv, rangePasses[mtdf])
		case playingGrain:
			p = "Bounder's grain in play (`Eval Grain`)"
		case grains[len(grains)-1]:
			p = "fewer: \"fewer discrete values in the range from the start value to ƒ\" (§5.2.3)"
		}
		t.add(append(row, v, p)...)
	}
	t.write(&b)

	d := e.to
	fmt.Fprintf(&b, "At depth %d: passes per iteration and leaves relative to the same driver's at g = 1, and %s relative "+
		"to NegaScout at the same grain. 001 §5.2.3: \"If each MT call at the root expands roughly the same number of "+
		"nodes, then doing less passes yields a better algorithm. However, MT calls generally do not expand the same "+
		"number of nodes.\" Every figure %s.\n\n", d, mtdf, strings.TrimPrefix(intervalText, "each "))
	h := []string{"g (cp)"}
	for _, dn := range names {
		h = append(h, dn+" passes", dn+" leaves / g = 1")
	}
	h = append(h, mtdf+" / NegaScout leaves", mtdf+" / NegaScout nodes")
	t2 := table{head: h}
	p1 := panel{title: fmt.Sprintf("%s's passes per iteration", mtdf), x: "evaluation grain g (cp)", y: "MT calls per iteration", logX: true}
	p2 := panel{title: fmt.Sprintf("leaves at depth %d / at g = 1", d), x: "evaluation grain g (cp)", y: "leaves / leaves at g = 1", logX: true, ref: 1}
	p3 := panel{title: fmt.Sprintf("%s / NegaScout, depth %d", mtdf, d), x: "evaluation grain g (cp)", y: "MTD(f)'s count / NegaScout's", logX: true, ref: 1}
	var pass []line
	for dd := e.from; dd <= e.to; dd++ {
		// Styles past the drivers' (dashed), so that no depth looks like a driver.
		pass = append(pass, line{name: fmt.Sprintf("passes, d%d", dd), style: len(allDrivers) + dd - e.from})
	}
	own := make([]line, len(names))
	for i, dn := range names {
		own[i] = line{name: dn, style: style(dn)}
	}
	rel := line{name: "leaves", style: style("SSS")}
	relNodes := line{name: "all nodes", style: style("DUAL")}
	for _, g := range grains {
		row := []string{fmt.Sprint(g)}
		for i, dn := range names {
			r := cumRatio(get(dn, g), get(dn, 1), d, leavesOf)
			row = append(row, fmtMeanCI(passes(get(dn, g), d)), fmtCI(r))
			own[i].add(float64(g), r)
		}
		rl := cumRatio(get(mtdf, g), get("NegaScout", g), d, leavesOf)
		rn := cumRatio(get(mtdf, g), get("NegaScout", g), d, nodesOf)
		row = append(row, fmtCI(rl), fmtCI(rn))
		rel.add(float64(g), rl)
		relNodes.add(float64(g), rn)
		for k := range pass {
			pass[k].add(float64(g), passes(get(mtdf, g), e.from+k))
		}
		t2.add(row...)
	}
	t2.write(&b)
	p1.lines, p2.lines, p3.lines = pass, own, []line{rel, relNodes}

	// In the CSV, a series is named by its driver and grain.
	var out []*series
	for _, g := range grains {
		for _, dn := range names {
			c := *get(dn, g)
			c.driver = fmt.Sprintf("%s grain %d", dn, g)
			out = append(out, &c)
		}
	}
	cm := e.comments(x, true)
	cm[2] = e.searchLine(true) + fmt.Sprintf("; the evaluation %s rounded to g cp, the series named \"DRIVER grain G\" (grain 1: unrounded)", labEval)
	if err := e.writeCSV(x.Name, cm, out); err != nil {
		return nil, err
	}
	if err := e.writePlots(x.Name, []panel{p1, p2, p3}); err != nil {
		return nil, err
	}
	headline := fmt.Sprintf("at depth %d MTD(f) makes %s MT passes per iteration with the evaluation unrounded (g = 1) "+
		"and %s at g = %d, the grain Bounder plays at (001 §5.2.2: 3 to 6; fewer for a coarser evaluation).", d,
		fmtMeanCI(passes(get(mtdf, 1), d)), fmtMeanCI(passes(get(mtdf, playingGrain), d)), playingGrain)
	return bad, e.writeMD(x, b.String(), headline)
}

// intsText writes ns as "1, 2, 4".
func intsText(ns []int) string {
	s := make([]string, len(ns))
	for i, v := range ns {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, ", ")
}
