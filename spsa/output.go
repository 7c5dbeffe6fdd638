package spsa

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// csvLog writes one CSV line per iteration: k, the result, the values
// played by the plus side and the parameters after the update. The "#"
// lines before the header give the command and every parameter's setup.
type csvLog struct {
	w   *bufio.Writer
	err error
}

func newLog(w io.Writer, ps []Param, command string, cfg Config) *csvLog {
	l := &csvLog{w: bufio.NewWriter(w)}
	l.printf("# %s\n", command)
	l.printf("# %d iterations (game pairs), seed %d; gains c_k = c/k^%g, a_k = a/(A+k)^%g, A = %.4g\n",
		cfg.Iterations, cfg.Seed, gamma, alpha, stability*float64(cfg.Iterations))
	for _, p := range ps {
		g1 := GainsAt(p, 1, cfg.Iterations)
		l.printf("# %s start %g range [%g, %g] c_end %g r_end %g (c_1 %.4g, a_1 %.4g)\n",
			p.Name, p.Start, p.Min, p.Max, p.CEnd, p.REnd, g1.C, g1.A)
	}
	cols := []string{"k", "result"}
	for _, p := range ps {
		cols = append(cols, p.Name+"+")
	}
	for _, p := range ps {
		cols = append(cols, p.Name)
	}
	l.printf("%s\n", strings.Join(cols, ","))
	return l
}

func (l *csvLog) printf(format string, a ...any) {
	if l.err == nil {
		_, l.err = fmt.Fprintf(l.w, format, a...)
	}
}

func (l *csvLog) write(it Iteration) {
	f := []string{strconv.Itoa(it.K), strconv.FormatFloat(it.Result, 'g', -1, 64)}
	for _, v := range it.Plus {
		f = append(f, strconv.Itoa(v))
	}
	for _, v := range it.Theta {
		f = append(f, strconv.FormatFloat(v, 'f', 4, 64))
	}
	l.printf("%s\n", strings.Join(f, ","))
	// Every line reaches the file at once: a run of hours that is stopped
	// keeps what it did.
	if l.err == nil {
		l.err = l.w.Flush()
	}
}

func (l *csvLog) close() error {
	if l.err == nil {
		l.err = l.w.Flush()
	}
	return l.err
}

// progress prints a line to stderr at most once per gap, and at the end.
type progress struct {
	w     io.Writer
	ps    []Param
	n     int
	gap   time.Duration
	start time.Time
	last  time.Time
	done  int
	lead  float64
}

func newProgress(w io.Writer, ps []Param, n int, gap time.Duration) *progress {
	now := time.Now()
	return &progress{w: w, ps: ps, n: n, gap: gap, start: now, last: now}
}

func (p *progress) update(it Iteration) {
	p.done++
	p.lead += it.Result
	if now := time.Now(); now.Sub(p.last) >= p.gap || p.done == p.n {
		p.last = now
		var b strings.Builder
		fmt.Fprintf(&b, "spsa: %d/%d pairs in %s, plus side %+g;", p.done, p.n, now.Sub(p.start).Round(time.Second), p.lead)
		for i, q := range p.ps {
			fmt.Fprintf(&b, " %s %.1f", q.Name, it.Theta[i])
		}
		fmt.Fprintln(p.w, b.String())
	}
}

// report prints the final values and the options that set them.
func report(w io.Writer, ps []Param, res Result) {
	fmt.Fprintf(w, "%-24s %9s %9s %9s %13s\n", "parameter", "start", "final", "rounded", "change/c_end")
	var opts []string
	for i, p := range ps {
		final := p.Start
		if i < len(res.Theta) {
			final = res.Theta[i]
		}
		r := toInt(final, p)
		fmt.Fprintf(w, "%-24s %9g %9.2f %9d %+13.2f\n", p.Name, p.Start, final, r, (final-p.Start)/p.CEnd)
		opts = append(opts, fmt.Sprintf("option.%s=%d", p.Name, r))
	}
	fmt.Fprintf(w, "%d iterations (%d games); the plus side scored %+g points over the minus side\n",
		res.Iterations, 2*res.Iterations, res.Points)
	fmt.Fprintln(w, strings.Join(opts, ","))
}

// writePlot draws every parameter's path, (θ − start)/c_end against the
// iteration, so that parameters of different units share one axis: a path
// that wanders within ±1 has moved no more than the last perturbation.
func writePlot(file string, ps []Param, history []Iteration) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("SPSA: %d game pairs", len(history))
	p.X.Label.Text = "iteration (game pair)"
	p.Y.Label.Text = "(value − start) / c_end"
	p.Add(plotter.NewGrid())
	var lines []any
	for i, q := range ps {
		xy := make(plotter.XYs, 0, len(history)+1)
		xy = append(xy, plotter.XY{X: 0, Y: 0})
		for _, it := range history {
			y := (it.Theta[i] - q.Start) / q.CEnd
			if math.IsNaN(y) || math.IsInf(y, 0) {
				y = 0
			}
			xy = append(xy, plotter.XY{X: float64(it.K), Y: y})
		}
		lines = append(lines, q.Name, xy)
	}
	if err := plotutil.AddLines(p, lines...); err != nil {
		return err
	}
	p.Legend.Top = true
	p.Legend.Left = true
	return p.Save(7*vg.Inch, 4.5*vg.Inch, file)
}
