package lab

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/plot/plotter"

	"github.com/bounder-chess/bounder/search"
)

// timingReps is how many times the time experiment searches the set with
// every driver. The drivers are interleaved position by position (in an
// order that rotates), so that a slow spell of a shared machine falls on all
// of them; each driver's time is the median of its repetitions.
const timingReps = 5

// timeColumns are the time experiment's CSV columns after csvHeader's: the
// only ones that differ from one run to the next.
var timeColumns = []string{"cpu_ms_median", "cpu_ms_min", "cpu_ms_max"}

// timing is 001 §5.3 (Fig. 16): every driver's execution time relative to
// Aspiration NegaScout's, over depth, with nodes per second beside. The
// searches run one at a time on one OS thread whatever --jobs says, and
// each is timed by that thread's CPU time; the counts are the other
// experiments' (the same searches) and must repeat exactly.
func (e *env) timing() ([]string, error) {
	x := e.experiment("time")
	names := e.driverList(allDrivers, "NegaScout")
	base := slices.Index(names, "NegaScout")
	n := len(e.set.list)
	ss := make([]*series, len(names))
	for k, d := range names {
		ss[k] = &series{spec: spec{driver: d, hashMiB: e.hashMiB}, at: make([]search.Stats, e.to+1), values: make([][]point, n),
			per: make([][]search.Stats, n)}
	}
	// cpuPos[k][i][r][d]: driver k's time on position i in repetition r,
	// after iteration d: the intervals' units are the positions, each
	// timed by its median over the repetitions.
	cpuPos := make([][][][]time.Duration, len(names))
	for k := range cpuPos {
		cpuPos[k] = make([][][]time.Duration, n)
		for i := range cpuPos[k] {
			cpuPos[k][i] = make([][]time.Duration, timingReps)
		}
	}
	// cpu[r][k][d]: repetition r, driver k, summed over the set after
	// iteration d (cumulative, as the counts).
	cpu := make([][][]time.Duration, timingReps)
	nodes0 := make([][]uint64, len(names)) // per driver and position, the first repetition's
	for k := range nodes0 {
		nodes0[k] = make([]uint64, n)
	}
	var bad []string

	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var s *search.Searcher // made when a search is not in the journal
	defer func() {
		if s != nil {
			_ = s.SetHashSize(1) // a large table lives outside Go's heap until resized
		}
	}()
	todo := 0
	for r := 0; r < timingReps; r++ {
		for i := 0; i < n; i++ {
			for k := range names {
				if _, ok := e.timedFromJournal(ss[k].spec, i, r); !ok {
					todo++
				}
			}
		}
	}
	m := e.r.meter(x.Name, todo)
	for r := range cpu {
		cpu[r] = make([][]time.Duration, len(names))
		for k := range names {
			cpu[r][k] = make([]time.Duration, e.to+1)
		}
		for i := 0; i < n; i++ {
			for j := range names {
				k := (j + i + r) % len(names)
				tr, ok := e.timedFromJournal(ss[k].spec, i, r)
				if !ok {
					if s == nil {
						s = search.NewSearcher(e.hashMiB)
					}
					tr = e.timedSearch(s, ss[k].spec, i)
					if e.ctx.Err() != nil {
						m.finish(true)
						return nil, e.ctx.Err()
					}
					if err := e.timedToJournal(ss[k].spec, i, r, tr); err != nil {
						m.finish(true)
						return nil, err
					}
					m.inc()
				}
				at, values, t := tr.at, tr.values, tr.cpu
				for d := 1; d <= e.to; d++ {
					cpu[r][k][d] += t[d]
				}
				cpuPos[k][i][r] = t
				if r == 0 {
					for d := 1; d <= e.to; d++ {
						ss[k].at[d] = addStats(ss[k].at[d], at[d])
					}
					ss[k].values[i], nodes0[k][i], ss[k].per[i] = values, at[e.to].Nodes, at
				} else if at[e.to].Nodes != nodes0[k][i] && len(bad) < 10 {
					bad = append(bad, fmt.Sprintf("%s: %s searched %d nodes in repetition %d, %d in the first",
						e.set.list[i].id, names[k], at[e.to].Nodes, r+1, nodes0[k][i]))
				}
			}
		}
	}
	m.finish(false)
	bad = append(bad, e.r.checkValues(ss, e.from, e.to, 10)...)

	// med[k][d], lo and hi: the median, least and most of driver k's time;
	// rel[k][d] the median (relLo, relHi the least and most) of its time
	// over NegaScout's in the same repetition.
	mk := func() [][]float64 {
		m := make([][]float64, len(names))
		for k := range m {
			m[k] = make([]float64, e.to+1)
		}
		return m
	}
	med, lo, hi, rel, relLo, relHi := mk(), mk(), mk(), mk(), mk(), mk()
	// posTime is driver k's time per position after iteration d, the
	// median over the repetitions; relCI its sum over NegaScout's, with
	// the interval over the positions.
	posTime := func(k, d int) []float64 {
		xs := make([]float64, n)
		for i := range xs {
			ts := make([]float64, timingReps)
			for r := range ts {
				ts[r] = cpuPos[k][i][r][d].Seconds()
			}
			xs[i] = median(ts)
		}
		return xs
	}
	relCI := make([][]interval, len(names))
	for k := range names {
		relCI[k] = make([]interval, e.to+1)
		for d := e.from; d <= e.to; d++ {
			relCI[k][d] = ratioInterval(posTime(k, d), posTime(base, d))
		}
	}
	for k := range names {
		for d := 1; d <= e.to; d++ {
			var ts, rs []float64
			for r := range cpu {
				ts = append(ts, cpu[r][k][d].Seconds())
				rs = append(rs, ratio(uint64(cpu[r][k][d]), uint64(cpu[r][base][d])))
			}
			med[k][d], lo[k][d], hi[k][d] = median(ts), slices.Min(ts), slices.Max(ts)
			rel[k][d], relLo[k][d], relHi[k][d] = median(rs), slices.Min(rs), slices.Max(rs)
		}
	}

	var b strings.Builder
	e.head(&b, x, "§5.3", true, bad, len(names))
	fmt.Fprintf(&b, "Execution time relative to Aspiration NegaScout's, summed over the set, cumulative over iterative "+
		"deepening: each position's time is its median over %d repetitions, and the ratio of their sums has its 95%% "+
		"interval over the positions (a paired bootstrap: 2000 resamples of the positions; it does not count the "+
		"repetitions' noise, whose spread is in the second table). "+
		"Time is %s; the searches run one at a time on one locked OS thread, whatever --jobs says, the drivers "+
		"interleaved position by position. **Timing is not deterministic**: the machine may be shared and noisy, so "+
		"the spread over the repetitions is given; the counts repeat exactly (checked). 001 measured Phoenix (chess), "+
		"Chinook and Keyano on a Sun SPARC (Fig. 16, deeper searches only); its figure is not in the text copy, the "+
		"column gives its text, and the verdict judges the interval at depth %d against it.\n\n", timingReps, cpuClock, e.to)
	paperTime := map[string]string{
		"NegaScout": "1 (the baseline)",
		"MTDf":      "≈ 0.84–0.91: \"for Phoenix we found MTD(ƒ) 9–16% faster\"; \"about 5% faster\" for Chinook and Keyano (§5.3)",
		"SSS":       "run time \"proportional to the leaf count\", \"a few percent faster than Alpha-Beta\" (§6, not shown)",
		"DUAL":      "as SSS* (§6, not shown)",
	}
	rangeTime := map[string]paperRange{"MTDf": {0.84, 0.91}}
	t := table{head: append(e.depthHead("driver", fmt.Sprintf("verdict (d%d)", e.to)), x.Source+" (chess)"), textLast: true}
	p1 := panel{title: "CPU time relative to Aspiration NegaScout", x: "depth", y: "time / NegaScout's", ref: 1}
	p2 := panel{title: "nodes per second", x: "depth", y: "thousand nodes per second"}
	for k, d := range names {
		row := []string{d}
		l1, l2 := line{name: d, style: style(d)}, line{name: d, style: style(d)}
		for dd := e.from; dd <= e.to; dd++ {
			row = append(row, fmtCI(relCI[k][dd]))
			l1.add(float64(dd), relCI[k][dd])
			l2.xy = append(l2.xy, plotter.XY{X: float64(dd), Y: perSecond(ss[k].at[dd].Nodes, med[k][dd]) / 1000})
		}
		p := paperTime[d]
		if p == "" {
			p = "—"
		}
		t.add(append(row, verdictCell(rangeTime, d, relCI[k][e.to]), p)...)
		p1.lines, p2.lines = append(p1.lines, l1), append(p2.lines, l2)
	}
	t.write(&b)

	d := e.to
	fmt.Fprintf(&b, "At depth %d: the time ratio of whole repetitions (each driver's time over the set divided by "+
		"NegaScout's in the same repetition), its median and its spread over the repetitions, the counts' ratios "+
		"beside with their intervals (001 §5.3: \"the leaf node count is a good indicator of execution time\"), the "+
		"median CPU time and its spread, and nodes per second (total nodes over the median time).\n\n", d)
	t2 := table{head: []string{"driver", "time / NegaScout's, by repetition", "least – most", "leaves / NegaScout's", "nodes / NegaScout's",
		"CPU s (median)", "least – most", "k nodes/s"}}
	for k, dn := range names {
		t2.add(dn, fmtRatio(rel[k][d]), fmtRatio(relLo[k][d])+" – "+fmtRatio(relHi[k][d]),
			fmtCI(cumRatio(ss[k], ss[base], d, leavesOf)), fmtCI(cumRatio(ss[k], ss[base], d, nodesOf)),
			fmt.Sprintf("%.3f", med[k][d]), fmt.Sprintf("%.3f – %.3f", lo[k][d], hi[k][d]),
			fmt.Sprintf("%.0f", perSecond(ss[k].at[d].Nodes, med[k][d])/1000))
	}
	t2.write(&b)

	if err := e.writeTimeCSV(x, ss, med, lo, hi); err != nil {
		return nil, err
	}
	if err := e.writePlots(x.Name, []panel{p1, p2}); err != nil {
		return nil, err
	}
	headline := ""
	if k := slices.Index(names, "MTDf"); k >= 0 {
		headline = fmt.Sprintf("at depth %d MTD(f) takes %s× Aspiration NegaScout's CPU time (001 Fig. 16: 0.84–0.91 for "+
			"Phoenix; %s; times are not deterministic).", e.to, fmtCI(relCI[k][e.to]), verdict(relCI[k][e.to], rangeTime["MTDf"]))
	}
	return bad, e.writeMD(x, b.String(), headline)
}

