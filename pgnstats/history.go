package pgnstats

import (
	"errors"
	"flag"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/bounder-chess/bounder/match"
)

// The history of a gauntlet: "bounder history" puts the results of several
// versions of one engine against the same opponents side by side, as a
// table and as a plot of Elo with its interval, one line per opponent.

const historyUsage = `usage: bounder history [--engine NAME] [--plot F.png] LABEL=FILE[,FILE...]...
       bounder history --goal OPP=PCT [--goal OPP=PCT]... [flags] LABEL=FILE...

Reports, for each LABEL (a version of the engine, in the order given), the
games of its PGN files ("bounder match --pgnout" or "bounder stats" input)
against every opponent: games, W/D/L, score and Elo with its 95% interval,
from game pairs when every game is in one, as "bounder stats" computes them.
The output is a Markdown table; with --plot also a PNG (or SVG, PDF, by the
file's extension) of Elo against each opponent by version, with the
intervals as error bars. Exit status: 0 on success, 2 for bad arguments, a
file that cannot be read, or an engine that is not in every version's games.

Flags:
  --engine NAME   the engine whose history it is (default: the one engine
                  that plays in every pairing of every version)
  --plot FILE     also draw the plot to FILE
  --goal OPP=PCT  a score to reach against opponent OPP, in percent, drawn
                  as a dashed line at its Elo in OPP's colour (repeatable)
`

// historyPoint is one version's result against one opponent, from the
// engine's side.
type historyPoint struct {
	label, opponent string
	wdl             match.WDL
	est             match.Estimate
}

// HistoryMain runs "bounder history" and returns the exit status.
func HistoryMain(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("history", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	engine := fs.String("engine", "", "")
	plotFile := fs.String("plot", "", "")
	goals := map[string]float64{}
	fs.Func("goal", "", func(v string) error {
		opp, pct, ok := strings.Cut(v, "=")
		x, err := strconv.ParseFloat(pct, 64)
		if !ok || opp == "" || err != nil || !(x > 0 && x < 100) {
			return fmt.Errorf("--goal %q: want OPPONENT=PERCENT, a percentage above 0 and below 100", v)
		}
		goals[strings.ToLower(opp)] = x
		return nil
	})
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, historyUsage)
			return match.ExitOK
		}
		fmt.Fprintf(stderr, "bounder history: %v\n%s", err, historyUsage)
		return match.ExitUsage
	}
	points, err := historyPoints(fs.Args(), *engine)
	if err != nil {
		fmt.Fprintf(stderr, "bounder history: %v\n", err)
		return match.ExitUsage
	}
	writeHistory(stdout, points)
	if *plotFile != "" {
		if err := plotHistory(*plotFile, points, goals); err != nil {
			fmt.Fprintf(stderr, "bounder history: %v\n", err)
			return match.ExitFailure
		}
	}
	return match.ExitOK
}

// historyGroup is one LABEL=FILE,... argument.
type historyGroup struct {
	label string
	files []string
}

func parseHistoryGroups(args []string) ([]historyGroup, error) {
	if len(args) == 0 {
		return nil, errors.New("no LABEL=FILE argument")
	}
	var gs []historyGroup
	seen := map[string]bool{}
	for _, a := range args {
		label, list, ok := strings.Cut(a, "=")
		if !ok || label == "" || list == "" {
			return nil, fmt.Errorf("%q: want LABEL=FILE[,FILE...]", a)
		}
		if seen[label] {
			return nil, fmt.Errorf("label %q given twice", label)
		}
		seen[label] = true
		g := historyGroup{label: label}
		for _, f := range strings.Split(list, ",") {
			if f == "" {
				return nil, fmt.Errorf("%q: empty file name", a)
			}
			g.files = append(g.files, f)
		}
		gs = append(gs, g)
	}
	return gs, nil
}

