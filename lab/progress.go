package lab

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
)

// meter shows one step's progress: inc after each search, finish at its
// end (aborted: the step was cut short).
type meter interface {
	inc()
	finish(aborted bool)
}

// meterMaker starts the meter of a step of total searches.
type meterMaker func(label string, total int) meter

type nopMeter struct{}

func (nopMeter) inc()        {}
func (nopMeter) finish(bool) {}

func noMeter(string, int) meter { return nopMeter{} }

// barMeters draws a progress bar with the time left on w, a terminal (opts:
// more of mpb's options; the tests draw on a buffer with auto refresh).
func barMeters(w io.Writer, opts ...mpb.ContainerOption) meterMaker {
	return func(label string, total int) meter {
		p := mpb.New(append([]mpb.ContainerOption{mpb.WithOutput(w), mpb.WithWidth(30)}, opts...)...)
		b := p.AddBar(int64(total),
			mpb.PrependDecorators(
				decor.Name(label, decor.WC{W: len(label) + 1, C: decor.DindentRight}),
				decor.CountersNoUnit("%d/%d searches", decor.WCSyncWidth),
			),
			mpb.AppendDecorators(
				decor.Percentage(decor.WC{W: 5}),
				decor.Name(" "),
				decor.OnComplete(decor.AverageETA(decor.ET_STYLE_GO), "done"),
				decor.OnComplete(decor.Name(" left"), ""),
			),
		)
		return &bar{p: p, b: b}
	}
}

type bar struct {
	p *mpb.Progress
	b *mpb.Bar
}

func (b *bar) inc() { b.b.Increment() }

func (b *bar) finish(aborted bool) {
	if aborted {
		b.b.Abort(false)
	}
	b.p.Wait()
}

// lineEvery is how often plain progress lines are written.
var lineEvery = time.Minute

// lineMeters writes plain progress lines to w (a file or a pipe, where a bar
// cannot redraw itself): at most one a lineEvery, each with the searches
// done, the time spent and an estimate of the time left (the time per
// search so far, times the searches left).
func lineMeters(w io.Writer) meterMaker {
	return func(label string, total int) meter {
		now := time.Now()
		return &lines{w: w, label: label, total: total, start: now, last: now}
	}
}

type lines struct {
	w           io.Writer
	label       string
	mu          sync.Mutex
	total, done int
	start, last time.Time
}

func (l *lines) inc() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.done++
	now := time.Now()
	if now.Sub(l.last) < lineEvery || l.done == l.total {
		return
	}
	l.last = now
	spent := now.Sub(l.start)
	left := time.Duration(float64(spent) / float64(l.done) * float64(l.total-l.done))
	fmt.Fprintf(l.w, "bounder lab: %s: %d/%d searches (%d%%), %s spent, about %s left\n", l.label, l.done, l.total,
		100*l.done/l.total, roundDuration(spent), roundDuration(left))
}

func (l *lines) finish(bool) {}

// roundDuration rounds d to what a person reads: seconds under ten
// minutes, minutes above.
func roundDuration(d time.Duration) time.Duration {
	if d < 10*time.Minute {
		return d.Round(time.Second)
	}
	return d.Round(time.Minute)
}