// timed is one timed search: its statistics and values per iteration, as
// runner.search has them, and the thread's CPU time from the start to each
// iteration's report.
type timed struct {
	at     []search.Stats
	values []point
	cpu    []time.Duration
}

// timedSearch searches position i with sp as runner.search does, timed.
func (e *env) timedSearch(s *search.Searcher, sp spec, i int) timed {
	at := make([]search.Stats, e.to+1)
	values := make([]point, e.to+1)
	t := make([]time.Duration, e.to+1)
	seen := make([]bool, e.to+1)
	s.Clear()
	opt := sp.options()
	start := threadCPU()
	s.Search(e.ctx, e.set.list[i].pos, search.Limits{Depth: e.to}, opt, func(rep search.Report) {
		if rep.Depth >= 1 && rep.Depth <= e.to && rep.MultiPV <= 1 {
			t[rep.Depth] = threadCPU() - start
			at[rep.Depth], values[rep.Depth], seen[rep.Depth] = rep.Stats, point{rep.Score, rep.Bound}, true
		}
	})
	for d := 1; d <= e.to; d++ {
		if !seen[d] {
			at[d], values[d], t[d] = at[d-1], values[d-1], t[d-1]
		}
	}
	return timed{at: at, values: values, cpu: t}
}

// timedKey names repetition rep of position i's timed search with sp in
// the journal.
func (e *env) timedKey(sp spec, i, rep int) string {
	return fmt.Sprintf("time|%s|depth %d|repetition %d|%s", sp.key(), e.to, rep+1, e.set.list[i].pos.FEN())
}