// historyPoints reads every group's games and returns the engine's result
// against each opponent, by group in order and by opponent name.
func historyPoints(args []string, engine string) ([]historyPoint, error) {
	groups, err := parseHistoryGroups(args)
	if err != nil {
		return nil, err
	}
	var summaries []statsSummary
	file := 0
	for _, g := range groups {
		var games []statGame
		for _, path := range g.files {
			gg, err := readStatsFile(path, file)
			file++
			if err != nil && !errors.Is(err, errNoGames) {
				return nil, err
			}
			games = append(games, gg...)
		}
		s := summarize(games)
		if len(s.Pairings) == 0 {
			return nil, fmt.Errorf("%s: no finished games", g.label)
		}
		summaries = append(summaries, s)
	}
	if engine == "" {
		if engine, err = commonEngine(summaries); err != nil {
			return nil, err
		}
	}
	var points []historyPoint
	for i, s := range summaries {
		n := len(points)
		for _, p := range s.Pairings {
			pt, ok := pointFor(p.PairingResult, engine)
			if ok {
				pt.label = groups[i].label
				points = append(points, pt)
			}
		}
		if len(points) == n {
			return nil, fmt.Errorf("%s: %s plays in none of its games", groups[i].label, engine)
		}
		sort.SliceStable(points[n:], func(a, b int) bool { return points[n+a].opponent < points[n+b].opponent })
	}
	// An opponent spelled in other cases by different versions' games
	// ("counter", "Counter") is one line of the plot, as it is one engine
	// within a version's games (summarize).
	opp := firstSpelling{}
	for i := range points {
		points[i].opponent = opp.of(points[i].opponent)
	}
	return points, nil
}

// commonEngine is the one name (case aside) that plays in every pairing.
func commonEngine(summaries []statsSummary) (string, error) {
	count := map[string]int{} // by first spelling
	name := firstSpelling{}
	pairings := 0
	for _, s := range summaries {
		for _, p := range s.Pairings {
			pairings++
			count[name.of(p.First)]++
			count[name.of(p.Second)]++
		}
	}
	var common []string
	for n, c := range count {
		if c == pairings {
			common = append(common, n)
		}
	}
	if len(common) != 1 {
		sort.Strings(common)
		return "", fmt.Errorf("no single engine plays in every pairing (%s): name it with --engine", strings.Join(common, ", "))
	}
	return common[0], nil
}

// pointFor is p's result from engine's side, if engine plays in it.
func pointFor(p *match.PairingResult, engine string) (historyPoint, bool) {
	e := p.Estimate()
	switch {
	case strings.EqualFold(p.First, engine):
		return historyPoint{opponent: p.Second, wdl: p.WDL, est: e}, true
	case strings.EqualFold(p.Second, engine):
		w := match.WDL{Wins: p.WDL.Losses, Draws: p.WDL.Draws, Losses: p.WDL.Wins}
		e = match.Estimate{Score: 1 - e.Score, Elo: -e.Elo, EloLow: -e.EloHigh, EloHigh: -e.EloLow, LOS: 1 - e.LOS}
		return historyPoint{opponent: p.First, wdl: w, est: e}, true
	}
	return historyPoint{}, false
}

// writeHistory prints one line per point. The score is that of the W/D/L
// beside it, over every game; the Elo comes from the game pairs (the
// estimate leaves out an unpaired last game).
func writeHistory(w io.Writer, points []historyPoint) {
	fmt.Fprintln(w, "| version | opponent | games | W/D/L | score | Elo (95% interval) |")
	fmt.Fprintln(w, "|---|---|--:|---|--:|---|")
	for _, p := range points {
		fmt.Fprintf(w, "| %s | %s | %d | %d/%d/%d | %.1f%% | %+.1f (%+.1f .. %+.1f) |\n",
			p.label, p.opponent, p.wdl.Games(), p.wdl.Wins, p.wdl.Draws, p.wdl.Losses,
			100*p.wdl.Score(), p.est.Elo+0, p.est.EloLow+0, p.est.EloHigh+0) // +0: no "-0.0"
	}
}

