package spsa

import (
	"bufio"
	"errors"
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

// runLine is the comment that gives a run's schedule; a resumed run must
// have the same.
const runLine = "# %d iterations (game pairs), seed %d;"

// newLog starts the CSV of a new run (cfg.Done 0) or, with the header
// already in the file, the rest of a resumed one.
func newLog(w io.Writer, ps []Param, command string, cfg Config) *csvLog {
	l := &csvLog{w: bufio.NewWriter(w)}
	if cfg.Done > 0 {
		l.printf("# resumed after iteration %d: %s\n", cfg.Done, command)
		return l
	}
	l.printf("# %s\n", command)
	l.printf(runLine+" gains c_k = c/k^%g, a_k = a/(A+k)^%g, A = %.4g\n",
		cfg.Iterations, cfg.Seed, gamma, alpha, stability*float64(cfg.Iterations))
	for _, p := range ps {
		g1 := GainsAt(p, 1, cfg.Iterations)
		l.printf("# %s start %g range [%g, %g] c_end %g r_end %g (c_1 %.4g, a_1 %.4g)\n",
			p.Name, p.Start, p.Min, p.Max, p.CEnd, p.REnd, g1.C, g1.A)
	}
	l.printf("%s\n", header(ps))
	return l
}

// header is the CSV's column line.
func header(ps []Param) string {
	cols := []string{"k", "result"}
	for _, p := range ps {
		cols = append(cols, p.Name+"+")
	}
	for _, p := range ps {
		cols = append(cols, p.Name)
	}
	return strings.Join(cols, ",")
}

// readRun reads the CSV of an earlier run of the same parameters and
// schedule (n iterations, seed): its iterations (K, Result and Theta, to
// the CSV's four decimals).
func readRun(r io.Reader, ps []Param, n int, seed uint64) (history []Iteration, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	want := header(ps)
	sawRun, sawHeader := false, false
	for line := 0; sc.Scan(); {
		line++
		text := strings.TrimSpace(sc.Text())
		var gotN int
		var gotSeed uint64
		switch {
		case text == "":
		case strings.HasPrefix(text, "#"):
			if _, err := fmt.Sscanf(text, runLine, &gotN, &gotSeed); err == nil && !sawRun {
				if gotN != n || gotSeed != seed {
					return nil, fmt.Errorf("the run to resume had %d iterations and seed %d, not %d and %d", gotN, gotSeed, n, seed)
				}
				sawRun = true
			}
		case !sawHeader:
			if text != want {
				return nil, fmt.Errorf("line %d: columns %q, not those of these parameters (%q)", line, text, want)
			}
			sawHeader = true
		default:
			f := strings.Split(text, ",")
			it := Iteration{K: len(history) + 1, Theta: make([]float64, len(ps))}
			k, err := strconv.Atoi(f[0])
			if len(f) == 2+2*len(ps) && err == nil && k == it.K {
				it.Result, err = strconv.ParseFloat(f[1], 64)
			}
			if len(f) != 2+2*len(ps) || err != nil || k != it.K || !(it.Result >= -2 && it.Result <= 2) {
				return nil, fmt.Errorf("line %d: not iteration %d of this run: %q", line, it.K, text)
			}
			for i := range ps {
				v, err := strconv.ParseFloat(f[2+len(ps)+i], 64)
				if err != nil || math.IsNaN(v) || v < ps[i].Min || v > ps[i].Max {
					return nil, fmt.Errorf("line %d: %s %q is not a value in its range", line, ps[i].Name, f[2+len(ps)+i])
				}
				it.Theta[i] = v
			}
			history = append(history, it)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !sawRun || !sawHeader {
		return nil, errors.New("not a CSV of bounder spsa (no schedule line or no header)")
	}
	return history, nil
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
	lead  float64 // this run's
}

func newProgress(w io.Writer, ps []Param, done, n int, gap time.Duration) *progress {
	now := time.Now()
	return &progress{w: w, ps: ps, done: done, n: n, gap: gap, start: now, last: now}
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

// report prints the final values and the options that set them; done
// iterations were played before this run (resumed).
func report(w io.Writer, ps []Param, res Result, done, n int) {
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
	if done > 0 {
		fmt.Fprintf(w, "resumed after iteration %d: ", done)
	}
	fmt.Fprintf(w, "%d iterations (%d games), %d of %d in all; the plus side scored %+g points over the minus side\n",
		res.Iterations, 2*res.Iterations, done+res.Iterations, n, res.Points)
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
