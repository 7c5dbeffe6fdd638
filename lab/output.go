package lab

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// ttEntries is the number of table entries of a table of mib MiB (entries
// of 16 bytes, as search.TT has them).
func ttEntries(mib int) int { return mib << 20 / 16 }

// entriesText writes a table size as the papers do, a power of two of
// entries when it is one.
func entriesText(mib int) string {
	n := ttEntries(mib)
	if n&(n-1) == 0 {
		return fmt.Sprintf("2^%d entries", log2(n))
	}
	return fmt.Sprintf("%d entries", n)
}

// csvHeader are the CSV's columns: the set, the series and the counts of
// search.Stats, summed over the set's positions and cumulative over
// iterative deepening up to depth (but the last two).
// leaves_stored says whether pure mode's quiescence search stored its
// results (search.Options.StoreLeaves: the papers' method); first_iteration
// where the drivers that start from a guess started the first iteration
// (eval, the lab's default; zero; window: spec.start); leaves_last and
// nodes_last are the last iteration's alone (depth's count less the one
// before it), as 003 counts.
var csvHeader = []string{"set", "positions", "seed", "driver", "etc_depth", "leaves_stored", "first_iteration", "hash_mib", "tt_entries", "depth",
	"nodes", "interior", "leaves", "qnodes", "tt_probes", "tt_hits", "tt_cutoffs", "etc_probes", "etc_cutoffs",
	"passes", "researches", "leaves_last", "nodes_last"}

// csvCells are a series' cells of csvHeader at depth d.
func (e *env) csvCells(s *series, d int) []string {
	st := s.at[d]
	u := func(n uint64) string { return strconv.FormatUint(n, 10) }
	return []string{e.set.name, strconv.Itoa(len(e.set.list)), strconv.FormatUint(e.set.seed, 10),
		s.driver, strconv.Itoa(s.etcDepth), strconv.FormatBool(!s.noLeafStore), s.start.String(), strconv.Itoa(s.hashMiB),
		strconv.Itoa(ttEntries(s.hashMiB)), strconv.Itoa(d), u(st.Nodes), u(st.Interior), u(st.Leaves),
		u(st.QNodes), u(st.TTProbes), u(st.TTHits), u(st.TTCutoffs), u(st.ETCProbes), u(st.ETCCutoffs),
		u(st.Passes), u(st.Researches), u(st.Leaves - s.at[d-1].Leaves), u(st.Nodes - s.at[d-1].Nodes)}
}