// plotHistory draws Elo against each opponent by version: a line through
// the versions that played it, with the 95% intervals as error bars, each
// opponent's points shifted a little sideways so the bars do not overlap.
// The reference lines (level, the goals) go under the data, the zero line
// only where no goal lies on it, and the legend in a column of its own to
// the right, where it covers nothing.
func plotHistory(file string, points []historyPoint, goals map[string]float64) error {
	var labels, opponents []string
	xOf, seenOpp := map[string]int{}, map[string]bool{}
	for _, p := range points {
		if _, ok := xOf[p.label]; !ok {
			xOf[p.label] = len(labels)
			labels = append(labels, p.label)
		}
		if !seenOpp[p.opponent] {
			seenOpp[p.opponent] = true
			opponents = append(opponents, p.opponent)
		}
	}
	p := plot.New()
	p.Title.Text = "Elo against each opponent, with its 95% interval"
	p.X.Label.Text = "version"
	p.Y.Label.Text = "Elo"
	p.Add(plotter.NewGrid())
	legend := plot.NewLegend()
	legend.Top, legend.Left = true, true
	legend.Padding = vg.Points(3)
	zeroTaken := false
	goalLines := map[string]*plotter.Function{}
	for i, opp := range opponents {
		if pct, ok := goals[strings.ToLower(opp)]; ok {
			elo := match.EloFromScore(pct / 100)
			goal := plotter.NewFunction(func(float64) float64 { return elo })
			goal.Color = plotutil.Color(i)
			goal.Width = vg.Points(1.5)
			goal.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
			goalLines[opp] = goal
			zeroTaken = zeroTaken || math.Abs(elo) < 0.5
		}
	}
	if !zeroTaken {
		zero := plotter.NewFunction(func(float64) float64 { return 0 })
		zero.Color = color.Gray{Y: 128}
		p.Add(zero)
	}
	for _, opp := range opponents {
		if g := goalLines[opp]; g != nil {
			p.Add(g)
		}
	}
	for i, opp := range opponents {
		shift := (float64(i) - float64(len(opponents)-1)/2) * 0.08
		var xy plotter.XYs
		var errs plotter.YErrors
		for _, q := range points {
			if q.opponent != opp || math.IsInf(q.est.EloLow, 0) || math.IsInf(q.est.EloHigh, 0) {
				continue
			}
			xy = append(xy, plotter.XY{X: float64(xOf[q.label]) + shift, Y: q.est.Elo})
			errs = append(errs, struct{ Low, High float64 }{q.est.Elo - q.est.EloLow, q.est.EloHigh - q.est.Elo})
		}
		if len(xy) == 0 {
			continue
		}
		line, pts, err := plotter.NewLinePoints(xy)
		if err != nil {
			return err
		}
		c := plotutil.Color(i)
		line.Color, pts.Color = c, c
		pts.Shape = plotutil.Shape(i)
		bars, err := plotter.NewYErrorBars(struct {
			plotter.XYs
			plotter.YErrors
		}{xy, errs})
		if err != nil {
			return err
		}
		bars.Color = c
		p.Add(line, pts, bars)
		legend.Add(opp, line, pts)
		if g := goalLines[opp]; g != nil {
			pct := goals[strings.ToLower(opp)]
			elo := fmt.Sprintf("%+.0f", match.EloFromScore(pct/100))
			if elo == "+0" || elo == "-0" {
				elo = "0"
			}
			legend.Add(fmt.Sprintf("goal, %g%% (%s Elo)", pct, elo), g)
		}
	}
	ticks := make([]plot.Tick, len(labels))
	for i, l := range labels {
		ticks[i] = plot.Tick{Value: float64(i), Label: l}
	}
	p.X.Tick.Marker = plot.ConstantTicks(ticks)
	p.X.Min, p.X.Max = -0.5, float64(len(labels))-0.5
	p.Y.Tick.Marker = wholeTicks{}
	p.Y.Max += 0.04 * (p.Y.Max - p.Y.Min) // the top bar clear of the frame

	r := legend.Rectangle(draw.Canvas{})
	legendW := r.Max.X - r.Min.X + vg.Inch/4
	w, h := 7*vg.Inch+legendW, 4.5*vg.Inch
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(file), "."))
	cw, err := draw.NewFormattedCanvas(w, h, ext)
	if err != nil {
		return err
	}
	dc := draw.New(cw)
	dc.FillPolygon(color.White, []vg.Point{{X: 0, Y: 0}, {X: w, Y: 0}, {X: w, Y: h}, {X: 0, Y: h}})
	p.Draw(draw.Crop(dc, 0, -legendW, 0, 0))
	legend.Draw(draw.Crop(dc, w-legendW+vg.Inch/8, 0, 0, -vg.Inch/3))
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	if _, err := cw.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// wholeTicks are gonum's default ticks labelled in whole Elo.
type wholeTicks struct{}

func (wholeTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(lo, hi)
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = strconv.FormatFloat(ts[i].Value, 'f', 0, 64)
		}
	}
	return ts
}