// timedToJournal appends a timed search: its iterations as runner.toJournal
// writes them, then the CPU time to each, nanoseconds.
func (e *env) timedToJournal(sp spec, i, rep int, tr timed) error {
	j := e.r.journal
	if j == nil {
		return nil
	}
	cells := appendIterations(nil, tr.at, tr.values, e.to)
	for d := 1; d <= e.to; d++ {
		cells = appendInts(cells, int(tr.cpu[d]))
	}
	return j.add(e.timedKey(sp, i, rep), cells)
}

// timedFromJournal reads what timedToJournal wrote.
func (e *env) timedFromJournal(sp spec, i, rep int) (timed, bool) {
	j := e.r.journal
	if j == nil {
		return timed{}, false
	}
	key := e.timedKey(sp, i, rep)
	cells, ok := j.get(key)
	if !ok {
		return timed{}, false
	}
	c := &cellReader{cells: cells}
	at, values := readIterations(c, e.to)
	t := make([]time.Duration, e.to+1)
	for d := 1; d <= e.to; d++ {
		t[d] = time.Duration(c.int())
	}
	if c.done() != nil {
		j.forget(key)
		return timed{}, false
	}
	return timed{at: at, values: values, cpu: t}, true
}

// writeTimeCSV writes the counts as writeCSV does, with the time columns
// (milliseconds: median, least, most over the repetitions) after them.
func (e *env) writeTimeCSV(x *Experiment, ss []*series, med, lo, hi [][]float64) error {
	var b bytes.Buffer
	for _, c := range e.comments(x, true) {
		fmt.Fprintf(&b, "# %s\n", c)
	}
	fmt.Fprintf(&b, "# time: %s, %d repetitions; not deterministic\n", cpuClock, timingReps)
	w := csv.NewWriter(&b)
	w.Write(append(append([]string{}, csvHeader...), timeColumns...))
	ms := func(s float64) string { return strconv.FormatFloat(s*1000, 'f', 3, 64) }
	for k, s := range ss {
		for d := e.from; d <= e.to; d++ {
			w.Write(append(e.csvCells(s, d), ms(med[k][d]), ms(lo[k][d]), ms(hi[k][d])))
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	return e.writeFile(x.Name+".csv", b.Bytes())
}

// median is the middle of xs (the mean of the two middle ones for an even
// number); xs is sorted in place.
func median(xs []float64) float64 {
	slices.Sort(xs)
	m := len(xs) / 2
	if len(xs)%2 == 0 {
		return (xs[m-1] + xs[m]) / 2
	}
	return xs[m]
}

// perSecond is n over seconds (NaN for no time).
func perSecond(n uint64, seconds float64) float64 {
	if seconds <= 0 {
		return nan
	}
	return float64(n) / seconds
}