// writeCSV writes one row per series and depth from..to, after comment
// lines ("# ...") that say what was run.
func (e *env) writeCSV(name string, comments []string, ss []*series) error {
	var b bytes.Buffer
	for _, c := range comments {
		fmt.Fprintf(&b, "# %s\n", c)
	}
	w := csv.NewWriter(&b)
	w.Write(csvHeader)
	for _, s := range ss {
		for d := e.from; d <= e.to; d++ {
			w.Write(e.csvCells(s, d))
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	return e.writeFile(name+".csv", b.Bytes())
}

// writeFile writes data to name in the output directory, whole or not at
// all: into a temporary file first, renamed to name when complete, so
// that a run stopped while writing leaves the file it had before.
func (e *env) writeFile(name string, data []byte) error {
	f, err := os.CreateTemp(e.out, "."+name+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, filepath.Join(e.out, name))
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// ratio is a/b, or NaN when b is 0.
func ratio(a, b uint64) float64 {
	if b == 0 {
		return nan
	}
	return float64(a) / float64(b)
}

var nan = func() float64 { var z float64; return z / z }()

// fmtRatio writes a relative count with three decimals ("—" for none).
func fmtRatio(x float64) string {
	if x != x {
		return "—"
	}
	return strconv.FormatFloat(x, 'f', 3, 64)
}

// table is a Markdown table.
type table struct {
	head     []string
	rows     [][]string
	textLast bool // the last column is text (the paper's), left-aligned
}

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

func (t *table) write(b *strings.Builder) {
	row := func(cells []string) {
		b.WriteString("|")
		for _, c := range cells {
			b.WriteString(" " + strings.ReplaceAll(c, "|", `\|`) + " |")
		}
		b.WriteString("\n")
	}
	row(t.head)
	sep := make([]string, len(t.head))
	for i := range sep {
		sep[i] = "---"
		if i > 0 {
			sep[i] = "---:"
		}
	}
	if t.textLast {
		sep[len(sep)-1] = "---"
	}
	for i, h := range t.head {
		if strings.HasPrefix(h, "verdict") { // text: left-aligned
			sep[i] = "---"
		}
	}
	b.WriteString("|" + strings.Join(sep, "|") + "|\n")
	for _, r := range t.rows {
		row(r)
	}
	b.WriteString("\n")
}

// line is one curve of a panel.
type line struct {
	name  string
	style int // color, glyph and dashes: a driver's place in the driver table
	xy    plotter.XYs
	// ci, when not nil, is each point's 95% interval (its r is the point's
	// Y), drawn as an error bar.
	ci []interval
}

// add appends the point (x, iv.r) with its interval as an error bar.
func (l *line) add(x float64, iv interval) {
	l.xy = append(l.xy, plotter.XY{X: x, Y: iv.r})
	l.ci = append(l.ci, iv)
}

// errorBars are a line's points with their intervals, for plotter.YErrorBars.
type errorBars struct {
	plotter.XYs
	plotter.YErrors
}

// panel is one plot of a figure.
type panel struct {
	title, x, y string
	lines       []line
	logX        bool    // x on a log-2 scale, ticks at the points
	ref         float64 // a dashed horizontal line here (0: none)
}

// legendWidth is the width of the figure's legend column.
const legendWidth = 1.25 * vg.Inch

// writePlots draws the panels side by side, with one legend on the right
// (a driver has the same style in every panel), and writes name.svg and
// name.png.
func (e *env) writePlots(name string, panels []panel) error {
	var row []*plot.Plot
	legend := plot.NewLegend()
	legend.Top, legend.Left = true, true
	seen := map[string]bool{}
	for _, pa := range panels {
		p, entries, err := pa.plot()
		if err != nil {
			return err
		}
		row = append(row, p)
		for _, en := range entries {
			if !seen[en.name] {
				seen[en.name] = true
				legend.Add(en.name, en.thumbs...)
			}
		}
	}
	w, h := vg.Length(len(panels))*3.8*vg.Inch+legendWidth, 3.2*vg.Inch
	tiles := draw.Tiles{Rows: 1, Cols: len(panels), PadX: vg.Inch / 4, PadTop: vg.Inch / 20,
		PadBottom: vg.Inch / 20, PadLeft: vg.Inch / 20, PadRight: vg.Inch / 10}
	render := func(c vg.CanvasSizer) {
		dc := draw.New(c)
		drawRow(row, tiles, draw.Crop(dc, 0, -legendWidth, 0, 0))
		legend.Draw(draw.Crop(dc, w-legendWidth+vg.Inch/10, 0, 0, -vg.Inch/4))
	}

	svg := vgsvg.New(w, h)
	render(svg)
	var sb bytes.Buffer
	if _, err := svg.WriteTo(&sb); err != nil {
		return err
	}
	if err := e.writeFile(name+".svg", sb.Bytes()); err != nil {
		return err
	}

	img := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(80), vgimg.UseBackgroundColor(color.White))
	render(img)
	var pb bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&pb); err != nil {
		return err
	}
	return e.writeFile(name+".png", pb.Bytes())
}

func drawRow(row []*plot.Plot, tiles draw.Tiles, dc draw.Canvas) {
	canvases := plot.Align([][]*plot.Plot{row}, tiles, dc)
	for i, p := range row {
		p.Draw(canvases[0][i])
	}
}

// legendEntry is a curve's entry in the figure's legend.
type legendEntry struct {
	name   string
	thumbs []plot.Thumbnailer
}

func (pa panel) plot() (*plot.Plot, []legendEntry, error) {
	p := plot.New()
	p.Title.Text = pa.title
	p.X.Label.Text, p.Y.Label.Text = pa.x, pa.y
	p.Add(plotter.NewGrid())
	if pa.logX {
		p.X.Scale = plot.LogScale{}
		var ticks plot.ConstantTicks
		seen := map[float64]bool{}
		for _, l := range pa.lines {
			for _, pt := range l.xy {
				if !seen[pt.X] {
					seen[pt.X] = true
					ticks = append(ticks, plot.Tick{Value: pt.X, Label: strconv.FormatFloat(pt.X, 'f', -1, 64)})
				}
			}
		}
		p.X.Tick.Marker = ticks
	} else {
		p.X.Tick.Marker = integerTicks{}
	}
	if pa.ref != 0 { // under the curves, which often lie on it (the baseline's own)
		ref := plotter.NewFunction(func(float64) float64 { return pa.ref })
		ref.Color = color.Gray{Y: 96}
		ref.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
		p.Add(ref)
	}
	var entries []legendEntry
	for _, l := range pa.lines {
		i := l.style
		var xy plotter.XYs
		var bars errorBars
		for k, pt := range l.xy {
			if pt.Y == pt.Y { // NaN: no point
				xy = append(xy, pt)
				if k < len(l.ci) && l.ci[k].lo == l.ci[k].lo {
					bars.XYs = append(bars.XYs, pt)
					bars.YErrors = append(bars.YErrors, struct{ Low, High float64 }{pt.Y - l.ci[k].lo, l.ci[k].hi - pt.Y})
				}
			}
		}
		if len(xy) == 0 {
			continue
		}
		ln, pts, err := plotter.NewLinePoints(xy)
		if err != nil {
			return nil, nil, err
		}
		ln.Color = plotutil.Color(i)
		ln.Dashes = plotutil.Dashes(i / 7)
		pts.Color = plotutil.Color(i)
		pts.Shape = plotutil.Shape(i)
		p.Add(ln, pts)
		if len(bars.XYs) > 0 {
			eb, err := plotter.NewYErrorBars(bars)
			if err != nil {
				return nil, nil, err
			}
			eb.Color = plotutil.Color(i)
			eb.CapWidth = vg.Points(4)
			p.Add(eb)
		}
		entries = append(entries, legendEntry{l.name, []plot.Thumbnailer{ln, pts}})
	}
	return p, entries, nil
}

// integerTicks marks every integer of an axis (depths, plies).
type integerTicks struct{}

func (integerTicks) Ticks(min, max float64) []plot.Tick {
	var ticks []plot.Tick
	for v := int(min); float64(v) <= max; v++ {
		if float64(v) >= min {
			ticks = append(ticks, plot.Tick{Value: float64(v), Label: strconv.Itoa(v)})
		}
	}
	return ticks
}
